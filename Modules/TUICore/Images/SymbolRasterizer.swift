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

    /// The finest set a terminal can be expected to show, from its environment:
    /// `INDICATORKIT_SYMBOLS` when set to a set's name; sextants where the terminal draws
    /// them itself (kitty, WezTerm, foot, VTE 0.60 and later: GNOME Terminal, Tilix…), since
    /// a font may lack Unicode 13's; quadrants elsewhere (block elements every font has).
    public static func automatic(environment: [String: String]) -> SymbolSet {
        if let asked = environment["INDICATORKIT_SYMBOLS"].flatMap({ SymbolSet(rawValue: $0.lowercased()) }) { return asked }
        let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
        if term == "xterm-kitty" || term.hasPrefix("foot") || program == "WezTerm" { return .sextant }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 6000 { return .sextant }
        return .quadrant
    }

    static let quadrants: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
}

/// Draws an ``RGBAImage`` with a ``SymbolSet``, as chafa and notcurses do: the image is
/// fitted to the box (aspect ratio kept, a cell twice as tall as wide), area-averaged to
/// the set's sub-pixels, and for each cell the glyph and the two colours that match its
/// sub-pixels best are chosen — every way of splitting them into two groups is tried, each
/// group drawn in its mean colour, and the split with the least squared error wins.
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

    private var halfBlocks: HalfBlockRasterizer {
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
        let cells = fittedSize(width: image.width, height: image.height, in: box)
        guard !cells.isEmpty else { return Canvas(size: .zero) }
        let (gw, gh) = symbols.grid
        let grid = Size(width: cells.width * gw, height: cells.height * gh)
        let samples = HalfBlockRasterizer.areaAverage(image, to: grid)
        var canvas = Canvas(size: cells)
        var cell = [RGBA](repeating: .clear, count: gw * gh)
        for row in 0..<cells.height {
            for column in 0..<cells.width {
                var opaque = false
                for sy in 0..<gh {
                    for sx in 0..<gw {
                        let p = samples[(row * gh + sy) * grid.width + column * gw + sx]
                        if p.a > 0 { opaque = true }
                        cell[sy * gw + sx] = p
                    }
                }
                guard opaque else { continue }  // blank: what is beneath shows
                canvas[column, row] = bestCell(cell)
            }
        }
        return canvas
    }

    /// The glyph and colours that match `pixels` (one cell's sub-pixels, row-major) best.
    func bestCell(_ pixels: [RGBA]) -> Cell {
        let n = pixels.count
        let colors: [(Double, Double, Double)] = pixels.map { p in
            let a = Double(p.a) / 255
            return (Double(p.r) * a + Double(background.r) * (1 - a),
                    Double(p.g) * a + Double(background.g) * (1 - a),
                    Double(p.b) * a + Double(background.b) * (1 - a))
        }
        // One flat colour first (a full block): a split must do strictly better to win.
        let full = (1 << n) - 1
        var best = (mask: full, error: Double.infinity, fg: (0.0, 0.0, 0.0), bg: (0.0, 0.0, 0.0))
        // Masks with sub-pixel 0 in the foreground: a split and its mirror are the same fit.
        for step in 0...(full / 2) {
            let mask = step == 0 ? full : 2 * step - 1
            var fg = (0.0, 0.0, 0.0), bg = (0.0, 0.0, 0.0), fgCount = 0.0, bgCount = 0.0
            for i in 0..<n {
                let c = colors[i]
                if mask & (1 << i) != 0 {
                    fg = (fg.0 + c.0, fg.1 + c.1, fg.2 + c.2); fgCount += 1
                } else {
                    bg = (bg.0 + c.0, bg.1 + c.1, bg.2 + c.2); bgCount += 1
                }
            }
            fg = (fg.0 / fgCount, fg.1 / fgCount, fg.2 / fgCount)
            if bgCount > 0 { bg = (bg.0 / bgCount, bg.1 / bgCount, bg.2 / bgCount) }
            var error = 0.0
            for i in 0..<n {
                let c = colors[i], m = mask & (1 << i) != 0 ? fg : bg
                let dr = c.0 - m.0, dg = c.1 - m.1, db = c.2 - m.2
                error += dr * dr + dg * dg + db * db
            }
            if error < best.error - 1e-6 { best = (mask, error, fg, bg) }
        }
        func rgba(_ c: (Double, Double, Double)) -> RGBA {
            halfBlocks.keepingContrast(RGBA(UInt8(min(255, max(0, c.0.rounded()))), UInt8(min(255, max(0, c.1.rounded()))), UInt8(min(255, max(0, c.2.rounded())))))
        }
        let fg = rgba(best.fg)
        if best.mask == (1 << n) - 1 {
            // One flat colour: a full block (braille has none: a space on that colour).
            if symbols == .braille { return Cell(" ", style: Style(background: .rgb(fg.r, fg.g, fg.b))) }
            return Cell("█", style: Style(foreground: .rgb(fg.r, fg.g, fg.b)))
        }
        let bg = rgba(best.bg)
        return Cell(symbols.glyph(best.mask), style: Style(foreground: .rgb(fg.r, fg.g, fg.b), background: .rgb(bg.r, bg.g, bg.b)))
    }
}
