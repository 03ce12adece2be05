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
}
