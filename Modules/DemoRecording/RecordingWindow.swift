/// What is drawn round a recording's terminal, as VHS draws it: a margin in a fill colour,
/// a window bar with three dots or rings, rounded corners. The bar is part of the tape's
/// `Height`; the margin, drawn only with a fill, is part of its `Width` and `Height`.
public struct RecordingWindow: Equatable, Sendable {
    /// The window bar's look (`Set WindowBar Colorful`).
    public enum Bar: String, CaseIterable, Sendable {
        case colorful = "Colorful"
        case colorfulRight = "ColorfulRight"
        case rings = "Rings"
        case ringsRight = "RingsRight"
    }

    /// Pixels of `marginFill` round the window (none without a fill, as VHS).
    public var margin = 0
    public var marginFill: GifColor?
    public var bar: Bar?
    /// The bar's height in pixels.
    public var barSize = 30
    /// The window's corners rounded to this radius (over the margin's fill).
    public var borderRadius = 0

    public init() {}

    /// Pixels taken from the tape's width and height for the margin and the bar.
    public var chrome: (width: Int, height: Int) {
        let margin = marginFill == nil ? 0 : 2 * max(0, margin)
        return (margin, margin + (bar == nil ? 0 : max(0, barSize)))
    }

    /// The same window with its parts in reach of a picture: a margin and bar at most 1000 pixels.
    var bounded: RecordingWindow {
        var copy = self
        copy.margin = min(max(0, margin), 1000)
        copy.barSize = min(max(0, barSize), 1000)
        copy.borderRadius = min(max(0, borderRadius), 1000)
        return copy
    }

    /// Whether anything is drawn round the terminal.
    public var isPlain: Bool { chrome == (0, 0) && (borderRadius == 0 || marginFill == nil) }

    /// A frame of the window: the margin, bar and corners drawn once, the terminal's pixels
    /// copied in for each frame.
    struct Template {
        let pixels: [UInt8]
        let width: Int
        let height: Int
        /// Where the terminal's top left goes.
        let origin: (x: Int, y: Int)
        /// The corner pixels the terminal's own pixels do not cover (the rounding).
        let cut: [(x: Int, y: Int)]

        func framing(_ content: IndexedFrame) -> IndexedFrame {
            var pixels = self.pixels
            for row in 0..<content.height {
                let from = row * content.width
                let to = (origin.y + row) * width + origin.x
                pixels.replaceSubrange(to..<(to + content.width), with: content.pixels[from..<(from + content.width)])
            }
            for point in cut { pixels[point.y * width + point.x] = self.pixels[point.y * width + point.x] }
            return IndexedFrame(width: width, height: height, pixels: pixels)
        }
    }

    /// The template for a terminal of `content` pixels in `theme`, its colours from `palette`.
    func template(content: (width: Int, height: Int), theme: RecordingTheme, palette: inout ColorIndex) -> Template {
        let window = bounded
        let margin = window.marginFill == nil ? 0 : window.margin
        let barHeight = window.bar == nil ? 0 : window.barSize
        let width = content.width + 2 * margin
        let height = content.height + barHeight + 2 * margin
        let fill = palette.index(of: window.marginFill ?? theme.background)
        let background = palette.index(of: theme.background)
        var pixels = [UInt8](repeating: fill, count: width * height)
        let inner = (x: margin, y: margin, width: content.width, height: content.height + barHeight)
        for y in inner.y..<(inner.y + inner.height) {
            for x in inner.x..<(inner.x + inner.width) { pixels[y * width + x] = background }
        }
        if let bar = window.bar, barHeight > 0 {
            let isRing = bar == .rings || bar == .ringsRight
            let isRight = bar == .colorfulRight || bar == .ringsRight
            let radius = Double(barHeight) / (isRing ? 5 : 6)
            let gap = (Double(barHeight) - 2 * radius) / 2
            let space = 2 * radius + Double(barHeight) / 6
            let colors = [GifColor(0xFF, 0x4F, 0x4D), GifColor(0xFE, 0xBB, 0x00), GifColor(0x00, 0xCC, 0x1D)]
            for (index, color) in colors.enumerated() {
                let offset = gap + radius + Double(index) * space
                let centre = (x: Double(inner.x) + (isRight ? Double(inner.width) - offset : offset), y: Double(inner.y) + gap + radius)
                let ring = isRing ? GifColor(0x33, 0x33, 0x33).mixed(with: theme.foreground, 60) : color
                let levels = (0...3).map { palette.index(of: theme.background.mixed(with: ring, $0 * 85)) }
                for y in max(0, Int(centre.y - radius) - 1)...min(height - 1, Int(centre.y + radius) + 1) {
                    for x in max(0, Int(centre.x - radius) - 1)...min(width - 1, Int(centre.x + radius) + 1) {
                        // Coverage from the distance to the circle's edge, in four levels.
                        let distance =
                            ((Double(x) + 0.5 - centre.x) * (Double(x) + 0.5 - centre.x) + (Double(y) + 0.5 - centre.y) * (Double(y) + 0.5 - centre.y))
                            .squareRoot()
                        var cover = min(1, max(0, radius - distance + 0.5))
                        if isRing { cover = min(cover, min(1, max(0, distance - (radius - max(1, radius / 4)) + 0.5))) }
                        let level = Int((cover * 3).rounded())
                        if level > 0 { pixels[y * width + x] = levels[level] }
                    }
                }
            }
        }
        var cut: [(x: Int, y: Int)] = []
        if window.borderRadius > 0, window.marginFill != nil {
            let radius = min(window.borderRadius, inner.width / 2, inner.height / 2)
            for dy in 0..<radius {
                for dx in 0..<radius {
                    let ex = Double(radius - dx) - 0.5
                    let ey = Double(radius - dy) - 0.5
                    guard (ex * ex + ey * ey).squareRoot() > Double(radius) else { continue }
                    for (x, y) in [
                        (inner.x + dx, inner.y + dy), (inner.x + inner.width - 1 - dx, inner.y + dy),
                        (inner.x + dx, inner.y + inner.height - 1 - dy), (inner.x + inner.width - 1 - dx, inner.y + inner.height - 1 - dy),
                    ] {
                        pixels[y * width + x] = fill
                        if y >= inner.y + barHeight { cut.append((x, y)) }
                    }
                }
            }
        }
        return Template(pixels: pixels, width: width, height: height, origin: (inner.x, inner.y + barHeight), cut: cut)
    }
}
