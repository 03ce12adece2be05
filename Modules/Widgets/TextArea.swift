import ViewCore

/// Lines of text being typed: each line edited by readline's keys (``TextInput``), ↑/↓ move
/// between lines keeping the column, Alt-Enter starts a new line (Enter is left to the view
/// that holds it: a form goes on), Backspace at a line's start joins it to the one above and
/// Delete at its end the one below; a paste keeps its line breaks. The rows in view follow
/// the insertion point, and the terminal's cursor is placed where typing goes.
///
/// ```swift
/// let notes = TextArea(placeholder: "Anything we should know?", rows: 4)
/// _ = notes.handle(.paste("no onions\nextra pickles"))
/// notes.text   // "no onions\nextra pickles"
/// ```
@MainActor
public final class TextArea: View {
    /// The lines, each with its insertion point.
    public private(set) var lines: [TextInput]
    /// The line typing goes to.
    public private(set) var line = 0
    /// What the area held before the paste just handled, to take a cut paste back.
    private var beforePaste: (lines: [TextInput], line: Int)?
    /// What shows, dim, while there is no text.
    public var placeholder: String
    /// The most characters it takes in all, line breaks counted (nil: no limit).
    public var limit: Int?
    /// The rows it shows at once (it scrolls through the rest).
    public var rows: Int
    /// Whether it takes keys and shows the terminal's cursor.
    public var isFocused = true
    /// Whether each line shows its number in a column on the left (bubbles' `ShowLineNumbers`),
    /// in ``lineNumberStyle``.
    public var showsLineNumbers = false
    /// The line numbers' style (``Theme/muted``).
    public var lineNumberStyle = Theme.current.muted
    /// The style of the line with the insertion point while the area has the focus (bubbles'
    /// `CursorLine`); nil: as the others.
    public var cursorLineStyle: Style?
    /// The first line in view.
    public private(set) var scroll = 0

    /// A text area holding `text`, the insertion point at its end.
    public init(_ text: String = "", placeholder: String = "", rows: Int = 5, limit: Int? = nil) {
        self.placeholder = placeholder
        self.rows = max(1, rows)
        self.limit = limit
        lines = [TextInput()]
        insert(text)
    }

    /// The text, its lines joined by line feeds.
    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// How many characters it holds, line breaks counted.
    private var count: Int { lines.reduce(lines.count - 1) { $0 + $1.characters.count } }

    /// Inserts `text` where typing goes, its line breaks starting new lines, as much as the limit leaves room for.
    /// The lines it makes go in at once: a paste of 100 000 lines above 100 000 others costs
    /// its lines, not a move of those below for each.
    public func insert(_ text: String) {
        var room = limit.map { max(0, $0 - count) } ?? Int.max
        let pieces = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard pieces.count > 1 else {
            lines[line].insert(String(pieces.first?.prefix(room) ?? ""))
            return
        }
        // The line split at the insertion point: the first piece ends its head, each other
        // piece a line of its own, and what followed the insertion point goes after the last.
        let current = lines[line]
        let rest = String(current.characters[current.position...])
        var taking = current
        _ = taking.handle(.control("k"))
        var made: [TextInput] = []
        for (index, piece) in pieces.enumerated() {
            if index > 0 {
                guard room > 0 else { break }
                made.append(taking)
                taking = TextInput()
                room -= 1
            }
            let taken = String(piece.prefix(room))
            taking.insert(taken)
            room -= taken.count
        }
        let position = taking.position
        taking.insert(rest)
        taking.move(to: position)
        made.append(taking)
        lines.replaceSubrange(line...line, with: made)
        line += made.count - 1
    }

