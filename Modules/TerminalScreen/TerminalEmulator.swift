import Pixels
import ViewCore

/// A terminal's screen as the bytes a program writes leave it, cell by cell with colours and
/// attributes: what a recording draws a frame from. It reads what the kit writes and what
/// bash, less, vim, htop, git and the common TUI libraries write — SGR in 16, 256 and 24-bit
/// colour with the attributes, cursor moves and saves, scroll regions, scrolling, inserting
/// and deleting lines and characters, erases, tabs, the alternate screen, autowrap with the
/// deferred wrap of a real terminal, wide and combining characters, DEC line drawing — and
/// answers the questions programs ask (cursor position, device attributes, the colours of the
/// background and foreground) through ``takeReplies()``. Titles, pictures and other strings
/// are read past.
///
/// Bytes are fed as they come (`feed`): a sequence or a character split between two reads is
/// kept until the rest comes.
package struct TerminalEmulator {
    package private(set) var size: Size
    /// The screen in view: its cells, with their styles.
    package private(set) var screen: Canvas
    /// Where the next character goes.
    package private(set) var cursor = Point(x: 0, y: 0)
    package private(set) var cursorVisible = true
    /// Whether the alternate screen is in view (a full-screen program's).
    package var showsAlternateScreen: Bool { savedMain != nil }
    /// Whether the program asked for bracketed paste (`CSI ? 2004 h`).
    package private(set) var bracketedPaste = false
    /// Whether the program asked for the cursor keys' application form (`CSI ? 1 h`).
    package private(set) var applicationCursorKeys = false
    /// The lines that scrolled off the top of the main screen, oldest first (at most ``scrollbackLimit``).
    package private(set) var scrollback: [[Cell]] = []
    package let scrollbackLimit: Int
    /// The colours it says it has when asked (OSC 10 and 11).
    package var foregroundColor: (UInt8, UInt8, UInt8) = (0xDD, 0xDD, 0xDD)
    package var backgroundColor: (UInt8, UInt8, UInt8) = (0x17, 0x17, 0x17)

    private var pen = Style.plain
    private var wrapPending = false
    private var autowrap = true
    private var originMode = false
    private var scrollTop = 0
    private var scrollBottom: Int
    private var tabStops: Set<Int>
    private var savedCursor: (point: Point, pen: Style, lineDrawing: Bool)?
    private var savedMain: (screen: Canvas, cursor: Point, savedCursor: (point: Point, pen: Style, lineDrawing: Bool)?)?
    private var lineDrawing = false
    private var replies: [UInt8] = []
    private var parser = Parser()

    package init(size: Size, scrollbackLimit: Int = 10_000) {
        self.size = Size(width: max(1, size.width), height: max(1, size.height))
        screen = Canvas(size: self.size)
        scrollBottom = self.size.height - 1
        self.scrollbackLimit = scrollbackLimit
        tabStops = Set(stride(from: 8, to: self.size.width, by: 8))
    }

    /// The rows as text, blanks at their ends left out.
    package var rows: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !screen[x, y].isContinuation { line.append(screen[x, y].character) }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// What it owes the program: answers to its questions, to be written to its input.
    package mutating func takeReplies() -> [UInt8] {
        defer { replies = [] }
        return replies
    }

    // MARK: Reading

    package mutating func feed(_ text: String) { feed(Array(text.utf8)) }

    package mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes { consume(byte) }
        flushText()
    }

    /// The parser's state between bytes.
    private struct Parser {
        enum State { case ground, escape, escapeIntermediate, csi, string, stringEscape }
        var state = State.ground
        var parameters: [UInt8] = []
        var intermediates: [UInt8] = []
        /// An OSC's text (other strings are read past).
        var stringBytes: [UInt8] = []
        var isOSC = false
        /// Bytes of text not yet drawn (UTF-8, perhaps cut mid-character).
        var text: [UInt8] = []
    }

    private mutating func consume(_ byte: UInt8) {
        switch parser.state {
        case .ground:
            if byte == 0x1B {
                flushText()
                parser.state = .escape
                parser.intermediates = []
            } else if byte < 0x20 || byte == 0x7F {
                flushText()
                control(byte)
            } else {
                parser.text.append(byte)
            }
        case .escape:
            switch byte {
            case 0x5B:  // [
                parser.state = .csi
                parser.parameters = []
                parser.intermediates = []
            case 0x5D, 0x50, 0x5F, 0x5E, 0x58:  // ] P _ ^ X: OSC, DCS, APC, PM, SOS
                parser.state = .string
                parser.isOSC = byte == 0x5D
                parser.stringBytes = []
            case 0x20...0x2F:
                parser.intermediates = [byte]
                parser.state = .escapeIntermediate
            default:
                parser.state = .ground
                escape(byte)
            }
        case .escapeIntermediate:
            if (0x20...0x2F).contains(byte) {
                parser.intermediates.append(byte)
            } else {
                parser.state = .ground
                if parser.intermediates.first == 0x28 { lineDrawing = byte == 0x30 }  // ESC ( 0: DEC line drawing; ESC ( B: ASCII
            }
        case .csi:
            if (0x30...0x3F).contains(byte) {
                parser.parameters.append(byte)
            } else if (0x20...0x2F).contains(byte) {
                parser.intermediates.append(byte)
            } else if (0x40...0x7E).contains(byte) {
                parser.state = .ground
                csi(final: byte)
            } else if byte == 0x1B {
                parser.state = .escape
            } else if byte < 0x20 {
                control(byte)  // a control inside a sequence acts at once, as on a real terminal
            }
        case .string:
            if byte == 0x07 {
                endString()
            } else if byte == 0x1B {
                parser.state = .stringEscape
            } else if parser.isOSC, parser.stringBytes.count < 4096 {
                parser.stringBytes.append(byte)
            }
        case .stringEscape:
            if byte == 0x5C {
                endString()
            } else {
                parser.state = .string  // an ESC inside a string that is not ST: part of it
            }
        }
    }

    private mutating func endString() {
        parser.state = .ground
        guard parser.isOSC else { return }
        let text = String(decoding: parser.stringBytes, as: UTF8.self)
        // Colours asked for: answered as a terminal does (`rgb:RRRR/GGGG/BBBB`).
        for (number, color) in [("10", foregroundColor), ("11", backgroundColor)] where text == "\(number);?" {
            func hex(_ value: UInt8) -> String {
                let digits = String(value, radix: 16)
                let two = digits.count == 1 ? "0" + digits : digits
                return two + two
            }
            replies += Array("\u{1B}]\(number);rgb:\(hex(color.0))/\(hex(color.1))/\(hex(color.2))\u{1B}\\".utf8)
        }
    }

    // MARK: Text

    private mutating func flushText() {
        guard !parser.text.isEmpty else { return }
        // Whole characters only: an incomplete UTF-8 tail waits for the next feed.
        var end = parser.text.count
        var back = 0
        while back < min(3, end), parser.text[end - 1 - back] & 0xC0 == 0x80 { back += 1 }
        let lead = end - 1 - back
        if lead >= 0 {
            let first = parser.text[lead]
            let needed = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            if back + 1 < needed { end = lead }
        }
        let text = String(decoding: parser.text[..<end], as: UTF8.self)
        parser.text.removeFirst(end)
        for scalar in text.unicodeScalars { print(scalar) }
    }

    private static let lineDrawingGlyphs: [Character] = Array("◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·")

    private mutating func print(_ scalar: Unicode.Scalar) {
        var character = Character(scalar)
        if lineDrawing, (0x60...0x7E).contains(scalar.value) { character = Self.lineDrawingGlyphs[Int(scalar.value) - 0x60] }
        let width = character.displayWidth
        if width == 0 {
            combine(scalar)
            return
        }
        if wrapPending {
            if autowrap {
                cursor.x = 0
                index()
            }
            wrapPending = false
        }
        if width == 2, cursor.x == size.width - 1 {
            // A wide character does not fit in the last column: it goes to the next line.
            screen[cursor.x, cursor.y] = Cell(" ", style: pen)
            if autowrap {
                cursor.x = 0
                index()
            } else {
                return
            }
        }
        clearWide(at: cursor.x, cursor.y)
        if width == 2 { clearWide(at: cursor.x + 1, cursor.y) }
        screen[cursor.x, cursor.y] = Cell(character, style: pen, width: UInt8(width))
        if width == 2 { screen[cursor.x + 1, cursor.y] = Cell(" ", style: pen, width: 0) }
        if cursor.x + width >= size.width {
            cursor.x = size.width - 1
            wrapPending = true
        } else {
            cursor.x += width
        }
    }

    /// A combining mark or joiner: added to the character before it.
    private mutating func combine(_ scalar: Unicode.Scalar) {
        var x = wrapPending ? cursor.x : cursor.x - 1
        if x >= 0, screen[x, cursor.y].isContinuation { x -= 1 }
        guard x >= 0 else { return }
        let cell = screen[x, cursor.y]
        var joined = String(cell.character)
        joined.unicodeScalars.append(scalar)
        guard let character = joined.first, joined.count == 1 else { return }
        screen[x, cursor.y] = Cell(character, style: cell.style, width: cell.width)
    }

    /// Writing over half of a wide character blanks its other half.
    private mutating func clearWide(at x: Int, _ y: Int) {
        guard x < size.width else { return }
        let cell = screen[x, y]
        if cell.isContinuation, x > 0 { screen[x - 1, y] = Cell(" ", style: screen[x - 1, y].style) }
        if cell.width == 2, x + 1 < size.width { screen[x + 1, y] = Cell(" ", style: cell.style) }
    }

    // MARK: Controls

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x08:  // BS
            if cursor.x > 0 { cursor.x -= 1 }
            wrapPending = false
        case 0x09:  // HT
            cursor.x = tabStops.filter { $0 > cursor.x }.min() ?? size.width - 1
            wrapPending = false
        case 0x0A, 0x0B, 0x0C:  // LF, VT, FF
            index()
            wrapPending = false
        case 0x0D:  // CR
            cursor.x = 0
            wrapPending = false
        case 0x0E: lineDrawing = true  // SO (G1, taken as line drawing)
        case 0x0F: lineDrawing = false  // SI
        default: break  // BEL and the rest: nothing to draw
        }
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x37: savedCursor = (cursor, pen, lineDrawing)  // ESC 7
        case 0x38: restoreCursor()  // ESC 8
        case 0x44: index()  // ESC D
        case 0x45:  // ESC E
            cursor.x = 0
            index()
        case 0x4D: reverseIndex()  // ESC M
        case 0x48: tabStops.insert(cursor.x)  // ESC H
        case 0x63: self = TerminalEmulator(size: size, scrollbackLimit: scrollbackLimit)  // ESC c
        default: break  // ESC = and ESC > (keypad), and others: nothing on the screen
        }
        wrapPending = false
    }

    private mutating func restoreCursor() {
        guard let saved = savedCursor else {
            cursor = Point(x: 0, y: 0)
            pen = .plain
            return
        }
        cursor = Point(x: min(saved.point.x, size.width - 1), y: min(saved.point.y, size.height - 1))
        pen = saved.pen
        lineDrawing = saved.lineDrawing
        wrapPending = false
    }

    /// Down a line, scrolling the region at its bottom.
    private mutating func index() {
        if cursor.y == scrollBottom {
            scroll(up: 1)
        } else if cursor.y < size.height - 1 {
            cursor.y += 1
        }
    }

    private mutating func reverseIndex() {
        if cursor.y == scrollTop {
            scroll(down: 1)
        } else if cursor.y > 0 {
            cursor.y -= 1
        }
    }

    /// A blank cell in the pen's background (as terminals erase).
    private var blank: Cell { Cell(" ", style: Style(background: pen.background)) }

    private mutating func row(_ y: Int) -> [Cell] { (0..<size.width).map { screen[$0, y] } }

    private mutating func setRow(_ y: Int, _ cells: [Cell]) {
        for x in 0..<size.width { screen[x, y] = x < cells.count ? cells[x] : blank }
    }

    /// The scroll region's lines moved up `count`, blank ones coming in at its bottom; lines
    /// leaving the top of the whole main screen go to the scrollback.
    private mutating func scroll(up count: Int, keepingLines: Bool = true) {
        let count = min(count, scrollBottom - scrollTop + 1)
        guard count > 0 else { return }
        if keepingLines, scrollTop == 0, !showsAlternateScreen {
            for y in 0..<count { scrollback.append(row(y)) }
            if scrollback.count > scrollbackLimit { scrollback.removeFirst(scrollback.count - scrollbackLimit) }
        }
        for y in scrollTop...scrollBottom {
            setRow(y, y + count <= scrollBottom ? row(y + count) : [])
        }
    }

    private mutating func scroll(down count: Int) {
        let count = min(count, scrollBottom - scrollTop + 1)
        guard count > 0 else { return }
        for y in (scrollTop...scrollBottom).reversed() {
            setRow(y, y - count >= scrollTop ? row(y - count) : [])
        }
    }

    // MARK: CSI

    private var numbers: [Int] {
        parser.parameters.drop { $0 >= 0x3C && $0 <= 0x3F }.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { part in
            let digits = part.prefix { $0 >= 0x30 && $0 <= 0x39 }
            return digits.isEmpty ? 0 : min(Int(String(decoding: digits, as: UTF8.self)) ?? 0, 100_000)
        }
    }

    /// Parameter `index`, `fallback` where it is absent or 0.
    private func number(_ numbers: [Int], _ index: Int, _ fallback: Int = 1) -> Int {
        index < numbers.count && numbers[index] != 0 ? numbers[index] : fallback
    }

    private mutating func csi(final: UInt8) {
        let isPrivate = parser.parameters.first.map { $0 >= 0x3C && $0 <= 0x3F } ?? false
        if isPrivate { privateCSI(final: final, marker: parser.parameters[0]) }
        if isPrivate || !parser.intermediates.isEmpty { return }
        let numbers = numbers
        let n = number(numbers, 0)
        let top = originMode ? scrollTop : 0
        switch final {
        case 0x40: insertCharacters(n)  // @ ICH
        case 0x41: cursor.y = max(cursor.y >= scrollTop ? scrollTop : 0, cursor.y - n)  // A CUU
        case 0x42, 0x65: cursor.y = min(cursor.y <= scrollBottom ? scrollBottom : size.height - 1, cursor.y + n)  // B CUD, e VPR
        case 0x43, 0x61: cursor.x = min(size.width - 1, cursor.x + n)  // C CUF, a HPR
        case 0x44: cursor.x = max(0, cursor.x - n)  // D CUB
        case 0x45:  // E CNL
            cursor.y = min(size.height - 1, cursor.y + n)
            cursor.x = 0
        case 0x46:  // F CPL
            cursor.y = max(0, cursor.y - n)
            cursor.x = 0
        case 0x47, 0x60: cursor.x = min(size.width - 1, n - 1)  // G CHA, ` HPA
        case 0x48, 0x66:  // H CUP, f HVP
            cursor.y = min(size.height - 1, top + number(numbers, 0) - 1)
            cursor.x = min(size.width - 1, number(numbers, 1) - 1)
        case 0x49: for _ in 0..<min(n, size.width) { control(0x09) }  // I CHT
        case 0x4A: erase(display: numbers.first ?? 0)  // J ED
        case 0x4B: erase(line: numbers.first ?? 0)  // K EL
        case 0x4C: insertLines(n)  // L IL
        case 0x4D: deleteLines(n)  // M DL
        case 0x50: deleteCharacters(n)  // P DCH
        case 0x53: scroll(up: n)  // S SU
        case 0x54: scroll(down: n)  // T SD
        case 0x58: for x in cursor.x..<min(size.width, cursor.x + n) { screen[x, cursor.y] = blank }  // X ECH
        case 0x5A: cursor.x = tabStops.filter { $0 < cursor.x }.max() ?? 0  // Z CBT
        case 0x62:  // b REP: the last character again
            let last = cursor.x > 0 ? screen[cursor.x - 1, cursor.y].character : " "
            for scalar in String(repeating: last, count: min(n, size.width * size.height)).unicodeScalars { print(scalar) }
        case 0x63: replies += Array("\u{1B}[?62;22c".utf8)  // c DA: a VT220 with ANSI colour
        case 0x64: cursor.y = min(size.height - 1, n - 1)  // d VPA
        case 0x67: if numbers.first == 3 { tabStops = [] } else { tabStops.remove(cursor.x) }  // g TBC
        case 0x68, 0x6C: break  // h, l SM and RM (insert mode, newline mode): rare; not kept
        case 0x6D: sgr(numbers)  // m SGR
        case 0x6E:  // n DSR
            if numbers.first == 6 { replies += Array("\u{1B}[\(cursor.y + 1);\(cursor.x + 1)R".utf8) }
            if numbers.first == 5 { replies += Array("\u{1B}[0n".utf8) }
        case 0x72:  // r DECSTBM
            let first = number(numbers, 0) - 1
            let last = number(numbers, 1, size.height) - 1
            if first < last, last < size.height {
                scrollTop = first
                scrollBottom = last
                cursor = Point(x: 0, y: originMode ? scrollTop : 0)
            }
        case 0x73: savedCursor = (cursor, pen, lineDrawing)  // s SCOSC
        case 0x75: restoreCursor()  // u SCORC
        default: break
        }
        if final != 0x6D { wrapPending = false }
    }

    private mutating func privateCSI(final: UInt8, marker: UInt8) {
        guard marker == UInt8(ascii: "?") else { return }  // `>`, `<`, `=`: keyboard and version questions; nothing drawn
        let set = final == 0x68
        guard set || final == 0x6C else { return }
        for mode in numbers {
            switch mode {
            case 1: applicationCursorKeys = set
            case 6:
                originMode = set
                cursor = Point(x: 0, y: set ? scrollTop : 0)
            case 7: autowrap = set
            case 25: cursorVisible = set
            case 47, 1047, 1049:
                if set, savedMain == nil {
                    if mode == 1049 { savedCursor = (cursor, pen, lineDrawing) }
                    savedMain = (screen, cursor, savedCursor)
                    screen = Canvas(size: size)
                } else if !set, let main = savedMain {
                    screen = main.screen
                    savedMain = nil
                    if mode == 1049 {
                        savedCursor = main.savedCursor
                        restoreCursor()
                    }
                }
            case 1048: if set { savedCursor = (cursor, pen, lineDrawing) } else { restoreCursor() }
            case 2004: bracketedPaste = set
            default: break
            }
        }
    }

    private mutating func sgr(_ numbers: [Int]) {
        // Colons (38:2::r:g:b) as semicolons: the parts are read the same way.
        let parts = parser.parameters.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }.map { part in
            part.isEmpty ? 0 : min(Int(String(decoding: part, as: UTF8.self)) ?? 0, 100_000)
        }
        let values = parts.isEmpty ? [0] : parts
        let colonRGB = parser.parameters.contains(UInt8(ascii: ":"))
        var index = 0
        func color(_ at: inout Int) -> Color? {
            guard at + 1 < values.count else { return nil }
            if values[at + 1] == 5, at + 2 < values.count {
                at += 2
                return .palette(UInt8(clamping: values[at]))
            }
            if values[at + 1] == 2 {
                // 38;2;r;g;b, or 38:2:colourspace:r:g:b.
                let skip = colonRGB && at + 5 < values.count ? 1 : 0
                guard at + 4 + skip < values.count else { return nil }
                at += 4 + skip
                return .rgb(UInt8(clamping: values[at - 2]), UInt8(clamping: values[at - 1]), UInt8(clamping: values[at]))
            }
            return nil
        }
        while index < values.count {
            let value = values[index]
            switch value {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 9: pen.attributes.insert(.strikethrough)
            case 21, 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 29: pen.attributes.remove(.strikethrough)
            case 30...37: pen.foreground = .ansi(UInt8(value - 30))
            case 38: if let color = color(&index) { pen.foreground = color }
            case 39: pen.foreground = .default
            case 40...47: pen.background = .ansi(UInt8(value - 40))
            case 48: if let color = color(&index) { pen.background = color }
            case 49: pen.background = .default
            case 90...97: pen.foreground = .ansi(UInt8(value - 90 + 8))
            case 100...107: pen.background = .ansi(UInt8(value - 100 + 8))
            default: break  // blink, hidden, fonts, underline colours: not drawn
            }
            index += 1
        }
    }

    // MARK: Editing

    private mutating func erase(display mode: Int) {
        switch mode {
        case 0:
            erase(line: 0)
            for y in (cursor.y + 1)..<max(cursor.y + 1, size.height) { setRow(y, []) }
        case 1:
            erase(line: 1)
            for y in 0..<cursor.y { setRow(y, []) }
        case 2: for y in 0..<size.height { setRow(y, []) }
        case 3: scrollback = []
        default: break
        }
    }

    private mutating func erase(line mode: Int) {
        let range: Range<Int> =
            switch mode {
            case 0: cursor.x..<size.width
            case 1: 0..<(cursor.x + 1)
            default: 0..<size.width
            }
        for x in range { screen[x, cursor.y] = blank }
    }

    private mutating func insertCharacters(_ count: Int) {
        var cells = row(cursor.y)
        let n = min(count, size.width - cursor.x)
        cells.insert(contentsOf: Array(repeating: blank, count: n), at: cursor.x)
        setRow(cursor.y, Array(cells.prefix(size.width)))
    }

    private mutating func deleteCharacters(_ count: Int) {
        var cells = row(cursor.y)
        let n = min(count, size.width - cursor.x)
        cells.removeSubrange(cursor.x..<(cursor.x + n))
        cells += Array(repeating: blank, count: n)
        setRow(cursor.y, cells)
    }

    private mutating func insertLines(_ count: Int) {
        guard (scrollTop...scrollBottom).contains(cursor.y) else { return }
        let top = scrollTop
        scrollTop = cursor.y
        scroll(down: count)
        scrollTop = top
        cursor.x = 0
    }

    private mutating func deleteLines(_ count: Int) {
        guard (scrollTop...scrollBottom).contains(cursor.y) else { return }
        let top = scrollTop
        scrollTop = cursor.y
        scroll(up: count, keepingLines: false)  // deleted lines are gone, not scrolled away
        scrollTop = top
        cursor.x = 0
    }
}
