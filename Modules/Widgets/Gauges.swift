/// A ratio as a filled block with a label at its centre, as ratatui's `Gauge`: the filled
/// part drawn in `style`'s foreground colour (its text in the background colour), the label
/// (`NN%` unless given) over both parts. With `usesUnicode`, the edge of the fill moves by
/// eighths of a cell (`▏▎▍▌▋▊▉`).
///
/// ```swift
/// let download = Gauge(ratio: 0.42, style: Style(foreground: .green))
/// ```
@MainActor
public final class Gauge: View {
    /// How full, from 0 to 1 (outside is taken as the nearer end; NaN as 0).
    public var ratio: Double
    /// The text at the centre; nil shows the ratio as a percentage (`42%`).
    public var label: String?
    /// The filled part's colour is `style`'s foreground; its background colours the text on it.
    public var style: Style
    /// The label's own style, drawn over the cells beneath it (their fill kept).
    public var labelStyle: Style
    /// Whether the fill's edge moves by eighths of a cell rather than whole cells.
    public var usesUnicode: Bool

    /// A gauge `ratio` full.
    public init(ratio: Double = 0, label: String? = nil, style: Style = Style(foreground: .cyan), labelStyle: Style = .plain, usesUnicode: Bool = false) {
        self.ratio = ratio
        self.label = label
        self.style = style
        self.labelStyle = labelStyle
        self.usesUnicode = usesUnicode
    }

    /// A gauge `percent` full (0 to 100).
    public convenience init(percent: Int, label: String? = nil, style: Style = Style(foreground: .cyan), labelStyle: Style = .plain, usesUnicode: Bool = false)
    {
        self.init(ratio: Double(percent) / 100, label: label, style: style, labelStyle: labelStyle, usesUnicode: usesUnicode)
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let ratio = drawnRatio(ratio)
        let filled = Double(rect.width) * ratio
        let whole = usesUnicode ? Int(filled.rounded(.down)) : Int(filled.rounded())
        let fill = Cell(" ", style: Style(foreground: style.background, background: style.foreground, attributes: style.attributes))
        let plain = Cell(" ", style: Style(foreground: style.foreground, background: style.background, attributes: style.attributes))
        for y in rect.y..<rect.maxY {
            canvas.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), with: plain)
            canvas.fill(Rect(x: rect.x, y: y, width: whole, height: 1), with: fill)
            if usesUnicode, ratio < 1, whole < rect.width {
                let eighths = Int(((filled - Double(whole)) * 8).rounded())
                if eighths > 0 {
                    let edge = Self.eighths[min(eighths, 8) - 1]
                    canvas.put(edge, at: Point(x: rect.x + whole, y: y), style: plain.style, clip: rect)
                }
            }
        }
        let text = (label ?? percentage(ratio)).sanitizedForTerminal.truncated(toWidth: rect.width, ellipsis: "")
        let x = rect.x + (rect.width - text.displayWidth) / 2
        canvas.drawKeepingBackground(text, at: Point(x: x, y: rect.y + rect.height / 2), style: labelStyle, clip: rect)
    }

    /// The left eighths of a cell, one to eight.
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
}

/// A ratio as a line after its label, as ratatui's `LineGauge`: `42% ━━━━━━────────`, the
/// filled part in `filledStyle`, the rest in `unfilledStyle`.
///
/// ```swift
/// let tasks = LineGauge(ratio: 0.42, label: "Tasks", lines: .thick, filledStyle: Style(foreground: .green))
/// ```
@MainActor
public final class LineGauge: View {
    /// The line drawn: thin, thick or double.
    public enum Lines: Sendable {
        /// `─`
        case normal
        /// `━`
        case thick
        /// `═`
        case double

        var symbol: Character {
            switch self {
            case .normal: "─"
            case .thick: "━"
            case .double: "═"
            }
        }
    }

