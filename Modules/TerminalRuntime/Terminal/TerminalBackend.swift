/// A place canvases are shown and input comes from: the real terminal
/// (NcursesTerminal) or ``HeadlessTerminal`` in tests.
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
}

extension TerminalBackend {
    /// The window's size is what is drawn, unless the backend says otherwise.
    public var windowSize: Size { size }
}
