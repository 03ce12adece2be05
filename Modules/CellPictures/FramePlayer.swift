import Motion
import Pixels
import ViewCore

/// Plays a `FrameAnimation` on a `Scheduler`: the one player behind every indicator,
/// the refresh control, the loading overlay and the GIF player.
///
/// The frame shown is a function of the time since ``play(from:)``, so a late or repeated
/// tick never speeds the animation up or makes it drift. It keeps one timer, for the next
/// frame change, and calls ``onNeedsDisplay`` only when the frame changes. The cells of the
/// frame showing are kept, so drawing again before the frame changes costs nothing. It can pause, resume,
/// step and hold a frame (a pull-to-refresh shows the frame its pull reached). With
/// ``reducedMotion`` it shows the animation's still frame and schedules nothing.
///
/// ```swift
/// let player = FramePlayer(animation: spinner, clock: clock)
/// player.onNeedsDisplay = { host.setNeedsDisplay() }
/// player.play()
/// // in render(in:on:)
/// canvas.overlay(player.cells(fitting: Size(width: 14, height: 5)), at: origin)
/// ```
@MainActor
public final class FramePlayer {
    /// What the player shows now.
    public enum State: Hashable, Sendable {
        /// Nothing plays; the still frame shows.
        case stopped
        /// Playing, timed from `start` on the scheduler's clock.
        case playing(start: Duration)
        /// Paused `elapsed` into the animation.
        case paused(elapsed: Duration)
        /// One frame, held until told otherwise.
        case holding(frame: Int)
    }

    /// The animation played.
    public var animation: any FrameAnimation {
        didSet {
            cache = nil
            rendering?.cancel()  // its cells would be the old animation's
            rendering = nil
            reschedule()
        }
    }
    /// Which durations the frames play with.
    public var timing: FrameTiming {
        didSet { reschedule() }
    }
    /// Whether the still frame replaces the animation (see `ReducedMotion`).
    public var reducedMotion = false {
        didSet { reschedule() }
    }
    /// When true, the player stops waking the process while it is not being drawn (on a
    /// hidden tab, say) and picks up again, at the right frame, when it is drawn.
    public var sleepsWhenNotDrawn = false
    /// How image frames are drawn (half blocks in colour on a dark background unless told).
    public var imageStyle = ImageStyle() {
        didSet { if imageStyle != oldValue { cache = nil } }
    }
    /// The minimum contrast used where ``imageStyle`` leaves it to the component (nil):
    /// 0 here; the indicators that play a GIF set 0.25.
    public var defaultMinimumContrast: Double = 0 {
        didSet { if defaultMinimumContrast != oldValue { cache = nil } }
    }
    /// When true, image frames are decoded and rasterized on a background task, so a frame
    /// that takes long to decode (a huge GIF) never holds up input or the timer: drawing
    /// shows the last finished frame until the next is ready (late frames are skipped),
    /// then ``onNeedsDisplay`` is called. Off by default: with it, what is drawn depends
    /// on how fast the machine decodes, not on the scheduler's clock alone.
    public var rendersInBackground = false
    /// True while a frame other than the one wanted is showing because the wanted one is
    /// still being decoded in the background.
    public var isBehind: Bool {
        guard let cache else { return rendering != nil }
        return cache.frame != lastDrawnFrame && rendering != nil
    }
    /// Called when the frame changes and the player's view should be drawn again (nil: the
    /// host that last drew it is asked).
    public var onNeedsDisplay: (@MainActor () -> Void)?
    private var host = HostLink()

    /// What the player is doing.
    public private(set) var state: State = .stopped

    private let scheduler: any Scheduler
    private var timer: ScheduledWork?
    private var drawnSinceTick = true
    private var lastDrawnFrame: Int?
    private var cache: (frame: Int?, box: Size, style: Style, cells: Canvas)?
    /// The frame being rendered in the background, if any.
    private var rendering: Task<Void, Never>?

    /// Creates a stopped player.
    public init(animation: any FrameAnimation, timing: FrameTiming = .own, clock scheduler: any Scheduler = LiveScheduler()) {
        self.animation = animation
        self.timing = timing
        self.scheduler = scheduler
    }

