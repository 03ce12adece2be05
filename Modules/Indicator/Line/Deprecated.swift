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
