import IndicatorKit
import Testing

@testable import Widgets

/// `PlotCanvas` as tui 0.19 draws its `canvas::Canvas`: the same shapes give the same cells
/// (the screens below are tui's own, from its `TestBackend`).
@MainActor
struct PlotCanvasTests {
    func drawn(_ marker: PlotCanvas.Marker) -> Canvas {
        let plot = PlotCanvas(x: 0...20, y: 0...10, marker: marker) { painter in
            painter.draw(.line(x1: 0, y1: 0, x2: 20, y2: 10, color: .red))
            painter.draw(.line(x1: 0, y1: 10, x2: 7, y2: 0, color: .red))
            painter.draw(.rectangle(x: 10, y: 2, width: 8, height: 5, color: .blue))
            painter.layer()
            painter.draw(.points([(x: 1, y: 5), (x: 2.5, y: 5.5), (x: 19.9, y: 0.1)], color: .green))
            painter.print(x: 12, y: 9, "hi")
        }
        var canvas = Canvas(size: Size(width: 20, height: 8))
        plot.render(in: canvas.bounds, on: &canvas)
        return canvas
    }

    @Test func shapesLayersAndLabelsAreTheCellsTuiDraws() {
        #expect(
            drawn(.braille).lines == [
                "⢣          hi    ⢀⠤⠊", " ⢣             ⡠⠔⠁  ", " ⠈⢆      ⢰⠒⠒⢒⠶⠚⠒⠒⢲  ", "⢀ ⠂⡄     ⢸⡠⠔⠁    ⢸  ",
                "   ⠘⡄  ⢀⠔⢺       ⢸  ", "    ⠱⡠⠒⠁ ⢸       ⢸  ", "  ⢀⠔⠊⢣   ⠈⠉⠉⠉⠉⠉⠉⠉⠉  ", "⡠⠒⠁   ⢣            ⠄",
            ]
        )
        #expect(
            drawn(.dot).lines == [
                "•          hi     ••", " •             •••  ", "  •      •••••••••  ", "• ••     ••••    •  ",
                "   •   •••       •  ", "    •••  •••••••••  ", "  ••••            • ", "••    •             ",
            ]
        )
        let block = drawn(.block)
        #expect(block.lines[0] == "▄          hi     ▄▄")
        #expect(block[0, 0].style.foreground == .red && block[9, 2].style.foreground == .blue && block[0, 3].style.foreground == .green)
    }

    /// tui's `widgets_canvas_draw_labels`: a label at a coordinate in its own colour over the background.
    @Test func aLabelKeepsTheBackground() {
        let plot = PlotCanvas(x: 0...5, y: 0...5, background: .yellow) { $0.print(x: 0, y: 0, StyledText("test", style: Style(foreground: .blue))) }
        var canvas = Canvas(size: Size(width: 5, height: 5))
        plot.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["     ", "     ", "     ", "     ", "test "])
        #expect(canvas[0, 4].style == Style(foreground: .blue, background: .yellow))
        #expect(canvas[4, 4].style == Style(background: .yellow) && canvas[2, 0].style == Style(background: .yellow))
    }

    @Test func halfBlocksColourEachHalfAndACircleCloses() {
        let plot = PlotCanvas(x: 0...1, y: 0...3, marker: .halfBlock) { painter in
            painter.draw(.points([(x: 0, y: 3), (x: 1, y: 3), (x: 1, y: 2)], color: .red))
            painter.draw(.points([(x: 0, y: 1), (x: 1, y: 0)], color: .blue))
        }
        var canvas = Canvas(size: Size(width: 2, height: 2))
        plot.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["▀█", "▀▄"])
        #expect(canvas[0, 1].style == Style(foreground: .blue) && canvas[1, 1].style == Style(foreground: .blue))
        let circle = PlotCanvas(x: -5...5, y: -5...5, marker: .dot) { $0.draw(.circle(x: 0, y: 0, radius: 4, color: .yellow)) }
        var ring = Canvas(size: Size(width: 11, height: 11))
        circle.render(in: ring.bounds, on: &ring)
        #expect(
            ring.lines == [
                "           ", "   •••••   ", "  ••   ••  ", " ••     •• ", " •       • ", " •       • ", " •       • ", " ••     •• ", "  ••   ••  ",
                "   •••••   ", "           ",
            ],
            "\(ring.lines.joined(separator: "\n"))"
        )
    }

    @Test func coordinatesOutsideTheBoundsOrWildAreLeftOut() {
        let plot = PlotCanvas(x: 0...10, y: 0...10) { painter in
            painter.draw(.line(x1: -1, y1: 0, x2: 5, y2: 5, color: .red))
            painter.draw(.points([(x: .nan, y: 1), (x: .infinity, y: 2), (x: 1e300, y: -1e300)], color: .red))
            painter.draw(.circle(x: 5, y: 5, radius: .greatestFiniteMagnitude, color: .red))
            painter.draw(.rectangle(x: .nan, y: 0, width: 1, height: 1, color: .red))
            painter.print(x: 11, y: 0, "out")
        }
        var canvas = Canvas(size: Size(width: 6, height: 3))
        plot.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines.allSatisfy { $0.allSatisfy { $0 == " " } })
        let flat = PlotCanvas(x: 1...1, y: 0...1) { $0.draw(.points([(x: 1, y: 1)], color: .red)) }
        flat.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines.allSatisfy { $0.allSatisfy { $0 == " " } }, "bounds with no width show nothing")
    }
}
