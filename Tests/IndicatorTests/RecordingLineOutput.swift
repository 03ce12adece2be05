import TUICore

/// A ``LineOutput`` that keeps what is written, for tests.
@MainActor
final class RecordingLineOutput: LineOutput {
    let isTerminal: Bool
    var columns: Int
    /// Everything written so far.
    private(set) var text = ""

    /// Creates a recorder that claims to be a terminal or not.
    init(isTerminal: Bool, columns: Int = 80) {
        self.isTerminal = isTerminal
        self.columns = columns
    }

    func write(_ text: String) { self.text += text }
}
