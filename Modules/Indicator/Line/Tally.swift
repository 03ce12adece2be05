import Foundation

#if os(Linux) || os(Windows)
import Synchronization
#endif

// The clock of 0.1.0's line indicators is Motion's `TimeSource`, shared with the schedulers.

/// 0.1.0's name for `TimeSource`.
@available(*, deprecated, renamed: "TimeSource")
public typealias ProgressClock = TimeSource
/// 0.1.0's name for `MonotonicTime`.
@available(*, deprecated, renamed: "MonotonicTime")
public typealias LiveProgressClock = MonotonicTime
/// 0.1.0's name for `ManualTime`.
@available(*, deprecated, renamed: "ManualTime")
public typealias ManualProgressClock = ManualTime

extension ProgressGroup {
    /// 0.1.0's name for ``time``.
    @available(*, deprecated, renamed: "time")
    public var clock: any TimeSource { time }

    /// 0.1.0's name for ``init(output:mode:time:drawsOnItsOwnThread:)``.
    @available(*, deprecated, renamed: "init(output:mode:time:drawsOnItsOwnThread:)")
    public convenience init(output: (any LineOutput)?, mode: Mode, clock: any TimeSource, drawsOnItsOwnThread: Bool = true) {
        self.init(output: output, mode: mode, time: clock, drawsOnItsOwnThread: drawsOnItsOwnThread)
    }
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
