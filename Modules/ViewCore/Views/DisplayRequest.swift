/// How a component asks for its next frame when something changes between frames (a timer,
/// a task's answer): through the handler the app gave it, else through the host that last
/// drew it. A host draws its views inside ``DisplayRequest/current``'s binding; a component
/// notes it while it draws (``HostLink/note()``), so it needs no wiring and no process-wide
/// host: two hosts (a full-screen app and a test's `Pilot`, say) each hear only their own
/// components.
public enum DisplayRequest {
    /// The request of the host drawing now: set by `TerminalHost` for the time it draws its
    /// views, nil elsewhere (a canvas drawn by hand asks no one).
    @TaskLocal public static var current: (@MainActor @Sendable () -> Void)?
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
/// ```
@MainActor
public struct HostLink {
    private var request: (@MainActor @Sendable () -> Void)?

    /// Not linked to a host until it is drawn.
    public init() {}

    /// Notes the host drawing now, if any (call it while drawing).
    public mutating func note() {
        if let current = DisplayRequest.current { request = current }
    }

    /// Asks for the next frame: through `handler` when there is one, else through the host
    /// that last drew the component (nothing before it was drawn: its first frame is coming).
    public func request(_ handler: (@MainActor () -> Void)?) {
        if let handler { handler() } else { request?() }
    }
}
