import Foundation
import Widgets

/// tui 0.19's `canvas` example: a world map in braille with "You are here" where the arrow
/// keys put it, beside a yellow ball bouncing round a playground, a step each tick. `q` quits.
///
/// The map's 5125 points are tui's own table (from gnuplotting.org's world data), read from
/// tui's source where Debian's `librust-tui-dev` puts it; without it the map is left out.
@MainActor
public final class CanvasExample: View {
    /// Where "You are here" is, moved by the arrow keys.
    public private(set) var x = 0.0
    public private(set) var y = 0.0
    /// The ball: its bottom left corner and its size, inside the playground.
    public private(set) var ball = (x: 10.0, y: 30.0, width: 10.0, height: 10.0)
    let playground = (left: 10.0, top: 10.0, right: 110.0, bottom: 110.0)
    let speed = (x: 1.0, y: 1.0)
    var rightwards = true
    var upwards = true
    let world: [(x: Double, y: Double)]
    private var ticks: Ticks?

    /// The example; `world` is the map's points (tui's table by default, when installed).
    public init(clock: any Scheduler = LiveScheduler(), world: [(x: Double, y: Double)] = CanvasExample.tuiWorld()) {
        self.world = world
        ticks = Ticks(clock: clock) { [weak self] in self?.tick() }
    }

    /// The example's `on_tick`: the ball turns back when it has left the playground, then steps.
    func tick() {
        if ball.x < playground.left || ball.x + ball.width > playground.right { rightwards.toggle() }
        if ball.y < playground.top || ball.y + ball.height > playground.bottom { upwards.toggle() }
        ball.x += rightwards ? speed.x : -speed.x
        ball.y += upwards ? speed.y : -speed.y
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        ticks?.note()
        let (left, right) = Layout.horizontal([.percentage(50), .percentage(50)]).split(rect).pair
        let (world, x, y) = (self.world, self.x, self.y)
        let map = PlotCanvas(x: -180...180, y: -90...90) { painter in
            painter.draw(.points(world, color: .brightWhite))
            painter.print(x: x, y: -y, StyledText("You are here", style: Style(foreground: .yellow)))
        }
        Box(map, titles: [Box.Title("World")], lines: .square).render(in: left, on: &canvas)
        let ball = self.ball
        let pong = PlotCanvas(x: 10...110, y: 10...110) { painter in
            painter.draw(.rectangle(x: ball.x, y: ball.y, width: ball.width, height: ball.height, color: .yellow))
        }
        Box(pong, titles: [Box.Title("Pong")], lines: .square).render(in: right, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.character("q")): return .quit(status: 0)
        case .key(.down): y += 1
        case .key(.up): y -= 1
        case .key(.right): x += 1
        case .key(.left): x -= 1
        default: return .ignored
        }
        return .handled
    }

    /// tui 0.19's `WORLD_HIGH_RESOLUTION`, read from its source in Debian's cargo registry
    /// (empty when it is not installed).
    public static func tuiWorld(
        source: String = "/usr/share/cargo/registry/tui-0.19.0/src/widgets/canvas/world.rs"
    ) -> [(x: Double, y: Double)] {
        guard let text = try? String(contentsOfFile: source, encoding: .utf8),
            let start = text.range(of: "WORLD_HIGH_RESOLUTION"),
            let end = text.range(of: "];", range: start.upperBound..<text.endIndex)
        else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let numbers = line.split(whereSeparator: { "(), \t".contains($0) }).compactMap { Double($0) }
            return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
        }
    }
}
