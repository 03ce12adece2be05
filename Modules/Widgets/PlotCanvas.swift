import Foundation

/// Shapes drawn at coordinates of your own, finer than a cell, as ratatui's `canvas::Canvas`:
/// lines, rectangles, circles and points in braille dots (2×4 a cell), half blocks (1×2, each
/// half its own colour), or one mark a cell; text printed at a coordinate; layers drawn one
/// over another. The bounds map your coordinates onto the area, `y` growing upwards.
///
/// ```swift
/// let plot = PlotCanvas(x: -10...10, y: -10...10, marker: .braille) { painter in
///     painter.draw(.circle(x: 0, y: 0, radius: 8, color: .yellow))
///     painter.draw(.line(x1: -10, y1: -10, x2: 10, y2: 10, color: .cyan))
///     painter.print(x: -9, y: 9, "a circle")
/// }
/// ```
@MainActor
public final class PlotCanvas: View {
    /// What marks a point.
    public enum Marker: Hashable, Sendable {
        /// Braille dots: 2 across and 4 down in a cell.
        case braille
        /// Half blocks: 1 across and 2 down in a cell, each half its own colour.
        case halfBlock
        /// `•`, one a cell.
        case dot
        /// `▄`, one a cell (as tui's `Block`).
        case block
    }

    /// A shape at your coordinates.
    public enum Shape: Sendable {
        /// A straight line between two points.
        case line(x1: Double, y1: Double, x2: Double, y2: Double, color: Color)
        /// The outline of a rectangle from its lower-left corner.
        case rectangle(x: Double, y: Double, width: Double, height: Double, color: Color)
        /// The outline of a circle.
        case circle(x: Double, y: Double, radius: Double, color: Color)
        /// Points, each one mark.
        case points([(x: Double, y: Double)], color: Color)
    }

    /// What a canvas's painting closure draws with.
    public struct Painter {
        fileprivate var grid: Grid
        fileprivate var layers: [Grid] = []
        fileprivate var labels: [(x: Double, y: Double, text: StyledText)] = []
        fileprivate var dirty = false
        fileprivate let xBounds: ClosedRange<Double>
        fileprivate let yBounds: ClosedRange<Double>

        /// Draws `shape` on the current layer.
        public mutating func draw(_ shape: Shape) {
            dirty = true
            switch shape {
            case .line(let x1, let y1, let x2, let y2, let color): line(x1, y1, x2, y2, color)
            case .rectangle(let x, let y, let width, let height, let color):
                line(x, y, x, y + height, color)
                line(x, y + height, x + width, y + height, color)
                line(x + width, y, x + width, y + height, color)
                line(x, y, x + width, y, color)
            case .circle(let x, let y, let radius, let color):
                // A point each degree is more than a braille grid can tell apart at any size
                // a terminal has; fewer for a small circle.
                let steps = Swift.max(8, Swift.min(720, Int(Swift.min(abs(radius), 1e6) * 8)))
                for step in 0..<steps {
                    let angle = Double(step) / Double(steps) * 2 * Double.pi
                    // To the nearest grid point, so the circle is as round on each side.
                    if let (px, py) = gridPoint(x + radius * cos(angle), y + radius * sin(angle), rounded: true) { grid.paint(px, py, color) }
                }
            case .points(let points, let color):
                for point in points { if let (px, py) = gridPoint(point.x, point.y) { grid.paint(px, py, color) } }
            }
        }

        /// Prints `text` with its first cell at (`x`, `y`), over every layer.
        public mutating func print(x: Double, y: Double, _ text: StyledText) {
            labels.append((x, y, text.sanitizedForTerminal))
        }

        /// Starts a new layer over what was drawn so far (marks in one layer merge, as braille
        /// dots do; a layer's marks cover the ones beneath).
        public mutating func layer() {
            layers.append(grid)
            grid.clear()
            dirty = false
        }

        /// The grid point of a coordinate, nil outside the bounds: cut down as tui's
        /// `get_point` (so shapes land on tui's cells), or to the nearest.
        func gridPoint(_ x: Double, _ y: Double, rounded: Bool = false) -> (Int, Int)? {
            guard xBounds.contains(x), yBounds.contains(y) else { return nil }
            let width = xBounds.upperBound - xBounds.lowerBound
            let height = yBounds.upperBound - yBounds.lowerBound
            guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
            let (columns, rows) = grid.resolution
            let (column, row) = ((x - xBounds.lowerBound) * columns / width, (yBounds.upperBound - y) * rows / height)
            return rounded ? (Int(column.rounded()), Int(row.rounded())) : (Int(column), Int(row))
        }

