/// How a component asks for its next frame when something changes between frames (a timer,
/// a task's answer): through the handler the app gave it, else through the host that last
/// drew it. A host draws its views inside ``DisplayRequest/current``'s binding; a component
/// notes it while it draws (``HostLink/note()``), so it needs no wiring and no process-wide
/// host: two hosts (a full-screen app and a test's `Pilot`, say) each hear only their own
/// components.
public enum DisplayRequest {
    /// What the host drawing now does when asked: set by `TerminalHost` for the time it
    /// draws its views, nil elsewhere (a canvas drawn by hand asks no one).
    @TaskLocal public static var current: HostRequests?
}

/// What a component may ask of the host that draws it: its next frame, that a line be
/// printed, or that the app end.
public struct HostRequests: Sendable {
    /// Asks for the next frame.
    public let display: @MainActor @Sendable () -> Void
    /// Asks the app to end with a status (what `EventResult.quit(status:)` does from an event).
    public let quit: @MainActor @Sendable (Int32) -> Void
    /// Prints a line above the app (an inline app's terminal), or after it ends (full-screen).
    public let print: @MainActor @Sendable (StyledText) -> Void

    /// Requests that call `display`, `quit` and `print` (by default, printing nothing).
    public init(
        display: @escaping @MainActor @Sendable () -> Void,
        quit: @escaping @MainActor @Sendable (Int32) -> Void,
        print: @escaping @MainActor @Sendable (StyledText) -> Void = { _ in }
    ) {
        self.display = display
        self.quit = quit
        self.print = print
    }
}

/// A component's way back to the host that last drew it.
///
/// ```swift
/// private var host = HostLink()
/// func render(in rect: Rect, on canvas: inout Canvas) {
///     host.note()
///     …
/// }
/// func timerFired() { host.request(onNeedsDisplay) }
/// func done() { host.quit(status: 0) }
/// ```
@MainActor
public struct HostLink {
    private var requests: HostRequests?

    /// Not linked to a host until it is drawn.
    public init() {}

    /// Notes the host drawing now, if any (call it while drawing).
    public mutating func note() {
        if let current = DisplayRequest.current { requests = current }
    }

    /// Asks for the next frame: through `handler` when there is one, else through the host
    /// that last drew the component (nothing before it was drawn: its first frame is coming).
    public func request(_ handler: (@MainActor () -> Void)?) {
        if let handler { handler() } else { requests?.display() }
    }

    /// Asks the app to end with `status`, from anywhere (a timer, a task's answer), as
    /// `EventResult.quit(status:)` does from an event; a headless `Pilot` sees it as its
    /// `quitStatus`. Nothing before the component was drawn.
    public func quit(status: Int32 = 0) {
        requests?.quit(status)
    }

    /// Prints `text` as a line of the terminal's flow: above an inline app's rows while it
    /// runs, after a full-screen app ends; a headless `Pilot` keeps it in `printed`. Nothing
    /// before the component was drawn. Styled parts keep their colours where the terminal
    /// shows them; control characters and escape sequences show as U+FFFD (``StyledText``).
    ///
    /// ```swift
    /// host.print("\("✓", style: Style(foreground: .green)) \(package)")
    /// ```
    public func print(_ text: StyledText) {
        requests?.print(text)
    }

    /// Prints `text`, in no style of its own (see ``print(_:)-(StyledText)``).
    public func print(_ text: String) {
        print(StyledText(text))
    }
}