    /// How full, from 0 to 1 (outside is taken as the nearer end; NaN as 0).
    public var ratio: Double
    /// The text before the line; nil shows the ratio as a percentage (`42%`).
    public var label: String?
    /// The label's style.
    public var labelStyle: Style
    /// The line's symbol.
    public var lines: Lines
    /// The filled part of the line.
    public var filledStyle: Style
    /// The rest of the line.
    public var unfilledStyle: Style

    /// A line gauge `ratio` full.
    public init(
        ratio: Double = 0,
        label: String? = nil,
        labelStyle: Style = .plain,
        lines: Lines = .normal,
        filledStyle: Style = Style(foreground: .cyan),
        unfilledStyle: Style = Style(attributes: .dim)
    ) {
        self.ratio = ratio
        self.label = label
        self.labelStyle = labelStyle
        self.lines = lines
        self.filledStyle = filledStyle
        self.unfilledStyle = unfilledStyle
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let ratio = drawnRatio(ratio)
        let text = (label ?? percentage(ratio)).sanitizedForTerminal.truncated(toWidth: rect.width, ellipsis: "")
        let after = rect.x + canvas.draw(text, at: Point(x: rect.x, y: rect.y), style: labelStyle, clip: rect)
        let start = after + 1
        guard start < rect.maxX else { return }
        let end = start + Int((Double(rect.maxX - start) * ratio).rounded(.down))
        for x in start..<rect.maxX {
            canvas.put(lines.symbol, at: Point(x: x, y: rect.y), style: x < end ? filledStyle : unfilledStyle, clip: rect)
        }
    }
}

/// Values as a row of bars an eighth of a cell high each step, as ratatui's `Sparkline`: one
/// column a value, the first at the left, as many as fit; scaled so that `max` (the largest
/// value unless given) fills the height.
///
/// ```swift
/// let traffic = Sparkline([3, 1, 4, 1, 5, 9, 2, 6], style: Style(foreground: .yellow))
/// ```
@MainActor
public final class Sparkline: View {
    /// The values, oldest first; a negative one is drawn as 0.
    public var data: [Int]
    /// The value that fills the height; nil takes the largest of `data`.
    public var max: Int?
    /// The bars' style.
    public var style: Style

    /// A sparkline of `data`.
    public init(_ data: [Int] = [], max: Int? = nil, style: Style = .plain) {
        self.data = data
        self.max = max
        self.style = style
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let shown = Array(data.prefix(rect.width))
        canvas.drawBars(shown, top: max ?? shown.max() ?? 0, in: rect, style: style)
    }
}

/// The bar of a cell filled from the bottom by eighths, from empty to full.
private let risingEighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

/// `ratio` as a gauge draws it: within 0…1, NaN as 0.
private func drawnRatio(_ ratio: Double) -> Double { ratio.isNaN ? 0 : min(1, max(0, ratio)) }

/// A gauge's label when it is given none: the ratio as a whole percentage.
private func percentage(_ ratio: Double) -> String { "\(Int((ratio * 100).rounded()))%" }

extension Canvas {
    /// Draws `values` as bars rising from the bottom of `rect`, `width` cells across, one every
    /// `step` cells from its left edge, scaled so that `top` fills its height, in eighths of a
    /// cell (floored, as ratatui's integer arithmetic); a negative value, or any where `top` is
    /// 0 or less, draws an empty bar.
    mutating func drawBars(_ values: [Int], top: Int, in rect: Rect, width: Int = 1, step: Int = 1, style: Style) {
        var eighths = values.map { top <= 0 ? 0 : Int((Double(Swift.max(0, $0)) * Double(rect.height) * 8 / Double(top)).rounded(.down)) }
        for y in stride(from: rect.maxY - 1, through: rect.y, by: -1) {
            for (i, left) in eighths.enumerated() {
                let bar = risingEighths[Swift.min(left, 8)]
                for dx in 0..<width { put(bar, at: Point(x: rect.x + i * step + dx, y: y), style: style, clip: rect) }
                eighths[i] = Swift.max(0, left - 8)
            }
        }
    }

