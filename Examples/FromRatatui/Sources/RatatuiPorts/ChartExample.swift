import Foundation
import Widgets

/// tui 0.19's `chart` example: two sine waves scrolling through a chart (one in cyan dots, one
/// in yellow braille; the window moves one unit a tick), and two fixed line charts. `q` quits.
@MainActor
public final class ChartExample: View {
    /// The example's `SinSignal`: points along `sin(x / period) · scale`, `interval` apart.
    struct SineSignal: IteratorProtocol {
        var x = 0.0
        let interval: Double
        let period: Double
        let scale: Double

        mutating func next() -> (x: Double, y: Double)? {
            defer { x += interval }
            return (x, sin(x * 1.0 / period) * scale)
        }

        mutating func take(_ count: Int) -> [(x: Double, y: Double)] { (0..<count).compactMap { _ in next() } }
    }

    private var signal1 = SineSignal(interval: 0.2, period: 3.0, scale: 18.0)
    private var signal2 = SineSignal(interval: 0.1, period: 2.0, scale: 10.0)
    /// The two waves' points in the window, and the window.
    public private(set) var data1: [(x: Double, y: Double)]
    public private(set) var data2: [(x: Double, y: Double)]
    public private(set) var window = 0.0...20.0
    private var ticks: Ticks?

    static let data: [(x: Double, y: Double)] = [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]
    static let data2: [(x: Double, y: Double)] = [(0, 0), (10, 1), (20, 0.5), (30, 1.5), (40, 1), (50, 2.5), (60, 3)]

    public init(clock: any Scheduler = LiveScheduler()) {
        data1 = signal1.take(200)
        data2 = signal2.take(200)
        ticks = Ticks(clock: clock) { [weak self] in self?.tick() }
    }

    /// The example's `on_tick`.
    func tick() {
        data1.removeFirst(5)
        data1 += signal1.take(5)
        data2.removeFirst(10)
        data2 += signal2.take(10)
        window = (window.lowerBound + 1)...(window.upperBound + 1)
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        ticks?.note()
        let areas = Layout.vertical(Array(repeating: .ratio(1, 3), count: 3)).split(rect)
        let bold = Style(attributes: .bold)
        let gray = Style(foreground: .white)  // tui's `Color::Gray` is the terminal's white

        let chart1 = Chart(
            [
                Chart.Dataset(name: "data2", data: data1, marker: .dot, style: Style(foreground: .cyan)),
                Chart.Dataset(name: "data3", data: data2, marker: .braille, style: Style(foreground: .yellow)),
            ],
            xAxis: Chart.Axis(
                title: "X Axis",
                bounds: window,
                labels: [
                    StyledText(Self.number(window.lowerBound), style: bold), StyledText(Self.number((window.lowerBound + window.upperBound) / 2)),
                    StyledText(Self.number(window.upperBound), style: bold),
                ],
                style: gray
            ),
            yAxis: Chart.Axis(title: "Y Axis", bounds: -20...20, labels: [StyledText("-20", style: bold), "0", StyledText("20", style: bold)], style: gray)
        )
        titled(chart1, "Chart 1").render(in: areas[0], on: &canvas)

        let chart2 = Chart(
            [Chart.Dataset(name: "data", data: Self.data, marker: .braille, graphType: .line, style: Style(foreground: .yellow))],
            xAxis: Chart.Axis(title: "X Axis", bounds: 0...5, labels: [StyledText("0", style: bold), "2.5", StyledText("5.0", style: bold)], style: gray),
            yAxis: Chart.Axis(title: "Y Axis", bounds: 0...5, labels: [StyledText("0", style: bold), "2.5", StyledText("5.0", style: bold)], style: gray)
        )
        titled(chart2, "Chart 2").render(in: areas[1], on: &canvas)

        let chart3 = Chart(
            [Chart.Dataset(name: "data", data: Self.data2, marker: .braille, graphType: .line, style: Style(foreground: .yellow))],
            xAxis: Chart.Axis(title: "X Axis", bounds: 0...50, labels: [StyledText("0", style: bold), "25", StyledText("50", style: bold)], style: gray),
            yAxis: Chart.Axis(title: "Y Axis", bounds: 0...5, labels: [StyledText("0", style: bold), "2.5", StyledText("5", style: bold)], style: gray)
        )
        titled(chart3, "Chart 3").render(in: areas[2], on: &canvas)
    }

    /// `chart` in a square border titled in bold cyan.
    private func titled(_ chart: Chart, _ title: String) -> Box {
        Box(chart, titles: [Box.Title(StyledText(title, style: Style(foreground: .cyan, attributes: .bold)))], lines: .square)
    }

    /// A number as Rust's `{}` writes it: `7` for 7.0, `17.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    public func handle(_ event: InputEvent) -> EventResult { event == .key(.character("q")) ? .quit(status: 0) : .ignored }
}
