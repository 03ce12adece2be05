import Motion
import Pixels
import ViewCore

/// Draws an `RGBAImage` with a `SymbolSet`, as chafa and notcurses do: the image is
/// fitted to the box (aspect ratio kept, a cell twice as tall as wide), area-averaged to
/// the set's sub-pixels, and for each cell the glyph and the two colours that match its
/// sub-pixels best are chosen — every glyph of the set (`SymbolSet.shapes`) splits them
/// into two groups, each drawn in its mean colour, and the glyph with the least squared
/// error wins.
/// Transparent cells stay blank (what is beneath shows); translucent sub-pixels are blended
/// onto `background`. Half blocks are ``HalfBlockRasterizer``'s.
///
/// ```swift
/// let cells = SymbolRasterizer(symbols: .sextant).rasterize(frame, fitting: Size(width: 40, height: 12))
/// ```
public struct SymbolRasterizer: Sendable {
    /// The symbols drawn with.
    public var symbols: SymbolSet
    /// The colour translucent sub-pixels are blended onto.
    public var background: RGBA
    /// See ``HalfBlockRasterizer/minimumContrast``.
    public var minimumContrast: Double

    /// Creates a rasterizer.
    public init(symbols: SymbolSet = .half, background: RGBA = RGBA(0, 0, 0), minimumContrast: Double = 0) {
        self.symbols = symbols
        self.background = background
        self.minimumContrast = minimumContrast
    }

    var halfBlocks: HalfBlockRasterizer {
        HalfBlockRasterizer(mode: .color, background: background, minimumContrast: minimumContrast)
    }

    /// The cells an image of `width × height` pixels takes when fitted into `box` (the same
    /// for every symbol set).
    public func fittedSize(width: Int, height: Int, in box: Size) -> Size {
        halfBlocks.fittedSize(width: width, height: height, in: box)
    }

    /// The image fitted into `box` as cells.
    public func rasterize(_ image: RGBAImage, fitting box: Size) -> Canvas {
        if symbols == .half { return halfBlocks.rasterize(image, fitting: box) }
        return rasterize(image, filling: fittedSize(width: image.width, height: image.height, in: box))
    }

    /// The image stretched over exactly `cells` (its proportions are the caller's: see
    /// `ImageLayout`).
    public func rasterize(_ image: RGBAImage, filling cells: Size) -> Canvas {
        if symbols == .half { return halfBlocks.rasterize(image, filling: cells) }
        guard !cells.isEmpty, image.width > 0, image.height > 0 else { return Canvas(size: .zero) }
        let (gw, gh) = symbols.sampleGrid
        let grid = Size(width: cells.width * gw, height: cells.height * gh)
        let samples = HalfBlockRasterizer.areaAverage(image, to: grid)
        var canvas = Canvas(size: cells)
        var cell = [RGBA](repeating: .clear, count: gw * gh)
        var fitter = CellFitter(symbols: symbols, background: background, halfBlocks: halfBlocks)
        for row in 0..<cells.height {
            for column in 0..<cells.width {
                var opaque = false
                for sy in 0..<gh {
                    for sx in 0..<gw {
                        var p = samples[(row * gh + sy) * grid.width + column * gw + sx]
                        if p.a < HalfBlockRasterizer.faintest { p = .clear }
                        if p.a > 0 { opaque = true }
                        // Contrast kept by the picture's colours, before edges blend (no halo).
                        cell[sy * gw + sx] = p.a > 0 ? halfBlocks.keepingContrast(p) : p
                    }
                }
                guard opaque else { continue }  // blank: what is beneath shows
                canvas[column, row] = fitter.bestCell(cell)
            }
        }
        return canvas
    }
}

/// Chooses cells' glyphs and colours for a ``SymbolRasterizer``, keeping the set's shapes and
/// the storage of its running sums from one cell to the next (a picture has thousands).
struct CellFitter {
    let symbols: SymbolSet
    let background: RGBA
    let halfBlocks: HalfBlockRasterizer
    let shapes: [GlyphShape]
    private var red: [Double], green: [Double], blue: [Double]

