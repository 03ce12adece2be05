import Foundation

extension Duration {
    /// The time as a person reads it, as indicatif's `HumanDuration`: `3 s` under a minute,
    /// then `1:05`, `1:02:03` (hours from the first hour); whole seconds, so a clock that
    /// shows it changes once a second. With `tenths`, a tenth of a second more under a
    /// minute (`0.4 s`, `3.2 s`): how long a finished step took.
    ///
    /// ```swift
    /// Duration.seconds(65).formattedForHumans()                     // "1:05"
    /// Duration.milliseconds(3240).formattedForHumans(tenths: true)  // "3.2 s"
    /// ```
    public func formattedForHumans(tenths: Bool = false) -> String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        if tenths, seconds < 59.95 { return String(format: "%.1f s", max(0, seconds)) }
        let total = max(0, Int(seconds.rounded(.down)))
        guard total >= 60 else { return "\(total) s" }
        let h = total / 3600
        let m = total / 60 % 60
        let s = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }
}