    // MARK: Control

    /// Plays from the first frame, timed from `start` (now by default; a past instant
    /// picks up where an animation started then would be).
    public func play(from start: Duration? = nil) {
        state = .playing(start: start ?? scheduler.now)
        reschedule()
        host.request(onNeedsDisplay)
    }

    /// Stops: the still frame shows and no timer runs.
    public func stop() {
        guard state != .stopped else { return }
        state = .stopped
        reschedule()
        host.request(onNeedsDisplay)
    }

    /// Pauses at the frame showing now. Does nothing unless playing.
    public func pause() {
        guard case .playing = state else { return }
        state = .paused(elapsed: elapsed)
        reschedule()
    }

    /// Resumes a pause, or plays on from a held frame in the play it was reached in.
    public func resume() {
        switch state {
        case .paused(let elapsed):
            state = .playing(start: scheduler.now - elapsed)
        case .holding(let frame):
            state = .playing(start: scheduler.now - animation.startOffset(ofFrame: frame, timing: timing))
        case .playing, .stopped:
            return
        }
        reschedule()
        host.request(onNeedsDisplay)
    }

    /// Resumes from `frame` within the play that was showing, keeping the play count.
    public func resume(atFrame frame: Int, play: Int) {
        let offset = animation.cycleDuration(timing: timing) * max(0, play) + animation.startOffset(ofFrame: frame, timing: timing)
        state = .playing(start: scheduler.now - offset)
        reschedule()
        host.request(onNeedsDisplay)
    }

    /// Shows `frame` (clamped to the frames) until told otherwise; no timer runs.
    public func hold(frame: Int) {
        let frame = min(max(0, frame), max(0, animation.frameCount - 1))
        guard state != .holding(frame: frame) else { return }
        state = .holding(frame: frame)
        reschedule()
        host.request(onNeedsDisplay)
    }

    /// Steps `by` frames from the one showing (wrapping around) and holds there.
    public func step(by offset: Int) {
        let count = max(1, animation.frameCount)
        hold(frame: ((currentFrame + offset) % count + count) % count)
    }

    // MARK: Reading

    /// Whether the animation is playing (not stopped, paused or held).
    public var isPlaying: Bool {
        if case .playing = state { return true }
        return false
    }

    /// Time into the animation: frozen while paused, zero while stopped or held.
    public var elapsed: Duration {
        switch state {
        case .playing(let start): scheduler.now - start
        case .paused(let elapsed): elapsed
        case .stopped, .holding: .zero
        }
    }

    /// Where the animation is now (frame, play, finished).
    public var position: PlaybackPosition {
        switch state {
        case .holding(let frame): PlaybackPosition(frame: frame, play: 0, isFinished: false)
        case .stopped: PlaybackPosition(frame: 0, play: 0, isFinished: false)
        case .playing, .paused:
            reducedMotion ? PlaybackPosition(frame: 0, play: 0, isFinished: false) : animation.position(at: elapsed, timing: timing)
        }
    }

    /// The frame showing now; nil when the still frame shows (stopped, or reduced motion).
    public var currentFrameIndex: Int? {
        switch state {
        case .stopped: return nil
        case .holding(let frame): return reducedMotion ? nil : frame
        case .playing, .paused: return reducedMotion ? nil : position.frame
        }
    }

    /// The index of the frame showing now (0 for the still frame).
    public var currentFrame: Int { currentFrameIndex ?? 0 }

    /// The cells the animation takes when fitted into `box` (images keep their aspect ratio;
    /// text is one row of its width).
    public func size(fitting box: Size) -> Size {
        switch animation.frameSize {
        case .pixels(let pixels): HalfBlockRasterizer().fittedSize(width: pixels.width, height: pixels.height, in: box)
        case .text(let width): Size(width: width, height: 1)
        }
    }

    // MARK: Drawing

