import Foundation

/// A scheduler's time as any thread reads it: a line indicator's drawing thread measures
/// elapsed time, rates and time left by it. ``Scheduler/time`` is the scheduler's own, so
/// one virtual clock moves an app's timers and its progress lines together.
///
/// ```swift
/// let clock = VirtualScheduler()
/// let group = ProgressGroup(output: output, mode: .log, clock: clock.time)
/// clock.advance(by: .seconds(2))  // the group's elapsed time reads 2 s too
/// ```
public protocol TimeSource: Sendable {
    /// The time since some fixed start; never goes backwards.
    func now() -> Duration
}

/// The monotonic clock (`ContinuousClock`), reading zero when it was made.
public struct MonotonicTime: TimeSource {
    private let origin: ContinuousClock.Instant
    /// A clock reading zero now.
    public init() { origin = ContinuousClock.now }
    public func now() -> Duration { ContinuousClock.now - origin }
}

/// A time that moves only when told: a ``VirtualScheduler``'s, or one of its own for code
/// that has no scheduler.
///
/// ```swift
/// let time = ManualTime()
/// time.advance(by: .seconds(2))
/// ```
public final class ManualTime: TimeSource, @unchecked Sendable {  // `time` is only touched under `lock`
    private let lock = NSLock()
    private var time: Duration = .zero
    /// A clock at zero.
    public init() {}
    public func now() -> Duration { lock.withLock { time } }
    /// Moves the clock forward (a negative duration counts as zero).
    public func advance(by duration: Duration) { lock.withLock { time += max(duration, .zero) } }
}
