/// A value that can be interpolated by an ``Tween``.
public protocol Interpolatable: Sendable {
    /// The value `t` of the way from `self` to `other` (0 gives `self`, 1 gives `other`).
    func interpolated(to other: Self, by t: Double) -> Self
}

extension Double: Interpolatable {
    /// Linear interpolation.
    public func interpolated(to other: Double, by t: Double) -> Double { self + (other - self) * t }
}

extension Int: Interpolatable {
    /// Linear interpolation, rounded to the nearest integer (cells are whole).
    public func interpolated(to other: Int, by t: Double) -> Int {
        Int((Double(self) + Double(other - self) * t).rounded())
    }
}

/// A tween: a value moving from `from` to `to` over `duration` with an easing curve,
/// started at a time on a ``Scheduler``. It holds no timer: sample it with
/// ``value(at:)`` whenever a frame is drawn, so a test can read any instant.
///
/// ```swift
/// // A 0.3 s slide of a tray from 0 to 6 rows tall.
/// let slide = Tween(from: 0, to: 6, duration: .milliseconds(300), easing: .easeOut, start: scheduler.now)
/// let rows = slide.value(at: scheduler.now)
/// ```
public struct Tween<Value: Interpolatable>: Sendable {
    /// The value at the start.
    public var from: Value
    /// The value at the end.
    public var to: Value
    /// How long the change takes.
    public var duration: Duration
    /// The curve.
    public var easing: Easing
    /// When it starts, on the scheduler's clock.
    public var start: Duration

    /// Creates a tween.
    public init(from: Value, to: Value, duration: Duration, easing: Easing = .easeInOut, start: Duration) {
        self.from = from
        self.to = to
        self.duration = duration
        self.easing = easing
        self.start = start
    }

    /// The time progress at `time`, 0…1.
    public func progress(at time: Duration) -> Double {
        guard duration > .zero else { return time >= start ? 1 : 0 }
        return min(1, max(0, (time - start).seconds / duration.seconds))
    }

    /// The value at `time`: `from` before the start, `to` after the end.
    public func value(at time: Duration) -> Value {
        from.interpolated(to: to, by: easing(progress(at: time)))
    }

    /// Whether the tween has reached its end at `time`.
    public func isFinished(at time: Duration) -> Bool { time >= start + duration }

    /// When it ends.
    public var end: Duration { start + duration }
}
