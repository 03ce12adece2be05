import Widgets

/// tui 0.19's `barchart` example: the same 24 values in three bar charts — 9 cells a bar in
/// yellow, 5 cells and a gap of 3 in green, 7 cells and no gap in red with cyan italic
/// labels — turning by one bar each tick (the last value moved to the front). `q` quits.
@MainActor
public final class BarChartExample: View {
    /// The bars, as the example's data.
    public private(set) var data: [(label: String, value: Int)] = zip(
        (1...24).map { "B\($0)" },
        [9, 12, 5, 8, 2, 4, 5, 9, 14, 15, 1, 0, 4, 6, 4, 6, 4, 7, 13, 8, 11, 9, 3, 5]
    ).map { (label: $0, value: $1) }
    private var ticks: Ticks?

    public init(clock: any Scheduler = LiveScheduler()) {
        ticks = Ticks(clock: clock) { [weak self] in self?.tick() }
    }

    /// The example's `on_tick`.
    func tick() { data.insert(data.removeLast(), at: 0) }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        ticks?.note()
        let (top, bottom) = Layout.vertical([.percentage(50), .percentage(50)], margin: .all(2)).split(rect).pair
        let data1 = BarChart(data, barWidth: 9, barStyle: Style(foreground: .yellow), valueStyle: Style(foreground: .black, background: .yellow))
        Box(data1, titles: [Box.Title("Data1")], lines: .square).render(in: top, on: &canvas)

        let (left, right) = Layout.horizontal([.percentage(50), .percentage(50)]).split(bottom).pair
        let data2 = BarChart(data, barWidth: 5, barGap: 3, barStyle: Style(foreground: .green), valueStyle: Style(background: .green, attributes: .bold))
        Box(data2, titles: [Box.Title("Data2")], lines: .square).render(in: left, on: &canvas)
        let data3 = BarChart(
            data,
            barWidth: 7,
            barGap: 0,
            barStyle: Style(foreground: .red),
            valueStyle: Style(background: .red),
            labelStyle: Style(foreground: .cyan, attributes: .italic)
        )
        Box(data3, titles: [Box.Title("Data3")], lines: .square).render(in: right, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult { event == .key(.character("q")) ? .quit(status: 0) : .ignored }
}
