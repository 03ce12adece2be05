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
    package let runs: [Run]

    package struct Run: Sendable, Equatable {
        package let column: Int, start: Int, end: Int
    }

    init(glyph: Character, mask: Int, sampleGrid: (columns: Int, rows: Int)) {
        self.glyph = glyph
        self.mask = mask
        count = mask.nonzeroBitCount
        runs = Self.runs(of: mask, columns: sampleGrid.columns, rows: sampleGrid.rows)
    }

    /// The set bits of `mask` on a grid (bit `row * columns + column`) as runs down each column.
    package static func runs(of mask: Int, columns: Int, rows: Int) -> [Run] {
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
