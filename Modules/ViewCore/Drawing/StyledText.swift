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
        var lines: [[Run]] = [[]]
        for run in runs {
            let pieces = run.text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            for (index, piece) in pieces.enumerated() {
                if index > 0 { lines.append([]) }
                if !piece.isEmpty { lines[lines.count - 1].append(Run(String(piece), style: run.style)) }
            }
        }
        return lines.map { Self.ansiLine($0, colorDepth: colorDepth) }
    }

    /// One line of runs drawn on a canvas of its width, then written with its SGR sequences.
    private static func ansiLine(_ runs: [Run], colorDepth: ColorDepth) -> String {
        var expanded: [Run] = []
        var column = 0
        for run in runs {
            var text = ""
            for character in run.text {
                if character == "\t" {
                    let spaces = 8 - column % 8
                    text += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    text.append(character)
                    column += character.unicodeScalars.first?.isTerminalControl == true ? 1 : character.displayWidth
                }
            }
            expanded.append(Run(text, style: run.style))
        }
        var canvas = Canvas(size: Size(width: column, height: 1))
        var x = 0
        for run in expanded { x += canvas.draw(run.text, at: Point(x: x, y: 0), style: run.style) }
        return canvas.ansiLine(0, colorDepth: colorDepth, trimmed: true)
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
