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
}
