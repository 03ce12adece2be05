import Widgets

/// tui 0.19's `sparkline` example: three sparklines of 200 random values from 0 to 99 —
/// yellow, on green and red — each tick a new value coming in at the left. `q` quits.
@MainActor
public final class SparklineExample: View {
    /// The three series, newest first.
    public private(set) var data1: [Int]
    public private(set) var data2: [Int]
    public private(set) var data3: [Int]
    private var signal: any RandomNumberGenerator
    private var ticks: Ticks?

    /// The example's data from `random` (the system's by default; a seeded one in a test).
    public init(clock: any Scheduler = LiveScheduler(), random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        signal = random
        var draws: [Int] = []
        for _ in 0..<600 { draws.append(Int.random(in: 0..<100, using: &signal)) }
        data1 = Array(draws[0..<200])
        data2 = Array(draws[200..<400])
        data3 = Array(draws[400..<600])
        ticks = Ticks(clock: clock) { [weak self] in self?.tick() }
    }

    /// The example's `on_tick`: the same new value into each series.
    func tick() {
        let value = Int.random(in: 0..<100, using: &signal)
        for keyPath in [\SparklineExample.data1, \.data2, \.data3] {
            self[keyPath: keyPath].removeLast()
            self[keyPath: keyPath].insert(value, at: 0)
        }
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        ticks?.note()
        let (top, middle, bottom) = Layout.vertical([.length(3), .length(3), .length(7), .min(0)], margin: .all(2)).split(rect).triple
        for (data, title, style, area) in [
            (data1, "Data1", Style(foreground: .yellow), top), (data2, "Data2", Style(background: .green), middle),
            (data3, "Data3", Style(foreground: .red), bottom),
        ] {
            let box = Box(Sparkline(data, style: style), titles: [Box.Title(StyledText(title))], lines: .square)
            box.sides = [.left, .right]
            box.render(in: area, on: &canvas)
        }
    }

    public func handle(_ event: InputEvent) -> EventResult { event == .key(.character("q")) ? .quit(status: 0) : .ignored }
}
