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

/// Values as bars, as ratatui's `BarChart`: vertical ones with their labels below and their
/// values at their feet (the look and the cells of tui 0.19's), or horizontal ones with
/// their labels on the left and their values at their start; `barWidth` cells a bar,
/// `barGap` between two, `groupGap` between groups (each group's label under or after its
/// bars), as many as fit, scaled so that `max` (the largest value unless given) fills the
/// room, in eighths of a cell upright. A value is written on its bar where it fits.
///
/// ```swift
/// let chart = BarChart([("B1", 9), ("B2", 12), ("B3", 5)], barWidth: 3, barStyle: Style(foreground: .yellow))
/// let sales = BarChart(groups: [
///     BarChart.Group([BarChart.Bar(8, label: "Q1"), BarChart.Bar(12, label: "Q2")], label: "2025"),
///     BarChart.Group([BarChart.Bar(10, label: "Q1"), BarChart.Bar(15, label: "Q2")], label: "2026"),
/// ], barWidth: 4, groupGap: 2)
/// ```
@MainActor
public final class BarChart: View {
    /// A bar: its value (a negative one is drawn as 0), its label, and styles and a text of
    /// its own.
    public struct Bar: Hashable, Sendable {
        /// Its value.
        public var value: Int
        /// Written under it (or on its left, horizontally).
        public var label: StyledText
        /// Laid over the chart's ``BarChart/barStyle`` for this bar.
        public var style: Style?
        /// Laid over the chart's ``BarChart/valueStyle`` for this bar.
        public var valueStyle: Style?
        /// Written on it instead of its value (`"12 %"`).
        public var text: String?

        /// A bar of `value`.
        public init(_ value: Int, label: StyledText = StyledText(), style: Style? = nil, valueStyle: Style? = nil, text: String? = nil) {
            self.value = value
            self.label = label
            self.style = style
            self.valueStyle = valueStyle
            self.text = text
        }
    }

    /// Bars side by side under one label (ratatui's `BarGroup`).
    public struct Group: Hashable, Sendable {
        /// Written under the group's bars (after them, horizontally).
        public var label: StyledText?
        /// The bars.
        public var bars: [Bar]

        /// A group of `bars`.
        public init(_ bars: [Bar], label: StyledText? = nil) {
            self.bars = bars
            self.label = label
        }
    }

    /// Which way the bars grow.
    public enum Direction: Hashable, Sendable {
        /// Up from the bottom, labels below.
        case vertical
        /// Right from the labels on the left.
        case horizontal
    }

    /// The groups, in order.
    public var groups: [Group]
    /// The bars of one group without a label, left to right: a label and a value (setting
    /// them makes one such group).
    public var bars: [(label: String, value: Int)] {
        get { groups.flatMap(\.bars).map { (label: $0.label.plain, value: $0.value) } }
        set { groups = [Group(newValue.map { Bar($0.value, label: StyledText($0.label)) })] }
    }
    /// The value that fills the room; nil takes the largest of all the bars (those that do
    /// not fit too, so a chart keeps its scale as its data moves through it).
    public var max: Int?
    /// Cells across a bar, between two, and between two groups.
    public var barWidth: Int
    public var barGap: Int
    public var groupGap = 0
    /// Which way the bars grow.
    public var direction = Direction.vertical
    /// The bars' style; the values' and labels', drawn over what is beneath them.
    public var barStyle: Style
    public var valueStyle: Style
    public var labelStyle: Style

    /// A chart of one group of `bars`.
    public convenience init(
        _ bars: [(label: String, value: Int)] = [],
        max: Int? = nil,
        barWidth: Int = 1,
        barGap: Int = 1,
        barStyle: Style = .plain,
        valueStyle: Style = .plain,
        labelStyle: Style = .plain
    ) {
        self.init(
            groups: [Group(bars.map { Bar($0.value, label: StyledText($0.label)) })],
            max: max,
            barWidth: barWidth,
            barGap: barGap,
            barStyle: barStyle,
            valueStyle: valueStyle,
            labelStyle: labelStyle
        )
    }

    /// A chart of `groups`, `groupGap` cells apart, growing as `direction` says.
    public init(
        groups: [Group],
        max: Int? = nil,
        barWidth: Int = 1,
        barGap: Int = 1,
        groupGap: Int = 0,
        direction: Direction = .vertical,
        barStyle: Style = .plain,
        valueStyle: Style = .plain,
        labelStyle: Style = .plain
    ) {
        self.groups = groups
        self.max = max
        self.barWidth = barWidth
        self.barGap = barGap
        self.groupGap = groupGap
        self.direction = direction
        self.barStyle = barStyle
        self.valueStyle = valueStyle
        self.labelStyle = labelStyle
    }

