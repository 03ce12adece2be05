import Foundation
import TUICore

/// How a line indicator's line reads: a template of fields, the bar's glyphs and the
/// spinner's frames.
///
/// The template is text with fields in braces, as indicatif's:
///
/// | field | shows |
/// | --- | --- |
/// | `{spinner}` | the spinner's frame (✓ once finished) |
/// | `{message}` | the message; cut first when the line does not fit |
/// | `{prefix}` | the prefix |
/// | `{bar}`, `{bar:30}` | the bar: as wide as the room left, or 30 cells |
/// | `{pos}`, `{len}` | the position and the length (bytes as `12.3 MiB` with the bytes unit) |
/// | `{percent}` | `42%` |
/// | `{rate}` | `1234/s`, `12.3k/s`, `4.5 MiB/s` (smoothed) |
/// | `{eta}` | the time left, `1:05` (smoothed; `-:--` while unknown) |
/// | `{elapsed}` | the time since the start, `0:03` |
///
/// `{{` and `}}` write braces. An unknown field is written as it is.
///
/// ```swift
/// var style = ProgressStyle.bar
/// style.template = "{prefix} {bar:20} {pos}/{len} {eta}"
/// style.barGlyphs = .ascii
/// ```
public struct ProgressStyle: Sendable {
    /// The line, as fields and text (see the type's description).
    public var template: String {
        didSet { parts = Self.parse(template) }
    }
    /// The glyphs of `{bar}`.
    public var barGlyphs: BarGlyphs
    /// The frames of `{spinner}`.
    public var spinner: SpinnerStyle
    /// The template's pieces, parsed once.
    private(set) var parts: [Part]

    /// A style from a template.
    public init(template: String, barGlyphs: BarGlyphs = .smooth, spinner: SpinnerStyle = .comet) {
        self.template = template
        self.barGlyphs = barGlyphs
        self.spinner = spinner
        parts = Self.parse(template)
    }

    /// A bar of known length: `message ████▍░░░ 42% 420/1000 · 12.3k/s · ETA 0:05`.
    public static let bar = ProgressStyle(template: "{message} {bar} {percent} {pos}/{len} · {rate} · ETA {eta}")
    /// Progress of unknown length: `⠋ message 420 · 12.3k/s · 0:03`.
    public static let count = ProgressStyle(template: "{spinner} {message} {pos} · {rate} · {elapsed}")
    /// A spinner: `⠋ message 0:03`.
    public static let spinner = ProgressStyle(template: "{spinner} {message} {elapsed}")

    /// The glyphs a bar is drawn with.
    public enum BarGlyphs: Sendable, Hashable {
        /// Eighths of a cell, `█▉▊▋▌▍▎▏`, on `░`.
        case smooth
        /// `=====>    `, for fonts and logs without block elements.
        case ascii
        /// Characters as indicatif's `progress_chars`: the first fills a cell, the last is an
        /// empty one, those between are a partly filled cell, the fullest first (`#>-`:
        /// `####>-----`; `█▓▒░ `). Make it with ``characters(_:)``.
        case custom([Character])

        /// Glyphs from indicatif's `progress_chars` string (`"#>-"`, `"=> "`, `"█▉▊▋▌▍▎▏  "`); nil
        /// unless it has two characters or more, all one cell wide.
        public static func characters(_ text: String) -> BarGlyphs? {
            let characters = Array(text)
            guard characters.count >= 2, characters.allSatisfy({ String($0).displayWidth == 1 }) else { return nil }
            return .custom(characters)
        }

