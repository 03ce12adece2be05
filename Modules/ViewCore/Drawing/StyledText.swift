/// Text in runs of a ``Style`` each: what an app prints into the terminal's flow
/// (`HostLink.print`, `TerminalApp.print`). Written as a string, with a style for the parts
/// that have one:
///
/// ```swift
/// let done: StyledText = "\("✓", style: Style(foreground: .green)) \(package) installed"
/// host.print(done)
/// host.print(StyledText("warning: ", style: Style(foreground: .yellow, attributes: .bold)) + "disk almost full")
/// ```
///
/// It is printed as any other text is drawn: control characters and escape sequences show
/// as U+FFFD (a string cannot move the cursor or change the terminal's modes), tabs as spaces
/// to the next multiple of eight, and the colours as the terminal can show them (none where
/// `NO_COLOR` is set or the output is not a terminal).
public struct StyledText: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A stretch of text in one style.
    public struct Run: Hashable, Sendable {
        /// The text.
        public var text: String
        /// Its style.
        public var style: Style

        /// A run of `text` in `style`.
        public init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, in order.
    public var runs: [Run]

    /// No text.
    public init() { runs = [] }

    /// `text` in one style.
    public init(_ text: String, style: Style = .plain) {
        runs = text.isEmpty ? [] : [Run(text, style: style)]
    }

    /// The runs given.
    public init(runs: [Run]) {
        self.runs = runs.filter { !$0.text.isEmpty }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: Interpolation) {
        self.init(runs: stringInterpolation.runs)
    }

    /// The text without its styles.
    public var plain: String { runs.map(\.text).joined() }

    public var description: String { plain }

    /// The two one after the other.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        StyledText(runs: lhs.runs + rhs.runs)
    }

    /// Its lines (split at newlines) as text with SGR sequences for a terminal of `colorDepth`
    /// (none for `.none`), each ending with a reset when a style was set, safe to write to a
    /// terminal: what `InlineTerminal` prints above its rows.
    public func ansiLines(colorDepth: ColorDepth) -> [String] {
        lines.map { Self.ansiLine($0.runs, colorDepth: colorDepth) }
    }

    /// One line of runs as a canvas would write it (control characters as U+FFFD, tabs to the
    /// next multiple of 8 columns, the blanks at its end left out), written as it is read: a
    /// line of megabytes costs its text, not a canvas as wide as it.
    private static func ansiLine(_ runs: [Run], colorDepth: ColorDepth) -> String {
        var out = ""
        var pen = Canvas.SGRPen(colorDepth: colorDepth)
        var column = 0
        // Spaces that show nothing, in their styles, written only once something follows them.
        var blanks: [(style: Style, count: Int)] = []
        for run in runs {
            let blank = Cell(" ", style: run.style).isBlankInDefaultColors
            for character in run.text {
                let spaces = character == "\t" ? 8 - column % 8 : character == " " ? 1 : 0
                if spaces > 0, blank {
                    if blanks.last?.style == run.style { blanks[blanks.count - 1].count += spaces } else { blanks.append((run.style, spaces)) }
                    column += spaces
                    continue
                }
                for (style, count) in blanks { out += pen.take(style) + String(repeating: " ", count: count) }
                blanks = []
                out += pen.take(run.style)
                if spaces > 0 {
                    out += String(repeating: " ", count: spaces)
                    column += spaces
                } else if character.unicodeScalars.first?.isTerminalControl == true {
                    out += "\u{FFFD}"
                    column += 1
                } else {
                    out += String(character).sanitizedForTerminal
                    column += character.displayWidth
                }
            }
        }
        return out + pen.end()
    }

    /// A styled string literal being built: plain parts, values, and parts with a style.
    public struct Interpolation: StringInterpolationProtocol {
        var runs: [Run] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            runs.append(Run(literal))
        }

        /// A value as it describes itself, in no style of its own.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            runs.append(Run(value.description))
        }

        /// A value as it describes itself, in `style`.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible, style: Style) {
            runs.append(Run(value.description, style: style))
        }

        /// Styled text, in its own styles.
        public mutating func appendInterpolation(_ text: StyledText) {
            runs += text.runs
        }
    }
}
