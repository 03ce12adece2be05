import Foundation
import Widgets

/// tui 0.19's `gauge` example: four gauges filling at their own pace each tick — a yellow
/// one, a magenta on green one labelled `N/100`, a yellow one by eighths of a cell with a bold
/// italic red label in hundredths of a percent, and a borderless italic cyan one. `q` quits.
@MainActor
public final class GaugeExample: View {
    /// The four gauges' progress: whole percents, but the third's a ratio.
    public private(set) var progress1 = 0
    public private(set) var progress2 = 0
    public private(set) var progress3 = 0.45
    public private(set) var progress4 = 0
    private var ticks: Ticks?

    public init(clock: any Scheduler = LiveScheduler()) {
        ticks = Ticks(clock: clock) { [weak self] in self?.tick() }
    }

    /// The example's `on_tick`.
    func tick() {
        progress1 = progress1 >= 100 ? 0 : progress1 + 1
        progress2 = progress2 + 2 > 100 ? 0 : progress2 + 2
        progress3 = progress3 + 0.001 > 1 ? 0 : progress3 + 0.001
        progress4 = progress4 >= 100 ? 0 : progress4 + 1
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        ticks?.note()
        let areas = Layout.vertical(Array(repeating: .percentage(25), count: 4), margin: .all(2)).split(rect)
        let gauge1 = Gauge(percent: progress1, style: Style(foreground: .yellow))
        Box(gauge1, titles: [Box.Title("Gauge1")], lines: .square).render(in: areas[0], on: &canvas)

        let gauge2 = Gauge(percent: progress2, label: "\(progress2)/100", style: Style(foreground: .magenta, background: .green))
        Box(gauge2, titles: [Box.Title("Gauge2")], lines: .square).render(in: areas[1], on: &canvas)

        let label = String(format: "%.2f%%", progress3 * 100)
        let gauge3 = Gauge(
            ratio: progress3,
            label: label,
            style: Style(foreground: .yellow),
            labelStyle: Style(foreground: .red, attributes: [.italic, .bold]),
            usesUnicode: true
        )
        Box(gauge3, titles: [Box.Title("Gauge3")], lines: .square).render(in: areas[2], on: &canvas)

        // As the original: the fourth gauge's label shows the second's progress.
        let gauge4 = Gauge(percent: progress4, label: "\(progress2)/100", style: Style(foreground: .cyan, attributes: .italic))
        Box(gauge4, titles: [Box.Title("Gauge4")], lines: nil).render(in: areas[3], on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult { event == .key(.character("q")) ? .quit(status: 0) : .ignored }
}
