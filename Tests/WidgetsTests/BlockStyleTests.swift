import Testing
import Widgets

/// Blocks laid out as lipgloss lays them out: each expected text is what lipgloss (Debian's
/// golang-github-charmbracelet-lipgloss-dev) printed for the same style.
struct BlockStyleTests {
    @Test func aWidthWrapsTheTextInsideThePaddingBorderAndMargins() {
        let style = BlockStyle().width(16).padding(EdgeInsets(vertical: 1, horizontal: 2)).border(.rounded).margin(EdgeInsets(vertical: 0, horizontal: 1))
            .alignment(.center)
        let block = style.render("IndicatorKit draws terminal indicators.")
        #expect(
            block.description.components(separatedBy: "\n") == [
                " ╭────────────────╮ ",
                " │                │ ",
                " │  IndicatorKit  │ ",
                " │     draws      │ ",
                " │    terminal    │ ",
                " │  indicators.   │ ",
                " │                │ ",
                " ╰────────────────╯ ",
            ]
        )
        #expect(block.width == 20 && block.height == 8)
    }

    @Test func blocksJoinSideBySideAndOneAboveAnother() {
        let box = BlockStyle().border(.square).render("one\ntwo\nthree")
        let x = BlockStyle().padding(EdgeInsets(vertical: 0, horizontal: 1)).render("x")
        #expect(
            TextBlock.joined(horizontally: [box, x, box], alignment: .center).description.components(separatedBy: "\n") == [
                "┌─────┐   ┌─────┐",
                "│one  │   │one  │",
                "│two  │ x │two  │",
                "│three│   │three│",
                "└─────┘   └─────┘",
            ],
            "the short one in the middle, its odd blank line above"
        )
        #expect(
            TextBlock.joined(vertically: [box, x, TextBlock("wide wide wide")], alignment: .center).description.components(separatedBy: "\n") == [
                "    ┌─────┐   ",
                "    │one  │   ",
                "    │two  │   ",
                "    │three│   ",
                "    └─────┘   ",
                "       x      ",
                "wide wide wide",
            ],
            "the odd blank cell on the left"
        )
    }

    @Test func aHeightAndSomeBorderSidesAndAPlacedBlock() {
        let block = BlockStyle().height(4).width(7).alignment(.right).border(.thick, sides: [.top, .bottom]).render("ab c")
        #expect(block.description.components(separatedBy: "\n") == ["━━━━━━━", "   ab c", "       ", "       ", "       ", "━━━━━━━"])
        #expect(
            TextBlock("hi").placed(width: 9, height: 4, alignment: .center, verticalAlignment: .center).description.components(separatedBy: "\n") == [
                "         ", "   hi    ", "         ", "         ",
            ]
        )
        let middle = BlockStyle().height(5).alignment(.left, .center).render("m")
        #expect(middle.lines.map(\.plain) == [" ", " ", "m", " ", " "])
    }

    @Test func coloursAdaptToTheBackgroundAndFillThePadding() {
        let style = BlockStyle().foreground(AdaptiveColor(light: .palette(236), dark: .palette(252))).background(.blue).padding(
            EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
        ).bold()
        let dark = style.render("\("hi", style: Style(foreground: .red))!")
        #expect(
            dark.lines == [
                StyledText(runs: [
                    StyledText.Run(" ", style: Style(background: .blue)),
                    StyledText.Run("hi", style: Style(foreground: .red, background: .blue, attributes: .bold)),
                    StyledText.Run("!", style: Style(foreground: .palette(252), background: .blue, attributes: .bold)),
                    StyledText.Run(" ", style: Style(background: .blue)),
                ])
            ],
            "the text's own colour over the block's, the padding in the block's background alone (as lipgloss's)"
        )
        #expect(style.render("x", theme: .light).lines[0].runs[1].style.foreground == .palette(236))
        #expect(dark.ansiText(colorDepth: .none) == " hi! ")
        #expect(dark.ansiText(colorDepth: .palette256).contains("38;5;252"))
    }

    @Test func hostileInputStaysInItsBlock() {
        let block = BlockStyle().border(.square).render("a\u{1B}[2Jb\tc")
        #expect(block.description.components(separatedBy: "\n")[1] == "│a\u{FFFD}[2Jb c│", "escapes and tabs cannot move the cursor")
        let huge = BlockStyle().width(Int.max).padding(EdgeInsets(top: Int.max, left: Int.min, bottom: 0, right: 0)).margin(EdgeInsets(top: -5)).height(Int.max)
            .maxSize(width: 10, height: 3)
        let cut = huge.render("x")
        #expect(cut.width == 10 && cut.height == 3, "huge sizes are cut to the largest, then to the maximum asked")
        #expect(BlockStyle().render("").height == 1 && TextBlock("").height == 0)
        #expect(TextBlock(lines: ["a\nb"]).lines.map(\.plain) == ["a b"], "a line stays one line")
    }
}
