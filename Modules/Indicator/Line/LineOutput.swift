/// A plain output stream for line-mode indicators in command-line tools (no full-screen
/// drawing): standard error of a CLI, a pipe into a CI log, or a buffer in tests. It is
/// written from whichever thread draws the indicators, one write at a time.
public protocol LineOutput: AnyObject, Sendable {
    /// Whether the stream is a terminal (a line can be redrawn in place) or a pipe/file.
    var isTerminal: Bool { get }
    /// The width of the terminal in cells (any value when not a terminal).
    var columns: Int { get }
    /// Writes text as it is (escape sequences included).
    func write(_ text: String)
}
