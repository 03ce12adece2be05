import GifDecoding
import IndicatorKit
import RefreshControl

/// The "Pull to refresh" scene (document 000): a list with the bundled GIF as its refresh
/// indicator. Refreshing takes 3 s, so about three one-second cycles of the animation play
/// (B0.6); the status line counts them and says when the list was last updated.
@MainActor
final class PullToRefreshView: View {
    /// How long the scene's refresh action takes.
    static let actionDuration: Duration = .seconds(3)

    let control: RefreshControl<String>
    private let context: SceneContext
    private var batch = 1
    private var lastCycles: Double?
    private var updatedAt: String?
    private var cancelledAt: String?

    init(context: SceneContext, animation: any FrameAnimation) {
        self.context = context
        let list = ListView(rows: Self.rows(batch: 1))
        let scheduler = context.scheduler
        var nextBatch = 1
        control = RefreshControl(list: list, animation: animation, clock: scheduler) {
            try await scheduler.sleep(for: Self.actionDuration)  // Esc cancels it: no batch is used up
            nextBatch += 1
            return Self.rows(batch: nextBatch)
        }
        control.onNeedsDisplay = context.setNeedsDisplay
        control.reducedMotion = context.reducedMotion
        control.onRefreshFinished = { [weak self] _ in
            guard let self else { return }
            self.lastCycles = self.control.cyclesPlayed
            self.updatedAt = context.timeOfDay()
            self.cancelledAt = nil
            self.batch = nextBatch
        }
        control.onRefreshCancelled = { [weak self] in
            self?.cancelledAt = context.timeOfDay()
        }
    }

    /// What the scene shows, above the list.
    static let header =
        "Pull to refresh: drag the list down with the mouse, or press ↑ once a row and Enter "
        + "(r pulls all the way). The GIF follows your pull, then plays while the list refreshes (3 s); "
        + "the new rows replace the old."

    /// The GIF's box for a list this tall: a third of it (3 to 8 rows), as wide as the
    /// GIF's 63×45 shape needs with half-block cells — 17×6 at 80×24.
    static func indicatorBox(forListHeight height: Int) -> Size {
        let rows = min(8, max(3, (height + 1) / 3))
        return Size(width: Int((Double(rows) * 2 * 63 / 45).rounded()), height: rows)
    }

    static func rows(batch: Int) -> [String] {
        (1...40).map { "Batch \(batch) · row \($0)" }
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        let area = rect.inset(left: 1)
        let header = rect.height >= 12 ? Self.header.wrapped(toWidth: area.width) : []
        for (i, line) in header.enumerated() {
            canvas.draw(line, at: Point(x: area.x, y: area.y + i), style: Style(attributes: .dim), clip: area)
        }
        let (body, status) = area.inset(top: header.isEmpty ? 0 : header.count + 1).splitBottom(1)
        control.box = Self.indicatorBox(forListHeight: body.height)
        control.imageStyle = ImageStyle(for: context.capabilities())
        control.render(in: body, on: &canvas)
        var parts: [String] = []
        if let running = control.cyclesPlayed {
            parts.append(String(format: "refreshing: %.1f cycles", running))
        } else if let cancelledAt {
            parts.append("refresh cancelled at \(cancelledAt): the rows are as they were")
        } else if let lastCycles {
            parts.append(String(format: "last refresh: %.1f cycles", lastCycles))
        }
        parts.append("updated \(updatedAt ?? "never")")
        // Whole parts only: the first always, the others while they fit.
        var line = parts[0]
        for part in parts.dropFirst() where line.displayWidth + 3 + part.displayWidth <= status.width { line += " · " + part }
        canvas.draw(line.truncated(toWidth: status.width), at: status.origin, style: Style(attributes: .dim), clip: status)
    }

    func handle(_ event: InputEvent) -> EventResult {
        control.handle(event)
    }
}

enum PullToRefreshScene {
    @MainActor
    static func make(_ context: SceneContext) -> Screen {
        do {
            let animation = try AnimatedImage.spinner()
            return Screen(title: "Refresh", content: PullToRefreshView(context: context, animation: animation))
        } catch {
            return Screen(title: "Refresh", content: MessageView(text: "The bundled spinner could not be loaded: \(error)"))
        }
    }
}
