import IndicatorKit
import TestSupport
import Testing

@testable import TerminalRuntime

@MainActor
@Suite("HeadlessTerminal")
struct HeadlessTerminalTests {
    @Test("A new terminal is blank and reports its capabilities")
    func initial() {
        let terminal = HeadlessTerminal(size: Size(width: 4, height: 2), colorDepth: .palette256)
        #expect(terminal.size == Size(width: 4, height: 2))
        #expect(terminal.capabilities == TerminalCapabilities(colorDepth: .palette256, mouse: true, name: "headless"))
        #expect(terminal.lines == ["    ", "    "])
        #expect(terminal.presentCount == 0)
        #expect(terminal.readEvents().isEmpty)
        #expect(HeadlessTerminal(size: .zero).capabilities.colorDepth == .trueColor)
    }

    @Test("present, then lines and text read the screen back")
    func presentAndRead() {
        let terminal = HeadlessTerminal(size: Size(width: 10, height: 3))
        var canvas = Canvas(size: terminal.size)
        canvas.draw("Hello", at: Point(x: 0, y: 0))
        canvas.draw("漢字 ok", at: Point(x: 2, y: 2))
        terminal.present(canvas)
        #expect(terminal.presentCount == 1)
        #expect(terminal.lines == ["Hello     ", "          ", "  漢字 ok "])
        #expect(terminal.text == "Hello     \n          \n  漢字 ok ")
    }

    @Test("text(in:) reads a rectangle, keeping wide graphemes whole")
    func textInRect() {
        let terminal = HeadlessTerminal(size: Size(width: 8, height: 3))
        var canvas = Canvas(size: terminal.size)
        canvas.draw("abcdefgh", at: .zero)
        canvas.draw("漢字xy", at: Point(x: 0, y: 1))
        terminal.present(canvas)
        #expect(terminal.text(in: Rect(x: 1, y: 0, width: 3, height: 1)) == "bcd")
        #expect(terminal.text(in: Rect(x: 0, y: 0, width: 4, height: 2)) == "abcd\n漢字")
        #expect(terminal.text(in: Rect(x: 2, y: 1, width: 3, height: 1)) == "字x")
        #expect(terminal.text(in: Rect(x: 6, y: 0, width: 10, height: 10)) == "gh\n  \n  ")  // clipped to the screen
        #expect(terminal.text(in: Rect(x: 20, y: 0, width: 3, height: 1)) == "")
        #expect(terminal.text(in: .zero) == "")
    }

    @Test("styledLines marks each change of style, «» for plain")
    func styledLines() {
        let terminal = HeadlessTerminal(size: Size(width: 12, height: 2))
        var canvas = Canvas(size: terminal.size)
        canvas.draw("Error", at: .zero, style: Style(foreground: .red, attributes: .bold))
        canvas.draw(" ok", at: Point(x: 5, y: 0))
        canvas.draw("plain", at: Point(x: 0, y: 1))
        terminal.present(canvas)
        #expect(terminal.styledLines == ["«fg=1 bold»Error«» ok    ", "plain       "])
    }

    @Test("styledLines describes every kind of colour and attribute")
    func styledDescriptions() {
        let terminal = HeadlessTerminal(size: Size(width: 5, height: 1))
        var canvas = Canvas(size: terminal.size)
        canvas.put("a", at: Point(x: 0, y: 0), style: Style(foreground: .rgb(255, 0, 10)))
        canvas.put("b", at: Point(x: 1, y: 0), style: Style(background: .palette(196)))
        canvas.put(
            "c",
            at: Point(x: 2, y: 0),
            style: Style(foreground: .ansi(12), background: .rgb(1, 2, 3), attributes: [.italic, .bold, .underline, .dim, .reverse])
        )
        canvas.put(
            "d",
            at: Point(x: 3, y: 0),
            style: Style(foreground: .ansi(12), background: .rgb(1, 2, 3), attributes: [.italic, .bold, .underline, .dim, .reverse])
        )
        terminal.present(canvas)
        #expect(terminal.styledLines == ["«fg=#ff000a»a«bg=p196»b«fg=12 bg=#010203 bold dim reverse underline italic»cd«» "])
        #expect(HeadlessTerminal.describe(.plain) == "")
    }