        /// A bar `width` cells wide filled to `fraction` (0…1): the filled part, then the rest.
        public func render(fraction: Double, width: Int) -> (filled: String, empty: String) {
            guard width > 0 else { return ("", "") }
            let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
            switch self {
            case .smooth:
                let eighths = Int((f * Double(width * 8)).rounded(.down))
                let full = eighths / 8
                let part = eighths % 8
                let partial = part > 0 ? String(Self.eighths[part]) : ""
                let used = full + (part > 0 ? 1 : 0)
                return (String(repeating: "█", count: full) + partial, String(repeating: "░", count: width - used))
            case .ascii:
                let full = Int((f * Double(width)).rounded(.down))
                if full >= width { return (String(repeating: "=", count: width), "") }
                return (String(repeating: "=", count: full) + ">", String(repeating: " ", count: width - full - 1))
            case .custom(let characters):
                guard let fill = characters.first, let empty = characters.last, characters.count >= 2 else { return ("", "") }
                let exact = f * Double(width)
                let full = Int(exact.rounded(.down))
                if full >= width { return (String(repeating: fill, count: width), "") }
                // A head cell between the filled and empty parts, when there are partial glyphs.
                let partials = characters.dropFirst().dropLast()
                guard !partials.isEmpty, exact > 0 else { return (String(repeating: fill, count: full), String(repeating: empty, count: width - full)) }
                let fraction = exact - Double(full)
                let index = min(partials.count - 1, Int(((1 - fraction) * Double(partials.count)).rounded(.down)))
                let head = partials[partials.startIndex + (partials.count == 1 ? 0 : index)]
                return (String(repeating: fill, count: full) + String(head), String(repeating: empty, count: width - full - 1))
            }
        }

        private static let eighths: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    }

    /// One piece of a template.
    enum Part: Sendable, Equatable {
        case text(String)
        case field(Field, width: Int?)
    }

    /// A field of a template.
    enum Field: String, Sendable {
        case spinner, message, prefix, bar, pos, len, percent, rate, eta, elapsed
    }

    static func parse(_ template: String) -> [Part] {
        var parts: [Part] = []
        var text = ""
        var rest = Substring(template)
        while let first = rest.first {
            if rest.hasPrefix("{{") || rest.hasPrefix("}}") {
                text.append(first)
                rest = rest.dropFirst(2)
            } else if first == "{", let close = rest.firstIndex(of: "}") {
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                let pieces = inside.split(separator: ":", maxSplits: 1)
                if let name = pieces.first, let field = Field(rawValue: String(name)) {
                    let width = pieces.count > 1 ? Int(pieces[1]).map { max(0, min($0, 1000)) } : nil
                    if !text.isEmpty {
                        parts.append(.text(text))
                        text = ""
                    }
                    parts.append(.field(field, width: width))
                } else {
                    text += rest[...close]
                }
                rest = rest[rest.index(after: close)...]
            } else {
                text.append(first)
                rest = rest.dropFirst()
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }
}

/// What a line indicator counts: how `{pos}`, `{len}` and `{rate}` are written.
public enum ProgressUnit: Sendable, Hashable {
    /// Items: `1234`, `12.3k/s`.
    case count
    /// Bytes, in binary multiples: `12.3 MiB`, `4.5 MiB/s`.
    case bytes

    /// `amount` in this unit.
    public func format(_ amount: Int) -> String {
        switch self {
        case .count: String(amount)
        case .bytes: Self.bytes(Double(amount))
        }
    }

    /// `perSecond` in this unit, a second.
    public func formatRate(_ perSecond: Double) -> String {
        guard perSecond.isFinite, perSecond >= 0 else { return "?/s" }
        switch self {
        case .count:
            if perSecond < 10 { return String(format: "%.1f/s", perSecond) }
            if perSecond < 10_000 { return "\(Int(perSecond.rounded()))/s" }
            if perSecond < 999_950 { return String(format: "%.1fk/s", perSecond / 1000) }
            return String(format: "%.1fM/s", perSecond / 1_000_000)
        case .bytes: return Self.bytes(perSecond) + "/s"
        }
    }

    private static func bytes(_ amount: Double) -> String {
        if amount < 1024 { return "\(Int(amount)) B" }
        var value = amount / 1024
        for unit in ["KiB", "MiB", "GiB", "TiB"] {
            if value < 1024 || unit == "TiB" { return String(format: value < 10 ? "%.2f %@" : value < 100 ? "%.1f %@" : "%.0f %@", value, unit) }
            value /= 1024
        }
        return ""
    }
}

extension Duration {
    /// `0:03`, `1:05`, `1:02:03`: minutes and seconds, hours from the first hour.
    var clockText: String {
        let total = max(0, Int(seconds.rounded(.down)))
        let h = total / 3600
        let m = total / 60 % 60
        let s = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// `1.2 s`, for the end lines.
    var secondsText: String { String(format: "%.1f s", seconds) }
}
