import GifDecoding
import RefreshControl
import TUICore

/// The "Pull to refresh" scene (document 000): a list with the bundled GIF as its refresh
/// indicator. Refreshing takes 3 s, so about three one-second cycles of the animation play
/// (B0.6); the status line counts them and says when the list was last updated.
@MainActor
final class PullToRefreshView: View {
    /// How long the scene's refresh action takes.
    static let actionDuration: Duration = .seconds(3)

    let control: RefreshControl
    private let context: SceneContext
    private var batch = 1
    private var lastCycles: Double?
    private var updatedAt: String?

    init(context: SceneContext, animation: any FrameAnimation) {
        self.context = context
        let list = ListView(rows: Self.rows(batch: 1))
        let scheduler = context.scheduler
        var nextBatch = 1
        control = RefreshControl(list: list, animation: animation, scheduler: scheduler) {
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
            self.batch = nextBatch
        }
    }

    static func rows(batch: Int) -> [String] {
        (1...40).map { "Batch \(batch) · row \($0)" }
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        let (body, status) = rect.inset(left: 1).splitBottom(1)
        control.render(in: body, on: &canvas)
        var parts: [String] = []
        if let running = control.cyclesPlayed {
            parts.append(String(format: "refreshing: %.1f cycles", running))
        } else if let lastCycles {
            parts.append(String(format: "last refresh: %.1f cycles", lastCycles))
        }
        parts.append("updated \(updatedAt ?? "never")")
        parts.append("pull: drag down, or ↑ at top then Enter, or r · Esc cancels")
        canvas.draw(parts.joined(separator: " · ").truncated(toWidth: status.width), at: status.origin, style: Style(attributes: .dim), clip: status)
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
