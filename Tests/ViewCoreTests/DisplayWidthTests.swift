import IndicatorKit
import Testing

@testable import ViewCore

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII letters, digits and punctuation take one cell", arguments: ["a", "Z", "0", "9", " ", "~", "#", "*", "é", "ß"])
    func ascii(text: String) throws {
        let character = try #require(text.first)
        #expect(character.displayWidth == 1)
    }

    @Test("CJK ideographs, kana and fullwidth forms take two cells", arguments: ["漢", "字", "あ", "カ", "Ａ", "！", "〇"])
    func cjk(text: String) throws {
        let character = try #require(text.first)
        #expect(character.displayWidth == 2)
    }

    @Test("Hangul syllables take two cells, precomposed or as conjoining jamo")
    func hangul() {
        #expect(Character("한").displayWidth == 2)
        #expect(Character("국").displayWidth == 2)
        #expect(Character("\u{1112}\u{1161}\u{11AB}").displayWidth == 2)  // 한 as jamo
        #expect("한국어".displayWidth == 6)
    }

    @Test("Emoji with emoji presentation take two cells", arguments: ["😀", "🚀", "👍", "⌚"])
    func emoji(text: String) throws {
        let character = try #require(text.first)
        #expect(character.displayWidth == 2)
    }

    @Test("A combining mark after a base adds no width")
    func combining() {
        #expect(Character("e\u{301}").displayWidth == 1)
        #expect(Character("a\u{308}\u{323}").displayWidth == 1)
        #expect(Character("漢\u{301}").displayWidth == 2)
        #expect("e\u{301}".displayWidth == 1)
        #expect("cafe\u{301}".displayWidth == 4)
    }

    @Test("VS16 makes a text-style emoji wide; without it it stays narrow")
    func variationSelector16() {
        #expect(Character("\u{2764}\u{FE0F}").displayWidth == 2)  // ❤️
        #expect(Character("\u{2764}").displayWidth == 1)  // ❤
        #expect(Character("\u{263A}\u{FE0F}").displayWidth == 2)  // ☺️
        #expect(Character("\u{263A}").displayWidth == 1)  // ☺
    }

    @Test("VS16 on an emoji whose base is Latin-1 or ASCII (keycaps, ©️) also makes it wide")
    func variationSelector16LatinBase() {
        // The documented rule: an emoji base carrying VS16 takes 2, whatever its code point.
        #expect(Character("\u{A9}\u{FE0F}").displayWidth == 2)  // ©️
        #expect(Character("\u{AE}\u{FE0F}").displayWidth == 2)  // ®️
        #expect(Character("1\u{FE0F}\u{20E3}").displayWidth == 2)  // 1️⃣
        #expect(Character("#\u{FE0F}\u{20E3}").displayWidth == 2)  // #️⃣
        // Without VS16 these stay narrow.
        #expect(Character("\u{A9}").displayWidth == 1)
        #expect(Character("1\u{20E3}").displayWidth == 1)
    }

    @Test("ZWJ sequences take two cells")
    func zwjSequence() {
        #expect(Character("👩‍💻").displayWidth == 2)
        #expect(Character("👨‍👩‍👧‍👦").displayWidth == 2)
        #expect("👩‍💻".displayWidth == 2)
    }

    @Test("Flags (regional indicator pairs) take two cells")
    func flags() {
        #expect(Character("🇰🇷").displayWidth == 2)
        #expect(Character("🇯🇵").displayWidth == 2)
        #expect("🇰🇷🇯🇵".displayWidth == 4)
    }

    @Test("Control characters take zero cells", arguments: ["\u{0}", "\u{1B}", "\u{7}", "\n", "\t", "\u{7F}", "\u{9B}", "\r\n"])
    func controls(text: String) throws {
        let character = try #require(text.first)
        #expect(character.displayWidth == 0)
    }

    @Test("Lone zero-width graphemes take zero cells")
    func zeroWidth() {
        #expect(Character("\u{301}").displayWidth == 0)
        #expect(Character("\u{200B}").displayWidth == 0)
        #expect(Character("\u{FEFF}").displayWidth == 0)
    }

    @Test("Other symbols take one cell", arguments: ["…", "─", "▀", "█", "\u{FFFD}", "€", "α", "я"])
    func narrowSymbols(text: String) throws {
        let character = try #require(text.first)
        #expect(character.displayWidth == 1)
    }

    @Test("String widths are the sum of grapheme widths")
    func strings() {
        #expect("".displayWidth == 0)
        #expect("hello".displayWidth == 5)
        #expect("漢字".displayWidth == 4)
        #expect("a漢b".displayWidth == 4)
        #expect("A漢字한국😀e\u{301}👩‍💻❤️🇰🇷".displayWidth == 18)  // 1 + 4 + 4 + 2 + 1 + 2 + 2 + 2
        #expect("a\u{1B}b".displayWidth == 2)
        #expect("ab"[...].displayWidth == 2)  // Substring
    }
}

/// The fast paths give what the rules give: ASCII off its byte, lone symbols from the table.
struct DisplayWidthFastPathTests {
    @Test func asciiTextIsCountedOffItsBytesControlsTakingNothing() {
        #expect("hello, world".displayWidth == 12)
        #expect("a\tb\u{1B}c\u{7F}".displayWidth == 3, "tab, escape and DEL take no cell")
        #expect("ab\r\ncd".displayWidth == 4 && "ab\r\ncd"[...].displayWidth == 4, "a CR LF is one control grapheme")
        #expect("abc·def".displayWidth == 7 && "日本".displayWidth == 4, "text beyond ASCII goes grapheme by grapheme")
    }

    @Test(arguments: [
        (0x0301, 0), (0x0416, 1), (0x200B, 0), (0x200D, 0), (0x2019, 1), (0x2190, 1), (0x2219, 1), (0x231A, 2), (0x23F3, 2),
        (0x2500, 1), (0x25CF, 1), (0x25FD, 2), (0x2614, 2), (0x2705, 2), (0x2800, 1), (0x28FF, 1), (0x2E80, 2), (0x2FD5, 2), (0x2FFF, 2),
    ])
    func aLoneSymbolHasTheWidthTheRulesGive(scalar: UInt32, width: Int) throws {
        let character = Character(try #require(Unicode.Scalar(scalar)))
        #expect(character.displayWidth == width, "U+\(String(scalar, radix: 16, uppercase: true))")
    }

    @Test func sanitizingLeavesCleanTextAsItIsAndStillCatchesEveryControl() {
        let clean = "box ─│ and ✓ done"
        #expect(clean.sanitizedForTerminal == clean)
        #expect("a\u{85}b\u{9B}c".sanitizedForTerminal == "a\u{FFFD}b\u{FFFD}c", "C1 controls, behind a C2 lead byte")
        #expect("a\u{A0}b©".sanitizedForTerminal == "a\u{A0}b©", "other C2-led characters stay")
    }
}
