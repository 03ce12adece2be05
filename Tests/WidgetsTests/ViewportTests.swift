import TUIPilot
import TestSupport
import Testing
import Widgets

/// A pager's window: wrapped text, scrolling, how far down, highlights.
@MainActor
struct ViewportTests {
    @Test func linesWrapAtWordsAndLongWordsBreakWhereTheyMust() {
        #expect(Viewport.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(Viewport.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"])
        #expect(Viewport.wrap("日本語のテキスト", width: 6) == ["日本語", "のテキ", "スト"], "wide characters count two")
        #expect(Viewport.wrap("short", width: 10) == ["short"])
    }

    @Test func itScrollsByLinesPagesAndEndsAndSaysHowFarDown() {
        let pager = Viewport(text: (1...30).map { "line \($0)" }.joined(separator: "\n"))
        let pilot = Pilot(pager, size: Size(width: 12, height: 5))
        #expect(pilot.trimmedLines.first == "line 1" && pager.scrollPercent == 0)
        pilot.press(.character("j"), .down)
        #expect(pilot.trimmedLines.first == "line 3")
        pilot.press(.pageDown)
        #expect(pilot.trimmedLines.first == "line 7")
        pilot.press(.end)
        #expect(pilot.trimmedLines == ["line 26", "line 27", "line 28", "line 29", "line 30"])
        #expect(pager.scrollPercent == 1 && pager.isAtBottom)
        pilot.wheel(1, at: Point(x: 1, y: 1))
        #expect(pilot.trimmedLines.first == "line 23")
        #expect(abs(pager.scrollPercent - 22.0 / 25.0) < 1e-9)
    }

    @Test func withoutWrappingItScrollsSidewaysAndHighlightsEveryMatch() {
        let pager = Viewport(text: "a needle, another needle here")
        pager.wraps = false
        pager.highlight = "needle"
        let pilot = Pilot(pager, size: Size(width: 12, height: 1))
        #expect(pilot.lines == ["a needle, an"])
        #expect(pilot.terminal.screen[2, 0].style.attributes.contains(.reverse) && !pilot.terminal.screen[1, 0].style.attributes.contains(.reverse))
        pilot.press(.right)
        #expect(pilot.lines == ["another need"], "ten columns along")
        #expect(pilot.terminal.screen[8, 0].style.attributes.contains(.reverse), "a match cut at the edge is highlighted as far as it shows")
        pager.wraps = true
        pilot.resize(to: Size(width: 12, height: 3))
        #expect(pilot.trimmedLines == ["a needle,", "another", "needle here"])
    }
}