    public func handle(_ event: InputEvent) -> EventResult {
        guard isFocused else { return .ignored }
        let beforePaste = self.beforePaste
        self.beforePaste = nil
        switch event {
        case .paste(let text):
            self.beforePaste = (lines, line)
            insert(text)
        case .pasteCut:
            // The paste before was cut by the terminal's limit: it is taken back whole, never
            // kept cut (the area's owner says why: a prompt shows it).
            guard let beforePaste else { return .handled }
            (lines, line) = beforePaste
        case .key(.modified(.enter, .alt)), .key(.control("j")):
            guard limit.map({ count < $0 }) ?? true else { return .handled }
            insert("\n")
        case .key(.up), .key(.control("p")):
            guard line > 0 else { return .ignored }
            moveLine(by: -1)
        case .key(.down), .key(.control("n")):
            guard line < lines.count - 1 else { return .ignored }
            moveLine(by: 1)
        case .key(.backspace) where lines[line].position == 0 && line > 0, .key(.control("h")) where lines[line].position == 0 && line > 0:
            let joined = lines.remove(at: line)
            line -= 1
            let at = lines[line].characters.count
            lines[line].move(to: at)
            lines[line].insert(joined.text)
            lines[line].move(to: at)
        case .key(.delete) where lines[line].position == lines[line].characters.count && line < lines.count - 1:
            let joined = lines.remove(at: line + 1)
            let at = lines[line].position
            lines[line].insert(joined.text)
            lines[line].move(to: at)
        case .key(.character(let character)):
            guard limit.map({ count < $0 }) ?? true else { return .handled }
            _ = lines[line].handle(.character(character))
        case .key(let key):
            guard lines[line].handle(key) else { return .ignored }
        default:
            return .ignored
        }
        return .handled
    }

    /// Moves to the line `by` away, at the same column where it is long enough.
    private func moveLine(by offset: Int) {
        let column = lines[line].position
        line += offset
        lines[line].move(to: column)
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        var rect = rect
        let gutter = showsLineNumbers ? String(lines.count).count + 1 : 0
        let shown = min(rect.height, rows)
        if line < scroll { scroll = line }
        if line >= scroll + shown { scroll = line - shown + 1 }
        scroll = min(scroll, max(0, lines.count - shown))
        if gutter > 0 {
            // Each line's number, right-aligned, a blank after it; the text in what is left.
            for row in 0..<shown {
                let number = scroll + row + 1
                guard number <= lines.count else { break }
                let text = String(number)
                canvas.draw(text, at: Point(x: rect.x + gutter - 1 - text.count, y: rect.y + row), style: lineNumberStyle, clip: rect)
            }
            rect = rect.inset(top: 0, left: min(gutter, rect.width), bottom: 0, right: 0)
            guard !rect.isEmpty else { return }
        }
        if lines.count == 1, lines[0].characters.isEmpty, !placeholder.isEmpty {
            canvas.draw(placeholder.sanitizedForTerminal.truncated(toWidth: rect.width), at: rect.origin, style: Style(attributes: .dim), clip: rect)
        }
        for row in 0..<shown where scroll + row < lines.count {
            let input = lines[scroll + row]
            let y = rect.y + row
            if let cursorLineStyle, isFocused, scroll + row == line {
                canvas.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), with: Cell(" ", style: cursorLineStyle))
            }
            // Sideways, the line with the insertion point keeps it in view; the others show their start.
            var start = 0
            if scroll + row == line {
                // At most a few times the width before the insertion point is read: a line of a
                // million characters costs what shows of it.
                start = max(0, input.position - (4 * rect.width + 16))
                var width = 0
                for character in input.characters[start..<input.position] { width += character.displayWidth }
                while start < input.position, width >= rect.width {
                    width -= input.characters[start].displayWidth
                    start += 1
                }
                if isFocused { canvas.cursor = Point(x: rect.x + width, y: y) }
            }
            var x = rect.x
            for character in input.characters[start..<min(input.characters.count, start + 4 * rect.width + 16)] {
                let cellWidth = character.displayWidth
                guard x + cellWidth <= rect.maxX else { break }
                canvas.draw(String(character), at: Point(x: x, y: y), style: isFocused && scroll + row == line ? cursorLineStyle ?? .plain : .plain, clip: rect)
                x += cellWidth
            }
        }
    }
}
