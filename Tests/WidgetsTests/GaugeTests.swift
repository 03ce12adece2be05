import IndicatorKit
import Testing

@testable import Widgets

/// Gauges and sparklines drawn as ratatui (tui 0.19) draws its own: the screens of its
/// `widgets_gauge.rs` tests and of its sparkline, cell for cell, colours included.
@MainActor
struct GaugeTests {
    func drawn(_ view: any View, width: Int, height: Int = 1) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: height))
        view.render(in: canvas.bounds, on: &canvas)
        return canvas
    }

    @Test func aUnicodeGaugeMovesItsEdgeByEighthsAndCentresItsLabel() {
        let style = Style(foreground: .red, background: .blue)
        let percent = drawn(Gauge(percent: 43, style: style, usesUnicode: true), width: 34)
        #expect(percent.lines == ["              ▋43%                "])
        let ratio = drawn(Gauge(ratio: 0.511_313_934_313_1, style: style, usesUnicode: true), width: 34)
        #expect(ratio.lines == ["               51%                "], "the label covers the edge")
        for x in 0..<34 {
            let filled = x < 14
            #expect(percent[x, 0].style.background == (filled ? .red : .blue), "column \(x)")
            #expect(percent[x, 0].style.foreground == (filled ? .blue : .red), "column \(x)")
            #expect(ratio[x, 0].style.background == (x < 17 ? .red : .blue), "column \(x)")
        }
    }

    @Test func withoutUnicodeTheFillIsRoundedToWholeCells() {
        #expect(drawn(Gauge(percent: 43), width: 34).lines == ["               43%                "])
        let gauge = drawn(Gauge(ratio: 0.211_313_934_313_1, style: Style(foreground: .red)), width: 34)
        #expect(gauge.lines == ["               21%                "])
        #expect((0..<34).filter { gauge[$0, 0].style.background == .red }.count == 7, "0.21 of 34 is 7.2: 7 cells")
    }

    @Test func theLabelKeepsTheFillBeneathIt() {
        let label = Style(foreground: .green, attributes: .bold)
        let gauge = drawn(Gauge(percent: 43, label: "43%", style: Style(foreground: .blue, background: .red), labelStyle: label), width: 10, height: 3)
        #expect(gauge.lines == ["          ", "   43%    ", "          "])
        for y in 0..<3 {
            for x in 0..<10 {
                let style = gauge[x, y].style
                #expect(style.background == (x < 4 ? .blue : .red), "\(x),\(y): the filled part is the gauge's colours swapped")
            }
        }
        #expect(gauge[3, 1].style == Style(foreground: .green, background: .blue, attributes: .bold), "'4' is on the fill")
        #expect(gauge[4, 1].style == Style(foreground: .green, background: .red, attributes: .bold), "'3' is not")
    }

    @Test func aLabelWiderThanTheGaugeIsCut() {
        #expect(drawn(Gauge(percent: 43, label: "43333333333333333333333333333%"), width: 10).lines == ["4333333333"])
    }

    @Test func ratiosOutsideZeroToOneAreTakenAsTheNearerEnd() {
        #expect(drawn(Gauge(ratio: 7), width: 6).lines == [" 100% "])
        #expect(drawn(Gauge(ratio: -1), width: 6).lines == ["  0%  "])
        #expect(drawn(Gauge(ratio: .nan), width: 6).lines == ["  0%  "])
        #expect(drawn(LineGauge(ratio: .infinity), width: 8).lines == ["100% ───"])
    }

    @Test func aLineGaugeDrawsItsLabelThenTheLineFilledToItsRatio() {
        let gauge = drawn(LineGauge(ratio: 0.43, filledStyle: Style(foreground: .green), unfilledStyle: Style(foreground: .white)), width: 20)
        #expect(gauge.lines == ["43% ────────────────"])
        for x in 4..<20 { #expect(gauge[x, 0].style.foreground == (x < 10 ? .green : .white), "column \(x)") }
        let thick = drawn(LineGauge(ratio: 0.211_313_934_313_1, lines: .thick, filledStyle: Style(foreground: .green)), width: 18)
        #expect(thick.lines == ["21% ━━━━━━━━━━━━━━"])
        #expect((4..<18).filter { thick[$0, 0].style.foreground == .green }.count == 2)
        #expect(drawn(LineGauge(ratio: 0.5, label: "Tasks", lines: .double), width: 5).lines == ["Tasks"], "no room for a line")
    }

    @Test func aSparklineScalesItsValuesToEighthsOfItsHeight() {
        #expect(drawn(Sparkline([0, 1, 2, 3, 4, 5, 6, 7, 8]), width: 12).lines == [" ▁▂▃▄▅▆▇█   "])
        #expect(drawn(Sparkline([0, 1, 2, 3, 4, 5, 6, 7, 8], max: 16), width: 9).lines == ["  ▁▁▂▂▃▃▄"])
        let tall = drawn(Sparkline([1, 3, 8]), width: 3, height: 2)
        #expect(tall.lines == ["  █", "▂▆█"], "3 of 8 on 2 rows is 6 eighths: all in the bottom row")
        #expect(drawn(Sparkline([5, 9, 2, 7]), width: 2).lines == ["▄█"], "as many as fit, the first at the left")
        #expect(drawn(Sparkline([0, 0]), width: 2).lines == ["  "], "all zero: nothing, no division by zero")
        #expect(drawn(Sparkline([Int.max, -3, Int.max / 2]), width: 3).lines == ["█ ▄"])
    }

    @Test func aBarChartFillsItsBarsUpToTheirValuesWithLabelsBelowAndValuesAtTheirFeet() {
        let chart = BarChart([("empty", 0), ("half", 50), ("almost", 99), ("full", 100)], max: 100, barWidth: 7, barGap: 0)
        #expect(
            drawn(chart, width: 28, height: 8).lines == [
                "              ▇▇▇▇▇▇▇███████",
                "              ██████████████",
                "              ██████████████",
                "       ▄▄▄▄▄▄▄██████████████",
                "       █████████████████████",
                "       █████████████████████",
                "       ██50█████99█████100██",
                "empty  half   almost full   ",
            ]
        )
        #expect(
            drawn(BarChart([("a", 3), ("b", 1), ("c", 2)]), width: 4, height: 3).lines == ["█   ", "█ ▅ ", "a b "],
            "as many as fit, with their gaps: 1 of 3 on 2 rows is 5 eighths"
        )
        #expect(drawn(BarChart([("a", Int.max), ("b", -5)]), width: 4, height: 2).lines == ["█   ", "a b "], "Int.max and a negative value")
        #expect(drawn(BarChart([("a", 3)], barWidth: Int.max, barGap: Int.max), width: 4, height: 2).lines == ["    ", "    "], "no bar fits")
    }

    @Test func groupsOfBarsSitSideBySideTheirLabelsUnderTheBarsLabels() {
        let chart = BarChart(
            groups: [
                BarChart.Group([BarChart.Bar(4, label: "a"), BarChart.Bar(8, label: "b")], label: "G1"),
                BarChart.Group([BarChart.Bar(2, label: "c")], label: "G2"),
            ],
            groupGap: 2
        )
        #expect(
            drawn(chart, width: 10, height: 6).lines == ["  █       ", "  █       ", "█ █       ", "█ █   █   ", "a b   c   ", "G1    G   "],
            "a group's label centred under its bars and cut to them"
        )
        #expect(chart.bars.map(\.label) == ["a", "b", "c"] && chart.bars.map(\.value) == [4, 8, 2])
        let styled = BarChart(
            groups: [BarChart.Group([BarChart.Bar(9, style: Style(foreground: .red), valueStyle: Style(attributes: .bold), text: "9%")])],
            barWidth: 3
        )
        let canvas = drawn(styled, width: 4, height: 3)
        #expect(canvas.lines == ["███ ", "9%█ ", "    "] && canvas[0, 0].style.foreground == .red && canvas[0, 1].style.attributes.contains(.bold))
    }

    @Test func horizontalBarsGrowFromTheirLabelsWithTheirValuesAtTheirStart() {
        let chart = BarChart(
            groups: [BarChart.Group([BarChart.Bar(5, label: "one"), BarChart.Bar(10, label: "two"), BarChart.Bar(1, label: "x", text: "tiny")], label: "G")],
            barGap: 0,
            groupGap: 1,
            direction: .horizontal,
            barStyle: Style(foreground: .green),
            valueStyle: Style(foreground: .black, background: .green)
        )
        let canvas = drawn(chart, width: 14, height: 5)
        #expect(canvas.lines == ["one 5████     ", "two 10████████", "x   tiny      ", "    G         ", "              "])
        #expect(canvas[4, 2].style == Style(foreground: .black, background: .green), "the text on the bar in the value's style")
        #expect(canvas[5, 2].style.foreground == .green && canvas[5, 2].style.background == .default, "past it in the bar's colour")
        #expect(drawn(chart, width: 14, height: 1).lines == ["one 5████     "], "as many bars as fit")
        let thick = BarChart(groups: [BarChart.Group([BarChart.Bar(2, label: "a"), BarChart.Bar(4, label: "b")])], max: 4, barWidth: 2, direction: .horizontal)
        #expect(
            drawn(thick, width: 6, height: 5).lines == ["  ██  ", "a 2█  ", "      ", "  ████", "b 4███"],
            "two rows a bar, the label and value on the lower middle one"
        )
    }
}
