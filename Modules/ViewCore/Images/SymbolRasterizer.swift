/// The block symbols an image is drawn with: how finely each cell is divided.
public enum SymbolSet: String, CaseIterable, Sendable {
    /// `▀` and `▄`: 1×2 pixels a cell (Unicode 1.0; every terminal font).
    case half
    /// Quadrants `▘▝▖▗▚▞▛▜▙▟…`: 2×2 (Unicode 1.0 block elements).
    case quadrant
    /// Sextants `🬀…🬻`: 2×3 (Unicode 13 "Symbols for Legacy Computing"; a font or a
    /// terminal that draws them itself is needed).
    case sextant
    /// Braille `⠁…⣿`: 2×4 dots, one colour for the dots and one behind (Unicode 3.0).
    case braille

    /// Sub-pixels across and down a cell.
    public var grid: (columns: Int, rows: Int) {
        switch self {
        case .half: (1, 2)
        case .quadrant: (2, 2)
        case .sextant: (2, 3)
        case .braille: (2, 4)
        }
    }

    /// The glyph for the sub-pixels set in `mask` (bit `row * columns + column`) drawn in
    /// the foreground colour, the others in the background colour.
    public func glyph(_ mask: Int) -> Character {
        switch self {
        case .half:
            return [" ", "▀", "▄", "█"][mask & 3]
        case .quadrant:
            return Self.quadrants[mask & 15]
        case .sextant:
            let n = mask & 63
            switch n {
            case 0: return " "
            case 63: return "█"
            case 21: return "▌"  // the left column: in the half-block set, not among the sextants
            case 42: return "▐"
            default:
                let offset = n - 1 - (n > 21 ? 1 : 0) - (n > 42 ? 1 : 0)
                return Character(Unicode.Scalar(0x1FB00 + offset)!)
            }
        case .braille:
            // Dots 1-2-3 run down the left column, 4-5-6 down the right, 7 and 8 below.
            let order = [0, 3, 1, 4, 2, 5, 6, 7]  // sub-pixel index → dot bit
            var bits = 0
            for index in 0..<8 where mask & (1 << index) != 0 { bits |= 1 << order[index] }
            return Character(Unicode.Scalar(0x2800 + bits)!)
        }
    }

    /// The grid a cell's pixels are averaged to before its glyph is chosen, fine enough for
    /// every glyph the set draws: the sextant set's (2×6) holds its sextants (rows of 2)
    /// and its quadrants and half blocks (rows of 3).
    public var sampleGrid: (columns: Int, rows: Int) {
        self == .sextant ? (2, 6) : grid
    }

    /// Every glyph the set draws, as the sub-pixels of ``sampleGrid`` it covers; a shape
    /// and its complement once (the complement is the same glyph with its colours swapped),
    /// the full block first. The sextant set draws the 2×2 block elements too (`▀ ▚ ▙`…): a
    /// cell split into halves or quadrants is shown better by them than by any sextant.
    public var shapes: [GlyphShape] { Self.shapeTable[self] ?? [] }

    private static let shapeTable: [SymbolSet: [GlyphShape]] = {
        var table: [SymbolSet: [GlyphShape]] = [:]
        for set in SymbolSet.allCases {
            let sample = set.sampleGrid
            let fullMask = (1 << (sample.columns * sample.rows)) - 1
            var shapes: [GlyphShape] = []
            func add(_ glyph: Character, _ covered: Int) {
                guard !shapes.contains(where: { $0.mask == covered || $0.mask == fullMask ^ covered }) else { return }
                shapes.append(GlyphShape(glyph: glyph, mask: covered, sampleGrid: sample))
            }
            for source in set == .sextant ? [SymbolSet.sextant, .quadrant] : [set] {
                let (columns, rows) = source.grid
                let full = (1 << (columns * rows)) - 1
                // The shapes holding sub-pixel 0: one of each shape and its complement.
                for mask in stride(from: 1, through: full, by: 2) {
                    var covered = 0
                    for sy in 0..<sample.rows {
                        let row = sy * rows / sample.rows
                        for x in 0..<columns where mask & (1 << (row * columns + x)) != 0 { covered |= 1 << (sy * sample.columns + x) }
                    }
                    add(mask == full ? "█" : source.glyph(mask), covered)
                }
            }
            table[set] = shapes.filter { $0.mask == fullMask } + shapes.filter { $0.mask != fullMask }
        }
        return table
    }()

    /// The finest set a terminal can be expected to show, from its environment:
    /// `INDICATORKIT_SYMBOLS` when set to a set's name; sextants where the terminal draws
    /// them itself (kitty, WezTerm, foot, VTE 0.60 and later: GNOME Terminal, Tilix…), since
    /// a font may lack Unicode 13's; quadrants elsewhere (block elements every font has).
    public static func automatic(environment: [String: String]) -> SymbolSet {
        if let asked = environment["INDICATORKIT_SYMBOLS"].flatMap({ SymbolSet(rawValue: $0.lowercased()) }) { return asked }
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if term == "xterm-kitty" || term.hasPrefix("foot") || program == "WezTerm" { return .sextant }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 6000 { return .sextant }
        return .quadrant
    }

    static let quadrants: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
}

/// A glyph and the sub-pixels of its set's ``SymbolSet/sampleGrid`` it covers (bit
/// `row * columns + column`), drawn in the foreground colour; the rest in the background.
public struct GlyphShape: Sendable, Equatable {
    /// The glyph.
    public let glyph: Character
    /// The sub-pixels it covers, a bit each.
    public let mask: Int
    /// Sub-pixels covered.
    public let count: Int
    /// The covered sub-pixels as runs down each column: (column, first row, row past the last).
    let runs: [Run]

    struct Run: Sendable, Equatable {
        let column: Int, start: Int, end: Int
    }

    init(glyph: Character, mask: Int, sampleGrid: (columns: Int, rows: Int)) {
        self.glyph = glyph
        self.mask = mask
        count = mask.nonzeroBitCount
        runs = Self.runs(of: mask, columns: sampleGrid.columns, rows: sampleGrid.rows)
    }

    /// The set bits of `mask` on a grid (bit `row * columns + column`) as runs down each column.
    static func runs(of mask: Int, columns: Int, rows: Int) -> [Run] {
        var runs: [Run] = []
        for column in 0..<columns {
            var row = 0
            while row < rows {
                guard mask & (1 << (row * columns + column)) != 0 else {
                    row += 1
                    continue
                }
                let start = row
                while row < rows, mask & (1 << (row * columns + column)) != 0 { row += 1 }
                runs.append(Run(column: column, start: start, end: row))
            }
        }
        return runs
    }
}

/// Draws an `RGBAImage` with a ``SymbolSet``, as chafa and notcurses do: the image is
/// fitted to the box (aspect ratio kept, a cell twice as tall as wide), area-averaged to
/// the set's sub-pixels, and for each cell the glyph and the two colours that match its
/// sub-pixels best are chosen — every glyph of the set (``SymbolSet/shapes``) splits them
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
