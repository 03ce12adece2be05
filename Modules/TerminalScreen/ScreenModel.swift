import Pixels

/// A small terminal screen that reads back what a program wrote, row by row: printable
/// characters (wide ones taking two columns, the wrap at the right edge deferred as
/// terminals do), CR, LF (scrolling the screen at its bottom, the top row going to
/// ``scrollback``), cursor moves (CUU, CUD, CUF, CUB, CUP), erases (EL, ED), the cursor's
/// visibility and the alternate screen. Colours and other modes are read and ignored.
///
/// The kit's one terminal model: `InMemoryLineOutput` reads its rows with it (a screen that
/// ``grows`` rather than scrolls) and the tests read programs' output with it.
package struct ScreenModel {
    package private(set) var size: Size
    /// Whether a line feed on the last row adds a row (the screen keeps every row written,
    /// as a line output's reader wants) rather than scrolling; an erase to the end of the
    /// screen then drops the rows below the cursor.
    package let grows: Bool
    /// Whether a line feed also returns the cursor to the first column, as a terminal's line
    /// discipline makes it (ONLCR) for a program that writes `\n` to it; off for bytes read
    /// from a pseudo-terminal, which has made that change already.
    package let newlineReturns: Bool
    /// The rows, each `size.width` columns; "" marks the right half of a wide character.
    private var grid: [[String]]
    /// The rows scrolled off the top, oldest first, trailing blanks trimmed.
    package private(set) var scrollback: [String] = []
    /// Where the next character goes.
    package private(set) var cursor = Point(x: 0, y: 0)
    /// Whether the cursor is shown (DECTCEM).
    package private(set) var cursorVisible = true
    /// The rows something was written on or erased since ``forgetWrites()``.
    package private(set) var writtenRows: Set<Int> = []
    /// The text as the terminal has it, from wherever the last feed stopped in a sequence.
    /// Where each DCS string (a sixel picture) began: the cursor then.
    package private(set) var pictures: [Point] = []
    /// The cursor saved by `ESC 7`.
    private var saved = Point(x: 0, y: 0)
    private var pending = ""
    /// The main screen and its cursor while the alternate one is shown.
    private var mainScreen: (grid: [[String]], cursor: Point)?
    /// Whether the cursor sits past the last column, waiting to wrap at the next character.
    private var wrapPending = false

    package init(size: Size, grows: Bool = false, newlineReturns: Bool = false) {
        self.size = size
        self.grows = grows
        self.newlineReturns = newlineReturns
        grid = Array(repeating: Array(repeating: " ", count: size.width), count: size.height)
    }

    /// The rows as text, trailing blanks trimmed.
    package var rows: [String] {
        grid.map { row in
            var line = row.joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// Forgets which rows were written (see ``writtenRows``).
    package mutating func forgetWrites() {
        writtenRows = []
        pictures = []
    }

    /// A new window size: rows are cut or added at the bottom, columns at the right (no
    /// re-wrapping, as xterm does).
    package mutating func resize(to newSize: Size) {
        grid = (0..<newSize.height).map { y in
            let old = y < grid.count ? grid[y] : []
            return (0..<newSize.width).map { x in x < old.count ? old[x] : " " }
        }
        size = newSize
        cursor = Point(x: min(cursor.x, newSize.width - 1), y: min(cursor.y, newSize.height - 1))
        wrapPending = false
    }

    /// A new window size as kitty takes it: each row, up to its last character, is wrapped at
    /// the new width (every row a line of its own: this model keeps no soft wraps); the rows up
    /// to the last with text or the cursor are kept, and when they no longer fit, the first go
    /// to ``scrollback`` and the cursor stays on its screen row; when they fit, the cursor
    /// stays with its character.
    package mutating func rewrap(to newSize: Size) {
        let width = max(1, newSize.width)
        let lastRow = max(cursor.y, grid.lastIndex { $0.contains { $0 != " " } } ?? 0)
        var lines: [[String]] = []
        var cursorLine = 0
        for y in 0...min(lastRow, grid.count - 1) {
            var row = grid[y]
            while let last = row.last, last == " " { row.removeLast() }
            if y == cursor.y { cursorLine = lines.count + min(cursor.x, max(0, row.count - 1)) / width }
            if row.isEmpty { lines.append([]) }
            var start = 0
            while start < row.count {
                lines.append(Array(row[start..<min(row.count, start + width)]))
                start += width
            }
        }
        let overflow = max(0, lines.count - newSize.height)
        scrollback += lines.prefix(overflow).map { $0.joined() }
        lines.removeFirst(overflow)
        grid = (0..<newSize.height).map { y in
            let line = y < lines.count ? lines[y] : []
            return (0..<newSize.width).map { x in x < line.count ? line[x] : " " }
        }
        let y = overflow > 0 ? cursor.y : cursorLine
        cursor = Point(x: min(cursor.x % width, newSize.width - 1), y: min(y, newSize.height - 1))
        size = newSize
        wrapPending = false
    }

    /// Reads `text` as the terminal would.
    package mutating func feed(_ text: String) {
        let characters = Array(pending + text)
        pending = ""
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\u{1B}" {
                guard i + 1 < characters.count else {
                    pending = String(characters[i...])
                    return
                }
                if characters[i + 1] == "[" {
                    var j = i + 2
                    while j < characters.count, !(characters[j].isLetter || characters[j] == "~" || characters[j] == "@") { j += 1 }
                    guard j < characters.count else {
                        pending = String(characters[i...])
                        return
                    }
                    control(String(characters[(i + 2)..<j]), final: characters[j])
                    i = j + 1
                } else if characters[i + 1] == "]" || characters[i + 1] == "_" || characters[i + 1] == "P" {
                    // A string up to BEL or ST: skipped, a DCS's place noted.
                    var j = i + 2
                    while j < characters.count, characters[j] != "\u{07}", !(characters[j] == "\u{1B}" && j + 1 < characters.count && characters[j + 1] == "\\")
                    { j += 1 }
                    guard j < characters.count else {
                        pending = String(characters[i...])
                        return
                    }
                    if characters[i + 1] == "P" { pictures.append(cursor) }
                    i = characters[j] == "\u{07}" ? j + 1 : j + 2
                } else {
                    if characters[i + 1] == "7" { saved = cursor }
                    if characters[i + 1] == "8" {
                        cursor = saved
                        wrapPending = false
                    }
                    i += 2  // a two-byte sequence
                }
                continue
            }
            switch c {
            case "\r":
                cursor.x = 0
                wrapPending = false
            case "\n", "\r\n":
                if c == "\r\n" || newlineReturns { cursor.x = 0 }
                lineFeed()
            case "\u{08}":
                cursor.x = max(0, cursor.x - 1)
                wrapPending = false
            default:
                if c.unicodeScalars.first.map({ $0.value < 0x20 || $0.value == 0x7F }) != true { put(c) }
            }
            i += 1
        }
    }

    private mutating func lineFeed() {
        wrapPending = false
        if grows, cursor.y == size.height - 1 {
            addRow()
            cursor.y += 1
        } else if cursor.y == size.height - 1 {
            var top = grid.removeFirst().joined()
            while top.hasSuffix(" ") { top.removeLast() }
            scrollback.append(top)
            grid.append(Array(repeating: " ", count: size.width))
            writtenRows = Set(writtenRows.compactMap { $0 > 0 ? $0 - 1 : nil })
        } else {
            cursor.y += 1
        }
    }

    private mutating func put(_ character: Character) {
        let width = max(1, character.displayWidth)
        if wrapPending || cursor.x + width > size.width {
            cursor.x = 0
            lineFeed()
        }
        blank(cursor.x, cursor.y)
        if width == 2 { blank(cursor.x + 1, cursor.y) }
        grid[cursor.y][cursor.x] = String(character)
        if width == 2 { grid[cursor.y][cursor.x + 1] = "" }
        writtenRows.insert(cursor.y)
        if cursor.x + width >= size.width {
            cursor.x = size.width - 1
            wrapPending = true
        } else {
            cursor.x += width
        }
    }

    /// One blank row more at the bottom (a screen that ``grows``).
    private mutating func addRow() {
        grid.append(Array(repeating: " ", count: size.width))
        size = Size(width: size.width, height: size.height + 1)
    }

    /// Blanks a column, and the other half of a wide character it was part of.
    private mutating func blank(_ x: Int, _ y: Int) {
        guard x < size.width else { return }
        if grid[y][x] == "", x > 0 { grid[y][x - 1] = " " }
        if x + 1 < size.width, grid[y][x + 1] == "" { grid[y][x + 1] = " " }
        grid[y][x] = " "
    }

    private mutating func eraseLine(from start: Int, row y: Int) {
        for x in start..<size.width { blank(x, y) }
        writtenRows.insert(y)
    }

    /// The alternate screen (mode 1049): entered with the main screen and cursor saved and a
    /// blank screen; left with them restored.
    private mutating func switchScreen(toAlternate: Bool) {
        if toAlternate {
            guard mainScreen == nil else { return }
            mainScreen = (grid, cursor)
            grid = Array(repeating: Array(repeating: " ", count: size.width), count: size.height)
        } else if let main = mainScreen {
            grid = main.grid
            cursor = main.cursor
            mainScreen = nil
        }
        wrapPending = false
    }

    /// Whether the alternate screen is shown (mode 1049).
    package var showsAlternateScreen: Bool { mainScreen != nil }

    private mutating func control(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let n = max(1, numbers.first.flatMap { $0 } ?? 1)
        if parameters.hasPrefix("?") {
            if parameters == "?25" { cursorVisible = final == "h" }
            if parameters == "?1049" { switchScreen(toAlternate: final == "h") }
            return
        }
        switch final {
        case "A": cursor.y = max(0, cursor.y - n)
        case "B":
            if grows { while size.height <= cursor.y + n { addRow() } }
            cursor.y = min(size.height - 1, cursor.y + n)
        case "C": cursor.x = min(size.width - 1, cursor.x + n)
        case "D": cursor.x = max(0, cursor.x - n)
        case "G": cursor.x = min(size.width - 1, n - 1)
        case "H", "f":
            cursor = Point(x: min(size.width, max(1, numbers.count > 1 ? numbers[1] ?? 1 : 1)) - 1, y: min(size.height, n) - 1)
        case "K":
            switch numbers.first.flatMap({ $0 }) ?? 0 {
            case 1: for x in 0...cursor.x { blank(x, cursor.y) }
            case 2: eraseLine(from: 0, row: cursor.y)
            default: eraseLine(from: cursor.x, row: cursor.y)
            }
        case "J":
            switch numbers.first.flatMap({ $0 }) ?? 0 {
            case 2, 3: for y in 0..<size.height { eraseLine(from: 0, row: y) }
            default:
                eraseLine(from: cursor.x, row: cursor.y)
                if grows, cursor.y + 1 < size.height {
                    grid.removeSubrange((cursor.y + 1)...)
                    size = Size(width: size.width, height: cursor.y + 1)
                }
                for y in (cursor.y + 1)..<max(cursor.y + 1, size.height) { eraseLine(from: 0, row: y) }
            }
        default: return  // SGR and the rest: no change to the text
        }
        wrapPending = false
    }
}
