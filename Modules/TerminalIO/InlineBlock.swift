import TerminalRuntime

/// What becomes of an inline app's rows when it ends.
public enum InlineEnding: Sendable, Equatable {
    /// The last frame stays, up to its last row with something on it (text or a picture),
    /// and the cursor goes below it (as a command's output stays).
    case keepLastFrame
    /// The rows are erased and the cursor is where the app began: as if it never ran.
    case clear
}

/// The bytes that keep a block of rows below the cursor showing an app's frames, in the flow
/// of the terminal: no alternate screen, nothing above the block touched. A pure value: it
/// is told each frame and says what to write.
///
/// - The block is made by writing newlines from its first row (the screen scrolls when the
///   cursor is near the bottom) and going back up, so that every later move stays in it.
/// - Its height follows the frame: the rows asked for, at most ``size``'s. It grows by newlines
///   from its last row (the screen scrolls only when it reaches the bottom) and shrinks by
///   erasing its last rows; the lines above never move otherwise.
/// - Only rows that changed are written, each from its start, ending with an erase of the
///   rest of the line (no trailing blanks are sent).
/// - The cursor rests on the block's first column of its first row unless the frame places
///   it (`Canvas.cursor`). A terminal that re-wraps lines on a resize keeps the cursor with
///   its character, so the block's top is found again wherever the text above went; where the
///   re-wrapped rows no longer fit below it, kitty scrolls them up and keeps the cursor's
///   screen row, and the top is found from the block's place and its rows' lengths.
/// - Each frame is one synchronized update (mode 2026; terminals without it ignore it).
struct InlineBlock {
    /// The block's size: the window's width, the rows asked (at most the window's).
    private(set) var size: Size
    /// The colours sent.
    let colorDepth: ColorDepth
    /// What the rows show now; nil when the block is to be made and drawn whole.
    private var shown: Canvas?
    /// The rows made and drawn (0 before the block is made).
    private(set) var height = 0
    /// The row of the block the terminal's cursor is on.
    private var cursorRow = 0
    /// The rows the last frame wrote (every row when it made the block): a sixel on them was
    /// erased with them.
    private(set) var writtenRows: Set<Int> = []
    /// Whether the last frame made the block (every row written, on a fresh screen area).
    private(set) var madeBlock = false
    /// Whether the terminal's cursor is visible.
    private var cursorShown = true
    /// The window's height in rows: where making the block scrolls the screen.
    private(set) var screenRows: Int
    /// The screen row (from 0) of the block's first row, or of where the next frame makes it;
    /// nil when not known. Told by a cursor report (``locate(cursorRow:)``), then kept as the
    /// block is made (the screen scrolls at the bottom) and lines are printed above it; lost on
    /// a resize (the terminal may re-wrap) and a stop. Mouse reports are read by it.
    private(set) var top: Int?

    /// Rows kept free below the block when it is made (a sixel on its last row would scroll
    /// the screen if that were the screen's last).
    let reserve: Int

    init(size: Size, colorDepth: ColorDepth, screenRows: Int = 24, reserve: Int = 0) {
        self.size = size
        self.colorDepth = colorDepth
        self.screenRows = screenRows
        self.reserve = reserve
    }

    /// Takes in a cursor report asked when the cursor was where the block is made (at the
    /// start, or after the erase of a resize): its screen row, from 0.
    mutating func locate(cursorRow: Int) {
        top = shown == nil ? cursorRow : max(0, min(cursorRow, screenRows - height - reserve))
    }

    /// The block's row at screen row `y`, or nil when `y` is outside it or its place is unknown.
    func row(atScreenRow y: Int) -> Int? {
        guard let top, shown != nil, y >= top, y < top + height else { return nil }
        return y - top
    }

    /// The end of a frame's synchronized update (mode 2026), which ends every frame's bytes.
    static let updateEnd = "\u{1B}[?2026l"

    /// Whether the rows were made and show a frame.
    var isDrawn: Bool { shown != nil }

