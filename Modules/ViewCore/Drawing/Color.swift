/// A terminal colour: the terminal's default, one of the 16 ANSI colours, an entry of the
/// 256-colour palette, or a 24-bit RGB value.
///
/// Components choose colours freely; the backend down-samples them once to the
/// terminal's ``ColorDepth`` (see ``Color/resolved(for:)``).
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// One of the 16 ANSI colours, 0…15 (8…15 are the bright ones).
    case ansi(UInt8)
    /// An entry of the xterm 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// ANSI black.
    public static let black = Color.ansi(0)
    /// ANSI red.
    public static let red = Color.ansi(1)
    /// ANSI green.
    public static let green = Color.ansi(2)
    /// ANSI yellow.
    public static let yellow = Color.ansi(3)
    /// ANSI blue.
    public static let blue = Color.ansi(4)
    /// ANSI magenta.
    public static let magenta = Color.ansi(5)
    /// ANSI cyan.
    public static let cyan = Color.ansi(6)
    /// ANSI white (light grey on most terminals).
    public static let white = Color.ansi(7)
    /// ANSI bright black (dark grey).
    public static let brightBlack = Color.ansi(8)
    /// ANSI bright red (ratatui's `LightRed`).
    public static let brightRed = Color.ansi(9)
    /// ANSI bright green (ratatui's `LightGreen`).
    public static let brightGreen = Color.ansi(10)
    /// ANSI bright yellow (ratatui's `LightYellow`).
    public static let brightYellow = Color.ansi(11)
    /// ANSI bright blue (ratatui's `LightBlue`).
    public static let brightBlue = Color.ansi(12)
    /// ANSI bright magenta (ratatui's `LightMagenta`).
    public static let brightMagenta = Color.ansi(13)
    /// ANSI bright cyan (ratatui's `LightCyan`).
    public static let brightCyan = Color.ansi(14)
    /// ANSI bright white.
    public static let brightWhite = Color.ansi(15)

    /// The colour as one number (its kind in the top byte, its value below): how a ``Cell``
    /// keeps it, since a frame compares every cell's colours with the last frame's.
    var packed: UInt32 {
        switch self {
        case .default: 0
        case .ansi(let number): 1 << 24 | UInt32(number)
        case .palette(let number): 2 << 24 | UInt32(number)
        case .rgb(let r, let g, let b): 3 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    /// The colour ``packed`` holds.
    init(packed: UInt32) {
        let value = UInt8(truncatingIfNeeded: packed)
        switch packed >> 24 {
        case 1: self = .ansi(value)
        case 2: self = .palette(value)
        case 3: self = .rgb(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), value)
        default: self = .default
        }
    }

    public static func == (a: Color, b: Color) -> Bool { a.packed == b.packed }

    public func hash(into hasher: inout Hasher) { hasher.combine(packed) }
}

/// How many colours a terminal can show.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    /// No colour at all (`NO_COLOR`, or a monochrome terminal): only attributes.
    case none = 0
    /// The 16 ANSI colours (8 on old terminals; bright ones then show as bold).
    case ansi16 = 16
    /// The xterm 256-colour palette.
    case palette256 = 256
    /// 24-bit direct colour.
    case trueColor = 16_777_216

    /// Orders depths from none to true colour.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A short human name: `none`, `16`, `256`, `truecolor`.
    public var description: String {
        switch self {
        case .none: "none"
        case .ansi16: "16"
        case .palette256: "256"
        case .trueColor: "truecolor"
        }
    }

    /// Parses the names `description` produces.
    public init?(name: String) {
        guard let depth = ColorDepth.allCases.first(where: { $0.description == name }) else { return nil }
        self = depth
    }
}

extension Color {
    /// A colour written as people write them in flags and settings, as lipgloss reads them:
    /// a number from the 256-colour palette (`212`; 0…15 are the 16 ANSI colours), a hex RGB
    /// value (`#04B575`, `#fff`), a name of the 16 (`red`, `bright-red`, `brightRed`) or
    /// `default`. Nil for anything else.
    ///
    /// ```swift
    /// let accent = Color(parsing: "212") ?? .magenta
    /// ```
    public init?(parsing text: String) {
        let written = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if let number = UInt8(written) {
            self = number < 16 ? .ansi(number) : .palette(number)
            return
        }
        if written.hasPrefix("#") {
            let digits = Array(written.dropFirst())
            guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit) else { return nil }
            let pairs = digits.count == 3 ? digits.map { String([$0, $0]) } : stride(from: 0, to: 6, by: 2).map { String(digits[$0...$0 + 1]) }
            let values = pairs.compactMap { UInt8($0, radix: 16) }
            self = .rgb(values[0], values[1], values[2])
            return
        }
        let key = written.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        if key == "default" {
            self = .default
            return
        }
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        if let index = names.firstIndex(of: key) {
            self = .ansi(UInt8(index))
        } else if key.hasPrefix("bright"), let index = names.firstIndex(of: String(key.dropFirst(6))) {
            self = .ansi(UInt8(index + 8))
        } else if key == "gray" || key == "grey" {
            self = .brightBlack
        } else {
            return nil
        }
    }
}
