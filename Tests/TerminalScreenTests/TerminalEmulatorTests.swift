import Pixels
import Testing
import ViewCore

@testable import TerminalScreen

/// The screen a program's bytes leave, cell by cell, with their styles.
struct TerminalEmulatorTests {
    func emulator(_ text: String) -> TerminalEmulator { emulator(20, 5, text) }

    func emulator(_ width: Int, _ height: Int, _ text: String) -> TerminalEmulator {
        var terminal = TerminalEmulator(size: Size(width: width, height: height))
        terminal.feed(text)
        return terminal
    }

    @Test func coloursAndAttributesAreKeptPerCell() {
        let terminal = emulator("\u{1B}[1;31mred\u{1B}[0m \u{1B}[38;5;208mo\u{1B}[48;2;1;2;3mb\u{1B}[38:2::9:8:7mc\u{1B}[7;4;9mx\u{1B}[27;24;29;22;39;49my")
        #expect(terminal.rows[0] == "red obcxy")
        #expect(terminal.screen[0, 0].style == Style(foreground: .red, attributes: .bold))
        #expect(terminal.screen[3, 0].style == .plain)
        #expect(terminal.screen[4, 0].style.foreground == .palette(208))
        #expect(terminal.screen[5, 0].style == Style(foreground: .palette(208), background: .rgb(1, 2, 3)))
        #expect(terminal.screen[6, 0].style.foreground == .rgb(9, 8, 7), "38:2::r:g:b, the colon form")
        #expect(terminal.screen[7, 0].style.attributes == [.reverse, .underline, .strikethrough])
        #expect(terminal.screen[8, 0].style == .plain, "each attribute taken back by its own code")
    }

    @Test func theWrapAtTheRightEdgeWaitsForTheNextCharacter() {
        var terminal = emulator(5, 3, "abcde")
        #expect(terminal.cursor == Point(x: 4, y: 0) && terminal.rows == ["abcde", "", ""])
        terminal.feed("\r\n")
        #expect(terminal.cursor == Point(x: 0, y: 1), "a line that filled the row: no blank line after it")
        terminal.feed("fghijk")
        #expect(terminal.rows == ["abcde", "fghij", "k"])
        var noWrap = emulator(5, 2, "\u{1B}[?7labcdefg")
        noWrap.feed("")
        #expect(noWrap.rows[0] == "abcdg", "autowrap off: the last column is written over")
    }

    @Test func aScrollRegionScrollsAloneAndLinesGoToTheScrollback() {
        var terminal = emulator(10, 5, "top\r\n1\r\n2\r\n3\r\nbottom")
        terminal.feed("\u{1B}[2;4r\u{1B}[4;1H\nnew")
        #expect(terminal.rows == ["top", "2", "3", "new", "bottom"], "only rows 2…4 moved")
        #expect(terminal.scrollback.isEmpty, "a region's lines are not the screen's history")
        terminal.feed("\u{1B}[r\u{1B}[5;1H\n\n")
        #expect(terminal.rows == ["3", "new", "bottom", "", ""] && terminal.scrollback.count == 2)
    }

    @Test func linesAndCharactersAreInsertedDeletedAndErased() {
        var terminal = emulator(10, 4, "one\r\ntwo\r\nthree\r\nfour")
        terminal.feed("\u{1B}[2;1H\u{1B}[L")
        #expect(terminal.rows == ["one", "", "two", "three"], "IL pushes the rest down")
        terminal.feed("\u{1B}[M\u{1B}[M")
        #expect(terminal.rows == ["one", "three", "", ""], "DL pulls up")
        terminal.feed("\u{1B}[2;2H\u{1B}[2@XY\u{1B}[2;1H\u{1B}[3P")
        #expect(terminal.rows[1] == "hree", "two blanks in, XY over them, three out from the start")
        terminal.feed("\u{1B}[2;2H\u{1B}[2X\u{1B}[1;3H\u{1B}[1K")
        #expect(terminal.rows[0] == "" && terminal.rows[1] == "h  e")
        terminal.feed("\u{1B}[2J")
        #expect(terminal.rows.allSatisfy { $0.isEmpty })
    }

    @Test func theAlternateScreenComesAndGoesLeavingTheMainAsItWas() {
        var terminal = emulator(10, 3, "$ vim\r\n")
        terminal.feed("\u{1B}[?1049h\u{1B}[H\u{1B}[2Jediting\u{1B}[3;1H~")
        #expect(terminal.showsAlternateScreen && terminal.rows == ["editing", "", "~"])
        terminal.feed("\u{1B}[?1049l")
        #expect(!terminal.showsAlternateScreen && terminal.rows == ["$ vim", "", ""] && terminal.cursor == Point(x: 0, y: 1))
    }

    @Test func wideCombiningAndLineDrawingCharacters() {
        var terminal = emulator(6, 3, "日本e\u{301}\r\n\u{1B}(0lqqk\u{1B}(Bx")
        #expect(terminal.rows == ["日本é", "┌──┐x", ""])
        #expect(terminal.screen[0, 0].width == 2 && terminal.screen[1, 0].isContinuation)
        terminal.feed("\u{1B}[3;6H日")
        #expect(terminal.rows == ["┌──┐x", "", "日"], "a wide character that does not fit in the last column goes to the next line (here scrolling)")
        var split = TerminalEmulator(size: Size(width: 6, height: 1))
        split.feed([0xE6])
        split.feed([0x97, 0xA5])
        #expect(split.rows == ["日"], "a character split between two reads")
    }

    @Test func questionsAreAnsweredAndStringsReadPast() {
        var terminal = emulator(20, 3, "ab\u{1B}[6n\u{1B}]0;a title\u{07}\u{1B}]11;?\u{1B}\\\u{1B}[c\u{1B}_Gf=100;AAAA\u{1B}\\cd")
        #expect(terminal.rows[0] == "abcd", "a title and a picture's bytes are not text")
        #expect(String(decoding: terminal.takeReplies(), as: UTF8.self) == "\u{1B}[1;3R\u{1B}]11;rgb:1717/1717/1717\u{1B}\\\u{1B}[?62;22c")
        #expect(terminal.takeReplies().isEmpty)
        terminal.feed("\u{1B}[?25l\u{1B}[?2004h")
        #expect(!terminal.cursorVisible && terminal.bracketedPaste)
    }

    @Test func tabsAndHugeOrHostileParametersStayOnTheScreen() {
        var terminal = emulator(20, 3, "a\tb\u{1B}[99999;99999Hz\u{1B}[99999A\u{1B}[-5Cq")
        #expect(terminal.rows[0].hasPrefix("a       b") && terminal.cursor.y == 0)
        #expect(terminal.rows[2].hasSuffix("z"))
        terminal.feed(String(repeating: "\u{1B}[", count: 1000) + "m" + String(repeating: "x", count: 100))
        #expect(terminal.rows.joined().contains("x"))
    }
}
