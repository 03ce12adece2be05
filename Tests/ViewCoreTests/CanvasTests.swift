import IndicatorKit
import TestSupport
import Testing

@testable import ViewCore

@Suite("Canvas")
struct CanvasTests {
    /// No cell of the canvas may hold a C0/C1 control character or DEL (so never an ESC).
    private func holdsNoControl(_ canvas: Canvas) -> Bool {
        canvas.cells.allSatisfy { cell in
            !cell.character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }
    }

    /// Every wide cell is followed by a continuation cell and every continuation follows a wide cell.
    private func wideCellsArePaired(_ canvas: Canvas) -> Bool {
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width {
                let cell = canvas[x, y]
                if cell.width == 2 && (x + 1 >= canvas.size.width || !canvas[x + 1, y].isContinuation) { return false }
                if cell.isContinuation && (x == 0 || canvas[x - 1, y].width != 2) { return false }
            }
        }
        return true
    }

    // MARK: - Creation and access

    @Test("A new canvas is blank and row-major")
    func newCanvas() {
        let canvas = Canvas(size: Size(width: 3, height: 2))
        #expect(canvas.cells.count == 6)
        #expect(canvas.cells.allSatisfy { $0 == .blank })
        #expect(canvas.lines == ["   ", "   "])
        #expect(canvas.bounds == Rect(x: 0, y: 0, width: 3, height: 2))
    }

    @Test("A canvas can be created filled with a cell")
    func filledCanvas() {
        let dot = Cell(".", style: Style(foreground: .red))
        let canvas = Canvas(size: Size(width: 2, height: 2), fill: dot)
        #expect(canvas.lines == ["..", ".."])
        #expect(canvas[1, 1] == dot)
    }

    @Test("Subscript reads blank outside and ignores writes outside")
    func subscriptOutside() {
        var canvas = Canvas(size: Size(width: 2, height: 2))
        canvas[1, 0] = Cell("x")
        #expect(canvas.cells[1].character == "x")
        canvas[-1, 0] = Cell("y")
        canvas[2, 0] = Cell("y")
        canvas[0, 2] = Cell("y")
        canvas[0, -1] = Cell("y")
        #expect(canvas.lines == [" x", "  "])
        #expect(canvas[5, 5] == .blank)
        #expect(canvas[-1, -1] == .blank)
    }

    // MARK: - 0×0 and 1×1

    @Test("A 0×0 canvas takes every drawing call without crashing and has no lines")
    func zeroByZero() {
        var canvas = Canvas(size: .zero)
        #expect(canvas.cells.isEmpty)
        #expect(canvas.lines == [])
        #expect(canvas.draw("hello 漢", at: .zero) == 0)
        #expect(canvas.put("漢", at: .zero) == 0)
        #expect(canvas.put("a", at: Point(x: -1, y: -1)) == 0)
        canvas.fill(Rect(x: -5, y: -5, width: 20, height: 20), with: Cell("#"))
        canvas.restyle(Rect(x: 0, y: 0, width: 5, height: 5)) { $0.attributes = .bold }
        canvas.drawBox(Rect(x: 0, y: 0, width: 4, height: 3), title: "t")
        canvas.drawBox(.zero)
        canvas.shade(Rect(x: 0, y: 0, width: 3, height: 3), with: .black, opacity: 0.5)
        canvas.blit(Canvas(size: Size(width: 3, height: 3), fill: Cell("x")), at: .zero)
        #expect(canvas.cells.isEmpty)
        #expect(canvas.lines == [])
        #expect(canvas[0, 0] == .blank)
    }

    @Test("A 1×1 canvas holds one narrow cell; wide graphemes become a space")
    func oneByOne() {
        var canvas = Canvas(size: Size(width: 1, height: 1))
        #expect(canvas.lines == [" "])
        #expect(canvas.draw("abc", at: .zero) == 1)
        #expect(canvas.lines == ["a"])
        #expect(canvas.put("漢", at: .zero) == 1)
        #expect(canvas.lines == [" "])
        #expect(canvas[0, 0].width == 1)
        #expect(canvas.draw("😀", at: .zero) == 1)
        #expect(canvas.lines == [" "])
        canvas.drawBox(canvas.bounds)
        #expect(canvas.lines == ["─"])
        canvas.fill(canvas.bounds, with: Cell("#"))
        #expect(canvas.lines == ["#"])
        canvas.blit(makeCanvas(["xy", "zw"], width: 2), at: .zero)
        #expect(canvas.lines == ["x"])
        canvas.shade(canvas.bounds, with: .black, opacity: 1)
        #expect(canvas[0, 0].style.background == .rgb(0, 0, 0))
        #expect(canvas.lines == ["x"])
        #expect(canvas.put("b", at: Point(x: 1, y: 0)) == 0)
        #expect(canvas.put("b", at: Point(x: 0, y: 1)) == 0)
        #expect(canvas.lines == ["x"])
        #expect(wideCellsArePaired(canvas))
    }

    // MARK: - Wide graphemes

    @Test("CJK and emoji take two cells: the grapheme and a continuation", arguments: ["漢", "😀", "한", "👩‍💻", "🇰🇷"])
    func wideCharacter(glyph: String) throws {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        let character = try #require(glyph.first)
        #expect(canvas.put(character, at: Point(x: 1, y: 0)) == 2)
        #expect(canvas[1, 0].character == character)
        #expect(canvas[1, 0].width == 2)
        #expect(canvas[2, 0].isContinuation)
        #expect(canvas[2, 0].character == " ")
        #expect(canvas.lines == [" \(glyph) "])
        #expect(wideCellsArePaired(canvas))
    }

    @Test("Drawing mixed text advances by display width")
    func mixedText() {
        var canvas = Canvas(size: Size(width: 10, height: 1))
        #expect(canvas.draw("a漢b😀c", at: .zero) == 7)
        #expect(canvas.lines == ["a漢b😀c   "])
        #expect(canvas[1, 0].width == 2)
        #expect(canvas[2, 0].isContinuation)
        #expect(canvas[3, 0].character == "b")
        #expect(canvas[4, 0].character == "😀")
        #expect(canvas[5, 0].isContinuation)
        #expect(canvas[6, 0].character == "c")
    }

    @Test("A wide grapheme at the right edge of the canvas becomes a space")
    func wideAtCanvasEdge() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        #expect(canvas.draw("ab漢", at: .zero) == 3)
        #expect(canvas.lines == ["ab "])
        #expect(canvas[2, 0] == Cell(" "))
        #expect(canvas.put("😀", at: Point(x: 2, y: 0)) == 1)
        #expect(canvas.lines == ["ab "])
        #expect(wideCellsArePaired(canvas))
    }

    @Test("A wide grapheme at the right edge of the clip rect becomes a space, the cell beyond untouched")
    func wideAtClipEdge() {
        var canvas = makeCanvas(["......"], width: 6)
        let clip = Rect(x: 0, y: 0, width: 3, height: 1)
        #expect(canvas.draw("ab漢", at: .zero, clip: clip) == 3)
        #expect(canvas.lines == ["ab ..."])
        #expect(canvas[3, 0].character == ".")
        #expect(canvas.put("漢", at: Point(x: 2, y: 0), clip: clip) == 1)
        #expect(canvas.lines == ["ab ..."])
        // Inside the clip with room to spare it stays wide.
        #expect(canvas.put("漢", at: Point(x: 1, y: 0), clip: clip) == 2)
        #expect(canvas.lines == ["a漢..."])
        #expect(wideCellsArePaired(canvas))
    }

    @Test("Overwriting the left half of a wide grapheme blanks its right half")
    func overwriteLeftHalf() {
        var canvas = makeCanvas(["漢字"], width: 4)
        canvas.put("a", at: .zero)
        #expect(canvas.lines == ["a 字"])
        #expect(canvas[1, 0] == Cell(" "))
        #expect(!canvas[1, 0].isContinuation)
        #expect(wideCellsArePaired(canvas))
    }

    @Test("Overwriting the right half of a wide grapheme blanks its left half")
    func overwriteRightHalf() {
        var canvas = makeCanvas(["漢字"], width: 4)
        canvas.put("b", at: Point(x: 1, y: 0))
        #expect(canvas.lines == [" b字"])
        #expect(canvas[0, 0] == Cell(" "))
        #expect(wideCellsArePaired(canvas))
    }

    @Test("The blanked half keeps its style")
    func blankedHalfKeepsStyle() {
        var canvas = Canvas(size: Size(width: 2, height: 1))
        let red = Style(foreground: .red)
        canvas.put("漢", at: .zero, style: red)
        canvas.put("x", at: Point(x: 1, y: 0))
        #expect(canvas[0, 0] == Cell(" ", style: red))
        #expect(canvas[1, 0] == Cell("x"))
    }

    @Test("A wide grapheme straddling two wide graphemes blanks both outer halves")
    func wideOverTwoWides() {
        var canvas = makeCanvas(["漢字"], width: 4)
        #expect(canvas.put("好", at: Point(x: 1, y: 0)) == 2)
        #expect(canvas.lines == [" 好 "])
        #expect(canvas[3, 0] == Cell(" "))
        #expect(wideCellsArePaired(canvas))
    }

    @Test("Writing a wide grapheme over a narrow one and back keeps the row consistent")
    func wideNarrowChurn() {
        var canvas = makeCanvas(["abcd"], width: 4)
        canvas.put("漢", at: Point(x: 2, y: 0))
        #expect(canvas.lines == ["ab漢"])
        canvas.put("😀", at: Point(x: 1, y: 0))
        #expect(canvas.lines == ["a😀 "])
        canvas.draw("xyz", at: Point(x: 1, y: 0))
        #expect(canvas.lines == ["axyz"])
        #expect(wideCellsArePaired(canvas))
    }

    // MARK: - Control characters

    @Test("Control characters are stored as U+FFFD; no ESC ever reaches a cell")
    func controlCharacters() {
        var canvas = Canvas(size: Size(width: 12, height: 1))
        canvas.draw("a\u{1B}[31mb\u{7}", at: .zero)
        #expect(canvas.lines == ["a\u{FFFD}[31mb\u{FFFD}    "])
        #expect(holdsNoControl(canvas))
    }

    @Test("put replaces C0, DEL and C1 controls with U+FFFD", arguments: ["\u{0}", "\u{1B}", "\u{7F}", "\u{9B}", "\u{85}", "\t", "\r"])
    func putControl(control: String) throws {
        var canvas = Canvas(size: Size(width: 2, height: 1))
        let character = try #require(control.first)
        #expect(canvas.put(character, at: .zero) == 1)
        #expect(canvas[0, 0].character == "\u{FFFD}")
        #expect(holdsNoControl(canvas))
    }

    @Test("draw shows newlines and tabs as spaces")
    func newlinesAndTabs() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        #expect(canvas.draw("a\nb\tc\r\nd", at: .zero) == 7)
        #expect(canvas.lines == ["a b c d "])
        #expect(holdsNoControl(canvas))
    }

    @Test("A lone zero-width grapheme takes no cell")
    func zeroWidth() {
        var canvas = makeCanvas(["ab"], width: 2)
        #expect(canvas.put("\u{301}", at: .zero) == 0)
        #expect(canvas.put("\u{200B}", at: Point(x: 1, y: 0)) == 0)
        #expect(canvas.lines == ["ab"])
    }

    @Test("Combining sequences stay one narrow cell")
    func combining() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        #expect(canvas.draw("e\u{301}x", at: .zero) == 2)
        #expect(canvas[0, 0].character == "e\u{301}")
        #expect(canvas.lines == ["e\u{301}x "])
    }

    // MARK: - Clipping

    @Test("draw stops at the right edge of the canvas")
    func clipRight() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        #expect(canvas.draw("abcdef", at: Point(x: 1, y: 0)) == 3)
        #expect(canvas.lines == [" abc"])
    }

    @Test("draw left of the canvas skips the hidden part")
    func clipLeft() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.draw("abcdef", at: Point(x: -2, y: 0))
        #expect(canvas.lines == ["cdef"])
    }

    @Test("A wide grapheme cut by the left edge leaves the next cell alone")
    func wideCutLeft() {
        var canvas = makeCanvas(["...."], width: 4)
        canvas.draw("漢ab", at: Point(x: -1, y: 0))
        #expect(canvas.lines == [".ab."])
        #expect(wideCellsArePaired(canvas))
    }

    @Test("Text starting left of the clip lines up with the same text drawn fully visible")
    func leftClipKeepsColumns() {
        // Whatever a grapheme takes when visible, it must take the same when scrolled off.
        for text in ["abcdef", "漢字ab", "\u{1B}xyz", "a\u{7}bc"] {
            var full = Canvas(size: Size(width: 10, height: 1))
            full.draw(text, at: .zero)
            var shifted = Canvas(size: Size(width: 10, height: 1))
            shifted.draw(text, at: Point(x: -2, y: 0), clip: shifted.bounds)
            var expected = Canvas(size: Size(width: 10, height: 1))
            expected.blit(full, at: Point(x: -2, y: 0))
            #expect(shifted.lines == expected.lines, "text \(text.debugDescription)")
        }
    }

    @Test("draw rows outside the canvas or the clip are ignored")
    func clipVertical() {
        var canvas = Canvas(size: Size(width: 3, height: 2))
        #expect(canvas.draw("abc", at: Point(x: 0, y: -1)) == 0)
        #expect(canvas.draw("abc", at: Point(x: 0, y: 2)) == 0)
        #expect(canvas.draw("abc", at: Point(x: 0, y: 1), clip: Rect(x: 0, y: 0, width: 3, height: 1)) == 0)
        #expect(canvas.lines == ["   ", "   "])
    }

    @Test("draw into a clip rect writes only inside it")
    func clipRect() {
        var canvas = makeCanvas(["......", "......"], width: 6)
        let clip = Rect(x: 2, y: 0, width: 2, height: 1)
        canvas.draw("abcdef", at: .zero, clip: clip)
        #expect(canvas.lines == ["..cd..", "......"])
    }

    @Test("A clip rect reaching outside the canvas is cut to the canvas")
    func clipBeyondCanvas() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.draw("abcdef", at: .zero, clip: Rect(x: -5, y: -5, width: 50, height: 50))
        #expect(canvas.lines == ["abc"])
        #expect(canvas.put("z", at: Point(x: 5, y: 0), clip: Rect(x: 0, y: 0, width: 10, height: 1)) == 0)
    }

    @Test("An empty clip rect blocks everything")
    func emptyClip() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        #expect(canvas.draw("abc", at: .zero, clip: Rect(x: 0, y: 0, width: 0, height: 1)) == 0)
        #expect(canvas.put("a", at: .zero, clip: .zero) == 0)
        #expect(canvas.lines == ["   "])
    }

    @Test("draw returns the cells used and applies the style")
    func drawStyle() {
        var canvas = Canvas(size: Size(width: 5, height: 1))
        let style = Style(foreground: .green, attributes: .bold)
        #expect(canvas.draw("hi", at: Point(x: 1, y: 0), style: style) == 2)
        #expect(canvas[1, 0] == Cell("h", style: style))
        #expect(canvas[2, 0] == Cell("i", style: style))
        #expect(canvas[0, 0] == .blank)
        #expect(canvas[3, 0] == .blank)
    }

    // MARK: - fill, restyle, blit

    @Test("fill covers the rect, clipped to the canvas")
    func fill() {
        var canvas = Canvas(size: Size(width: 4, height: 3))
        let hash = Cell("#", style: Style(background: .blue))
        canvas.fill(Rect(x: 2, y: 1, width: 5, height: 5), with: hash)
        #expect(canvas.lines == ["    ", "  ##", "  ##"])
        #expect(canvas[3, 2] == hash)
        canvas.fill(Rect(x: -1, y: -1, width: 2, height: 2), with: Cell("*"))
        #expect(canvas.lines == ["*   ", "  ##", "  ##"])
    }

    @Test("fill with the default cell blanks the rect")
    func fillBlank() {
        var canvas = makeCanvas(["abc", "def"], width: 3)
        canvas.fill(Rect(x: 1, y: 0, width: 1, height: 2))
        #expect(canvas.lines == ["a c", "d f"])
    }

    @Test("fill over half of a wide grapheme blanks its other half")
    func fillOverWide() {
        var canvas = makeCanvas(["漢字漢"], width: 6)
        canvas.fill(Rect(x: 1, y: 0, width: 3, height: 1), with: Cell("-"))
        #expect(canvas.lines == [" ---漢"])
        #expect(wideCellsArePaired(canvas))
    }

    @Test("fill with a wide grapheme tiles it, a space where the last one does not fit")
    func fillWide() {
        var canvas = Canvas(size: Size(width: 5, height: 2))
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 1), with: Cell("漢"))
        canvas.fill(Rect(x: 0, y: 1, width: 5, height: 1), with: Cell("😀"))
        #expect(canvas.lines == ["漢漢 ", "😀😀 "])
        #expect(wideCellsArePaired(canvas))
    }

    @Test("fill with a control character stores U+FFFD")
    func fillControl() {
        var canvas = Canvas(size: Size(width: 2, height: 1))
        canvas.fill(canvas.bounds, with: Cell("\u{1B}"))
        #expect(canvas.lines == ["\u{FFFD}\u{FFFD}"])
        #expect(holdsNoControl(canvas))
    }

    @Test("restyle changes styles inside the rect and keeps the graphemes")
    func restyle() {
        var canvas = makeCanvas(["ab漢", "cdef"], width: 4)
        canvas.restyle(Rect(x: 1, y: 0, width: 10, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(canvas.lines == ["ab漢", "cdef"])
        #expect(canvas[0, 0].style == .plain)
        for x in 1..<4 { #expect(canvas[x, 0].style.attributes == .reverse) }
        #expect(canvas[2, 0].width == 2)
        #expect(canvas[3, 0].isContinuation)
        for x in 0..<4 { #expect(canvas[x, 1].style == .plain) }
    }

    @Test("restyle outside the canvas does nothing")
    func restyleOutside() {
        var canvas = makeCanvas(["ab"], width: 2)
        let before = canvas
        canvas.restyle(Rect(x: 2, y: 0, width: 3, height: 3)) { $0.foreground = .red }
        canvas.restyle(Rect(x: -3, y: 0, width: 3, height: 1)) { $0.foreground = .red }
        #expect(canvas == before)
    }

    @Test("blit copies another canvas at an origin, clipped")
    func blit() {
        var canvas = makeCanvas(["....", "....", "...."], width: 4)
        let stamp = makeCanvas(["ab", "cd"], width: 2)
        canvas.blit(stamp, at: Point(x: 1, y: 1))
        #expect(canvas.lines == ["....", ".ab.", ".cd."])
        canvas.blit(stamp, at: Point(x: 3, y: 2))
        #expect(canvas.lines == ["....", ".ab.", ".cda"])
        canvas.blit(stamp, at: Point(x: -1, y: -1))
        #expect(canvas.lines == ["d...", ".ab.", ".cda"])
    }

    @Test("blit keeps styles and wide graphemes, and turns a wide grapheme at the edge into a space")
    func blitWide() {
        var stamp = Canvas(size: Size(width: 4, height: 1))
        let red = Style(foreground: .red)
        stamp.draw("漢x字", at: .zero, style: red)
        #expect(stamp.lines == ["漢x "])
        var stamp2 = Canvas(size: Size(width: 3, height: 1))
        stamp2.draw("a漢", at: .zero, style: red)

        var canvas = Canvas(size: Size(width: 5, height: 2))
        canvas.blit(stamp2, at: Point(x: 0, y: 0))
        canvas.blit(stamp2, at: Point(x: 3, y: 1))
        #expect(canvas.lines == ["a漢  ", "   a "])
        #expect(canvas[1, 0] == Cell("漢", style: red, width: 2))
        #expect(canvas[2, 0].isContinuation)
        #expect(canvas[4, 1] == Cell(" ", style: red))
        #expect(wideCellsArePaired(canvas))
    }

    @Test("blit of a wide grapheme over half of another keeps pairs whole")
    func blitOverWide() {
        var canvas = makeCanvas(["漢字"], width: 4)
        canvas.blit(makeCanvas(["x"], width: 1), at: Point(x: 1, y: 0))
        #expect(canvas.lines == [" x字"])
        #expect(wideCellsArePaired(canvas))
    }

    // MARK: - Boxes

    @Test("drawBox draws a rounded box by default")
    func boxRounded() {
        var canvas = Canvas(size: Size(width: 4, height: 3))
        canvas.drawBox(canvas.bounds)
        #expect(canvas.lines == ["╭──╮", "│  │", "╰──╯"])
    }

    @Test("drawBox with square and ASCII lines")
    func boxStyles() {
        var canvas = Canvas(size: Size(width: 5, height: 4))
        canvas.drawBox(canvas.bounds, lines: .square)
        #expect(canvas.lines == ["┌───┐", "│   │", "│   │", "└───┘"])
        canvas.drawBox(Rect(x: 1, y: 1, width: 3, height: 3), lines: .ascii)
        #expect(canvas.lines == ["┌───┐", "│+-+│", "│| |│", "└+-+┘"])
    }

    @Test("drawBox leaves the inside and the outside alone and applies the style")
    func boxInsideOutside() {
        var canvas = makeCanvas(["......", "......", "......", "......"], width: 6)
        let style = Style(foreground: .cyan)
        canvas.drawBox(Rect(x: 1, y: 0, width: 4, height: 3), style: style)
        #expect(canvas.lines == [".╭──╮.", ".│..│.", ".╰──╯.", "......"])
        #expect(canvas[1, 0].style == style)
        #expect(canvas[4, 2].style == style)
        #expect(canvas[2, 1].style == .plain)
    }

    @Test("drawBox with a title")
    func boxTitle() {
        var canvas = Canvas(size: Size(width: 10, height: 3))
        canvas.drawBox(canvas.bounds, title: "Hi")
        #expect(canvas.lines == ["╭ Hi ────╮", "│        │", "╰────────╯"])
    }

    @Test("drawBox truncates a long title with an ellipsis, keeping both corners")
    func boxLongTitle() {
        var canvas = Canvas(size: Size(width: 8, height: 3))
        canvas.drawBox(canvas.bounds, title: "Hello World")
        #expect(canvas.lines == ["╭ Hel… ╮", "│      │", "╰──────╯"])
    }

    @Test("drawBox with a wide title never splits a grapheme")
    func boxWideTitle() {
        var canvas = Canvas(size: Size(width: 7, height: 3))
        canvas.drawBox(canvas.bounds, title: "漢字漢")
        #expect(canvas.lines == ["╭ 漢… ╮", "│     │", "╰─────╯"])
        #expect(wideCellsArePaired(canvas))
    }

    @Test("drawBox sanitizes the title")
    func boxTitleSanitized() {
        var canvas = Canvas(size: Size(width: 10, height: 2))
        canvas.drawBox(canvas.bounds, title: "\u{1B}[2J")
        #expect(canvas.lines == ["╭ \u{FFFD}[2J ──╮", "╰────────╯"])
        #expect(holdsNoControl(canvas))
    }

    @Test("drawBox shows no title when the box is 4 cells wide or less")
    func boxNarrowTitle() {
        var canvas = Canvas(size: Size(width: 4, height: 2))
        canvas.drawBox(canvas.bounds, title: "X")
        #expect(canvas.lines == ["╭──╮", "╰──╯"])
    }

    @Test("drawBox of 2×2, of one row and of one column")
    func boxDegenerate() {
        var canvas = Canvas(size: Size(width: 4, height: 4))
        canvas.drawBox(Rect(x: 0, y: 0, width: 2, height: 2))
        canvas.drawBox(Rect(x: 0, y: 3, width: 3, height: 1))
        canvas.drawBox(Rect(x: 3, y: 0, width: 1, height: 3))
        #expect(canvas.lines == ["╭╮ ─", "╰╯ ─", "   ─", "─── "])
    }

    @Test("drawBox partly outside the canvas draws the visible edges")
    func boxClipped() {
        var canvas = Canvas(size: Size(width: 3, height: 2))
        canvas.drawBox(Rect(x: 1, y: 0, width: 4, height: 4))
        #expect(canvas.lines == [" ╭─", " │ "])
    }

    // MARK: - Shade

    @Test("shade moves colours towards the given colour, taking defaults as the assumed colours")
    func shade() {
        var canvas = makeCanvas(["ab"], width: 2)
        canvas.put("b", at: Point(x: 1, y: 0), style: Style(foreground: .rgb(200, 100, 0), background: .rgb(0, 0, 200), attributes: .bold))
        canvas.shade(canvas.bounds, with: .black, opacity: 0.5)
        #expect(canvas.lines == ["ab"])
        #expect(canvas[0, 0].style == Style(foreground: .rgb(115, 115, 115), background: .rgb(0, 0, 0)))
        #expect(canvas[1, 0].style == Style(foreground: .rgb(100, 50, 0), background: .rgb(0, 0, 100), attributes: .bold))
    }

    @Test("shade at opacity 0 keeps the colours (as RGB), at 1 replaces them, and only inside the rect")
    func shadeOpacity() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.put("x", at: .zero, style: Style(foreground: .red, background: .palette(196)))
        var zero = canvas
        zero.shade(Rect(x: 0, y: 0, width: 1, height: 1), with: .white, opacity: 0)
        #expect(zero[0, 0].style == Style(foreground: .rgb(205, 0, 0), background: .rgb(255, 0, 0)))
        var full = canvas
        full.shade(Rect(x: 0, y: 0, width: 2, height: 1), with: .rgb(1, 2, 3), opacity: 5)
        #expect(full[0, 0].style == Style(foreground: .rgb(1, 2, 3), background: .rgb(1, 2, 3)))
        #expect(full[1, 0].style == Style(foreground: .rgb(1, 2, 3), background: .rgb(1, 2, 3)))
        #expect(full[2, 0].style == .plain)
    }

    @Test("shade uses the assumed default colours given")
    func shadeAssumed() {
        var canvas = Canvas(size: Size(width: 1, height: 1))
        canvas.shade(canvas.bounds, with: .rgb(0, 0, 0), opacity: 0.5, assumedForeground: (100, 100, 100), assumedBackground: (255, 255, 255))
        #expect(canvas[0, 0].style == Style(foreground: .rgb(50, 50, 50), background: .rgb(128, 128, 128)))
    }

    // MARK: - Cell

    @Test("Cell defaults and continuation flag")
    func cell() {
        #expect(Cell.blank == Cell(" ", style: .plain, width: 1))
        #expect(!Cell.blank.isContinuation)
        #expect(Cell(" ", width: 0).isContinuation)
        #expect(!Cell("漢", width: 2).isContinuation)
    }
}

struct CanvasOverlayTests {
    @Test func blanksLeaveWhatIsBeneathAndDefaultBackgroundsTakeIt() {
        var base = Canvas(size: Size(width: 3, height: 1))
        base.fill(base.bounds, with: Cell("x", style: Style(background: .blue)))
        var layer = Canvas(size: Size(width: 3, height: 1))
        layer[1, 0] = Cell("▄", style: Style(foreground: .red))
        layer[2, 0] = Cell("▀", style: Style(foreground: .green, background: .yellow))
        base.overlay(layer, at: .zero)
        #expect(base[0, 0] == Cell("x", style: Style(background: .blue)))
        #expect(base[1, 0] == Cell("▄", style: Style(foreground: .red, background: .blue)))
        #expect(base[2, 0] == Cell("▀", style: Style(foreground: .green, background: .yellow)))
        base.overlay(layer, at: Point(x: 2, y: 0))  // clipped at the edge
        #expect(base[2, 0].character == "▀")
    }
}
