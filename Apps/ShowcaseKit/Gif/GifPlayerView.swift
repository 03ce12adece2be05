import GifDecoding
import TUICore

/// Plays an ``AnimatedImage`` fitted to its area (aspect ratio kept, half-block cells),
/// timed from the animation's start so late frames are skipped, never slowed down; the
/// loop count is honoured. Space pauses, ←/→ step a frame (and pause).
///
/// It schedules one timer for the next frame change, and only while it is being drawn:
/// a player on a hidden tab stops waking the process until it is shown again.
@MainActor
final class GifPlayerView: View {
    let image: AnimatedImage
    let name: String
    let timing: FrameTiming
    private let scheduler: any Scheduler
    private let setNeedsDisplay: @MainActor () -> Void
    private let depth: @MainActor () -> ColorDepth

    private var start: Duration
    private var pausedAt: Duration?
    private var steppedFrame: Int?
    private var timer: ScheduledWork?
    private var renderedSinceTick = true
    private var cache: (frame: Int, size: Size, monochrome: Bool, cells: Canvas)?

    init(image: AnimatedImage, name: String, timing: FrameTiming = .file, context: SceneContext) {
        self.image = image
        self.name = name
        self.timing = timing
        scheduler = context.scheduler
        setNeedsDisplay = context.setNeedsDisplay
        depth = { context.capabilities().colorDepth }
        start = context.scheduler.now
        scheduleNextFrame()
    }

    var isPaused: Bool { pausedAt != nil }

    /// Time into the animation (frozen while paused).
    var elapsed: Duration { (pausedAt ?? scheduler.now) - start }

    /// The frame shown now.
    var currentFrame: Int { steppedFrame ?? image.position(at: elapsed, timing: timing).frame }

    func render(in rect: Rect, on canvas: inout Canvas) {
        renderedSinceTick = true
        if timer == nil || timer?.isCancelled == true { scheduleNextFrame() }
        let (area, status) = rect.splitBottom(1)
        let frame = currentFrame
        let monochrome = depth() == .none
        let cells: Canvas
        if let cache, cache.frame == frame, cache.size == area.size, cache.monochrome == monochrome {
            cells = cache.cells
        } else {
            let rasterizer = HalfBlockRasterizer(mode: monochrome ? .monochrome : .color)
            cells = rasterizer.rasterize(image.frame(at: frame), fitting: area.size)
            cache = (frame, area.size, monochrome, cells)
        }
        let box = area.centered(cells.size)
        canvas.overlay(cells, at: box.origin)
        let position = image.position(at: elapsed, timing: timing)
        var text = "\(name.sanitizedForTerminal)  frame \(frame + 1)/\(image.frameCount)  play \(position.play + 1)"
        if isPaused { text += "  paused" } else if position.isFinished { text += "  done" }
        text += "  ·  space pause  ←/→ step"
        canvas.draw(text.truncated(toWidth: status.width), at: status.origin, style: Style(attributes: .dim), clip: status)
    }

    func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.character(" ")):
            if let pausedAt {
                // Resume where it stopped, or at the frame stepped to, in the same play.
                var resumeAt = pausedAt - start
                if let steppedFrame {
                    let play = image.position(at: resumeAt, timing: timing).play
                    resumeAt = image.cycleDuration(timing: timing) * play + startOffset(of: steppedFrame)
                }
                start = scheduler.now - resumeAt
                self.pausedAt = nil
                steppedFrame = nil
                scheduleNextFrame()
            } else {
                pausedAt = scheduler.now
                timer?.cancel()
            }
            return .handled
        case .key(.left), .key(.right):
            let frame = currentFrame
            if pausedAt == nil { pausedAt = scheduler.now }
            timer?.cancel()
            let count = image.frameCount
            steppedFrame = event == .key(.right) ? (frame + 1) % count : (frame + count - 1) % count
            return .handled
        default:
            return .ignored
        }
    }

    /// Where frame `index` starts within one play.
    private func startOffset(of index: Int) -> Duration {
        (0..<index).reduce(.zero) { $0 + image.duration(ofFrame: $1, timing: timing) }
    }

    private func scheduleNextFrame() {
        timer?.cancel()
        timer = nil
        guard pausedAt == nil, let wait = image.timeUntilNextFrame(at: elapsed, timing: timing) else { return }
        timer = scheduler.schedule(after: wait) { [weak self] in self?.tick() }
    }

    private func tick() {
        timer = nil
        guard renderedSinceTick else { return }  // not on screen: sleep until drawn again
        renderedSinceTick = false
        setNeedsDisplay()
        scheduleNextFrame()
    }
}
