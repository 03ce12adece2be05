import Foundation
import TUICore

/// A ``LineOutput`` that keeps what is written, for tests.
final class RecordingLineOutput: LineOutput, @unchecked Sendable {  // mutable state is only touched under `lock`
    let isTerminal: Bool
    private let lock = NSLock()
    private var width: Int
    private var written = ""
    private var writes = 0

    /// Creates a recorder that claims to be a terminal or not.
    init(isTerminal: Bool, columns: Int = 80) {
        self.isTerminal = isTerminal
        width = columns
    }

    var columns: Int {
        get { lock.withLock { width } }
        set { lock.withLock { width = newValue } }
    }

    func write(_ text: String) { lock.withLock { written += text; writes += 1 } }

    /// Everything written so far.
    var text: String { lock.withLock { written } }
    /// How many writes.
    var writeCount: Int { lock.withLock { writes } }

    /// The screen a terminal would show after the writes so far (cursor movement, erasing,
    /// SGR dropped), `rows` tall, for checking what the lines look like.
    var screen: [String] { TerminalModel.replay(text, columns: columns) }
}

/// Replays what line indicators write (CR, LF, CUU, EL, ED, SGR, DECTCEM) onto rows.
enum TerminalModel {
    static func replay(_ text: String, columns: Int) -> [String] {
        var rows: [[Character]] = [[]]
        var row = 0, column = 0
        let scalars = Array(text)
        var i = 0
        func put(_ c: Character) {
            while rows.count <= row { rows.append([]) }
            while rows[row].count < column { rows[row].append(" ") }
            if column < rows[row].count { rows[row][column] = c } else { rows[row].append(c) }
            column += 1
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2, parameter = ""
                while j < scalars.count, !(scalars[j].isLetter) { parameter.append(scalars[j]); j += 1 }
                guard j < scalars.count else { break }
                let n = Int(parameter) ?? 1
                switch scalars[j] {
                case "A": row = max(0, row - n)
                case "K": if row < rows.count, column < rows[row].count { rows[row].removeSubrange(column...) }
                case "J":
                    if row < rows.count, column < rows[row].count { rows[row].removeSubrange(column...) }
                    if row + 1 < rows.count { rows.removeSubrange((row + 1)...) }
                default: break  // SGR, cursor visibility
                }
                i = j + 1
                continue
            }
            switch c {
            case "\r": column = 0
            case "\n": row += 1; column = 0; while rows.count <= row { rows.append([]) }
            case "\r\n": row += 1; column = 0; while rows.count <= row { rows.append([]) }
            default: put(c)
            }
            i += 1
        }
        return rows.map { String($0) }
    }
}
