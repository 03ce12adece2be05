import Foundation
import ViewCore

/// How a line indicator's line reads: a template of fields, the bar's glyphs and the
/// spinner's frames.
///
/// The template is indicatif's language: text with fields in braces, `{field}` or
/// `{field:[<^>][width][!][.style[/style]]}` — an alignment (left, centre, right) and a width
/// to pad to (`!` also cuts what is longer), a style for the field, and for a bar a second
/// style for its empty part (`{bar:40.cyan/blue}`, `{pos:>7}`, `{spinner:.green}`,
/// `{msg:^20!.bold}`).
///
/// | field | shows |
/// | --- | --- |
/// | `{spinner}` | the spinner's frame (✓ once finished, or its `finished` frame) |
/// | `{message}`, `{msg}`, `{wide_msg}` | the message; cut first when the line does not fit |
/// | `{prefix}` | the prefix |
/// | `{bar}`, `{wide_bar}`, `{bar:30}` | the bar: as wide as the room left, or 30 cells |
/// | `{pos}`, `{len}` | the position and the length (bytes as `12.3 MiB` with the bytes unit) |
/// | `{human_pos}`, `{human_len}` | with thousands separators: `1,234,567` |
/// | `{percent}`, `{percent_precise}` | `42`; `42.000` (bare numbers, as indicatif's: write `{percent}%`); `{percent:.1}` gives `42.5` (a first dotted digit is the decimals) |
/// | `{bytes}`, `{total_bytes}`, `{binary_bytes}`, `{binary_total_bytes}` | as bytes, binary multiples, as indicatif writes them: `220.52 MiB` |
/// | `{decimal_bytes}`, `{decimal_total_bytes}` | as bytes, decimal multiples: `231.23 MB` |
/// | `{rate}`, `{per_sec}` | `1234/s`, `12.3k/s` (bytes with the bytes unit) |
/// | `{bytes_per_sec}`, `{binary_bytes_per_sec}`, `{decimal_bytes_per_sec}` | `4.50 MiB/s`; `4.72 MB/s` |
/// | `{eta}`, `{eta_precise}` | the time left, `5 s`, `1:05`; `00:01:05` (`-:--` while unknown) |
/// | `{elapsed}`, `{elapsed_precise}` | the time since the start, `3 s`, `1:05`; `00:00:03` |
/// | `{duration}`, `{duration_precise}` | the whole run's expected time, elapsed and left |
///
/// Styles are dotted words as indicatif's: `black` `red` `green` `yellow` `blue` `magenta`
/// `cyan` `white` or a number 0…255, `bright` (the colour's bright form), `on_` and a colour
/// for the background, `bold` `dim` `italic` `underlined` `blink` `reverse` `hidden`. `{{`
/// and `}}` write braces. A template with a field or a style it does not know is an error
/// that names it and its column (``TemplateError``) — never text on the screen.
///
/// ```swift
/// var style = try ProgressStyle(template: "{spinner:.green} [{elapsed_precise}] [{wide_bar:.cyan/blue}] {bytes}/{total_bytes} ({eta})")
/// style.barGlyphs = .characters("#>-") ?? .ascii
/// ```
public struct ProgressStyle: Sendable {
    /// The line, as fields and text (see the type's description).
    public private(set) var template: String
    /// The glyphs of `{bar}`.
    public var barGlyphs: BarGlyphs
    /// The frames of `{spinner}`.
    public var spinner: SpinnerStyle

    /// The template's pieces, parsed once.
    private(set) var parts: [Part]

    /// A style from a template; throws ``TemplateError`` naming an unknown field or style
    /// and its column.
    public init(template: String, barGlyphs: BarGlyphs = .smooth, spinner: SpinnerStyle = .comet) throws(TemplateError) {
        self.template = template
        self.barGlyphs = barGlyphs
        self.spinner = spinner
        parts = try Self.parse(template)
    }

    /// A template known to be good (the presets).
    private init(known template: String) {
        self.template = template
        barGlyphs = .smooth
        spinner = .comet
        parts = (try? Self.parse(template)) ?? [.text(template)]
    }

    /// A bar of known length: `message ████▍░░░ 42% 420/1000 · 12.3k/s · ETA 5 s`.
    public static let bar = ProgressStyle(known: "{message} {bar} {percent}% {pos}/{len} · {rate} · ETA {eta}")
    /// A bar going from 0 to 1: `message ████▍░░░ 42% · ETA 5 s`, no counts.
    public static let fraction = ProgressStyle(known: "{message} {bar} {percent}% · ETA {eta}")
    /// Progress of unknown length: `⠋ message 420 · 12.3k/s · 3 s`.
    public static let count = ProgressStyle(known: "{spinner} {message} {pos} · {rate} · {elapsed}")
    /// A spinner: `⠋ message 3 s` (`1:05` from a minute on).
    public static let spinner = ProgressStyle(known: "{spinner} {message} {elapsed}")

