import IndicatorKit
import Testing

@testable import Widgets

/// `Paragraph` as tui 0.19 draws its own: the screens of its `widgets_paragraph.rs` tests and
/// the lines of its reflow tests (`WordWrapper`, `LineTruncator`), cell for cell.
@MainActor
struct ParagraphTests {
    static let sample =
        "The library is based on the principle of immediate rendering with intermediate buffers. This means that at each new frame you "
        + "should build all widgets that are supposed to be part of the UI. While providing a great flexibility for rich and interactive UI, "
        + "this may introduce overhead for highly dynamic content."

    func boxed(_ paragraph: Paragraph, width: Int, height: Int) -> [String] {
        var canvas = Canvas(size: Size(width: width, height: height))
        Box(paragraph, lines: .square).render(in: canvas.bounds, on: &canvas)
        return canvas.lines
    }

    /// tui's `run_composer`: the text's lines as a composer gives them (no line break after the last).
    func composed(_ text: String, _ wrapping: Paragraph.Wrapping, width: Int) -> [String] {
        lines(text, wrapping, width: width).map { $0.glyphs.map { String($0.character) }.joined() }
    }

    func lines(_ text: String, _ wrapping: Paragraph.Wrapping, width: Int) -> [Paragraph.Line] {
        var glyphs = Paragraph(StyledText(text)).glyphs()
        glyphs.removeLast()
        switch wrapping {
        case .words(let trim): return Paragraph.wordWrapped(glyphs, width: width, trim: trim)
        case .none: return width > 0 ? Paragraph.truncated(glyphs, width: width, offset: 0) : []
        case .characters: return Paragraph.characterWrapped(glyphs, width: width)
        }
    }