    @Test("Wide graphemes in styledLines are written once")
    func styledWide() {
        let terminal = HeadlessTerminal(size: Size(width: 4, height: 1))
        var canvas = Canvas(size: terminal.size)
        canvas.draw("漢", at: .zero, style: Style(attributes: .underline))
        terminal.present(canvas)
        #expect(terminal.styledLines == ["«underline»漢«»  "])
    }

    @Test("Colours are shown resolved to the terminal's depth (16 colours)")
    func resolvedSixteen() {
        let terminal = HeadlessTerminal(size: Size(width: 3, height: 1), colorDepth: .ansi16)
        var canvas = Canvas(size: terminal.size)
        canvas.put("X", at: .zero, style: Style(foreground: .rgb(255, 0, 0), background: .palette(244), attributes: .bold))
        canvas.put("Y", at: Point(x: 1, y: 0), style: Style(foreground: .palette(3)))
        terminal.present(canvas)
        #expect(terminal.screen[0, 0].style == Style(foreground: .ansi(9), background: .ansi(8), attributes: .bold))
        #expect(terminal.screen[1, 0].style == Style(foreground: .ansi(3)))
        #expect(terminal.styledLines == ["«fg=9 bg=8 bold»X«fg=3»Y«» "])
    }

    @Test("Colours resolved at 256 colours and with no colour")
    func resolvedOtherDepths() {
        var canvas = Canvas(size: Size(width: 2, height: 1))
        canvas.put("X", at: .zero, style: Style(foreground: .rgb(255, 0, 0), attributes: .reverse))
        let palette = HeadlessTerminal(size: canvas.size, colorDepth: .palette256)
        palette.present(canvas)
        #expect(palette.styledLines == ["«fg=p196 reverse»X«» "])
        let mono = HeadlessTerminal(size: canvas.size, colorDepth: .none)
        mono.present(canvas)
        #expect(mono.styledLines == ["«reverse»X«» "])
        let full = HeadlessTerminal(size: canvas.size, colorDepth: .trueColor)
        full.present(canvas)
        #expect(full.screen[0, 0].style.foreground == .rgb(255, 0, 0))
    }

    @Test("Changing the reported depth affects later presents")
    func changingDepth() {
        let terminal = HeadlessTerminal(size: Size(width: 1, height: 1))
        var canvas = Canvas(size: terminal.size)
        canvas.put("X", at: .zero, style: Style(foreground: .rgb(255, 0, 0)))
        terminal.capabilities.colorDepth = .ansi16
        terminal.present(canvas)
        #expect(terminal.screen[0, 0].style.foreground == .ansi(9))
    }

    @Test("resize changes the size and queues a resize event")
    func resize() {
        let terminal = HeadlessTerminal(size: Size(width: 10, height: 4))
        terminal.send(.key(.enter))
        terminal.resize(to: Size(width: 30, height: 8))
        #expect(terminal.size == Size(width: 30, height: 8))
        #expect(terminal.readEvents() == [.key(.enter), .resize(Size(width: 30, height: 8))])
        #expect(terminal.readEvents().isEmpty)
    }

    @Test("A canvas of another size is cut or padded to the terminal")
    func mismatchedCanvas() {
        let terminal = HeadlessTerminal(size: Size(width: 4, height: 2))
        terminal.present(makeCanvas(["abcdef", "ghijkl", "mnopqr"], width: 6))
        #expect(terminal.lines == ["abcd", "ghij"])
        terminal.present(makeCanvas(["x"], width: 1))
        #expect(terminal.lines == ["x   ", "    "])
    }

    @Test("lastChangedCells counts the cells that differ from the last screen")
    func changedCells() {
        let terminal = HeadlessTerminal(size: Size(width: 6, height: 1))
        terminal.present(makeCanvas(["Hello"], width: 6))
        #expect(terminal.lastChangedCells == 5)
        terminal.present(makeCanvas(["Hello"], width: 6))
        #expect(terminal.lastChangedCells == 0)
        terminal.present(makeCanvas(["Hallo"], width: 6))
        #expect(terminal.lastChangedCells == 1)
        terminal.resize(to: Size(width: 3, height: 1))
        terminal.present(makeCanvas(["ab"], width: 3))
        #expect(terminal.lastChangedCells == 2)  // compared with a blank screen of the new size
        #expect(terminal.lines == ["ab "])
        #expect(terminal.presentCount == 4)
    }
}
