import Foundation

#if os(Linux) || os(Windows)
import Synchronization
#endif

/// The time line indicators measure elapsed time, rates and ETAs by. It is read from any
/// thread: the live one is the monotonic clock; tests use ``ManualProgressClock``.
public protocol ProgressClock: Sendable {
    /// The time since some fixed start.
    func now() -> Duration
}

/// The monotonic clock (`ContinuousClock`).
public struct LiveProgressClock: ProgressClock {
    private let origin = ContinuousClock.now
    /// A clock starting now.
    public init() {}
    public func now() -> Duration { ContinuousClock.now - origin }
}

/// A clock that moves only when told, for tests.
///
/// ```swift
/// let clock = ManualProgressClock()
/// clock.advance(by: .seconds(2))
/// ```
public final class ManualProgressClock: ProgressClock, @unchecked Sendable {  // `time` is only touched under `lock`
    private let lock = NSLock()
    private var time: Duration = .zero
    /// A clock at zero.
    public init() {}
    public func now() -> Duration { lock.withLock { time } }
    /// Moves the clock forward.
    public func advance(by duration: Duration) { lock.withLock { time += duration } }
}

/// A count that any thread adds to, cheaply: an atomic add where the platform has atomics
/// for every version the package supports, else a lock.
final class Tally: Sendable {
    #if os(Linux) || os(Windows)
    private let value = Atomic<Int>(0)
    func add(_ amount: Int) { value.add(amount, ordering: .relaxed) }
    func store(_ amount: Int) { value.store(amount, ordering: .relaxed) }
    var current: Int { value.load(ordering: .relaxed) }
    #else
    private let lock = NSLock()
    nonisolated(unsafe) private var value = 0
    func add(_ amount: Int) { lock.withLock { value += amount } }
    func store(_ amount: Int) { lock.withLock { value = amount } }
    var current: Int { lock.withLock { value } }
    #endif
}
