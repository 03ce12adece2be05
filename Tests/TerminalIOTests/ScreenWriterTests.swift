import IndicatorKit
import TestSupport
import Testing

@testable import TerminalIO

/// The full screen's writer: whatever two frames are, the bytes of the second, read by a
/// terminal showing the first, leave exactly the second; and they are few.
struct ScreenWriterTests {
    static func writer(_ depth: ColorDepth = .trueColor, brightAsBold: Bool = false, italics: Bool = true) -> ScreenWriter {
        // A light background: no ANSI accent or faint style of these canvases is changed at true colour.
        ScreenWriter(
            colorDepth: depth,
            brightAsBold: brightAsBold,
            italics: italics,
            readable: ReadableColors(theme: .dark, background: nil, depth: .ansi16)
        )
    }

    /// A canvas of random graphemes (narrow, wide, combining, blank) in random styles.
    static func randomCanvas(_ size: Size, _ generator: inout some RandomNumberGenerator, palette: [Style]) -> Canvas {
        var canvas = Canvas(size: size)
        let glyphs = ["a", "Z", " ", " ", " ", "é", "漢", "▀", "e\u{301}", "😀", "─", "❤️"]
        for y in 0..<size.height {
            var x = 0
            while x < size.width {
                let glyph = glyphs[Int.random(in: 0..<glyphs.count, using: &generator)]
                let style = palette[Int.random(in: 0..<palette.count, using: &generator)]
                x += max(1, canvas.draw(glyph, at: Point(x: x, y: y), style: style))
            }
        }
        if Bool.random(using: &generator) {
            canvas.cursor = Point(x: Int.random(in: 0..<size.width, using: &generator), y: Int.random(in: 0..<size.height, using: &generator))
        }
        return canvas
    }

    /// Where `screen` first differs from `canvas`, and how.
    static func firstDifference(_ screen: Canvas, _ canvas: Canvas) -> String? {
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width where screen[x, y] != canvas[x, y] {
                func described(_ cell: Cell) -> String { "\(String(cell.character).debugDescription) \(cell.width) \(cell.style)" }
                return "(\(x), \(y)): \(described(screen[x, y])) for \(described(canvas[x, y]))"
            }
        }
        return nil
    }

    static let styles: [Style] = [
        .plain, .plain, .plain,
        Style(foreground: .rgb(200, 10, 10)),
        Style(foreground: .palette(200), background: .rgb(0, 0, 40)),
        Style(background: .rgb(10, 200, 10)),
        Style(attributes: .bold),
        Style(foreground: .rgb(1, 2, 3), attributes: [.underline, .italic]),
        Style(attributes: .reverse),
        Style(foreground: .palette(16), attributes: [.bold, .reverse]),
    ]

    @Test func everyFrameLeavesTheScreenExactlyAsTheCanvas() {
        var generator = SeededGenerator(seed: 52)
        for round in 0..<60 {
            let size = Size(width: Int.random(in: 1...23, using: &generator), height: Int.random(in: 1...7, using: &generator))
            var writer = Self.writer()
            var screen = StyledScreen(size: size)
            for frame in 0..<5 {
                var canvas = Self.randomCanvas(size, &generator, palette: Self.styles)
                if frame > 0, Bool.random(using: &generator) {
                    // A frame that changes a few cells of the one before, as most do.
                    canvas = screen.canvas
                    canvas.cursor = nil
                    canvas.draw("x漢", at: Point(x: Int.random(in: 0..<size.width, using: &generator), y: 0), style: Self.styles[round % Self.styles.count])
                }
                screen.feed(writer.frame(canvas))
                #expect(screen.unread.isEmpty, "round \(round), frame \(frame): \(screen.unread)")
                #expect(Self.firstDifference(screen.canvas, canvas) == nil, "round \(round), frame \(frame), \(size)")
                #expect(screen.cursorVisible == (canvas.cursor != nil), "round \(round), frame \(frame)")
                if let cursor = canvas.cursor { #expect(screen.cursor == cursor, "round \(round), frame \(frame)") }
            }
        }
    }

    @Test func anUnchangedFrameWritesNothingAndOneChangedCellLittle() {
        var writer = Self.writer()
        var canvas = Canvas(size: Size(width: 80, height: 24))
        canvas.draw("status: idle", at: Point(x: 2, y: 10), style: Style(foreground: .rgb(0, 120, 255)))
        let first = writer.frame(canvas)
        #expect(writer.drewWhole)
        #expect(String(decoding: first, as: UTF8.self).contains("\u{1B}[H\u{1B}[2J"), "the first frame erases the screen")
        #expect(writer.frame(canvas).isEmpty)
        canvas.draw("b", at: Point(x: 10, y: 10), style: Style(foreground: .rgb(0, 120, 255)))  // "idle" → "ible"
        let one = String(decoding: writer.frame(canvas), as: UTF8.self)
        #expect(one == "\u{1B}[?2026h\u{1B}[11;11H\u{1B}[0;38;2;0;120;255mb\u{1B}[?2026l")
        #expect(writer.writtenSpans == [10: 10...10])
    }

    @Test func aBlankTailIsErasedAndShortGapsAreWrittenOver() {
        var writer = Self.writer()
        var canvas = Canvas(size: Size(width: 20, height: 1))
        canvas.draw("abcdefghijklmnop", at: .zero)
        _ = writer.frame(canvas)
        var next = Canvas(size: canvas.size)
        next.draw("aXcdYf", at: .zero)
        let bytes = String(decoding: writer.frame(next), as: UTF8.self)
        #expect(bytes == "\u{1B}[?2026h\u{1B}[1;2H\u{1B}[0mXcdYf\u{1B}[K\u{1B}[?2026l", "the gap cd written over, the rest erased")
        #expect(writer.writtenSpans == [0: 1...19])
    }

    @Test func brightColoursOnATerminalOfEightAreBoldAndItalicsGoWhereNotShown() {
        var writer = Self.writer(.ansi16, brightAsBold: true, italics: false)
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.draw("r", at: Point(x: 0, y: 0), style: Style(foreground: .ansi(9)))
        canvas.draw("i", at: Point(x: 2, y: 0), style: Style(foreground: .ansi(2), attributes: .italic))
        let bytes = String(decoding: writer.frame(canvas), as: UTF8.self)
        #expect(bytes.contains("\u{1B}[1;31mr"), "bright red as bold red")
        #expect(bytes.contains("\u{1B}[0;32mi"), "bold gone, no italic")
    }

    @Test func aClusterTerminalsDrawAtOtherWidthsKeepsItsFirstGlyph() {
        var writer = Self.writer()
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.draw("👨\u{200D}👩\u{200D}👧x", at: .zero)
        let bytes = String(decoding: writer.frame(canvas), as: UTF8.self)
        #expect(bytes.contains("👨\u{1B}[1;3Hx"), "\(bytes.debugDescription)")
        #expect(!bytes.contains("\u{200D}"))
    }

    @Test func forgettingDrawsTheScreenWholeAgainAndTheCursorStateIsSentAfresh() {
        var writer = Self.writer()
        var canvas = Canvas(size: Size(width: 5, height: 2))
        canvas.draw("hi", at: .zero)
        canvas.cursor = Point(x: 1, y: 1)
        _ = writer.frame(canvas)
        writer.forget()
        var screen = StyledScreen(size: canvas.size)
        screen.feed(writer.frame(canvas))
        #expect(screen.cells == canvas.cells)
        #expect(screen.cursorVisible && screen.cursor == Point(x: 1, y: 1))
    }
}