    @Test func wrappedTextIsAlignedAsTuiAlignsIt() {
        let paragraph = Paragraph(StyledText(Self.sample), wrapping: .words())
        #expect(
            boxed(paragraph, width: 20, height: 10) == [
                "┌──────────────────┐", "│The library is    │", "│based on the      │", "│principle of      │", "│immediate         │",
                "│rendering with    │", "│intermediate      │", "│buffers. This     │", "│means that at each│", "└──────────────────┘",
            ]
        )
        paragraph.alignment = .right
        #expect(
            boxed(paragraph, width: 20, height: 10) == [
                "┌──────────────────┐", "│    The library is│", "│      based on the│", "│      principle of│", "│         immediate│",
                "│    rendering with│", "│      intermediate│", "│     buffers. This│", "│means that at each│", "└──────────────────┘",
            ]
        )
        paragraph.alignment = .center
        #expect(
            boxed(paragraph, width: 20, height: 10) == [
                "┌──────────────────┐", "│  The library is  │", "│   based on the   │", "│   principle of   │", "│     immediate    │",
                "│  rendering with  │", "│   intermediate   │", "│   buffers. This  │", "│means that at each│", "└──────────────────┘",
            ]
        )
    }

    @Test func wideAndMixedGraphemesWrapAsInTui() {
        let wide = Paragraph("コンピュータ上で文字を扱う場合、典型的には文字による通信を行う場合にその両端点では、", wrapping: .words())
        #expect(
            boxed(wide, width: 10, height: 10) == [
                "┌────────┐", "│コンピュ│", "│ータ上で│", "│文字を扱│", "│う場合、│", "│典型的に│", "│は文字に│", "│よる通信│", "│を行う場│", "└────────┘",
            ]
        )
        let mixed = Paragraph("aコンピュータ上で文字を扱う場合、", wrapping: .words())
        #expect(boxed(mixed, width: 10, height: 7) == ["┌────────┐", "│aコンピ │", "│ュータ上│", "│で文字を│", "│扱う場合│", "│、      │", "└────────┘"])
        #expect(boxed(Paragraph("NBSP\u{A0}"), width: 20, height: 3) == ["┌──────────────────┐", "│NBSP\u{A0}             │", "└──────────────────┘"])
    }

    @Test func unwrappedLeftAlignedTextScrollsSideways() {
        let text: StyledText = "段落现在可以水平滚动了！\nParagraph can scroll horizontally!\nShort line"
        let blank = "│                  │"
        #expect(
            boxed(Paragraph(text, scrollColumns: 7), width: 20, height: 10)
                == ["┌──────────────────┐", "│在可以水平滚动了！│", "│ph can scroll hori│", "│ine               │"] + Array(repeating: blank, count: 5)
                + ["└──────────────────┘"]
        )
        #expect(
            boxed(Paragraph(text, alignment: .right, scrollColumns: 7), width: 20, height: 10)
                == ["┌──────────────────┐", "│段落现在可以水平滚│", "│Paragraph can scro│", "│        Short line│"] + Array(repeating: blank, count: 5)
                + ["└──────────────────┘"],
            "only left-aligned text scrolls sideways, as tui's"
        )
        let scrolled = Paragraph(text, scrollRows: 1)
        #expect(boxed(scrolled, width: 20, height: 4) == ["┌──────────────────┐", "│Paragraph can scro│", "│Short line        │", "└──────────────────┘"])
        scrolled.scrollRows = .max
        scrolled.scrollColumns = .max
        #expect(boxed(scrolled, width: 20, height: 3) == ["┌──────────────────┐", "│                  │", "└──────────────────┘"])
    }

    @Test func wordWrappingBreaksLinesAsTuisWordWrapper() {
        for width in 1..<40 {
            let text = String(repeating: "a", count: width)
            #expect(composed(text, .words(), width: 40) == [text])
            #expect(composed(text, .none, width: 40) == [text])
        }
        let short = "abcdefg\nhijklmno\npabcdefg\nhijklmn\nopabcdefghijk\nlmnopabcd\n\n\nefghijklmno"
        #expect(composed(short, .words(), width: 20) == short.components(separatedBy: "\n"))
        #expect(composed(short, .none, width: 20) == short.components(separatedBy: "\n"))
        let long = "abcdefghijklmnopabcdefghijklmnopabcdefghijklmnopabcdefghijklmno"
        #expect(composed(long, .words(), width: 20) == ["abcdefghijklmnopabcd", "efghijklmnopabcdefgh", "ijklmnopabcdefghijkl", "mno"])
        #expect(composed(long, .none, width: 20) == ["abcdefghijklmnopabcd"])
        let sentence = "abcd efghij klmnopabcd efgh ijklmnopabcdefg hijkl mnopab c d e f g h i j k l m n o"
        let spaced = "abcd efghij    klmnopabcd efgh     ijklmnopabcdefg hijkl mnopab c d e f g h i j k l m n o"
        let expected = ["abcd efghij", "klmnopabcd efgh", "ijklmnopabcdefg", "hijkl mnopab c d e f", "g h i j k l m n o"]
        #expect(composed(sentence, .words(), width: 20) == expected)
        #expect(composed(spaced, .words(), width: 20) == expected)
        let zero = "abcd efghij klmnopabcd efgh ijklmnopabcdefg hijkl mnopab "
        #expect(composed(zero, .words(), width: 0).isEmpty)
        #expect(composed(zero, .none, width: 0).isEmpty)
        #expect(composed(zero, .words(), width: 1) == zero.filter { $0 != " " }.map { String($0) })
        #expect(composed(zero, .none, width: 1) == ["a"])
        let japanese = "コンピュータ上で文字を扱う場合、典型的には文字\naaaによる通信を行う場合にその両端点では、"
        #expect(composed(japanese, .words(), width: 1) == ["", "a", "a", "a"])
        #expect(composed(japanese, .none, width: 1) == ["", "a"])
        #expect(
            composed("abcd efghij klmnopabcdefghijklmnopabcdefghijkl mnopab cdefghi j klmno", .words(), width: 20)
                == ["abcd efghij", "klmnopabcdefghijklmn", "opabcdefghijkl", "mnopab cdefghi j", "klmno"]
        )
        let doubled = lines("コンピュータ上で文字を扱う場合、典型的には文字による通信を行う場合にその両端点では、", .words(), width: 20)
        #expect(doubled.map(\.width) == [20, 20, 20, 20, 4])
        #expect(composed("AAAAAAAAAAAAAAAAAAAA    AAA", .words(), width: 20) == ["AAAAAAAAAAAAAAAAAAAA", "AAA"])
        #expect(composed(String(repeating: " ", count: 69), .words(), width: 20) == [""])
        #expect(composed(String(repeating: " ", count: 69), .none, width: 20) == [String(repeating: " ", count: 20)])
        #expect(composed("a" + String(repeating: " ", count: 69), .words(), width: 20) == ["a", ""])
        let mixedSpaces = lines("コンピュ ータ上で文字を扱う場合、 典型的には文 字による 通信を行 う場合にその両端点では、", .words(), width: 20)
        #expect(
            mixedSpaces.map { $0.glyphs.map { String($0.character) }.joined() } == [
                "コンピュ", "ータ上で文字を扱う場", "合、 典型的には文", "字による 通信を行", "う場合にその両端点で", "は、",
            ]
        )
        #expect(mixedSpaces.map(\.width) == [8, 20, 17, 17, 20, 4])
        #expect(composed("AAAAAAAAAAAAAAA AAAA\u{A0}AAA", .words(), width: 20) == ["AAAAAAAAAAAAAAA", "AAAA\u{A0}AAA"])
        #expect(composed("AAAAAAAAAAAAAAA AAAA AAA", .words(), width: 20) == ["AAAAAAAAAAAAAAA AAAA", "AAA"])
    }

    @Test func withoutTrimIndentationIsKept() {
        #expect(composed("AAAAAAAAAAAAAAAAAAAA    AAA", .words(trim: false), width: 20) == ["AAAAAAAAAAAAAAAAAAAA", "   AAA"])
        #expect(
            composed("AAA AAA AAAAA AA AAAAAA\n B\n  C\n   D", .words(trim: false), width: 10) == ["AAA AAA", "AAAAA AA", "AAAAAA", " B", "  C", "   D"]
        )
        #expect(
            composed("               4 Indent\n                 must wrap!", .words(trim: false), width: 10) == [
                "          ", "    4", "Indent", "          ", "      must", "wrap!",
            ]
        )
    }

    @Test func characterWrappingBreaksAnywhereAndRunsKeepTheirStyles() {
        #expect(composed("abcdefgh ij", .characters, width: 4) == ["abcd", "efgh", " ij"])
        #expect(composed("ab界cd", .characters, width: 3) == ["ab", "界c", "d"])
        let bold = Style(attributes: .bold)
        var canvas = Canvas(size: Size(width: 6, height: 2))
        Paragraph("ab\("cdef", style: bold)\tx\u{1B}", style: Style(foreground: .blue), wrapping: .characters).render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["abcdef", "  x\u{FFFD}  "], "a tab to column 8, a control character as U+FFFD")
        #expect(canvas[0, 0].style == Style(foreground: .blue))
        #expect(canvas[2, 0].style == Style(foreground: .blue, attributes: .bold))
        #expect(canvas[5, 1].style == Style(foreground: .blue), "the whole area takes the paragraph's style")
    }

    @Test func itMeasuresItsLines() {
        let paragraph = Paragraph("one two three\nfour", wrapping: .words())
        #expect(paragraph.lineCount(width: 8) == 3)
        #expect(paragraph.preferredSize(within: Size(width: 80, height: 24)) == Size(width: 13, height: 2))
        #expect(paragraph.preferredSize(within: Size(width: 5, height: 24)) == Size(width: 5, height: 4))
        #expect(Paragraph(StyledText(String(repeating: "word ", count: 100_000)), wrapping: .words()).lineCount(width: 10) == 50_000)
    }
}