        /// Bresenham's line between two coordinates (as tui draws it), nothing when either end
        /// is outside the bounds.
        private mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ color: Color) {
            guard let (ax, ay) = gridPoint(x1, y1), let (bx, by) = gridPoint(x2, y2) else { return }
            let dx = abs(bx - ax)
            let dy = abs(by - ay)
            if dx == 0 {
                for y in Swift.min(ay, by)...Swift.max(ay, by) { grid.paint(ax, y, color) }
            } else if dy == 0 {
                for x in Swift.min(ax, bx)...Swift.max(ax, bx) { grid.paint(x, ay, color) }
            } else if dy < dx {
                let (from, to) = ax > bx ? ((bx, by), (ax, ay)) : ((ax, ay), (bx, by))
                var d = 2 * dy - dx
                var y = from.1
                for x in from.0...to.0 {
                    grid.paint(x, y, color)
                    if d > 0 {
                        y += from.1 > to.1 ? -1 : 1
                        d -= 2 * dx
                    }
                    d += 2 * dy
                }
            } else {
                let (from, to) = ay > by ? ((bx, by), (ax, ay)) : ((ax, ay), (bx, by))
                var d = 2 * dx - dy
                var x = from.0
                for y in from.1...to.1 {
                    grid.paint(x, y, color)
                    if d > 0 {
                        x += from.0 > to.0 ? -1 : 1
                        d -= 2 * dy
                    }
                    d += 2 * dx
                }
            }
        }
    }

    /// The marks of one layer, cell by cell.
    fileprivate struct Grid {
        let marker: Marker
        let width: Int
        let height: Int
        /// Braille: the dots' bits; half blocks: 1 the upper half, 2 the lower; else 1 marked.
        var bits: [UInt8]
        var colors: [Color]
        /// Half blocks: the lower half's colour.
        var lowerColors: [Color]

        init(marker: Marker, width: Int, height: Int) {
            self.marker = marker
            self.width = width
            self.height = height
            bits = Array(repeating: 0, count: width * height)
            colors = Array(repeating: .default, count: width * height)
            lowerColors = marker == .halfBlock ? Array(repeating: .default, count: width * height) : []
        }

        /// Grid points across and down, less one (as tui's resolution).
        var resolution: (Double, Double) {
            switch marker {
            case .braille: (Double(width) * 2 - 1, Double(height) * 4 - 1)
            case .halfBlock: (Double(width) - 1, Double(height) * 2 - 1)
            case .dot, .block: (Double(width) - 1, Double(height) - 1)
            }
        }

        mutating func clear() {
            for index in bits.indices { bits[index] = 0 }
        }

        mutating func paint(_ x: Int, _ y: Int, _ color: Color) {
            guard x >= 0, y >= 0 else { return }
            switch marker {
            case .braille:
                let index = y / 4 * width + x / 2
                guard x / 2 < width, index < bits.count else { return }
                bits[index] |= Self.brailleDots[y % 4][x % 2]
                colors[index] = color
            case .halfBlock:
                let index = y / 2 * width + x
                guard x < width, index < bits.count else { return }
                if y % 2 == 0 {
                    bits[index] |= 1
                    colors[index] = color
                } else {
                    bits[index] |= 2
                    lowerColors[index] = color
                }
            case .dot, .block:
                let index = y * width + x
                guard x < width, index < bits.count else { return }
                bits[index] = 1
                colors[index] = color
            }
        }

        /// The bit of each braille dot, by row and column in its cell.
        static let brailleDots: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

        /// Draws its marks into `rect`, over what is there.
        func render(in rect: Rect, on canvas: inout Canvas) {
            for index in bits.indices where bits[index] != 0 {
                let point = Point(x: rect.x + index % width, y: rect.y + index / width)
                let under = canvas.bounds.contains(point) ? canvas[point.x, point.y].style : .plain
                var style = under
                let character: Character
                switch marker {
                case .braille:
                    character = Character(Unicode.Scalar(0x2800 + UInt32(bits[index]))!)
                    style.foreground = colors[index]
                case .halfBlock:
                    switch bits[index] {
                    case 1:
                        character = "▀"
                        style.foreground = colors[index]
                    case 2:
                        character = "▄"
                        style.foreground = lowerColors[index]
                    default:
                        if colors[index] == lowerColors[index] {
                            character = "█"
                            style.foreground = colors[index]
                        } else {
                            character = "▀"
                            style.foreground = colors[index]
                            style.background = lowerColors[index]
                        }
                    }
                case .dot:
                    character = "•"
                    style.foreground = colors[index]
                case .block:
                    character = "▄"
                    style.foreground = colors[index]
                }
                canvas.put(character, at: point, style: style, clip: rect)
            }
        }
    }

    /// The coordinates at the left and right edges.
    public var x: ClosedRange<Double>
    /// The coordinates at the bottom and top edges.
    public var y: ClosedRange<Double>
    /// What marks a point.
    public var marker: Marker
    /// The area's background colour (the terminal's own by default).
    public var background: Color
    /// What is drawn, called at each frame.
    public var paint: (inout Painter) -> Void

    /// A canvas from `x` and `y`'s bounds, drawn by `paint`.
    public init(
        x: ClosedRange<Double>,
        y: ClosedRange<Double>,
        marker: Marker = .braille,
        background: Color = .default,
        paint: @escaping (inout Painter) -> Void
    ) {
        self.x = x
        self.y = y
        self.marker = marker
        self.background = background
        self.paint = paint
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let background = self.background
        if background != .default { canvas.restyle(rect) { $0.background = background } }
        // A grid as large as the area (a huge area is cut to what a screen could be).
        let width = Swift.min(rect.width, 4096)
        let height = Swift.min(rect.height, 4096)
        var painter = Painter(grid: Grid(marker: marker, width: width, height: height), xBounds: x, yBounds: y)
        paint(&painter)
        if painter.dirty { painter.layer() }
        let area = Rect(x: rect.x, y: rect.y, width: width, height: height)
        for layer in painter.layers { layer.render(in: area, on: &canvas) }
        // Text, placed as tui places a label: its cell from the bounds, over every layer.
        let columns = Double(width - 1)
        let rows = Double(height - 1)
        let spanX = x.upperBound - x.lowerBound
        let spanY = y.upperBound - y.lowerBound
        for label in painter.labels where x.contains(label.x) && y.contains(label.y) && spanX > 0 && spanY > 0 {
            let column = rect.x + Int((label.x - x.lowerBound) * columns / spanX)
            let row = rect.y + Int((y.upperBound - label.y) * rows / spanY)
            canvas.draw(label.text, at: Point(x: column, y: row), style: Style(background: background), clip: area)
        }
    }
}
