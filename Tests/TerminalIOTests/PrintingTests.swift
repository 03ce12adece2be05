import IndicatorKit
import Testing

@testable import TerminalIO

/// A view printed once as text: a table at its own size, in colour or plain.
@MainActor
struct PrintingTests {
    let table = Table(columns: [.init("City"), .init("Pop.", alignment: .right)], rows: [["Tokyo", "37"], ["Delhi", "32"]])

    @Test func aTableIsPrintedAtItsOwnSizeWithNoRowPickedOut() {
        #expect(TerminalApp.string(of: table, width: 80, colorDepth: ColorDepth.none) == "City   Pop.\n───────────\nTokyo    37\nDelhi    32\n")
    }

    @Test func inABoxWithColourTheTextIsTheSameAndNoLineGoesPastTheWidth() {
        let boxed = Box(table, title: "Cities", borderStyle: Style(foreground: .cyan))
        let plain = TerminalApp.string(of: boxed, width: 80, colorDepth: ColorDepth.none)
        #expect(plain.split(separator: "\n").count == 6, "the border round the header, its rule and two rows: \(plain)")
        #expect(plain.split(separator: "\n").allSatisfy { $0.displayWidth == 13 })
        let coloured = TerminalApp.string(of: boxed, width: 80, colorDepth: .palette256)
        #expect(coloured.contains("\u{1B}["), "colour where asked")
        #expect(!plain.contains("\u{1B}"), "none where not")
        #expect(TerminalApp.string(of: boxed, width: 8, colorDepth: ColorDepth.none).split(separator: "\n").allSatisfy { $0.displayWidth <= 8 })
    }

    @Test func aViewThatCannotSayItsSizeIsAsTallAsWhatItDraws() {
        final class Two: View {
            func render(in rect: Rect, on canvas: inout Canvas) {
                canvas.draw("one", at: rect.origin)
                canvas.draw("two", at: Point(x: rect.x, y: rect.y + 1))
            }
        }
        #expect(TerminalApp.string(of: Two(), width: 20, colorDepth: ColorDepth.none) == "one\ntwo\n")
        #expect(TerminalApp.string(of: Two(), width: 0, colorDepth: ColorDepth.none) == "o\nt\n", "a width below 1 is taken as 1")
    }

    @Test func aBlockPrintsPlainInAPipeAndInColourWhereAsked() {
        let block = BlockStyle().foreground(.green).border(.rounded).render("ok")
        #expect(TerminalApp.string(of: block, colorDepth: ColorDepth.none) == "╭──╮\n│ok│\n╰──╯\n")
        #expect(TerminalApp.string(of: block, colorDepth: .ansi16).contains("\u{1B}[32mok\u{1B}[39m"))
        #expect(TerminalApp.string(of: block, environment: ["NO_COLOR": "1"]) == "╭──╮\n│ok│\n╰──╯\n", "tests write to a pipe: plain")
    }

    @Test func theBackgroundTheEnvironmentSaysWinsOverAsking() {
        #expect(TerminalApp.backgroundTheme(environment: ["INDICATORKIT_BACKGROUND": "light"]) == .light)
        #expect(TerminalApp.backgroundTheme(environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(TerminalApp.backgroundTheme(environment: ["COLORFGBG": "15;0"]) == .dark)
    }
}