    /// Draws `text` at `point` in `style` over the style of each cell it covers: colours the
    /// style leaves at the default keep the cell's (a label on a filled gauge keeps its fill).
    @discardableResult
    mutating func drawKeepingBackground(_ text: String, at point: Point, style: Style, clip: Rect) -> Int {
        var x = point.x
        for character in text {
            let place = Point(x: x, y: point.y)
            let base = bounds.contains(place) ? self[x, point.y].style : .plain
            x += Swift.max(put(character, at: place, style: style.over(base), clip: clip), character.displayWidth)
        }
        return x - point.x
    }

    /// Draws `text` at `point`, each run's style over `style` over the cells beneath (as
    /// ratatui's spans patch a buffer); returns the cells used.
    @discardableResult
    mutating func drawKeepingBackground(_ text: StyledText, at point: Point, style: Style, clip: Rect) -> Int {
        var x = point.x
        for run in text.runs where x < clip.maxX {
            x += drawKeepingBackground(run.text, at: Point(x: x, y: point.y), style: run.style.over(style), clip: clip)
        }
        return x - point.x
    }
}

/// Values as vertical bars with their labels below and their values at their feet, as
/// ratatui's `BarChart`: `barWidth` cells a bar, `barGap` between, as many as fit, scaled so
/// that `max` (the largest value unless given) fills the height above the labels, in eighths
/// of a cell. A value is written on its bar where it fits inside the bar's width.
///
/// ```swift
/// let chart = BarChart([("B1", 9), ("B2", 12), ("B3", 5)], barWidth: 3, barStyle: Style(foreground: .yellow))
/// ```
@MainActor
public final class BarChart: View {
    /// The bars, left to right: a label and a value (a negative one is drawn as 0).
    public var bars: [(label: String, value: Int)]
    /// The value that fills the height; nil takes the largest of all the bars (those that do
    /// not fit too, so a chart keeps its scale as its data moves through it).
    public var max: Int?
    /// Cells across a bar, and between two.
    public var barWidth: Int
    public var barGap: Int
    /// The bars' style; the values' and labels', drawn over what is beneath them.
    public var barStyle: Style
    public var valueStyle: Style
    public var labelStyle: Style

    /// A chart of `bars`.
    public init(
        _ bars: [(label: String, value: Int)] = [],
        max: Int? = nil,
        barWidth: Int = 1,
        barGap: Int = 1,
        barStyle: Style = .plain,
        valueStyle: Style = .plain,
        labelStyle: Style = .plain
    ) {
        self.bars = bars
        self.max = max
        self.barWidth = barWidth
        self.barGap = barGap
        self.barStyle = barStyle
        self.valueStyle = valueStyle
        self.labelStyle = labelStyle
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard rect.height >= 2 else { return }
        // Cells past the area's width draw nothing: a bar or a gap wider is as wide as it.
        let width = Swift.min(Swift.max(1, barWidth), rect.width)
        let step = width + Swift.min(Swift.max(0, barGap), rect.width)
        guard barWidth <= rect.width else { return }  // not one bar fits
        let count = Swift.min(rect.width / step, bars.count)  // as ratatui: a bar counts with its gap
        guard count > 0 else { return }
        let shown = bars.prefix(count).map { (label: $0.label, value: Swift.max(0, $0.value)) }
        let top = Swift.max(1, max ?? bars.map(\.value).max() ?? 0)  // as ratatui: the largest of all, shown or not
        let above = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - 1)  // the labels' row below
        canvas.drawBars(shown.map(\.value), top: top, in: above, width: width, step: step, style: barStyle)
        for (i, bar) in shown.enumerated() {
            let x = rect.x + i * step
            let value = String(bar.value)
            if bar.value != 0, value.count < width {
                canvas.drawKeepingBackground(value, at: Point(x: x + (width - value.count) / 2, y: rect.maxY - 2), style: valueStyle, clip: rect)
            }
            let label = bar.label.sanitizedForTerminal.truncated(toWidth: width, ellipsis: "")
            canvas.drawKeepingBackground(label, at: Point(x: x, y: rect.maxY - 1), style: labelStyle, clip: rect)
        }
    }
}