    init(symbols: SymbolSet, background: RGBA, halfBlocks: HalfBlockRasterizer) {
        self.symbols = symbols
        self.background = background
        self.halfBlocks = halfBlocks
        shapes = symbols.shapes
        let (columns, rows) = symbols.sampleGrid
        red = [Double](repeating: 0, count: columns * (rows + 1))
        green = red
        blue = red
    }

    /// The glyph and colours that match `pixels` (one cell's sub-pixels of the set's sample
    /// grid, row-major) best. For a split into groups of `k` and `n − k` sub-pixels summing to
    /// `S` and `T − S`, each drawn in its mean colour, the squared error is `Σ|x|² − |S|²/k −
    /// |T − S|²/(n − k)`: the shape with the largest `|S|²/k + |T − S|²/(n − k)` wins.
    mutating func bestCell(_ pixels: [RGBA]) -> Cell {
        let (columns, rows) = symbols.sampleGrid
        let n = pixels.count
        // Running sums down each column: a run's sum is two lookups.
        let stride = rows + 1
        for column in 0..<columns {
            for row in 0..<rows {
                let p = pixels[row * columns + column]
                let a = Double(p.a) / 255
                let at = column * stride + row
                red[at + 1] = red[at] + Double(p.r) * a + Double(background.r) * (1 - a)
                green[at + 1] = green[at] + Double(p.g) * a + Double(background.g) * (1 - a)
                blue[at + 1] = blue[at] + Double(p.b) * a + Double(background.b) * (1 - a)
            }
        }
        var total = (0.0, 0.0, 0.0)
        for column in 0..<columns {
            let end = column * stride + rows
            total = (total.0 + red[end], total.1 + green[end], total.2 + blue[end])
        }
        // The full block (first) unless a split does strictly better.
        var best = (shape: shapes[0], score: -Double.infinity, fg: (0.0, 0.0, 0.0), bg: (0.0, 0.0, 0.0))
        for shape in shapes {
            var sum = (0.0, 0.0, 0.0)
            for run in shape.runs {
                let from = run.column * stride + run.start
                let to = run.column * stride + run.end
                sum = (sum.0 + red[to] - red[from], sum.1 + green[to] - green[from], sum.2 + blue[to] - blue[from])
            }
            let k = Double(shape.count)
            let rest = Double(n) - k
            let other = (total.0 - sum.0, total.1 - sum.1, total.2 - sum.2)
            var score = (sum.0 * sum.0 + sum.1 * sum.1 + sum.2 * sum.2) / k
            if rest > 0 { score += (other.0 * other.0 + other.1 * other.1 + other.2 * other.2) / rest }
            if score > best.score + 1e-6 {
                best = (shape, score, (sum.0 / k, sum.1 / k, sum.2 / k), rest > 0 ? (other.0 / rest, other.1 / rest, other.2 / rest) : (0, 0, 0))
            }
        }
        func rgba(_ c: (Double, Double, Double)) -> RGBA {
            RGBA(UInt8(min(255, max(0, c.0.rounded()))), UInt8(min(255, max(0, c.1.rounded()))), UInt8(min(255, max(0, c.2.rounded()))))
        }
        let fg = rgba(best.fg)
        if best.shape.count == n {
            // One flat colour: a full block on that colour too, so where the font's glyph falls
            // short of the cell (xterm's does, by a pixel row) no seam of another colour shows;
            // braille has no full block: a space on that colour.
            if symbols == .braille { return Cell(" ", style: Style(background: .rgb(fg.r, fg.g, fg.b))) }
            return Cell("█", style: Style(foreground: .rgb(fg.r, fg.g, fg.b), background: .rgb(fg.r, fg.g, fg.b)))
        }
        let bg = rgba(best.bg)
        return Cell(best.shape.glyph, style: Style(foreground: .rgb(fg.r, fg.g, fg.b), background: .rgb(bg.r, bg.g, bg.b)))
    }
}