    /// Why a template cannot be used: what is wrong, at which column (1 is the first character).
    public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, with the field or style named.
        public let message: String
        /// Where, counted in characters from 1.
        public let column: Int

        /// The message and the column.
        public var description: String { "\(message) at column \(column)" }
    }

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
        case field(Placeholder)
    }

    /// How a field's text sits in its width.
    enum Alignment: Sendable, Equatable { case left, center, right }

    /// A field of a template and how it is shown.
    struct Placeholder: Sendable, Equatable {
        var field: Field
        var width: Int?
        var alignment = Alignment.left
        /// Cut to `width` when longer (`!`).
        var truncates = false
        var style: LineStyle?
        /// A bar's empty part.
        var alternate: LineStyle?
        /// Decimals of a percentage (`{percent:.1}`); nil: the field's own.
        var precision: Int?
    }

    /// A field of a template.
    enum Field: String, Sendable, CaseIterable {
        case spinner, message, prefix, bar, pos, len, percent, rate, eta, elapsed
        case humanPos = "human_pos"
        case humanLen = "human_len"
        case percentPrecise = "percent_precise"
        case bytes
        case totalBytes = "total_bytes"
        case binaryBytes = "binary_bytes"
        case binaryTotalBytes = "binary_total_bytes"
        case decimalBytes = "decimal_bytes"
        case decimalTotalBytes = "decimal_total_bytes"
        case perSec = "per_sec"
        case bytesPerSec = "bytes_per_sec"
        case binaryBytesPerSec = "binary_bytes_per_sec"
        case decimalBytesPerSec = "decimal_bytes_per_sec"
        case elapsedPrecise = "elapsed_precise"
        case etaPrecise = "eta_precise"
        case duration
        case durationPrecise = "duration_precise"

        /// indicatif's other names for ours.
        static let aliases: [String: Field] = ["msg": .message, "wide_msg": .message, "wide_bar": .bar]

        init?(name: Substring) {
            if let field = Field(rawValue: String(name)) ?? Self.aliases[String(name)] { self = field } else { return nil }
        }

        /// Whether its text changes with time alone.
        var animates: Bool {
            switch self {
            case .spinner, .elapsed, .eta, .rate, .perSec, .bytesPerSec, .binaryBytesPerSec, .decimalBytesPerSec, .elapsedPrecise, .etaPrecise, .duration,
                .durationPrecise:
                true
            default: false
            }
        }
    }

    static func parse(_ template: String) throws(TemplateError) -> [Part] {
        var parts: [Part] = []
        var text = ""
        let characters = Array(template)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if (c == "{" || c == "}") && i + 1 < characters.count && characters[i + 1] == c {
                text.append(c)
                i += 2
                continue
            }
            guard c == "{" else {
                if c == "}" { throw TemplateError(message: "a lone `}` (write `}}` for a brace)", column: i + 1) }
                text.append(c)
                i += 1
                continue
            }
            guard let close = characters[i...].firstIndex(of: "}") else {
                throw TemplateError(message: "a field that never closes (write `{{` for a brace)", column: i + 1)
            }
            let inside = String(characters[(i + 1)..<close])
            // indicatif reads `{ x }` (a space inside) as text.
            if inside.contains(where: \.isWhitespace) {
                text += String(characters[i...close])
                i = close + 1
                continue
            }
            if !text.isEmpty {
                parts.append(.text(text))
                text = ""
            }
            parts.append(.field(try placeholder(inside, at: i + 1)))
            i = close + 1
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }

    /// `name[:[<^>][width][!][.style[/style]]]`, the field starting at `column`.
    private static func placeholder(_ inside: String, at column: Int) throws(TemplateError) -> Placeholder {
        var nameEnd = inside.firstIndex { $0 == ":" || $0 == "!" } ?? inside.endIndex
        let name = inside[..<nameEnd]
        guard let field = Field(name: name) else {
            let known = (Field.allCases.map(\.rawValue) + Field.aliases.keys).sorted().joined(separator: ", ")
            throw TemplateError(message: "unknown field `{\(name)}`; the fields are \(known)", column: column)
        }
        var placeholder = Placeholder(field: field)
        if name == "wide_msg" || name == "wide_bar" { placeholder.width = nil }
        if nameEnd < inside.endIndex, inside[nameEnd] == "!" {
            placeholder.truncates = true
            nameEnd = inside.index(after: nameEnd)
        }
        guard nameEnd < inside.endIndex else { return placeholder }
        var spec = Substring(inside[inside.index(after: nameEnd)...])
        if inside[nameEnd] != ":" { spec = Substring(inside[nameEnd...]) }
        let specColumn = column + 1 + inside.distance(from: inside.startIndex, to: nameEnd) + 1
        if let first = spec.first, "<^>".contains(first) {
            placeholder.alignment = first == "<" ? .left : first == "^" ? .center : .right
            spec = spec.dropFirst()
        }
        let digits = spec.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty {
            guard let width = Int(digits), width <= 1000 else {
                throw TemplateError(message: "the width `\(digits)` of `{\(name)}` is more than 1000", column: specColumn)
            }
            placeholder.width = width
            spec = spec.dropFirst(digits.count)
        }
        if spec.first == "!" {
            placeholder.truncates = true
            spec = spec.dropFirst()
        }
        guard !spec.isEmpty else { return placeholder }
        guard spec.first == "." else {
            throw TemplateError(message: "`\(spec)` in `{\(inside)}`: write `{\(name):[<^>][width][!][.style[/style]]}`", column: column)
        }
        var styles = spec.dropFirst().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        // A percentage's first dotted word of one digit is its decimals (`{percent:.1}`, as
        // Rust's `{:.1}`); a colour 0…9 there is written by name.
        if field == .percent || field == .percentPrecise, let first = styles[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first,
            first.count == 1, let digit = first.first?.wholeNumberValue
        {
            placeholder.precision = digit
            styles[0] = styles[0].dropFirst(1).drop { $0 == "." }
        }
        placeholder.style = styles[0].isEmpty ? nil : try LineStyle(dotted: styles[0], field: inside, column: column)
        if styles.count > 1 { placeholder.alternate = try LineStyle(dotted: styles[1], field: inside, column: column) }
        return placeholder
    }
}

