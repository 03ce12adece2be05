import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes that turn the full screen from the frame it shows into the next one: only the
/// cells that changed are written, the cursor moved between them, colours and attributes sent
/// when they change. A pure value: it is told each frame and says what to write;
/// ``FullScreenTerminal`` enters and leaves the alternate screen with its terminfo entry's strings.
///
/// - A frame drawn whole (the first, and after ``forget()``: a resize, a continue) begins with
///   an erase of the screen, and then writes only what is not blank.
/// - A row whose changed tail is blank to its end is erased from there (EL) instead of
///   written with spaces.
/// - A gap of up to three unchanged one-byte cells of the pen's style between two changes is
///   written over; a longer one is a cursor move (CHA on the same row, CUP to another).
/// - The cursor's place is taken as known only after what terminals agree on the width of
///   (letters, symbols, blocks, East Asian wide characters). After an emoji, a grapheme with
///   marks, and at the start of a frame (pictures are drawn between frames), the next write
///   moves the cursor first.
/// - Of a cluster of several characters only the first and its marks are written: terminals
///   draw an emoji joined by ZWJ anywhere from 2 to 16 cells wide.
/// - Lines never move by scrolling a region: a picture on a row stays where it is, and one
///   written over is told by ``writtenSpans``.
/// - Each frame is one synchronized update (mode 2026; terminals without it ignore it).
package struct ScreenWriter {
    /// The colours the terminal shows.
    package let colorDepth: ColorDepth
    /// Whether bright ANSI colours are sent as the normal ones in bold (a terminal of 8 colours).
    package let brightAsBold: Bool
    /// Whether the terminal shows italics (terminfo's `sitm`); others get none.
    package let italics: Bool
    /// Dim text and accents as readable colours (see ``ReadableColors``).
    private var readable: ReadableColors
    /// What the screen shows; nil when the next frame draws it whole.
    private var shown: Canvas?
    /// The row of each written stretch of the last frame, with its first and last column.
    package private(set) var writtenSpans: [Int: ClosedRange<Int>] = [:]
    /// Whether the last frame drew the screen whole.
    package private(set) var drewWhole = false
    /// Whether the terminal's cursor is visible (nil: not known, so the first frame says).
    private var cursorShown: Bool?

    /// What the writer knows of the terminal while it makes a frame: the bytes so far, where
    /// the cursor is (nil: not known) and the style it writes in (nil: not known).
    private var out: [UInt8] = []
    private var cursor: (x: Int, y: Int)?
    private var pen: Style?
    /// The last style looked up, whether what it is sent as depends on the glyph, and what it
    /// is sent as (neighbouring cells share one).
    private var lastStyle: Style?
    private var lastDependsOnGlyph = false
    private var lastSent = Style.plain

    package init(colorDepth: ColorDepth, brightAsBold: Bool = false, italics: Bool = true, readable: ReadableColors) {
        self.colorDepth = colorDepth
        self.brightAsBold = brightAsBold
        self.italics = italics
        self.readable = readable
    }

    /// The screen changed under the writer (a resize, a stop and continue, pictures turned
    /// on): the next frame erases it and draws it whole.
    package mutating func forget() {
        shown = nil
        cursorShown = nil
    }

    /// Whether the next frame draws the screen whole.
    package var drawsWhole: Bool { shown == nil }

    /// The bytes that show `canvas` (none when nothing changed). The rows of `rewriting` are
    /// written whole even where unchanged (a sixel left them: its pixels stay until their
    /// cells are written over).
    package mutating func frame(_ canvas: Canvas, rewriting: Set<Int> = []) -> [UInt8] {
        out.removeAll(keepingCapacity: true)
        writtenSpans = [:]
        cursor = nil
        pen = nil
        lastStyle = nil
        append("\u{1B}[?2026h")
        let begun = out.count
        let old: Canvas
        if let shown, shown.size == canvas.size {
            old = shown
            drewWhole = false
        } else {
            append("\u{1B}[0m\u{1B}[H\u{1B}[2J")
            pen = .plain
            old = Canvas(size: canvas.size)
            drewWhole = true
        }
        let width = canvas.size.width
        canvas.cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { before in
                for y in 0..<canvas.size.height {
                    writeRow(y, new: new, old: before, width: width, whole: rewriting.contains(y))
                }
            }
        }
        shown = canvas
        placeCursor(canvas)
        if out.count == begun { return [] }
        append("\u{1B}[?2026l")
        return out
    }

    private mutating func writeRow(_ y: Int, new: UnsafeBufferPointer<Cell>, old: UnsafeBufferPointer<Cell>, width: Int, whole: Bool) {
        let start = y * width
        // A row whose cells are the same bytes as before is the same row: passed over in one
        // comparison (most rows of most frames), the cells compared one by one only where
        // their bytes differ.
        if !whole, let now = new.baseAddress, let then = old.baseAddress,
            memcmp(now + start, then + start, width * MemoryLayout<Cell>.stride) == 0
        {
            return
        }
        // The row's blank tail: from there to its end nothing shows but the terminal's background.
        var blankFrom = width
        while blankFrom > 0, new[start + blankFrom - 1].isBlankInDefaultColors { blankFrom -= 1 }
        var first = -1
        var last = -1
        var x = 0
        while x < width {
            let cell = new[start + x]
            if cell.width == 0 || (!whole && cell == old[start + x]) {
                x += 1
                continue
            }
            if first < 0 { first = x }
            moveTo(x, y, row: start, of: new)
            if x >= blankFrom, width - x >= 4 {
                // The rest shows nothing: one erase instead of the spaces.
                if pen.map({ $0.background != .default || $0.attributes.contains(.reverse) }) ?? true { sendPen(.plain) }
                append("\u{1B}[K")
                last = width - 1
                break
            }
            let sent = style(of: cell)
            if pen != sent { sendPen(sent) }
            let advanced = put(cell)
            last = x + max(0, Int(cell.width) - 1)
            x += max(1, Int(cell.width))
            // Past the last column a wrap pends, and where the terminal may disagree on a width
            // the place is not known.
            cursor = advanced && x < width ? (x, y) : nil
        }
        if first >= 0 { writtenSpans[y] = first...last }
    }

    /// Moves the cursor to column `x` of row `y`: nothing when it is there; the cells between
    /// written again when they are few, one byte each and in the pen's style; else a move.
    private mutating func moveTo(_ x: Int, _ y: Int, row start: Int, of new: UnsafeBufferPointer<Cell>) {
        if let cursor, cursor.y == y {
            if cursor.x == x { return }
            if x > cursor.x, x - cursor.x <= 3, rewritable(new, from: start + cursor.x, to: start + x) {
                for index in (start + cursor.x)..<(start + x) { new[index].grapheme.withUTF8 { out.append(contentsOf: $0) } }
                self.cursor = (x, y)
                return
            }
            append("\u{1B}[")
            appendNumber(x + 1)
            append("G")
        } else {
            append("\u{1B}[")
            appendNumber(y + 1)
            out.append(0x3B)
            appendNumber(x + 1)
            append("H")
        }
        cursor = (x, y)
    }

    /// Whether the cells from `start` up to `end` are one-byte graphemes in the pen's style.
    private mutating func rewritable(_ cells: UnsafeBufferPointer<Cell>, from start: Int, to end: Int) -> Bool {
        for index in start..<end {
            let cell = cells[index]
            guard cell.width == 1, cell.grapheme.isASCII, style(of: cell) == pen else { return false }
        }
        return true
    }

    /// Writes `cell`'s grapheme; whether the terminal surely moved the cursor by its width.
    private mutating func put(_ cell: Cell) -> Bool {
        cell.writeGlyph(into: &out)
    }

    /// The cursor shown where the canvas places it, else hidden.
    private mutating func placeCursor(_ canvas: Canvas) {
        if let place = canvas.cursor, canvas.bounds.contains(place) {
            append("\u{1B}[")
            appendNumber(place.y + 1)
            out.append(0x3B)
            appendNumber(place.x + 1)
            append("H")
            if cursorShown != true { append("\u{1B}[?25h") }
            cursorShown = true
        } else if cursorShown != false {
            append("\u{1B}[?25l")
            cursorShown = false
        }
    }

    /// `cell`'s style as this terminal shows it.
    private mutating func style(of cell: Cell) -> Style {
        let style = cell.style
        if style == lastStyle, !lastDependsOnGlyph { return lastSent }
        var sent = readable.readable(style, for: cell).resolved(for: colorDepth)
        if !italics { sent.attributes.remove(.italic) }
        if colorDepth == .none {
            sent.foreground = .default
            sent.background = .default
        }
        lastStyle = style
        lastDependsOnGlyph = readable.dependsOnGlyph(style)
        lastSent = sent
        return sent
    }

    /// Sends `style` (SGR) from the pen the terminal has: a reset first when an attribute goes
    /// (or the pen is not known), then what differs.
    private mutating func sendPen(_ style: Style) {
        let wanted = shownAttributes(style)
        var from = Style.plain
        var codes: [String] = []
        if let pen, shownAttributes(pen).isSubset(of: wanted) {
            from = pen
        } else {
            codes.append("0")
        }
        let had = shownAttributes(from)
        for (attribute, code) in Canvas.attributeCodes where wanted.contains(attribute) && !had.contains(attribute) { codes.append(code) }
        if style.foreground != from.foreground { codes.append(color(style.foreground, background: false)) }
        if style.background != from.background { codes.append(color(style.background, background: true)) }
        append("\u{1B}[" + codes.joined(separator: ";") + "m")
        pen = style
    }

    /// The attributes the terminal is told for `style`: bold too for a bright colour on a
    /// terminal of 8.
    private func shownAttributes(_ style: Style) -> Style.Attributes {
        guard brightAsBold, case .ansi(let index) = style.foreground, index & 15 >= 8 else { return style.attributes }
        return style.attributes.union(.bold)
    }

    /// The SGR parameters that set `color` as the foreground or the background.
    private func color(_ color: Color, background: Bool) -> String {
        switch color {
        case .default: return background ? "49" : "39"
        case .ansi(let index):
            let bright = index & 15 >= 8 && !brightAsBold
            return String((background ? 40 : 30) + Int(index & 7) + (bright ? 60 : 0))
        case .palette(let index): return (background ? "48;5;" : "38;5;") + String(index)
        case .rgb(let r, let g, let b): return (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
        }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    private mutating func appendNumber(_ number: Int) {
        if number < 10 {
            out.append(0x30 + UInt8(number))
        } else {
            append(String(number))
        }
    }
}
