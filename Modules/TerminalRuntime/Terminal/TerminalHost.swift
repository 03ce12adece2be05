/// Connects a root `View` to a ``TerminalBackend``: routes input to the view, and
/// renders a fresh canvas and presents it only when something asked for it.
///
/// Below ``minimumSize`` it shows a short "terminal too small" notice instead of the
/// view, at any size down to 1×1 (and draws nothing at 0×0). A window larger than
/// ``largestSize`` gets a "window too large" notice: backends draw at most that much, so
/// that memory follows a size that can be shown (a 5000×5000 window would take gigabytes).
///
/// ```swift
/// let host = TerminalHost(backend: terminal, root: tabs, minimumSize: Size(width: 40, height: 10))
/// host.send(.key(.tab))
/// host.renderIfNeeded()
/// ```
@MainActor
public final class TerminalHost {
    /// Where frames go.
    public let backend: any TerminalBackend
    /// The view that fills the terminal.
    public var root: any View {
        didSet { needsDisplay = true }
    }
    /// The smallest size at which the root view is drawn.
    public var minimumSize: Size {
        didSet { needsDisplay = true }
    }
    /// The most cells a frame has across and down: 1024×512, more than an 8K display shows
    /// in a legible font. `FullScreenTerminal` draws at most this much of a larger window.
    public static let largestSize = Size(width: 1024, height: 512)

    /// Whether a render is pending.
    public private(set) var needsDisplay = true {
        didSet { if needsDisplay && !oldValue { onNeedsDisplay?() } }
    }
    /// Called when a render becomes pending (a live run loop schedules one render here).
    public var onNeedsDisplay: (@MainActor () -> Void)?
    /// Called with each event from the backend that the root view did not use
    /// (`TerminalApp` quits on an unused Ctrl-C and suspends on an unused Ctrl-Z).
    public var onUnhandled: (@MainActor (InputEvent) -> Void)?
    /// Called when the root view's answer to an event is `EventResult/quit(status:)`.
    public var onQuit: (@MainActor (Int32) -> Void)?
    /// What was printed (``print(_:)-(StyledText)``) where the backend cannot print above what it draws,
    /// oldest first (`TerminalApp` prints it once a full-screen app has ended; a `Pilot`
    /// test reads it).
    public var printed: [String] { printedText.map(\.plain) }
    /// The same, with their styles.
    public private(set) var printedText: [StyledText] = []
    /// The status of the last `EventResult/quit(status:)` the root view answered, if any.
    public private(set) var quitStatus: Int32?
    /// How many frames were rendered.
    public private(set) var renderCount = 0

    /// Creates a host.
    public init(backend: any TerminalBackend, root: any View, minimumSize: Size = Size(width: 1, height: 1)) {
        self.backend = backend
        self.root = root
        self.minimumSize = minimumSize
    }

    /// Ends the app with `status`: records it (``quitStatus``) and tells ``onQuit``, as when
    /// the root view answers an event with `EventResult.quit(status:)`. A component asks it
    /// through its `HostLink`; `TerminalApp.quit(status:)` through the running app's host.
    public func quit(status: Int32) {
        quitStatus = status
        onQuit?(status)
    }

    /// Prints `text` as a line of the terminal's flow: above what is drawn where the backend
    /// can (an inline terminal), else kept in ``printed``. A component asks it through its
    /// `HostLink`.
    public func print(_ text: StyledText) {
        if backend.printAbove(text) {
            needsDisplay = true  // the rows were erased to make room
        } else {
            printedText.append(text)
        }
    }

    /// Prints `text` in no style of its own (see ``print(_:)-(StyledText)``).
    public func print(_ text: String) {
        print(StyledText(text))
    }

    /// Takes the texts kept in ``printed``, with their styles, leaving none.
    public func takePrinted() -> [StyledText] {
        defer { printedText = [] }
        return printedText
    }

    /// Asks for a render at the next opportunity.
    public func setNeedsDisplay() { needsDisplay = true }

    /// Gives an event to the root view (resizes just trigger a render). Any event may
    /// change what is shown, so it asks for a render.
    @discardableResult
    public func send(_ event: InputEvent) -> EventResult {
        needsDisplay = true
        if case .resize = event { return .handled }
        // Views hit-test a click against where they were last drawn: before the first frame
        // (or after a resize made it stale), lay them out first, so the click reaches the
        // view it falls on.
        if case .mouse = event, laidOutSize != backend.size { _ = composeFrame() }
        var result = root.handle(event)
        // Ctrl-J (a line feed) is Enter to a view that does not take it itself (a text area
        // makes a new line of it, as gum's `write`).
        if result == .ignored, event == .key(.control("j")) { result = root.handle(.key(.enter)) }
        if case .quit(let status) = result { quit(status: status) }
        return result
    }

    /// The size the views were last laid out for (nil before the first frame).
    private var laidOutSize: Size?

    /// Delivers every event the backend has queued; those the root view does not use go to
    /// ``onUnhandled``.
    public func pumpEvents() {
        for event in backend.readEvents() where send(event) == .ignored {
            onUnhandled?(event)
        }
    }

    /// Renders and presents a frame if one was asked for.
    public func renderIfNeeded() {
        guard needsDisplay else { return }
        needsDisplay = false
        renderCount += 1
        backend.present(composeFrame())
    }

    /// Draws the root view (or the too-small notice) on a canvas of the backend's size.
    public func composeFrame() -> Canvas {
        let size = backend.size
        laidOutSize = size
        var canvas = Canvas(size: size)
        canvas.theme = backend.capabilities.theme
        let window = backend.windowSize
        if window.width > size.width || window.height > size.height {
            Self.drawNotice(
                ["Window too large", "draws at most \(size.width)×\(size.height),", "is \(window.width)×\(window.height)", "shrink it or press q"],
                on: &canvas
            )
        } else if size.contains(minimumSize) {
            // Components drawn now note this host: they ask it for their next frame.
            let requests = HostRequests(
                display: { [weak self] in self?.setNeedsDisplay() },
                quit: { [weak self] in self?.quit(status: $0) },
                print: { [weak self] in self?.print($0) }
            )
            DisplayRequest.$current.withValue(requests) { root.render(in: canvas.bounds, on: &canvas) }
        } else {
            Self.drawTooSmallNotice(on: &canvas, minimum: minimumSize)
        }
        return canvas
    }

    /// Writes "Terminal too small", the size needed and the size it is, as much as fits.
    static func drawTooSmallNotice(on canvas: inout Canvas, minimum: Size) {
        let size = canvas.size
        drawNotice(["Terminal too small", "needs \(minimum.width)×\(minimum.height),", "is \(size.width)×\(size.height)", "enlarge or press q"], on: &canvas)
    }

    /// Writes `lines` centred, the first in bold, as much as fits.
    static func drawNotice(_ lines: [String], on canvas: inout Canvas) {
        let size = canvas.size
        guard !size.isEmpty else { return }
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < size.height {
            let text = line.truncated(toWidth: size.width, ellipsis: "")
            let x = max(0, (size.width - text.displayWidth) / 2)
            canvas.draw(text, at: Point(x: x, y: top + i), style: Style(attributes: i == 0 ? .bold : []))
        }
    }
}
