/// How a cell is drawn: foreground and background colours plus text attributes.
///
/// ```swift
/// let title = Style(foreground: .brightWhite, background: .blue, attributes: .bold)
/// ```
public struct Style: Hashable, Sendable {
    /// Text attributes a terminal may show.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates attributes from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold (or bright) text.
        public static let bold = Attributes(rawValue: 1)
        /// Faint text.
        public static let dim = Attributes(rawValue: 2)
        /// Foreground and background swapped.
        public static let reverse = Attributes(rawValue: 4)
        /// Underlined text.
        public static let underline = Attributes(rawValue: 8)
        /// Italic text, where the terminal has it.
        public static let italic = Attributes(rawValue: 16)
        /// A line through the text (ratatui's `CROSSED_OUT`, lipgloss's `Strikethrough`).
        public static let strikethrough = Attributes(rawValue: 32)
    }

    /// The text colour.
    public var foreground: Color
    /// The cell's background colour.
    public var background: Color
    /// Bold, dim, reverse, underline, italic, strikethrough.
    public var attributes: Attributes

    /// Creates a style; every part defaults to the terminal's own.
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes.
    public static let plain = Style()

    /// This style with other attributes added.
    public func adding(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    /// This style laid over `base`: its colours where it has them, else `base`'s, and the
    /// attributes of both (a highlighted letter on a selected row).
    public func over(_ base: Style) -> Style {
        Style(
            foreground: foreground == .default ? base.foreground : foreground,
            background: background == .default ? base.background : background,
            attributes: attributes.union(base.attributes)
        )
    }

    /// This style with both colours down-sampled to `depth` (attributes are kept, so
    /// components that must stay visible without colour use `reverse` or `bold`).
    public func resolved(for depth: ColorDepth) -> Style {
        if depth == .trueColor { return self }
        return Style(foreground: foreground.resolved(for: depth), background: background.resolved(for: depth), attributes: attributes)
    }
}
