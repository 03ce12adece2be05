import Foundation
import IndicatorKit
import Testing

@testable import Widgets

/// `Chart` laid out as tui 0.19 lays out its chart: the screens of its `widgets_chart.rs`
/// tests, and a chart with two datasets, titles and a legend as tui's `TestBackend` draws it.
@MainActor
struct ChartTests {
    func drawn(_ chart: Chart, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: height))
        chart.render(in: canvas.bounds, on: &canvas)
        return canvas
    }

    func axes(_ x: Chart.Axis, _ y: Chart.Axis, width: Int = 10, height: Int = 5) -> [String] {
        drawn(Chart([], xAxis: x, yAxis: y), width: width, height: height).lines
    }

    @Test func longLabelsTakeAtMostAThirdOfTheWidth() {
        func axis(_ labels: [StyledText]?, _ alignment: TextAlignment = .left) -> Chart.Axis {
            Chart.Axis(bounds: 0...1, labels: labels, labelsAlignment: alignment)
        }
        let blank = "          "
        #expect(axes(axis(["AAAA", "B"]), axis(nil)) == [blank, blank, blank, "   ───────", "AAA      B"])
        #expect(axes(axis(["A", "BBBB"]), axis(nil)) == [blank, blank, blank, " ─────────", "A     BBBB"])
        #expect(axes(axis(["AAAAAAAAAAA", "B"]), axis(nil)) == [blank, blank, blank, "   ───────", "AAA      B"])
        #expect(axes(axis(["A", "B"]), axis(["CCCCCCC", "D"])) == ["D  │      ", "   │      ", "CCC│      ", "   └──────", "   A     B"])
        #expect(axes(axis(["AAAAAAAAAA", "B"], .center), axis(["C", "D"])) == ["D  │      ", "   │      ", "C  │      ", "   └──────", "AAAAAAA  B"])
        #expect(axes(axis(["AAAAAAA", "B"], .right), axis(["C", "D"])) == ["D│        ", " │        ", "C│        ", " └────────", " AAAAA   B"])
        #expect(axes(axis(["AAAAAAA", "BBBBBBB"], .right), axis(["C", "D"])) == ["D│        ", " │        ", "C│        ", " └────────", " AAAAABBBB"])
    }

    @Test func xLabelsAlignAsTuiAlignsThem() {
        let blank = "          "
        let x: (TextAlignment) -> Chart.Axis = { Chart.Axis(labels: ["AAAA", "B", "C"], labelsAlignment: $0) }
        #expect(axes(x(.left), Chart.Axis()) == [blank, blank, blank, "   ───────", "AAA   B  C"])
        #expect(axes(x(.center), Chart.Axis()) == [blank, blank, blank, "  ────────", "AAAA B   C"])
        #expect(axes(x(.right), Chart.Axis()) == [blank, blank, blank, "──────────", "AAA  B   C"])
    }

    @Test func yLabelsAlignAsTuiAlignsThem() {
        let x = Chart.Axis(labels: ["AAAAA", "B"])
        let y: (TextAlignment) -> Chart.Axis = { Chart.Axis(labels: ["C", "D"], labelsAlignment: $0) }
        let rest = ["    │               ", "    └───────────────", "AAAAA              B"]
        #expect(axes(x, y(.left), width: 20) == ["D   │               ", rest[0], "C   │               ", rest[1], rest[2]])
        #expect(axes(x, y(.center), width: 20) == ["  D │               ", rest[0], "  C │               ", rest[1], rest[2]])
        #expect(axes(x, y(.right), width: 20) == ["   D│               ", rest[0], "   C│               ", rest[1], rest[2]])
    }

    @Test func datasetsTitlesAndALegendAreTheCellsTuiDraws() {
        let sine = (0..<40).map { index -> (x: Double, y: Double) in (Double(index) / 4, sin(Double(index) / 4) * 2) }
        let chart = Chart(
            [
                Chart.Dataset(name: "sine", data: sine, marker: .braille, graphType: .line, style: Style(foreground: .cyan)),
                Chart.Dataset(name: "dots", data: [(1, 1), (2, -1), (5, 0.5), (8, -1.5)], style: Style(foreground: .yellow)),
            ],
            xAxis: Chart.Axis(title: "X Axis", bounds: 0...10, labels: ["0", "5", "10"]),
            yAxis: Chart.Axis(title: "Y", bounds: -2...2, labels: ["-2", "0", "2"])
        )
        let canvas = drawn(chart, width: 44, height: 22)
        #expect(
            canvas.lines == [
                "2 │Y    ⡔⠉⠱⡀                     ⡔⠉⠱⡀ ┌────┐", "  │    ⡜   ⠱⡀                   ⡜   ⠱⡀│sine│",
                "  │   ⡸     ⢣                  ⢸     ⢱│dots│", "  │  ⢀⠇     ⠘⡄                 ⡇     ⠈└────┘",
                "  │  ⡸ •     ⢣                ⢸       ⢱     ", "  │ ⢀⠇       ⠘⡄               ⡇       ⠈⡆    ",
                "  │ ⡸         ⢇              ⢸         ⢣    ", "  │ ⡇         ⠸⡀       •     ⡎         ⠘⡄   ",
                "  │⢸           ⡇            ⢠⠃          ⢇   ", "  │⡎           ⢸            ⡜           ⢸   ",
                "0 │            ⠈⡆          ⢀⠇            ⡇  ", "  │             ⢣          ⢸             ⢱  ",
                "  │             ⠸⡀         ⡇             ⠘⡄ ", "  │              ⡇        ⢰⠁              ⠁ ",
                "  │        •     ⢸        ⡎                 ", "  │               ⡇      ⢠⠃                 ",
                "  │               ⢸      ⡜         •        ", "  │                ⢇    ⢰⠁                  ",
                "  │                ⠈⡆  ⢀⠇                   ", "-2│                 ⠘⠤⠤⠊              X Axis",
                "  └─────────────────────────────────────────", "  0                    5                  10",
            ]
        )
        #expect(canvas[40, 2].style.foreground == .yellow && canvas[7, 1].style.foreground == .cyan, "the title row is restyled, as tui does")
        #expect(drawn(chart, width: 44, height: 14).lines[0] == "2 │Y   ⡠⠒⠉⠑⢄                    ⢠⠒⠉⠉⢢       ", "no room: no legend")
    }

    @Test func smallAreasEmptyDataAndWildBoundsDrawWithoutTrapping() {
        let wild = Chart(
            [
                Chart.Dataset(data: [(1_588_298_471, 1), (1_588_298_473, 0), (.nan, .infinity)], marker: .braille, graphType: .line),
                Chart.Dataset(data: [], graphType: .line),
            ],
            xAxis: Chart.Axis(bounds: 1_588_298_471...1_588_992_600, labels: ["1588298471.0", "1588992600.0"]),
            yAxis: Chart.Axis(bounds: 0...0, labels: ["0.0"])
        )
        for (width, height) in [(0, 0), (1, 1), (3, 2), (80, 30), (100, 100)] {
            #expect(drawn(wild, width: width, height: height).lines.count == height)
        }
    }
}
