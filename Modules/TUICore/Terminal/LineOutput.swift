/// A plain output stream for line-mode indicators in command-line tools (no full-screen
/// drawing): standard error of a CLI, a pipe into a CI log, or a buffer in tests.
@MainActor
public protocol LineOutput: AnyObject {
    /// Whether the stream is a terminal (a line can be redrawn in place) or a pipe/file.
    var isTerminal: Bool { get }
    /// The width of the terminal in cells (any value when not a terminal).
    var columns: Int { get }
    /// Writes text as it is (escape sequences included).
    func write(_ text: String)
}

/// A ``LineOutput`` that keeps what is written, for tests.
@MainActor
public final class RecordingLineOutput: LineOutput {
    public let isTerminal: Bool
    public var columns: Int
    /// Everything written so far.
    public private(set) var text = ""

    /// Creates a recorder that claims to be a terminal or not.
    public init(isTerminal: Bool, columns: Int = 80) {
        self.isTerminal = isTerminal
        self.columns = columns
    }

    public func write(_ text: String) { self.text += text }
}