    /// The value that fills the room: `max`, else the largest of all, at least 1.
    private var top: Int { Swift.max(1, max ?? groups.flatMap(\.bars).map(\.value).max() ?? 0) }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        switch direction {
        case .vertical: renderVertical(in: rect, on: &canvas)
        case .horizontal: renderHorizontal(in: rect, on: &canvas)
        }
    }

    /// Bars up from the bottom: each bar's label on the row under the bars, each group's
    /// (when one has a label) on the row under those.
    private func renderVertical(in rect: Rect, on canvas: inout Canvas) {
        let labelRows = groups.contains { $0.label != nil } ? 2 : 1
        guard rect.height >= labelRows + 1, barWidth <= rect.width else { return }
        // Cells past the area's width draw nothing: a bar or a gap wider is as wide as it.
        let width = Swift.min(Swift.max(1, barWidth), rect.width)
        let gap = Swift.min(Swift.max(0, barGap), rect.width)
        let groupGap = Swift.min(Swift.max(0, self.groupGap), rect.width)
        let above = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - labelRows)
        let top = self.top
        var x = rect.x
        drawing: for group in groups {
            let first = x
            var drawn = 0
            for bar in group.bars {
                guard x - rect.x + width + gap <= rect.width else { break drawing }  // as ratatui: a bar counts with its gap
                let value = Swift.max(0, bar.value)
                canvas.drawBars(
                    [value],
                    top: top,
                    in: Rect(x: x, y: above.y, width: width, height: above.height),
                    width: width,
                    style: bar.style?.over(barStyle) ?? barStyle
                )
                let text = bar.text ?? (value == 0 ? "" : String(value))
                if !text.isEmpty, text.displayWidth < width {
                    let style = bar.valueStyle?.over(valueStyle) ?? valueStyle
                    canvas.drawKeepingBackground(
                        text.sanitizedForTerminal,
                        at: Point(x: x + (width - text.displayWidth) / 2, y: above.maxY - 1),
                        style: style,
                        clip: rect
                    )
                }
                let label = bar.label.sanitizedForTerminal.truncated(toWidth: width, ellipsis: "")
                canvas.drawKeepingBackground(label, at: Point(x: x, y: above.maxY), style: labelStyle, clip: rect)
                x += width + gap
                drawn += 1
            }
            if let label = group.label, drawn > 0 {
                let span = drawn * (width + gap) - gap
                let text = label.sanitizedForTerminal.truncated(toWidth: span, ellipsis: "")
                canvas.drawKeepingBackground(text, at: Point(x: first + (span - text.displayWidth) / 2, y: rect.maxY - 1), style: labelStyle, clip: rect)
            }
            x += groupGap
        }
    }

    /// Bars right from a column of labels: each value written from the bar's start, each
    /// group's label on the row after its bars (when there is a gap between groups).
    private func renderHorizontal(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let labelWidth = Swift.min(groups.flatMap(\.bars).map { $0.label.displayWidth }.max() ?? 0, rect.width)
        let margin = labelWidth > 0 ? 1 : 0
        let area = Rect(x: rect.x + labelWidth + margin, y: rect.y, width: Swift.max(0, rect.width - labelWidth - margin), height: rect.height)
        let height = Swift.min(Swift.max(1, barWidth), rect.height)
        let gap = Swift.min(Swift.max(0, barGap), rect.height)
        let groupGap = Swift.min(Swift.max(0, self.groupGap), rect.height)
        let top = self.top
        var y = rect.y
        drawing: for group in groups {
            for bar in group.bars {
                guard y + height <= rect.maxY else { break drawing }
                let style = bar.style?.over(barStyle) ?? barStyle
                let length = Int(Double(Swift.max(0, bar.value)) * Double(area.width) / Double(top))
                let shown = Swift.min(length, area.width)
                canvas.fill(Rect(x: area.x, y: y, width: shown, height: height), with: Cell("█", style: style))
                let middle = y + height / 2
                let label = bar.label.sanitizedForTerminal.truncated(toWidth: labelWidth, ellipsis: "")
                canvas.drawKeepingBackground(label, at: Point(x: rect.x, y: middle), style: labelStyle, clip: rect)
                let text = (bar.text ?? String(Swift.max(0, bar.value))).sanitizedForTerminal
                // On the bar in the value's style; past its end in the bar's colour.
                let onBar = bar.valueStyle?.over(valueStyle) ?? valueStyle
                canvas.drawKeepingBackground(text, at: Point(x: area.x, y: middle), style: onBar, clip: Rect(x: area.x, y: middle, width: shown, height: 1))
                canvas.drawKeepingBackground(
                    text,
                    at: Point(x: area.x, y: middle),
                    style: Style(foreground: style.foreground),
                    clip: Rect(x: area.x + shown, y: middle, width: area.width - shown, height: 1)
                )
                y += height + gap
            }
            if let label = group.label, groupGap > 0, y - gap < rect.maxY {
                canvas.drawKeepingBackground(label.sanitizedForTerminal, at: Point(x: area.x, y: y - gap), style: labelStyle, clip: area)
            }
            if groupGap > 0 { y += groupGap }
        }
    }
}
