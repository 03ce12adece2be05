import Foundation
import ViewCore

/// A `LineOutput` in memory that reads back the rows a person would see after what was
/// written — indicatif's `InMemoryTerm`: test your own command-line tool's bars and spinners,
/// exactly and on a `ManualTime`, without a terminal.
///
/// ```swift
/// let output = InMemoryLineOutput(columns: 60)
/// let clock = ManualTime()
/// let group = ProgressGroup(output: output, mode: .animated(colors: false), time: clock, drawsOnItsOwnThread: false)
/// let bar = group.bar(total: 4, message: "Copying")
/// bar.inc(2)
/// clock.advance(by: .seconds(1))
/// group.tick()
/// // output.screen == ["Copying ████████████▌░░░░░░░░░░░░ 50% 2/4 · 2.0/s · ETA 1 s"]
/// ```
///
/// As a terminal (`isTerminal`, the default) it replays carriage returns, line feeds, cursor
/// moves up, down and right, erasing a line or to the screen's end, and drops colours and
/// cursor visibility; as a pipe, what was written is the log, line by line. Safe from any thread.
public final class InMemoryLineOutput: LineOutput, @unchecked Sendable {  // mutable state is only touched under `lock`
    /// Whether it stands for a terminal (the group animates) or a pipe (the group logs).
    public let isTerminal: Bool
    private let lock = NSLock()
    private var width: Int
    private var written = ""
    private var writes = 0

    /// An output as wide as `columns`, a terminal unless `isTerminal` is false.
    public init(isTerminal: Bool = true, columns: Int = 80) {
        self.isTerminal = isTerminal
        width = columns
    }

    /// Its width in cells; change it to see how lines follow a resize.
    public var columns: Int {
        get { lock.withLock { width } }
        set { lock.withLock { width = newValue } }
    }

    /// Writes `text` (what a ``ProgressGroup`` calls).
    public func write(_ text: String) {
        lock.withLock {
            written += text
            writes += 1
        }
    }

    /// Everything written so far, escape sequences and all.
    public var text: String { lock.withLock { written } }
    /// How many writes were made.
    public var writeCount: Int { lock.withLock { writes } }

    /// The rows a terminal would show after the writes so far, each without its trailing
    /// blanks (colours and cursor visibility dropped).
    public var screen: [String] { LineScreenModel.replay(text, columns: columns) }

    /// ``screen`` as one text, the blank rows at its end left out.
    public var contents: String {
        var rows = screen
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows.joined(separator: "\n")
    }
}

/// Replays what line indicators write (CR, LF, CUU, CUD, CUF, EL, ED, SGR, DECTCEM) onto
/// rows of columns, a wide character taking two (writing over either half blanks the other,
/// as terminals do).
enum LineScreenModel {
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
                case "K" where parameter == "2":
                    if row < rows.count { rows[row] = [] }
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
