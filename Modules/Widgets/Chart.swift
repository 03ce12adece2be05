/// Datasets plotted against two axes, as ratatui's `Chart`: each dataset as points or as
/// lines between them, in its own marker and colour; axes with bounds, labels and titles; a
/// legend at the top right when there is room for it. Laid out as tui 0.19 lays out its
/// chart, cell for cell.
///
/// ```swift
/// let wave = (0..<100).map { (x: Double($0) / 10, y: sin(Double($0) / 10)) }
/// let chart = Chart(
///     [Chart.Dataset(name: "sin", data: wave, marker: .braille, graphType: .line, style: Style(foreground: .cyan))],
///     xAxis: Chart.Axis(title: "t", bounds: 0...10, labels: ["0", "5", "10"]),
///     yAxis: Chart.Axis(bounds: -1...1, labels: ["-1", "0", "1"])
/// )
/// ```
@MainActor
public final class Chart: View {
    /// One axis: its bounds, the labels along it, a title and its line's style.
    public struct Axis: Sendable {
        /// A title at the end of the axis.
        public var title: StyledText?
        /// The coordinates at its two ends.
        public var bounds: ClosedRange<Double>
        /// Labels spread along it, the first at its start and the last at its end.
        public var labels: [StyledText]?
        /// The axis line's style.
        public var style: Style
        /// Where the labels stand: for the x axis, how the first label sits against the y axis;
        /// for the y axis, within the column left of it.
        public var labelsAlignment: TextAlignment

        /// An axis from `bounds`.
        public init(
            title: StyledText? = nil,
            bounds: ClosedRange<Double> = 0...0,
            labels: [StyledText]? = nil,
            style: Style = .plain,
            labelsAlignment: TextAlignment = .left
        ) {
            self.title = title
            self.bounds = bounds
            self.labels = labels
            self.style = style
            self.labelsAlignment = labelsAlignment
        }
    }

    /// How a dataset is drawn.
    public enum GraphType: Hashable, Sendable {
        /// A mark at each point.
        case scatter
        /// Lines from each point to the next.
        case line
    }

    /// A series of points.
    public struct Dataset: Sendable {
        /// Its name in the legend (none without).
        public var name: String
        /// The points, in the axes' coordinates.
        public var data: [(x: Double, y: Double)]
        /// What marks a point.
        public var marker: PlotCanvas.Marker
        /// Points or lines.
        public var graphType: GraphType
        /// Its colour (the foreground) and its name's style.
        public var style: Style

        /// A dataset of `data`.
        public init(name: String = "", data: [(x: Double, y: Double)], marker: PlotCanvas.Marker = .dot, graphType: GraphType = .scatter, style: Style = .plain)
        {
            self.name = name.sanitizedForTerminal
            self.data = data
            self.marker = marker
            self.graphType = graphType
            self.style = style
        }
    }

    /// The datasets, drawn in order.
    public var datasets: [Dataset]
    /// The horizontal axis.
    public var xAxis: Axis
    /// The vertical axis.
    public var yAxis: Axis
    /// The style of the whole area.
    public var style: Style
    /// The largest legend shown, as shares of the graph's width and height (a quarter of each
    /// by default); a larger one is hidden.
    public var legendLimits: (width: Layout.Constraint, height: Layout.Constraint)

    /// A chart of `datasets`.
    public init(_ datasets: [Dataset], xAxis: Axis = Axis(), yAxis: Axis = Axis(), style: Style = .plain) {
        self.datasets = datasets
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.style = style
        legendLimits = (.ratio(1, 4), .ratio(1, 4))
    }

    /// Where each part goes in an area (tui's `ChartLayout`).
    struct Parts {
        var xTitle: Point?
        var yTitle: Point?
        var xLabelsRow: Int?
        var yLabelsColumn: Int?
        var xAxisRow: Int?
        var yAxisColumn: Int?
        var legend: Rect?
        var graph = Rect(x: 0, y: 0, width: 0, height: 0)
    }

