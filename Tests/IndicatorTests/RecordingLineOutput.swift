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

    func write(_ text: String) {
        lock.withLock {
            written += text
            writes += 1
        }
    }

    /// Everything written so far.
    var text: String { lock.withLock { written } }
    /// How many writes.
    var writeCount: Int { lock.withLock { writes } }

    /// The screen a terminal would show after the writes so far (cursor movement, erasing,
    /// SGR dropped), `rows` tall, for checking what the lines look like.
    var screen: [String] { TerminalModel.replay(text, columns: columns) }
}

/// Replays what line indicators write (CR, LF, CUU, CUD, CUF, EL, ED, SGR, DECTCEM) onto
/// rows of columns, a wide character taking two (writing over either half blanks the other,
/// as terminals do).
enum TerminalModel {
    static func replay(_ text: String, columns: Int) -> [String] {
        var rows: [[String]] = [[]]  // a column: its character, "" for a wide one's right half
        var row = 0
        var column = 0
        let characters = Array(text)
        func ensure(_ r: Int, _ c: Int) {
            while rows.count <= r { rows.append([]) }
            while rows[r].count <= c { rows[r].append(" ") }
        }
        func blank(_ r: Int, _ c: Int) {
            guard r < rows.count, c < rows[r].count else { return }
            if rows[r][c] == "" && c > 0 { rows[r][c - 1] = " " }  // the left half of a wide one
            if c + 1 < rows[r].count && rows[r][c + 1] == "" { rows[r][c + 1] = " " }
            rows[r][c] = " "
        }
        func put(_ character: Character) {
            let width = String(character).displayWidth
            ensure(row, column + width - 1)
            for c in column..<(column + width) { blank(row, c) }
            rows[row][column] = String(character)
            if width == 2 { rows[row][column + 1] = "" }
            column += width
        }
        func eraseLine() {
            guard row < rows.count, column < rows[row].count else { return }
            if column > 0 && rows[row][column] == "" { rows[row][column - 1] = " " }
            rows[row].removeSubrange(column...)
        }
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\u{1B}", i + 1 < characters.count, characters[i + 1] == "[" {
                var j = i + 2
                var parameter = ""
                while j < characters.count, !(characters[j].isLetter) {
                    parameter.append(characters[j])
                    j += 1
                }
                guard j < characters.count else { break }
                let n = Int(parameter) ?? 1
                switch characters[j] {
                case "A": row = max(0, row - n)
                case "B":
                    row += n
                    while rows.count <= row { rows.append([]) }
                case "C": column += n
                case "K": eraseLine()
                case "J":
                    eraseLine()
                    if row + 1 < rows.count { rows.removeSubrange((row + 1)...) }
                default: break  // SGR, cursor visibility
                }
                i = j + 1
                continue
            }
            switch c {
            case "\r": column = 0
            case "\n", "\r\n":
                row += 1
                column = 0
                while rows.count <= row { rows.append([]) }
            default: put(c)
            }
            i += 1
        }
        return rows.map { cells in
            var line = cells.joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
