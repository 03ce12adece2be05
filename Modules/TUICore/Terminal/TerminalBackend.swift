/// What a terminal can do, as far as drawing is concerned.
public struct TerminalCapabilities: Hashable, Sendable {
    /// How many colours it shows.
    public var colorDepth: ColorDepth
    /// Whether it reports mouse events.
    public var mouse: Bool
    /// The terminal type (`TERM`), or a name for a virtual terminal.
    public var name: String

    /// Creates a description of a terminal.
    public init(colorDepth: ColorDepth, mouse: Bool, name: String) {
        self.colorDepth = colorDepth
        self.mouse = mouse
        self.name = name
    }
}

/// A place canvases are shown and input comes from: the real terminal
/// (NcursesTerminal) or ``HeadlessTerminal`` in tests.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Colour depth, mouse support and name.
    var capabilities: TerminalCapabilities { get }
    /// Shows `canvas`, writing only what changed since the last one.
    func present(_ canvas: Canvas)
    /// Takes the input events that have arrived, without waiting.
    func readEvents() -> [InputEvent]
}
