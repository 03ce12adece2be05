import IndicatorKit

/// A terminal screen for tests that keeps every cell's grapheme and style, reading what a
/// full-screen frame is made of: printable text (wide graphemes taking two columns, the wrap
/// at the right edge deferred), CR, CUP, CHA, CUF, EL, ED 2, SGR (attributes, the 16 ANSI
/// colours, 256 and 24-bit colours) and the cursor's visibility. Anything else it meets is a
/// failure of the test (`unread`), so a writer cannot pass by sending what it does not read.
public struct StyledScreen {
    public private(set) var canvas: Canvas
    public private(set) var cursor = Point(x: 0, y: 0)
    public private(set) var cursorVisible = true
    public private(set) var unread: [String] = []
    private var pen = Style.plain
    private var pendingWrap = false

    public init(size: Size) {
        canvas = Canvas(size: size)
    }

    /// The screen's cells, the cursor left out (a canvas compares it).
    public var cells: [Cell] { canvas.cells }

    public mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            for character in String(decoding: text, as: UTF8.self) { put(character) }
            text = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                flushText()
                index = escape(bytes, from: index)
            } else if byte == 0x0D {
                flushText()
                cursor.x = 0
                pendingWrap = false
                index += 1
            } else if byte < 0x20 {
                flushText()
                unread.append("control \(byte)")
                index += 1
            } else {
                text.append(byte)
                index += 1
            }
        }
        flushText()
    }

    private mutating func put(_ character: Character) {
        let width = character.displayWidth
        if pendingWrap {
            pendingWrap = false
            cursor.x = 0
            cursor.y = min(cursor.y + 1, canvas.size.height - 1)
        }
        guard width > 0 else {
            unread.append("zero-width \(character.unicodeScalars.map { String($0.value, radix: 16) })")
            return
        }
        blankAround(cursor.x, width: width)
        canvas[cursor.x, cursor.y] = Cell(character, style: pen, width: UInt8(width))
        if width == 2, cursor.x + 1 < canvas.size.width { canvas[cursor.x + 1, cursor.y] = Cell(" ", style: pen, width: 0) }
        if cursor.x + width >= canvas.size.width {
            cursor.x = canvas.size.width - 1
            pendingWrap = true
        } else {
            cursor.x += width
        }
    }

    /// Blanks the other half of a wide grapheme that the cells from `x` cut.
    private mutating func blankAround(_ x: Int, width: Int) {
        let y = cursor.y
        if canvas[x, y].width == 0, x > 0 { canvas[x - 1, y] = Cell(" ", style: canvas[x - 1, y].style) }
        let end = x + width
        if end < canvas.size.width, canvas[end, y].width == 0 { canvas[end, y] = Cell(" ", style: canvas[end, y].style) }
    }

    /// Reads the sequence at `start` (an ESC); the index after it.
    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
        guard start + 1 < bytes.count, bytes[start + 1] == 0x5B else {
            unread.append("ESC without [")
            return start + 1
        }
        var end = start + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else {
            unread.append("cut sequence")
            return bytes.count
        }
        let body = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let final = Character(Unicode.Scalar(bytes[end]))
        csi(body, final)
        return end + 1
    }

    private mutating func csi(_ body: String, _ final: Character) {
        if body.hasPrefix("?") {
            switch (body, final) {
            case ("?25", "h"): cursorVisible = true
            case ("?25", "l"): cursorVisible = false
            case ("?2026", "h"), ("?2026", "l"): break
            default: unread.append("CSI \(body)\(final)")
            }
            return
        }
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ at: Int, _ fallback: Int) -> Int { at < numbers.count ? (numbers[at] ?? fallback) : fallback }
        pendingWrap = false
        switch final {
        case "H":
            cursor = Point(x: min(number(1, 1), canvas.size.width) - 1, y: min(number(0, 1), canvas.size.height) - 1)
        case "G": cursor.x = min(number(0, 1), canvas.size.width) - 1
        case "C": cursor.x = min(cursor.x + number(0, 1), canvas.size.width - 1)
        case "K" where body.isEmpty || body == "0":
            blankAround(cursor.x, width: 0)
            for x in cursor.x..<canvas.size.width { canvas[x, cursor.y] = Cell(" ", style: Style(background: pen.background)) }
        case "J" where body == "2":
            canvas = Canvas(size: canvas.size, fill: Cell(" ", style: Style(background: pen.background)))
        case "m": sgr(numbers.map { $0 ?? 0 })
        default: unread.append("CSI \(body)\(final)")
        }
    }

    private mutating func sgr(_ codes: [Int]) {
        var index = 0
        while index < codes.count {
            let code = codes[index]
            index += 1
            switch code {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 9: pen.attributes.insert(.strikethrough)
            case 30...37: pen.foreground = .ansi(UInt8(code - 30))
            case 90...97: pen.foreground = .ansi(UInt8(code - 90 + 8))
            case 39: pen.foreground = .default
            case 40...47: pen.background = .ansi(UInt8(code - 40))
            case 100...107: pen.background = .ansi(UInt8(code - 100 + 8))
            case 49: pen.background = .default
            case 38, 48:
                let color: Color
                if index + 1 < codes.count, codes[index] == 5 {
                    color = .palette(UInt8(codes[index + 1]))
                    index += 2
                } else if index + 3 < codes.count, codes[index] == 2 {
                    color = .rgb(UInt8(codes[index + 1]), UInt8(codes[index + 2]), UInt8(codes[index + 3]))
                    index += 4
                } else {
                    unread.append("SGR \(code) cut")
                    return
                }
                if code == 38 { pen.foreground = color } else { pen.background = color }
            default: unread.append("SGR \(code)")
            }
        }
    }
}