    /// The frame showing now as cells fitted into `box`: an image rasterized (transparent
    /// pixels left blank, so overlaying it shows what is beneath), or text in `textStyle`.
    /// Calling it counts as being drawn (see ``sleepsWhenNotDrawn``).
    public func cells(fitting box: Size, textStyle: Style = .plain) -> Canvas {
        host.note()
        drawnSinceTick = true
        if isPlaying, !reducedMotion, timer == nil || timer?.isCancelled == true { scheduleNextTick() }
        let index = currentFrameIndex
        lastDrawnFrame = index
        if let cache, cache.frame == index, cache.box == box, cache.style == textStyle {
            return cache.cells
        }
        if imageStyle.pixels, case .pixels = animation.frameSize, case .image(let image) = index.map({ animation.frame(at: $0) }) ?? animation.stillFrame {
            // Pixels for the backend: the frame placed over the cells its proportions take.
            let cells = ImageLayout.cells(for: Size(width: image.width, height: image.height), in: box, cellPixels: imageStyle.cellPixels)
            var canvas = Canvas(size: cells)
            var key = Hasher()
            key.combine(identity)
            key.combine(index ?? -1)
            canvas.place(image, key: key.finalize(), in: canvas.bounds, animation: (identity, index ?? -1))
            cache = (index, box, textStyle, canvas)
            return canvas
        }
        if rendersInBackground, case .pixels = animation.frameSize {
            renderInBackground(index, box: box, textStyle: textStyle)
            if let cache, cache.box == box { return cache.cells }
            return Canvas(size: size(fitting: box))
        }
        let cells = Self.render(index, of: animation, box: box, rasterizer: rasterizer, textStyle: textStyle)
        cache = (index, box, textStyle, cells)
        return cells
    }

    /// What names this player's frames among the pictures a backend has been sent.
    private let identity = Int.random(in: .min ... .max)

    /// How frames are rasterized now.
    private var rasterizer: ImageCells { ImageCells(style: imageStyle, defaultMinimumContrast: defaultMinimumContrast) }

    private nonisolated static func render(_ index: Int?, of animation: any FrameAnimation, box: Size, rasterizer: ImageCells, textStyle: Style) -> Canvas {
        switch index.map({ animation.frame(at: $0) }) ?? animation.stillFrame {
        case .image(let image):
            return rasterizer.rasterize(image, fitting: box)
        case .text(let text):
            var canvas = Canvas(size: Size(width: text.displayWidth, height: 1))
            canvas.draw(text, at: .zero, style: textStyle)
            return canvas
        }
    }

    /// Starts rendering `index` off the main actor unless a rendering is under way; when it
    /// ends, its cells are kept and the view is asked to draw (which starts the next one if
    /// the frame wanted has moved on meanwhile).
    private func renderInBackground(_ index: Int?, box: Size, textStyle: Style) {
        guard rendering == nil else { return }
        let animation = animation
        let rasterizer = rasterizer
        rendering = Task { [weak self] in
            let cells = await Task.detached(priority: .userInitiated) {
                Self.render(index, of: animation, box: box, rasterizer: rasterizer, textStyle: .plain)
            }.value
            guard let self, !Task.isCancelled else { return }
            self.rendering = nil
            self.cache = (index, box, textStyle, cells)
            self.host.request(self.onNeedsDisplay)
        }
    }

    // MARK: Timer

    private func reschedule() {
        timer?.cancel()
        timer = nil
        guard isPlaying, !reducedMotion else { return }
        scheduleNextTick()
    }

    private func scheduleNextTick() {
        guard let wait = animation.timeUntilNextFrame(at: elapsed, timing: timing) else { return }
        timer = scheduler.schedule(after: wait) { [weak self] in self?.tick() }
    }

    private func tick() {
        timer = nil
        guard isPlaying else { return }
        if sleepsWhenNotDrawn {
            guard drawnSinceTick else { return }  // not on screen: wait for the next drawing
        }
        if currentFrameIndex != lastDrawnFrame {
            drawnSinceTick = false  // until the redraw asked for comes
            host.request(onNeedsDisplay)
        }
        scheduleNextTick()
    }
}

/// How a player turns an image frame into cells: its style, with the player's default contrast.
struct ImageCells: Sendable {
    let style: ImageStyle
    let defaultMinimumContrast: Double

    func rasterize(_ image: RGBAImage, fitting box: Size) -> Canvas {
        style.rasterize(image, fitting: box, defaultMinimumContrast: defaultMinimumContrast)
    }
}
