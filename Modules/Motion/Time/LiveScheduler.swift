/// The real-time scheduler: work runs on the main actor at its deadline, measured on the
/// monotonic clock: served by the main queue, or by a blocking run of the terminal runtime
/// (`TerminalApp.runBlocking`) while one holds the main thread. Nothing wakes the process
/// between deadlines, so an idle app makes no periodic wake-ups.
///
/// ```swift
/// let scheduler = LiveScheduler()
/// scheduler.schedule(after: .seconds(6)) { coordinator.hide() }
/// ```
@MainActor
public final class LiveScheduler: Scheduler {
    private let monotonic = MonotonicTime()

    /// Creates a scheduler whose clock reads zero now.
    public init() {}

    public var now: Duration { monotonic.now() }
    public nonisolated var time: any TimeSource { monotonic }

    @discardableResult
    public func schedule(after delay: Duration, from origin: WorkOrigin, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        MainTimers.shared.schedule(at: .now + max(delay, .zero), work)
    }

    @discardableResult
    public func scheduleRepeating(every interval: Duration, from origin: WorkOrigin, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        MainTimers.shared.scheduleRepeating(every: interval, work)
    }
}
