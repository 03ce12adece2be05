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
}
