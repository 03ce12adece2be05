import Foundation

/// A duration as a clock, as indicatif's `FormattedDuration`: `00:03:07`, `2d 04:00:00`.
public struct FormattedDuration: CustomStringConvertible, Hashable, Sendable {
    /// The duration (below zero reads as zero).
    public var duration: Duration

    public init(_ duration: Duration) { self.duration = duration }

    public var description: String {
        var seconds = Swift.max(0, duration.components.seconds)
        let (s, m) = (seconds % 60, seconds / 60 % 60)
        seconds /= 3600
        let (h, d) = (seconds % 24, seconds / 24)
        let clock = [h, m, s].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        return d > 0 ? "\(d)d \(clock)" : clock
    }
}

/// A duration in the largest unit that reads well, as indicatif's `HumanDuration`:
/// `3 seconds`, `2 minutes`, `1 hour`; `compact` is indicatif's `{:#}`: `3s`, `2m`, `1h`.
public struct HumanDuration: CustomStringConvertible, Hashable, Sendable {
    /// The duration (below zero reads as zero).
    public var duration: Duration
    /// Whether the unit is one letter, straight after the number.
    public var compact: Bool

    public init(_ duration: Duration, compact: Bool = false) {
        self.duration = duration
        self.compact = compact
    }

    /// Years, weeks, days, hours, minutes and seconds, largest first.
    private static let units: [(seconds: Double, name: String, letter: String)] = [
        (365 * 86400, "year", "y"), (7 * 86400, "week", "w"), (86400, "day", "d"), (3600, "hour", "h"), (60, "minute", "m"), (1, "second", "s"),
    ]

    public var description: String {
        let seconds = Swift.max(0, Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        // As indicatif: the first unit whose next smaller one, halved, does not reach it.
        var index = Self.units.count - 1
        for (i, unit) in Self.units.enumerated() where i + 1 < Self.units.count {
            if seconds + Self.units[i + 1].seconds / 2 >= unit.seconds + unit.seconds / 2 {
                index = i
                break
            }
        }
        let unit = Self.units[index]
        var count = Int((seconds / unit.seconds).rounded())
        if index < Self.units.count - 1 { count = Swift.max(count, 2) }
        if compact { return "\(count)\(unit.letter)" }
        return count == 1 ? "\(count) \(unit.name)" : "\(count) \(unit.name)s"
    }
}

/// Bytes in binary multiples, as indicatif's `HumanBytes` (and `BinaryBytes`): `512B`,
/// `1.21 MiB`.
public struct HumanBytes: CustomStringConvertible, Hashable, Sendable {
    /// How many bytes.
    public var bytes: UInt64

    public init(_ bytes: UInt64) { self.bytes = bytes }

    public var description: String { Self.text(Double(bytes), base: 1024, prefixes: ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"]) }

    /// `amount` divided by `base` while it reaches it, with two decimals and the prefix of
    /// the times it was (as the `number_prefix` crate indicatif writes with): `512B`,
    /// `220.52 MiB`.
    static func text(_ amount: Double, base: Double, prefixes: [String]) -> String {
        guard amount.isFinite, amount >= 0 else { return "?B" }
        var value = amount
        var prefix = 0
        while value >= base, prefix < prefixes.count {
            value /= base
            prefix += 1
        }
        return prefix == 0 ? String(format: "%.0fB", value) : String(format: "%.2f %@B", value, prefixes[prefix - 1])
    }
}

/// indicatif's `BinaryBytes`, the same as its `HumanBytes`.
public typealias BinaryBytes = HumanBytes

/// Bytes in decimal multiples, as indicatif's `DecimalBytes`: `512B`, `231.23 MB`.
public struct DecimalBytes: CustomStringConvertible, Hashable, Sendable {
    /// How many bytes.
    public var bytes: UInt64

    public init(_ bytes: UInt64) { self.bytes = bytes }

    public var description: String { HumanBytes.text(Double(bytes), base: 1000, prefixes: ["k", "M", "G", "T", "P", "E", "Z", "Y"]) }
}

/// A count with its thousands apart, as indicatif's `HumanCount`: `1,234,567`.
public struct HumanCount: CustomStringConvertible, Hashable, Sendable {
    /// The count.
    public var count: UInt64

    public init(_ count: UInt64) { self.count = count }

    public var description: String { Self.grouped(String(count)) }

    /// `digits` with a comma before each group of three from the right.
    static func grouped(_ digits: String) -> String {
        var out = ""
        for (index, digit) in digits.enumerated() {
            let left = digits.count - index - 1
            out.append(digit)
            if left > 0, left % 3 == 0 { out.append(",") }
        }
        return out
    }
}

/// A fractional count with its thousands apart and at most four decimals, as indicatif's
/// `HumanFloatCount`: `1,234.5678`, `12`.
public struct HumanFloatCount: CustomStringConvertible, Hashable, Sendable {
    /// The count.
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public var description: String {
        guard value.isFinite else { return "\(value)" }
        let text = String(format: "%.4f", value)
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        let sign = parts[0].hasPrefix("-") ? "-" : ""
        var out = sign + HumanCount.grouped(String(parts[0].drop { $0 == "-" }))
        if parts.count > 1 {
            var fraction = parts[1]
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { out += "." + fraction }
        }
        return out
    }
}