    /// The bytes that show the first `rows` rows of `canvas` (all of them by default, at most
    /// ``size``'s): the block made first if it is not there yet, grown or shrunk to them. The
    /// rows of `rewriting` are written even when unchanged (a sixel that went away leaves its
    /// pixels until its cells are written over).
    mutating func frame(_ canvas: Canvas, rows: Int? = nil, rewriting: Set<Int> = []) -> String {
        var out = "\u{1B}[?2026h"
        if cursorShown {
            out += "\u{1B}[?25l"
            cursorShown = false
        }
        let height = max(1, min(size.height, canvas.size.height, rows ?? .max))
        writtenRows = []
        madeBlock = shown == nil
        // The rows that were not drawn before: all of them when the block is made.
        let fresh = shown == nil ? 0 : self.height
        if shown == nil {
            // The newlines scroll the screen when the block (and the rows kept free below it)
            // would pass its bottom.
            let room = height + reserve
            top = top.map { max(0, min($0, screenRows - room)) }
            out += "\r" + String(repeating: "\n", count: max(0, room - 1))
            if room > 1 { out += "\u{1B}[\(room - 1)A" }
            cursorRow = 0
        } else if height > self.height {
            // Grown: newlines from the last row made (and those kept free below it).
            out += move(to: self.height - 1 + reserve) + String(repeating: "\n", count: height - self.height)
            cursorRow = height - 1 + reserve
            top = top.map { max(0, min($0, screenRows - height - reserve)) }
        }
        for y in 0..<height where rewriting.contains(y) || y >= fresh || shown.map({ !Self.row(y, of: canvas, equals: $0) }) ?? true {
            out += move(to: y) + canvas.ansiLine(y, colorDepth: colorDepth, trimmed: true, placing: true)
            writtenRows.insert(y)
            // A row filling the width leaves the cursor on its last column, pending a wrap:
            // an erase there would take that column.
            if !Self.fillsWidth(y, of: canvas) { out += "\u{1B}[K" }
        }
        // Shrunk: its last rows erased one by one (an erase in line takes a sixel's pixels with
        // the text), the lines above left where they are.
        for y in height..<max(height, self.height) { out += move(to: y) + "\u{1B}[2K" }
        self.height = height
        if let cursor = canvas.cursor, cursor.y >= 0, cursor.y < height, cursor.x >= 0, cursor.x < canvas.size.width {
            out += move(to: cursor.y)
            if cursor.x > 0 { out += "\u{1B}[\(cursor.x)C" }
            out += "\u{1B}[?25h"
            cursorShown = true
        } else {
            out += move(to: 0)
        }
        shown = canvas
        return out + Self.updateEnd
    }

    /// Takes in a new window size (`newSize` the block's, `rows` the window's height): the
    /// block is erased from its top and the next frame makes it again. Its place is not known
    /// after (a terminal may re-wrap the lines above).
    ///
    /// With `rewrapping` (kitty), the terminal has re-wrapped the block's rows at the new width
    /// before this is told, and where they no longer fit below the block's top it scrolled them
    /// up, the cursor staying on its screen row: the top is then that many rows above where the
    /// block thinks it is, found from the place the block had (``top``, when known) and the
    /// length of each row it wrote. Without that, the rows scrolled up stayed above the block
    /// drawn again.
    mutating func resize(to newSize: Size, screenRows rows: Int, rewrapping: Bool = false) -> String {
        var out = ""
        if rewrapping, let top, let shown, newSize.width > 0 {
            let wrapped = (0..<min(height, shown.size.height)).reduce(0) { $0 + Self.rowsRewrapped($1, of: shown, width: newSize.width) }
            let scrolled = max(0, top + wrapped - rows)
            // The cursor stays on its screen row (at most the last); the top went up `scrolled`.
            let cursorY = min(top + cursorRow, rows - 1)
            let up = cursorY - max(0, top - scrolled) - cursorRow
            if up > 0 { out += "\u{1B}[\(up)A" }
        }
        out += erase()
        size = newSize
        screenRows = rows
        top = nil
        return out
    }

    /// How many rows row `y` of `canvas`, as written (its blanks at the end left out), takes
    /// on a terminal that re-wraps it at `width` columns.
    static func rowsRewrapped(_ y: Int, of canvas: Canvas, width: Int) -> Int {
        var end = canvas.size.width
        while end > 0, canvas[end - 1, y].isBlankInDefaultColors { end -= 1 }
        return max(1, (end + width - 1) / width)
    }

