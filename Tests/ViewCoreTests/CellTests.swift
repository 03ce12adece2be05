import Testing

@testable import ViewCore

@Suite("Cell")
struct CellTests {
    /// Graphemes of every length: ASCII, two, three and four UTF-8 bytes, a flag (8), a
    /// skin-toned emoji (8), an emoji with VS16, a letter under marks (13), the longest kept
    /// in place (15), and ZWJ families (18 and 25 bytes) kept in the table.
    static let graphemes: [Character] = [
        "a", " ", "~", "é", "e\u{301}", "漢", "⠋", "█", "🚀", "🇰🇷", "👍🏽", "❤️",
        "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}",
        "👨‍👩‍👧", "👨‍👩‍👧‍👦", "\u{FFFD}",
    ]

    @Test func everyGraphemeComesBackAsItWentIn() {
        for character in Self.graphemes {
            let grapheme = Grapheme(character)
            #expect(grapheme.character == character)
            #expect(String(grapheme.character).utf8.elementsEqual(String(character).utf8))
            #expect(grapheme.byteCount == String(character).utf8.count)
            #expect(grapheme.withUTF8 { Array($0) } == Array(String(character).utf8))
            #expect(grapheme.isASCII == (character.isASCII))
            #expect(Cell(character).character == character)
        }
    }

    @Test func graphemesAreEqualWhenTheirBytesAre() {
        let distinct = Set(Self.graphemes.map(Grapheme.init))
        #expect(distinct.count == Self.graphemes.count)
        #expect(Grapheme("👨‍👩‍👧‍👦") == Grapheme("👨‍👩‍👧‍👦"))  // the table gives one number
        #expect(Grapheme("é") != Grapheme("e\u{301}"))  // two byte sequences to a terminal
        #expect(Grapheme(" ") == .space)
    }

    @Test func aCellKeepsEveryColourAndAttribute() {
        let colors: [Color] = [.default, .ansi(0), .ansi(15), .palette(0), .palette(255), .rgb(0, 0, 0), .rgb(255, 128, 1), .rgb(1, 2, 3)]
        for foreground in colors {
            for background in colors {
                let style = Style(foreground: foreground, background: background, attributes: [.bold, .italic])
                var cell = Cell("x", style: style, width: 1)
                #expect(cell.style == style)
                cell.style.attributes.insert(.underline)
                #expect(cell.style.attributes == [.bold, .italic, .underline])
                #expect(cell.style.foreground == foreground && cell.style.background == background)
            }
        }
        #expect(Cell("x", style: Style(foreground: .ansi(1))) != Cell("x", style: Style(foreground: .palette(1))))
        #expect(Cell("x", style: Style(foreground: .rgb(0, 0, 1))) != Cell("x", style: Style(foreground: .ansi(1))))
    }

    @Test func aCellHoldsNoReference() {
        #expect(_isPOD(Cell.self))
        #expect(MemoryLayout<Cell>.stride <= 32)
    }
}
