import IndicatorKit
import Testing

@testable import Widgets

/// A box's border drawn on the sides asked for, as ratatui's `Borders`: a corner only where
/// two drawn sides meet, the content in what the drawn sides leave.
@MainActor
struct BoxSidesTests {
    final class Text: View {
        func render(in rect: Rect, on canvas: inout Canvas) { canvas.draw("ab", at: rect.origin, clip: rect) }
    }

    func drawn(_ box: Box, width: Int = 6, height: Int = 3) -> [String] {
        var canvas = Canvas(size: Size(width: width, height: height))
        box.render(in: canvas.bounds, on: &canvas)
        return canvas.lines
    }

    func box(_ sides: Canvas.BoxSides, title: String? = nil) -> Box {
        let box = Box(Text(), title: title, lines: .square)
        box.sides = sides
        return box
    }

    @Test func eachSetOfSidesDrawsItsLinesAndCornersAndLeavesTheRestToTheContent() {
        #expect(drawn(box(.all)) == ["┌────┐", "│ab  │", "└────┘"])
        #expect(drawn(box([.top, .bottom])) == ["──────", "ab    ", "──────"])
        #expect(drawn(box([.left, .right])) == ["│ab  │", "│    │", "│    │"])
        #expect(drawn(box([.top, .left])) == ["┌─────", "│ab   ", "│     "])
        #expect(drawn(box([.bottom, .right])) == ["ab   │", "     │", "─────┘"])
        #expect(drawn(box([])) == ["ab    ", "      ", "      "])
    }

    @Test func aTitleSitsInTheTopLineWhereThereIsOne() {
        #expect(drawn(box([.top], title: "T"), width: 8) == [" T ─────", "ab      ", "        "])
        #expect(drawn(box([.top, .left, .right], title: "Title"), width: 8) == ["┌ Tit… ┐", "│ab    │", "│      │"])
        #expect(drawn(box([.bottom], title: "T")) == ["ab    ", "      ", "──────"], "no top line: no title")
    }

    @Test func aMeasuredBoxCountsOnlyTheSidesItDraws() {
        let table = Table(columns: [.init("A")], rows: [["x"]])
        let open = Box(table, lines: .square)
        open.sides = [.top, .bottom]
        #expect(open.preferredSize(within: Size(width: 80, height: 40)) == Size(width: 1, height: 5))
        #expect(Box(table, lines: .square).preferredSize(within: Size(width: 80, height: 40)) == Size(width: 3, height: 5))
    }

    @Test func aClearedPopupShowsNothingOfWhatWasBeneath() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.fill(canvas.bounds, with: Cell("x", style: Style(background: .red)))
        let popup = Rect(x: 1, y: 0, width: 4, height: 3)
        Clear().render(in: popup, on: &canvas)
        box([.top, .bottom]).render(in: popup, on: &canvas)
        #expect(canvas.lines == ["x────x", "xab  x", "x────x"])
        #expect(canvas[3, 1] == .blank, "no red beneath the gap")
    }

    /// tui 0.19's `widgets_block_title_alignment`: a title at the left, the middle and the
    /// right of the top edge for each set of sides (a 13×2 block at x 1 of a 15×2 screen).
    @Test func titlesStandWhereTuiPutsThem() {
        let sets: [Canvas.BoxSides] = [.all, [.left, .bottom, .right], [.top, .right, .bottom], [.left, .top, .bottom], []]
        let expected: [TextAlignment: [[String]]] = [
            .left: [
                [" ┌Title──────┐ ", " └───────────┘ "], [" │Title      │ ", " └───────────┘ "], [" Title───────┐ ", " ────────────┘ "],
                [" ┌Title─────── ", " └──────────── "], [" Title         ", "               "],
            ],
            .center: [
                [" ┌───Title───┐ ", " └───────────┘ "], [" │   Title   │ ", " └───────────┘ "], [" ────Title───┐ ", " ────────────┘ "],
                [" ┌───Title──── ", " └──────────── "], ["     Title     ", "               "],
            ],
            .right: [
                [" ┌──────Title┐ ", " └───────────┘ "], [" │      Title│ ", " └───────────┘ "], [" ───────Title┐ ", " ────────────┘ "],
                [" ┌───────Title ", " └──────────── "], ["         Title ", "               "],
            ],
        ]
        for (alignment, screens) in expected {
            for (sides, screen) in zip(sets, screens) {
                let box = box(sides)
                box.content = Paragraph(StyledText())
                box.titles = [Box.Title("Title", alignment: alignment)]
                var canvas = Canvas(size: Size(width: 15, height: 2))
                box.render(in: Rect(x: 1, y: 0, width: 13, height: 2), on: &canvas)
                #expect(canvas.lines == screen, "\(alignment) \(sides)")
            }
        }
    }

    @Test func aBottomTitleInItsOwnStyleOverTheBorders() {
        let box = box(.all)
        box.borderStyle = Style(foreground: .blue)
        box.titles = [Box.Title("\("ok", style: Style(attributes: .bold))", edge: .bottom, alignment: .right), Box.Title("a very long title")]
        var canvas = Canvas(size: Size(width: 8, height: 3))
        box.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["┌a very┐", "│ab    │", "└────ok┘"], "a title is cut inside the borders")
        #expect(canvas[5, 2].style == Style(foreground: .blue, attributes: .bold))
        box.content = Paragraph("ab")
        #expect(box.preferredSize(within: Size(width: 80, height: 10)) == Size(width: 19, height: 3))
    }
}