    func parts(in area: Rect) -> Parts {
        var parts = Parts()
        guard !area.isEmpty else { return parts }
        var x = area.x
        var y = area.maxY - 1
        if xAxis.labels != nil && y > area.y {
            parts.xLabelsRow = y
            y -= 1
        }
        parts.yLabelsColumn = yAxis.labels == nil ? nil : x
        x += widthLeftOfYAxis(in: area)
        if xAxis.labels != nil && y > area.y {
            parts.xAxisRow = y
            y -= 1
        }
        if yAxis.labels != nil && x + 1 < area.maxX {
            parts.yAxisColumn = x
            x += 1
        }
        if x < area.maxX && y > 1 {
            parts.graph = Rect(x: x, y: area.y, width: area.maxX - x, height: y - area.y + 1)
        }
        if let title = xAxis.title {
            let width = title.displayWidth
            if width < parts.graph.width && parts.graph.height > 2 { parts.xTitle = Point(x: x + parts.graph.width - width, y: y) }
        }
        if let title = yAxis.title {
            if title.displayWidth + 1 < parts.graph.width && parts.graph.height > 2 { parts.yTitle = Point(x: x, y: area.y) }
        }
        if let inner = datasets.map({ $0.name.displayWidth }).max() {
            let width = inner + 2
            let height = datasets.count + 2
            let widest = Self.applying(legendLimits.width, to: parts.graph.width)
            let tallest = Self.applying(legendLimits.height, to: parts.graph.height)
            if inner > 0 && width < widest && height < tallest {
                parts.legend = Rect(x: parts.graph.maxX - width, y: parts.graph.y, width: width, height: height)
            }
        }
        return parts
    }

    /// What a constraint allows of `length` cells (tui's `Constraint::apply`).
    private static func applying(_ constraint: Layout.Constraint, to length: Int) -> Int {
        switch constraint {
        case .percentage(let percent): length * Swift.min(Swift.max(0, percent), 100) / 100
        case .ratio(let numerator, let denominator): denominator <= 0 ? 0 : Int(Double(length) * Double(Swift.max(0, numerator)) / Double(denominator))
        case .length(let cells), .max(let cells): Swift.min(length, cells)
        case .min(let cells): Swift.max(length, cells)
        case .fill: length
        }
    }

    /// The columns left of the y axis: its widest label, or what the first x label needs
    /// there, at most a third of the area.
    private func widthLeftOfYAxis(in area: Rect) -> Int {
        var widest = yAxis.labels?.map(\.displayWidth).max() ?? 0
        if let first = xAxis.labels?.first {
            let width = first.displayWidth
            let left: Int =
                switch xAxis.labelsAlignment {
                case .left: Swift.max(0, width - (yAxis.labels != nil ? 1 : 0))
                case .center: width / 2
                case .right: 0
                }
            widest = Swift.max(widest, left)
        }
        return Swift.min(widest, area.width / 3)
    }

    public func render(in area: Rect, on canvas: inout Canvas) {
        guard !area.isEmpty else { return }
        let style = self.style
        canvas.restyle(area) { $0 = style.over($0) }
        let original = canvas.bounds.contains(area.origin) ? canvas[area.x, area.y].style : style
        let parts = parts(in: area)
        let graph = parts.graph
        guard !graph.isEmpty else { return }
        drawXLabels(parts, area: area, on: &canvas)
        drawYLabels(parts, area: area, on: &canvas)
        if let y = parts.xAxisRow {
            for x in graph.x..<graph.maxX { canvas.put("─", at: Point(x: x, y: y), style: xAxis.style.over(canvas.style(at: x, y)), clip: area) }
        }
        if let x = parts.yAxisColumn {
            for y in graph.y..<graph.maxY { canvas.put("│", at: Point(x: x, y: y), style: yAxis.style.over(canvas.style(at: x, y)), clip: area) }
        }
        if let y = parts.xAxisRow, let x = parts.yAxisColumn {
            canvas.put("└", at: Point(x: x, y: y), style: xAxis.style.over(canvas.style(at: x, y)), clip: area)
        }
        for dataset in datasets {
            let plot = PlotCanvas(x: xAxis.bounds, y: yAxis.bounds, marker: dataset.marker, background: style.background) { painter in
                let color = dataset.style.foreground
                painter.draw(.points(dataset.data, color: color))
                if dataset.graphType == .line, dataset.data.count > 1 {
                    for index in 1..<dataset.data.count {
                        let (from, to) = (dataset.data[index - 1], dataset.data[index])
                        painter.draw(.line(x1: from.x, y1: from.y, x2: to.x, y2: to.y, color: color))
                    }
                }
            }
            plot.render(in: graph, on: &canvas)
        }
        if let legend = parts.legend {
            canvas.restyle(legend) { $0 = original }
            canvas.drawBox(legend, style: original, lines: .square)
            for (index, dataset) in datasets.enumerated() {
                canvas.draw(dataset.name, at: Point(x: legend.x + 1, y: legend.y + 1 + index), style: dataset.style.over(original), clip: legend.inset(by: 1))
            }
        }
        for (title, point) in [(xAxis.title, parts.xTitle), (yAxis.title, parts.yTitle)] {
            guard let title, let point else { continue }
            let line = Rect(x: point.x, y: point.y, width: Swift.max(0, graph.maxX - point.x), height: 1)
            canvas.restyle(line) { $0 = original }
            canvas.draw(title.sanitizedForTerminal, at: point, style: original, clip: line)
        }
    }

