/// A place canvases are shown and input comes from: the real terminal
/// (TerminalIO's FullScreenTerminal) or ``HeadlessTerminal`` in tests.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The current size in cells: what is drawn, at most ``TerminalHost/largestSize``.
    var size: Size { get }
    /// The window's own size in cells, larger than ``size`` when the window is larger than
    /// what is drawn (the default: ``size``).
    var windowSize: Size { get }
    /// Colour depth, mouse support and name.
    var capabilities: TerminalCapabilities { get }
    /// Shows `canvas`, writing only what changed since the last one.
    func present(_ canvas: Canvas)
    /// Takes the input events that have arrived, without waiting.
    func readEvents() -> [InputEvent]
    /// Writes `text` as lines of the terminal's flow above what is drawn, and draws again
    /// below them; false when the backend cannot (the default: a full screen has no above).
    func printAbove(_ text: StyledText) -> Bool
}

extension TerminalBackend {
    /// The window's size is what is drawn, unless the backend says otherwise.
    public var windowSize: Size { size }

    /// A full screen has nothing above it: nothing is printed.
    public func printAbove(_ text: StyledText) -> Bool { false }
}
