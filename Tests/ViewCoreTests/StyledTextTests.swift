import Testing
import ViewCore

struct StyledTextTests {
    @Test("A string with styled parts is its runs, and prints them with their SGR")
    func interpolatedPartsKeepTheirStyles() {
        let package = "ripgrep"
        let done: StyledText = "\("✓", style: Style(foreground: .green)) \(package) 1.2"
        #expect(done.runs == [StyledText.Run("✓", style: Style(foreground: .green)), StyledText.Run(" "), StyledText.Run("ripgrep"), StyledText.Run(" 1.2")])
        #expect(done.plain == "✓ ripgrep 1.2")
        #expect(done.ansiLines(colorDepth: .ansi16) == ["\u{1B}[32m✓\u{1B}[39m ripgrep 1.2"])
        #expect(done.ansiLines(colorDepth: .none) == ["✓ ripgrep 1.2"])
    }

    @Test("Escapes, control characters and tabs cannot move the cursor; newlines split lines")
    func itIsSafeToPrint() {
        let hostile = StyledText("a\u{1B}[2Jb\tc\r\nd", style: Style(attributes: .bold)) + "e\n"
        #expect(hostile.ansiLines(colorDepth: .none) == ["a\u{FFFD}[2Jb  c", "de", ""])
        #expect(hostile.ansiLines(colorDepth: .ansi16) == ["\u{1B}[0;1ma\u{FFFD}[2Jb  c\u{1B}[0m", "\u{1B}[0;1md\u{1B}[0me", ""])
    }

    @Test func aLongLineIsWrittenAsItIsReadItsBlankEndLeftOut() {
        // 100 000 tabs are 800 000 columns: written as spaces, no canvas that wide (a line of
        // ten million tabs took 2.5 GB); at the end of a line they show nothing and are left out.
        let tabs = String(repeating: "\t", count: 100_000)
        #expect(StyledText(tabs).ansiLines(colorDepth: .ansi16) == [""])
        let line = StyledText(tabs + "x").ansiLines(colorDepth: .ansi16)
        #expect(line == [String(repeating: " ", count: 800_000) + "x"])
        #expect(StyledText("a\t\("b", style: Style(background: .ansi(1)))\t").ansiLines(colorDepth: .ansi16) == ["a       \u{1B}[41mb\u{1B}[0m"])
    }

    @Test("Styled texts joined keep their styles; a line through the text reads and writes as SGR 9")
    func joinedAndStruckThrough() {
        let red = StyledText("a", style: Style(foreground: .red))
        let joined = [red, "b", StyledText()].joined(separator: "\n")
        #expect(joined.runs == [StyledText.Run("a", style: Style(foreground: .red)), StyledText.Run("\nb\n")])
        #expect(joined.lines.map(\.plain) == ["a", "b", ""])
        #expect([StyledText]().joined(separator: "-").isEmpty)
        let struck = StyledText(ansi: "\u{1B}[9mgone\u{1B}[29m kept")
        #expect(struck.runs == [StyledText.Run("gone", style: Style(attributes: .strikethrough)), StyledText.Run(" kept")])
        #expect(StyledText("x", style: Style(attributes: .strikethrough)).ansiLines(colorDepth: .ansi16) == ["\u{1B}[0;9mx\u{1B}[0m"])
    }

    @Test("Text another library coloured reads as its styles; other escapes are left out")
    func ansiTextReadsAsStyles() {
        let green = Style(foreground: .ansi(2))
        #expect(StyledText(ansi: "\u{1B}[32m✔\u{1B}[0m done").runs == [StyledText.Run("✔", style: green), StyledText.Run(" done")])
        let mixed = StyledText(ansi: "\u{1B}[1;38;5;208mA\u{1B}[22;48;2;1;2;3mB\u{1B}[39;49mC\u{1B}[2J\u{1B}]0;title\u{07}D\u{1B}[91;4mE\u{1B}[24;27m")
        #expect(
            mixed.runs == [
                StyledText.Run("A", style: Style(foreground: .palette(208), attributes: .bold)),
                StyledText.Run("B", style: Style(foreground: .palette(208), background: .rgb(1, 2, 3))),
                StyledText.Run("CD"),
                StyledText.Run("E", style: Style(foreground: .ansi(9), attributes: .underline)),
            ]
        )
        // Cut short, unknown or hostile sequences never trap and never pass through.
        for text in ["\u{1B}", "\u{1B}[", "\u{1B}[38;5m", "\u{1B}[38;2;1m", "\u{1B}[999999999999999999999m", "\u{1B}]8;;x", "\u{9B}31mr"] {
            let read = StyledText(ansi: "a" + text)
            #expect(!read.plain.contains("\u{1B}"), "\(text.debugDescription)")
            #expect(read.plain.hasPrefix("a"))
        }
    }

    @Test("Cut to a width, a styled text keeps each part's style and ends in a plain ellipsis")
    func truncationKeepsStyles() {
        let red = Style(foreground: .red)
        let text: StyledText = "\("✗", style: red) failed to fetch"
        #expect(text.displayWidth == 17)
        #expect(text.truncated(toWidth: 17) == text)
        #expect(text.truncated(toWidth: 8).runs == [StyledText.Run("✗", style: red), StyledText.Run(" faile"), StyledText.Run("…")])
        #expect(text.truncated(toWidth: 1).plain == "…")
        #expect(text.truncated(toWidth: 0).isEmpty)
        #expect(StyledText("界界", style: red).truncated(toWidth: 3).runs == [StyledText.Run("界", style: red), StyledText.Run("…")])
        #expect(("a\nb" + StyledText("c\nd", style: red)).lines.map(\.plain) == ["a", "bc", "d"])
    }
}