    private func drawXLabels(_ parts: Parts, area: Rect, on canvas: inout Canvas) {
        guard let y = parts.xLabelsRow, let labels = xAxis.labels, labels.count >= 2 else { return }
        let graph = parts.graph
        let between = graph.width / labels.count
        let firstWidth = labels[0].displayWidth
        let (minX, maxX): (Int, Int) =
            switch xAxis.labelsAlignment {
            case .left: (area.x, graph.x)
            case .center: (area.x, graph.x + Swift.min(between, firstWidth))
            case .right: (Swift.max(0, graph.x - 1), graph.x + between)
            }
        let firstAlignment: TextAlignment =
            switch xAxis.labelsAlignment {
            case .left: .right
            case .center: .center
            case .right: .left
            }
        Self.draw(labels[0], in: Rect(x: minX, y: y, width: Swift.max(0, maxX - minX), height: 1), alignment: firstAlignment, on: &canvas)
        for (index, label) in labels.dropFirst().dropLast().enumerated() {
            // A space kept before each label between the ends.
            let x = graph.x + (index + 1) * between + 1
            Self.draw(label, in: Rect(x: x, y: y, width: Swift.max(0, between - 1), height: 1), alignment: .center, on: &canvas)
        }
        Self.draw(labels[labels.count - 1], in: Rect(x: graph.maxX - between, y: y, width: between, height: 1), alignment: .right, on: &canvas)
    }

    private func drawYLabels(_ parts: Parts, area: Rect, on canvas: inout Canvas) {
        guard let x = parts.yLabelsColumn, let labels = yAxis.labels, !labels.isEmpty else { return }
        let graph = parts.graph
        for (index, label) in labels.enumerated() {
            let dy = labels.count > 1 ? index * (graph.height - 1) / (labels.count - 1) : 0
            guard dy < graph.maxY else { continue }
            let row = Swift.max(0, graph.maxY - 1) - dy
            Self.draw(label, in: Rect(x: x, y: row, width: Swift.max(0, graph.x - area.x - 1), height: 1), alignment: yAxis.labelsAlignment, on: &canvas)
        }
    }

    /// A label in its area, as tui's `render_label` places it.
    private static func draw(_ label: StyledText, in rect: Rect, alignment: TextAlignment, on canvas: inout Canvas) {
        let width = Swift.min(rect.width, label.displayWidth)
        let x =
            switch alignment {
            case .left: rect.x
            case .center: rect.x + rect.width / 2 - width / 2
            case .right: rect.maxX - width
            }
        let clip = Rect(x: x, y: rect.y, width: width, height: 1)
        canvas.draw(label.sanitizedForTerminal, at: Point(x: x, y: rect.y), style: canvas.style(at: x, rect.y), clip: clip)
    }
}

extension Canvas {
    /// The style of the cell at (`x`, `y`), plain outside the canvas.
    fileprivate func style(at x: Int, _ y: Int) -> Style { bounds.contains(Point(x: x, y: y)) ? self[x, y].style : .plain }
}