    /// The bytes that print `lines` (safe to write, each ending with a reset when styled)
    /// above the block: the block is erased, the lines written where it began, and the next
    /// frame makes the block again below them. A text's last newline ends its last line: it
    /// adds no empty one.
    mutating func print(_ lines: [String]) -> String {
        let lines = lines.count > 1 && lines.last == "" ? Array(lines.dropLast()) : lines
        let out = "\u{1B}[?2026h" + erase() + lines.map { $0 + "\u{1B}[0m\r\n" }.joined() + "\u{1B}[?2026l"
        top = top.map { min($0 + lines.count, screenRows - 1) }  // each line moves it down, or scrolls the screen
        return out
    }

    /// The bytes that end the block as `ending` says, the cursor shown; the block is gone then.
    mutating func end(_ ending: InlineEnding) -> String {
        let out = endingBytes(ending)
        shown = nil
        height = 0
        cursorRow = 0
        cursorShown = true
        return out
    }

    /// What ``end(_:)`` would write now, leaving the block as it is (a signal writes it).
    func endingBytes(_ ending: InlineEnding) -> String {
        var copy = self
        guard let last = shown.flatMap({ canvas in (0..<min(height, canvas.size.height)).last { !Self.isBlank($0, of: canvas) } }),
            ending == .keepLastFrame
        else { return copy.erase() + "\u{1B}[0m\u{1B}[?25h" }
        return copy.move(to: last) + "\n\u{1B}[J\u{1B}[0m\u{1B}[?25h"
    }

    /// The block was erased by someone else (the stop before a continue): the next frame
    /// makes it again where the cursor is.
    mutating func forget() {
        shown = nil
        height = 0
        cursorRow = 0
        cursorShown = true
        top = nil
    }

    /// Erases the block from its top, leaving the cursor there; the next frame makes it again.
    private mutating func erase() -> String {
        guard shown != nil else { return "" }
        let out = move(to: 0) + "\u{1B}[J"
        shown = nil
        height = 0
        cursorRow = 0
        return out
    }

    /// The bytes that take the cursor from where the last frame left it to `point` of the
    /// block, by relative moves only (the block's place on the screen is not known), leaving
    /// the block's idea of the cursor as it was: a picture is drawn there between a save and
    /// a restore of the cursor.
    func moveFromRest(to point: Point) -> String {
        let step = point.y - cursorRow
        let rows = step > 0 ? "\u{1B}[\(step)B" : step < 0 ? "\u{1B}[\(-step)A" : ""
        return rows + "\u{1B}[\(point.x + 1)G"
    }

    /// Moves the cursor to the start of row `y` of the block.
    private mutating func move(to y: Int) -> String {
        let step = y - cursorRow
        cursorRow = y
        if step > 0 { return "\u{1B}[\(step)B\r" }
        if step < 0 { return "\u{1B}[\(-step)A\r" }
        return "\r"
    }

    private static func row(_ y: Int, of canvas: Canvas, equals other: Canvas) -> Bool {
        guard canvas.size.width == other.size.width, y < other.size.height else { return false }
        for x in 0..<canvas.size.width where canvas[x, y] != other[x, y] { return false }
        return true
    }

    private static func fillsWidth(_ y: Int, of canvas: Canvas) -> Bool {
        guard canvas.size.width > 0 else { return false }
        // The negation of what `Canvas.ansiLine(_:colorDepth:trimmed:)` leaves out at a row's end.
        return !canvas[canvas.size.width - 1, y].isBlankInDefaultColors
    }

    /// Whether row `y` shows nothing: blank cells and no picture (a sixel is left, with its rows).
    static func isBlank(_ y: Int, of canvas: Canvas) -> Bool {
        (0..<canvas.size.width).allSatisfy { canvas[$0, y].character == " " && canvas[$0, y].style.background == .default }
            && !canvas.placements.contains { $0.rect.y <= y && y < $0.rect.maxY }
    }
}
