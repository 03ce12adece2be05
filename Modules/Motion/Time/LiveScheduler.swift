import Dispatch

/// The real-time scheduler: work runs on the main dispatch queue (the main actor) at
/// its deadline, measured on the monotonic clock. Nothing wakes the process between
/// deadlines, so an idle app makes no periodic wake-ups.
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
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let handle = ScheduledWork { timer.cancel() }
        timer.schedule(deadline: .now() + Self.dispatchInterval(delay), leeway: .milliseconds(1))
        timer.setEventHandler {
            MainActor.assumeIsolated {
                guard !handle.isCancelled else { return }
                handle.finish()
                timer.cancel()
                work()
            }
        }
        timer.resume()
        return handle
    }

    @discardableResult
    public func scheduleRepeating(every interval: Duration, from origin: WorkOrigin, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        let step = Self.dispatchInterval(max(interval, .milliseconds(1)))
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let handle = ScheduledWork { timer.cancel() }
        timer.schedule(deadline: .now() + step, repeating: step, leeway: .milliseconds(1))
        timer.setEventHandler {
            MainActor.assumeIsolated {
                guard !handle.isCancelled else { return }
                work()
            }
        }
        timer.resume()
        return handle
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = max(duration, .zero).components
        return .nanoseconds(Int(min(seconds, Int64(Int32.max))) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