/// Colours and attributes of a piece of a line, from indicatif's dotted style words.
struct LineStyle: Sendable, Hashable {
    /// A 256-colour number (0…7 the ANSI colours, 8…15 their bright forms).
    var foreground: UInt8?
    var background: UInt8?
    /// SGR attribute numbers: 1 bold, 2 dim, 3 italic, 4 underlined, 5 blink, 7 reverse, 8 hidden.
    var attributes: [UInt8] = []

    static let colors = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    static let attributeWords: [String: UInt8] = ["bold": 1, "dim": 2, "italic": 3, "underlined": 4, "blink": 5, "reverse": 7, "hidden": 8, "strikethrough": 9]

    init(foreground: UInt8? = nil, background: UInt8? = nil, attributes: [UInt8] = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    init(dotted: Substring, field: String, column: Int) throws(ProgressStyle.TemplateError) {
        var brightForeground = false
        var brightBackground = false
        for word in dotted.split(separator: ".", omittingEmptySubsequences: true) {
            let text = String(word)
            if let index = Self.colors.firstIndex(of: text) {
                foreground = UInt8(index)
            } else if let number = UInt8(text) {
                foreground = number
            } else if text == "bright" {
                brightForeground = true
            } else if text == "on_bright" {
                brightBackground = true
            } else if text.hasPrefix("on_"), let index = Self.colors.firstIndex(of: String(text.dropFirst(3))) {
                background = UInt8(index)
            } else if text.hasPrefix("on_"), let number = UInt8(text.dropFirst(3)) {
                background = number
            } else if let attribute = Self.attributeWords[text] {
                attributes.append(attribute)
            } else {
                throw ProgressStyle.TemplateError(
                    message: "unknown style `\(text)` in `{\(field)}`; styles are colours (\(Self.colors.joined(separator: ", ")), 0…255), bright, on_COLOUR, "
                        + Self.attributeWords.keys.sorted().joined(separator: ", "),
                    column: column
                )
            }
        }
        if brightForeground, let color = foreground, color < 8 { foreground = color + 8 }
        if brightBackground, let color = background, color < 8 { background = color + 8 }
    }

    /// The SGR parameters that set it (after a reset).
    var parameters: String {
        var out = attributes.map(String.init)
        if let color = foreground { out.append(color < 8 ? "\(30 + color)" : color < 16 ? "\(90 + color - 8)" : "38;5;\(color)") }
        if let color = background { out.append(color < 8 ? "\(40 + color)" : color < 16 ? "\(100 + color - 8)" : "48;5;\(color)") }
        return out.isEmpty ? "0" : out.joined(separator: ";")
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

    /// Bytes as indicatif's `{bytes}` fields write them: two decimals in binary multiples
    /// (`220.52 MiB`, as ``HumanBytes``), or in decimal ones (`231.23 MB`, as ``DecimalBytes``);
    /// below one multiple `512B`.
    static func indicatifBytes(_ amount: Double, decimal: Bool = false) -> String {
        decimal
            ? HumanBytes.text(amount, base: 1000, prefixes: ["k", "M", "G", "T", "P", "E", "Z", "Y"])
            : HumanBytes.text(amount, base: 1024, prefixes: ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"])
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
    /// A running time (``Duration/formattedForHumans(tenths:)``): `3 s`, `1:05`.
    var clockText: String { formattedForHumans() }

    /// How long something took, for the end lines: `3.2 s`, `1:05`.
    var secondsText: String { formattedForHumans(tenths: true) }
}
