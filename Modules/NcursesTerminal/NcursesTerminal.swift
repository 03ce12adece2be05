@_exported import TerminalIO

/// The full screen's old name: the full screen is TerminalIO's `FullScreenTerminal`
/// now (the kit reads terminfo itself and links no ncurses); this module re-exports TerminalIO
/// for one release.
@available(*, deprecated, renamed: "FullScreenTerminal", message: "import TerminalIO; the full screen is FullScreenTerminal")
public typealias NcursesTerminal = FullScreenTerminal
