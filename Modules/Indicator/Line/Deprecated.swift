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
