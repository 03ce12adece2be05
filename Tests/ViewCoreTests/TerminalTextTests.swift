import IndicatorKit
import Testing

@testable import ViewCore

@Suite("Terminal text")
struct TerminalTextTests {
    @Test("sanitizedForTerminal replaces ESC, other C0 controls, DEL and C1 with U+FFFD")
    func stripsControls() {
        #expect("\u{1B}[31mred\u{1B}[0m".sanitizedForTerminal == "\u{FFFD}[31mred\u{FFFD}[0m")
        #expect("a\u{7}b\u{0}c\u{7F}d".sanitizedForTerminal == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect("x\u{9B}2Jy\u{85}z\u{9F}".sanitizedForTerminal == "x\u{FFFD}2Jy\u{FFFD}z\u{FFFD}")
    }

    @Test("sanitizedForTerminal turns tabs, newlines and CRs into spaces")
    func whitespace() {
        #expect("a\tb\nc\rd".sanitizedForTerminal == "a b c d")
        #expect("a\r\nb".sanitizedForTerminal == "a  b")
    }

    @Test("sanitizedForTerminal leaves ordinary text alone")
    func keepsText() {
        let text = "Hello, 漢字 한국 😀 e\u{301} 👩‍💻 ❤️ 🇰🇷 …"
        #expect(text.sanitizedForTerminal == text)
        #expect("".sanitizedForTerminal == "")
    }

    @Test("Sanitized text never holds a control scalar")
    func neverControls() {
        var all = ""
        for v in 0..<0xA0 { all.unicodeScalars.append(Unicode.Scalar(UInt8(v))) }
        let clean = all.sanitizedForTerminal
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(clean.unicodeScalars.count == 0xA0)
    }

    @Test("truncated keeps text that fits")
    func truncateFits() {
        #expect("hello".truncated(toWidth: 5) == "hello")
        #expect("hello".truncated(toWidth: 50) == "hello")
        #expect("".truncated(toWidth: 3) == "")
    }

    @Test("truncated cuts and adds the ellipsis within the width")
    func truncateCuts() {
        #expect("hello world".truncated(toWidth: 6) == "hello…")
        #expect("hello".truncated(toWidth: 4) == "hel…")
        #expect("hello".truncated(toWidth: 1) == "…")
        #expect("hello".truncated(toWidth: 4, ellipsis: "..") == "he..")
        #expect("hello".truncated(toWidth: 3, ellipsis: "") == "hel")
    }

    @Test("truncated with a width of zero or less is empty")
    func truncateZero() {
        #expect("hello".truncated(toWidth: 0) == "")
        #expect("hello".truncated(toWidth: -3) == "")
        #expect("hello".truncated(toWidth: 1, ellipsis: "...") == "")
    }

    @Test("truncated never splits a wide grapheme and never exceeds the width")
    func truncateWide() {
        #expect("漢字漢".truncated(toWidth: 6) == "漢字漢")
        #expect("漢字漢".truncated(toWidth: 5) == "漢字…")
        #expect("漢字漢".truncated(toWidth: 4) == "漢…")
        #expect("漢字漢".truncated(toWidth: 3) == "漢…")
        #expect("漢字漢".truncated(toWidth: 2) == "…")
        #expect("a漢".truncated(toWidth: 2) == "a…")
        #expect("😀😀".truncated(toWidth: 3) == "😀…")
        for width in 0...8 {
            #expect("漢a字😀b".truncated(toWidth: width).displayWidth <= width)
        }
    }

    @Test("truncated keeps combining sequences whole")
    func truncateCombining() {
        #expect("e\u{301}e\u{301}e\u{301}".truncated(toWidth: 3) == "e\u{301}e\u{301}e\u{301}")
        #expect("e\u{301}e\u{301}e\u{301}".truncated(toWidth: 2) == "e\u{301}…")
    }

    @Test("truncated works on substrings")
    func truncateSubstring() {
        let text = "xx hello world"
        #expect(text.dropFirst(3).truncated(toWidth: 6) == "hello…")
    }

    @Test("wrapped breaks at spaces, breaks over-long words, and counts wide characters as two")
    func wrapping() {
        #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
        #expect("abcdefghij klm".wrapped(toWidth: 4) == ["abcd", "efgh", "ij", "klm"])
        #expect("漢字漢字 abc".wrapped(toWidth: 5) == ["漢字", "漢字", "abc"])
        #expect("  spaced   out  ".wrapped(toWidth: 20) == ["spaced out"])
        #expect("anything".wrapped(toWidth: 0) == [])
        #expect("".wrapped(toWidth: 5) == [])
        #expect("漢".wrapped(toWidth: 1) == [], "a grapheme wider than the line is not split")
        #expect("漢 abc def".wrapped(toWidth: 1) == ["a", "b", "c", "d", "e", "f"], "and the rest is kept")
    }
}
