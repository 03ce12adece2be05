/// Time counted up while it runs, as bubbles' stopwatch: started, stopped (the time kept),
/// started again, reset; drawn as `12 s`, `1:05` (`Duration.formattedForHumans(tenths:)`).
/// It reads the scheduler's clock, so it never drifts however late a frame is, and asks for
/// a frame only when the text it shows changes.
///
/// ```swift
/// let stopwatch = StopwatchView(clock: clock)
/// stopwatch.start()
/// ```
@MainActor
public final class StopwatchView: View {
    /// Whether it counts now.
    public private(set) var isRunning = false
    /// Whether it shows tenths of a second under a minute (`3.2 s`).
    public var showsTenths = false
    /// Its style.
    public var style = Style.plain
    /// Called when it should be drawn again (nil: the host that drew it is asked).
    public var onNeedsDisplay: (@MainActor () -> Void)?

    private let scheduler: any Scheduler
    /// The time counted before the last start.
    private var counted: Duration = .zero
    private var startedAt: Duration?
    private var ticks: ScheduledWork?
    private var host = HostLink()

    /// A stopwatch at zero on `scheduler`'s clock.
    public init(clock scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// The time counted so far.
    public var elapsed: Duration { counted + (startedAt.map { scheduler.now - $0 } ?? .zero) }

    /// The text it shows.
    public var text: String { elapsed.formattedForHumans(tenths: showsTenths) }

    /// Starts counting (from where it stopped).
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        startedAt = scheduler.now
        ticks = scheduler.scheduleRepeating(every: showsTenths ? .milliseconds(100) : .seconds(1)) { [weak self] in
            guard let self else { return }
            self.host.request(self.onNeedsDisplay)
        }
        host.request(onNeedsDisplay)
    }

    /// Stops counting, keeping the time.
    public func stop() {
        guard isRunning else { return }
        counted = elapsed
        startedAt = nil
        isRunning = false
        ticks?.cancel()
        ticks = nil
        host.request(onNeedsDisplay)
    }

    /// Back to zero (still running if it was).
    public func reset() {
        counted = .zero
        if isRunning { startedAt = scheduler.now }
        host.request(onNeedsDisplay)
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        canvas.draw(text.truncated(toWidth: rect.width), at: rect.origin, style: style, clip: rect)
    }
}

/// Time counted down to zero, as bubbles' timer: started with a duration, paused and resumed,
/// told when it runs out (``onTimeout``); drawn as what is left (`5 s`, `1:05`).
///
/// ```swift
/// let timer = TimerView(duration: .seconds(30), clock: clock)
/// timer.onTimeout = { answer(nil) }
/// timer.start()
/// ```
@MainActor
public final class TimerView: View {
    /// How long it runs in all.
    public let duration: Duration
    /// Called once when the time has run out.
    public var onTimeout: (@MainActor () -> Void)?
    /// Its style.
    public var style = Style.plain
    /// Called when it should be drawn again (nil: the host that drew it is asked).
    public var onNeedsDisplay: (@MainActor () -> Void)?

    private let stopwatch: StopwatchView
    private let scheduler: any Scheduler
    private var end: ScheduledWork?
    private var host = HostLink()

    /// A timer of `duration` on `scheduler`'s clock, not yet started.
    public init(duration: Duration, clock scheduler: any Scheduler) {
        self.duration = max(.zero, duration)
        self.scheduler = scheduler
        stopwatch = StopwatchView(clock: scheduler)
    }

    /// The time left.
    public var remaining: Duration { max(.zero, duration - stopwatch.elapsed) }
    /// Whether it counts now.
    public var isRunning: Bool { stopwatch.isRunning }
    /// Whether the time has run out.
    public var hasTimedOut: Bool { remaining == .zero }
    /// The text it shows: the time left, rounded up (it shows `1 s` until it is over).
    public var text: String {
        let left = remaining
        let whole = left.components.attoseconds > 0 ? left + .seconds(1) : left
        return whole.formattedForHumans()
    }

    /// Starts or resumes counting down.
    public func start() {
        guard !isRunning, !hasTimedOut else { return }
        stopwatch.onNeedsDisplay = { [weak self] in self.map { $0.host.request($0.onNeedsDisplay) } }
        stopwatch.start()
        end = scheduler.schedule(after: remaining) { [weak self] in
            guard let self else { return }
            self.stopwatch.stop()
            self.end = nil
            self.host.request(self.onNeedsDisplay)
            self.onTimeout?()
        }
    }

    /// Pauses, keeping the time left.
    public func stop() {
        end?.cancel()
        end = nil
        stopwatch.stop()
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        canvas.draw(text.truncated(toWidth: rect.width), at: rect.origin, style: style, clip: rect)
    }
}
