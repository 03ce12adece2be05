internal import CFreeType
import Foundation
import Pixels
import ViewCore

/// The colours a recording is drawn in: the background, the text, the cursor and the 16
/// ANSI colours (256-palette and RGB colours are the program's own).
public struct RecordingTheme: Equatable, Sendable {
    public typealias RGB = GifColor

    public var name: String
    public var background: RGB
    public var foreground: RGB
    public var cursor: RGB
    /// Black, red, green, yellow, blue, magenta, cyan, white, then their bright forms.
    public var ansi: [RGB]

    public init(name: String, background: RGB, foreground: RGB, cursor: RGB, ansi: [RGB]) {
        self.name = name
        self.background = background
        self.foreground = foreground
        self.cursor = cursor
        self.ansi = ansi.count == 16 ? ansi : Array((ansi + Array(repeating: foreground, count: 16)).prefix(16))
    }

    /// VHS's default theme (charm's dark one).
    public static let standard = RecordingTheme(
        name: "Default",
        background: GifColor(0x17, 0x17, 0x17),
        foreground: GifColor(0xDD, 0xDD, 0xDD),
        cursor: GifColor(0xDD, 0xDD, 0xDD),
        ansi: [
            GifColor(0x28, 0x2A, 0x2E), GifColor(0xD7, 0x4E, 0x6F), GifColor(0x31, 0xBB, 0x71), GifColor(0xD3, 0xE5, 0x61),
            GifColor(0x80, 0x56, 0xFF), GifColor(0xED, 0x61, 0xD7), GifColor(0x04, 0xD7, 0xD7), GifColor(0xBF, 0xBF, 0xBF),
            GifColor(0x4D, 0x4D, 0x4D), GifColor(0xFE, 0x5F, 0x86), GifColor(0x00, 0xD7, 0x87), GifColor(0xEB, 0xFF, 0x71),
            GifColor(0x9B, 0x79, 0xFF), GifColor(0xFF, 0x7A, 0xEA), GifColor(0x00, 0xFE, 0xFE), GifColor(0xE6, 0xE6, 0xE6),
        ]
    )

    /// A light theme: dark text on white, xterm's colours darkened to read on it.
    public static let light = RecordingTheme(
        name: "Light",
        background: GifColor(0xFA, 0xFA, 0xFA),
        foreground: GifColor(0x2A, 0x2A, 0x2A),
        cursor: GifColor(0x2A, 0x2A, 0x2A),
        ansi: [
            GifColor(0x00, 0x00, 0x00), GifColor(0xC0, 0x1C, 0x28), GifColor(0x26, 0x80, 0x3A), GifColor(0x9A, 0x6B, 0x00),
            GifColor(0x1C, 0x5D, 0xC8), GifColor(0xA3, 0x27, 0xA3), GifColor(0x0B, 0x7A, 0x8A), GifColor(0x7A, 0x7A, 0x7A),
            GifColor(0x55, 0x55, 0x55), GifColor(0xE0, 0x1B, 0x24), GifColor(0x2E, 0xA0, 0x43), GifColor(0xB5, 0x83, 0x00),
            GifColor(0x35, 0x84, 0xE4), GifColor(0xC0, 0x3C, 0xC0), GifColor(0x14, 0x95, 0xA8), GifColor(0x30, 0x30, 0x30),
        ]
    )

    /// A theme from hex colours, as VHS's JSON themes write them (`"#1e1e2e"`).
    static func hex(_ name: String, _ colors: [String]) -> RecordingTheme {
        let rgb = colors.map { GifColor(hex: $0) ?? GifColor(0, 0, 0) }
        return RecordingTheme(name: name, background: rgb[0], foreground: rgb[1], cursor: rgb[1], ansi: Array(rgb[2...]))
    }

    /// The themes known by name (`Set Theme "Catppuccin Mocha"`), in lower case: VHS's
    /// default, a light one, and a few of the named themes VHS's examples use.
    public static let named: [String: RecordingTheme] = [
        "default": .standard, "light": .light,
        "catppuccin mocha": hex(
            "Catppuccin Mocha",
            [
                "#1e1e2e", "#cdd6f4", "#45475a", "#f38ba8", "#a6e3a1", "#f9e2af", "#89b4fa", "#f5c2e7", "#94e2d5", "#bac2de",
                "#585b70", "#f38ba8", "#a6e3a1", "#f9e2af", "#89b4fa", "#f5c2e7", "#94e2d5", "#a6adc8",
            ]
        ),
        "catppuccin latte": hex(
            "Catppuccin Latte",
            [
                "#eff1f5", "#4c4f69", "#5c5f77", "#d20f39", "#40a02b", "#df8e1d", "#1e66f5", "#ea76cb", "#179299", "#acb0be",
                "#6c6f85", "#d20f39", "#40a02b", "#df8e1d", "#1e66f5", "#ea76cb", "#179299", "#bcc0cc",
            ]
        ),
        "dracula": hex(
            "Dracula",
            [
                "#282a36", "#f8f8f2", "#21222c", "#ff5555", "#50fa7b", "#f1fa8c", "#bd93f9", "#ff79c6", "#8be9fd", "#f8f8f2",
                "#6272a4", "#ff6e6e", "#69ff94", "#ffffa5", "#d6acff", "#ff92df", "#a4ffff", "#ffffff",
            ]
        ),
    ]

    /// A theme from VHS's JSON (`{"background": "#171717", "red": "#D74E6F", …}`), the colours
    /// it leaves out taken from `base`; nil when it is not a JSON object of colours.
    public static func json(_ text: String, base: RecordingTheme = .standard) -> RecordingTheme? {
        guard let data = text.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        func color(_ keys: String...) -> GifColor? { keys.lazy.compactMap { (object[$0] as? String).flatMap(GifColor.init(hex:)) }.first }
        var theme = base
        theme.name = object["name"] as? String ?? "custom"
        theme.background = color("background") ?? base.background
        theme.foreground = color("foreground") ?? base.foreground
        theme.cursor = color("cursor", "cursorColor") ?? theme.foreground
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        for (index, name) in names.enumerated() {
            let bright = "bright" + name.prefix(1).uppercased() + name.dropFirst()
            theme.ansi[index] = color(name, name == "magenta" ? "purple" : name) ?? base.ansi[index]
            theme.ansi[index + 8] = color(bright, name == "magenta" ? "brightPurple" : bright) ?? base.ansi[index + 8]
        }
        return theme
    }

    /// The colour of `color` as text (`isForeground`) or as a background.
    func rgb(_ color: Color, isForeground: Bool) -> RGB {
        switch color {
        case .default: return isForeground ? foreground : background
        case .ansi(let index): return ansi[Int(index & 15)]
        case .palette(let index) where index < 16: return ansi[Int(index)]
        default:
            let (r, g, b) = color.rgbComponents(default: (foreground.r, foreground.g, foreground.b))
            return GifColor(r, g, b)
        }
    }
}

/// An RGB colour of a recording's frames.
public struct GifColor: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `#rrggbb` (or `#rgb`).
    public init?(hex text: String) {
        var digits = Array(text.trimmingCharacters(in: .whitespaces).drop { $0 == "#" })
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6, let value = UInt32(String(digits), radix: 16) else { return nil }
        self.init(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }

    /// This colour mixed with `other`, `amount` (0…255) of the way.
    func mixed(with other: GifColor, _ amount: Int) -> GifColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * (255 - amount) + Int(b) * amount + 127) / 255) }
        return GifColor(mix(r, other.r), mix(g, other.g), mix(b, other.b))
    }
}

/// A frame's pixels as indices into a list of colours: what GIF stores.
public struct IndexedFrame: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]
}

/// Why a font could not be used.
public struct FontError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// Draws a terminal's cells into pixels with a real font (FreeType over DejaVu Sans Mono by
/// default): each cell's background, its glyph anti-aliased in its colour — bold, italic,
/// dim, reversed — its underline and strike, and the cursor. Glyphs are drawn once and kept;
/// coverage is kept in four levels, so a recording's frames hold few colours (a GIF's
/// palette holds 256) and text stays smooth.
public final class CellRenderer {
    /// A cell's size in pixels.
    public let cellWidth: Int
    public let cellHeight: Int
    private let baseline: Int
    private let library: FT_Library
    private var faces: [FT_Face] = []  // regular, bold, italic, bold italic, then fallbacks
    private var glyphs: [GlyphKey: Glyph] = [:]

    private struct GlyphKey: Hashable {
        let character: Character
        let face: Int
    }

    /// A glyph's coverage (0…3 a pixel) and where it sits from the cell's top left.
    private struct Glyph {
        let left: Int, top: Int, width: Int, height: Int
        let coverage: [UInt8]
    }

    /// The DejaVu Sans Mono faces Debian's fonts-dejavu-core installs, then fallbacks.
    public static let defaultFontFiles = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Oblique.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-BoldOblique.ttf",
    ]
    public static let fallbackFontFiles = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    ]

    /// A renderer at `fontSize` pixels, its four faces from `files` (regular, bold, italic,
    /// bold italic; a missing one is the regular), then the fallbacks that exist; lines
    /// `lineHeight` times the font's, cells `letterSpacing` pixels wider than its letters.
    public init(
        fontSize: Int,
        files: [String] = CellRenderer.defaultFontFiles,
        fallbacks: [String] = CellRenderer.fallbackFontFiles,
        lineHeight: Double = 1,
        letterSpacing: Int = 0
    ) throws(FontError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError(description: "FreeType could not start") }
        self.library = library
        func open(_ path: String) -> FT_Face? {
            var face: FT_Face?
            guard FT_New_Face(library, path, 0, &face) == 0, let face else { return nil }
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(4, min(fontSize, 400))))
            return face
        }
        guard let regular = files.first.flatMap(open) else {
            FT_Done_FreeType(library)
            throw FontError(description: "no font at \(files.first ?? "(none)"); install fonts-dejavu-core (Tools/setup does) or Set FontFamily to a font file")
        }
        faces = [regular] + files.dropFirst().prefix(3).map { open($0) ?? regular }
        while faces.count < 4 { faces.append(regular) }
        faces += fallbacks.compactMap(open)
        let metrics = regular.pointee.size.pointee.metrics
        // The advance of a monospace face's `M`, and its line's height.
        FT_Load_Char(regular, 0x4D, FT_Int32(0))
        cellWidth = max(1, (Int(regular.pointee.glyph.pointee.advance.x + 32) >> 6) + min(max(letterSpacing, -4), 100))
        let natural = max(1, Int(metrics.height + 32) >> 6)
        let scale = lineHeight.isFinite ? min(max(lineHeight, 0.5), 4) : 1
        cellHeight = max(1, Int((Double(natural) * scale).rounded()))
        // The text sits in the middle of a taller or shorter line.
        baseline = (Int(metrics.ascender + 32) >> 6) + (cellHeight - natural) / 2
    }

    deinit {
        for face in Set(faces) { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    /// The glyph of `character` in face `style` (0 regular, 1 bold, 2 italic, 3 bold italic),
    /// from the first face that has it.
    private func glyph(_ character: Character, style: Int) -> Glyph? {
        let key = GlyphKey(character: character, face: style)
        if let known = glyphs[key] { return known }
        guard let scalar = character.unicodeScalars.first else { return nil }
        let order = [style] + Array(4..<faces.count) + [0]
        var made: Glyph?
        for index in order {
            let face = faces[index]
            let glyphIndex = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard glyphIndex != 0 else { continue }
            // FT_LOAD_RENDER with light hinting: smooth, as terminals draw text.
            guard FT_Load_Glyph(face, glyphIndex, FT_Int32(4 | (1 << 16))) == 0 else { continue }
            let slot = face.pointee.glyph.pointee
            let bitmap = slot.bitmap
            var coverage = [UInt8](repeating: 0, count: Int(bitmap.rows) * Int(bitmap.width))
            if let buffer = bitmap.buffer {
                for y in 0..<Int(bitmap.rows) {
                    for x in 0..<Int(bitmap.width) {
                        let value = buffer[y * Int(bitmap.pitch) + x]
                        coverage[y * Int(bitmap.width) + x] = UInt8((Int(value) * 3 + 127) / 255)
                    }
                }
            }
            made = Glyph(
                left: Int(slot.bitmap_left),
                top: baseline - Int(slot.bitmap_top),
                width: Int(bitmap.width),
                height: Int(bitmap.rows),
                coverage: coverage
            )
            break
        }
        glyphs[key] = made
        return made
    }

    /// `screen` drawn with `theme`, `padding` pixels of background round it, the cursor at
    /// `cursor` (nil: hidden) as a block, as colours (each pixel's index into `palette`,
    /// which grows with the colours met).
    public func draw(
        _ screen: Canvas,
        cursor: Point?,
        theme: RecordingTheme,
        padding: Int,
        palette: inout ColorIndex
    ) -> IndexedFrame {
        let width = screen.size.width * cellWidth + 2 * padding
        let height = screen.size.height * cellHeight + 2 * padding
        let backgroundIndex = palette.index(of: theme.background)
        var pixels = [UInt8](repeating: backgroundIndex, count: width * height)
        for row in 0..<screen.size.height {
            for column in 0..<screen.size.width {
                let cell = screen[column, row]
                guard !cell.isContinuation else { continue }
                let cells = Int(max(1, cell.width))
                var foreground = theme.rgb(cell.style.foreground, isForeground: true)
                var background = theme.rgb(cell.style.background, isForeground: false)
                if cell.style.attributes.contains(.bold), case .ansi(let index) = cell.style.foreground, index < 8 {
                    foreground = theme.ansi[Int(index) + 8]  // bold brightens the 8, as terminals do
                }
                if cell.style.attributes.contains(.reverse) { swap(&foreground, &background) }
                let isCursor = cursor == Point(x: column, y: row)
                if isCursor {
                    foreground = theme.background
                    background = theme.cursor
                }
                if cell.style.attributes.contains(.dim) { foreground = foreground.mixed(with: background, 100) }
                let x0 = padding + column * cellWidth
                let y0 = padding + row * cellHeight
                let blockWidth = cells * cellWidth
                if background != theme.background {
                    let index = palette.index(of: background)
                    for y in y0..<(y0 + cellHeight) { for x in x0..<min(width, x0 + blockWidth) { pixels[y * width + x] = index } }
                }
                let levels = (0...3).map { palette.index(of: background.mixed(with: foreground, $0 * 85)) }
                if cell.character != " " {
                    let style = (cell.style.attributes.contains(.bold) ? 1 : 0) + (cell.style.attributes.contains(.italic) ? 2 : 0)
                    if let glyph = glyph(cell.character, style: style) {
                        // A glyph wider than its cells (a fallback's) is centred and cut to them.
                        let shift = glyph.width > blockWidth ? (blockWidth - glyph.width) / 2 - glyph.left : 0
                        for gy in 0..<glyph.height {
                            let y = y0 + glyph.top + gy
                            guard y >= y0, y < y0 + cellHeight else { continue }
                            for gx in 0..<glyph.width {
                                let level = glyph.coverage[gy * glyph.width + gx]
                                guard level > 0 else { continue }
                                let x = x0 + glyph.left + gx + shift
                                guard x >= x0, x < x0 + blockWidth else { continue }
                                pixels[y * width + x] = levels[Int(level)]
                            }
                        }
                    }
                }
                let lineIndex = levels[3]
                if cell.style.attributes.contains(.underline) {
                    let y = min(y0 + cellHeight - 1, y0 + baseline + max(1, cellHeight / 12))
                    for x in x0..<min(width, x0 + blockWidth) { pixels[y * width + x] = lineIndex }
                }
                if cell.style.attributes.contains(.strikethrough) {
                    let y = y0 + baseline - cellHeight / 4
                    for x in x0..<min(width, x0 + blockWidth) { pixels[y * width + x] = lineIndex }
                }
            }
        }
        return IndexedFrame(width: width, height: height, pixels: pixels)
    }
}

/// The colours of a recording, each given an index as it is first met (at most 256: past
/// that, the nearest known colour).
public struct ColorIndex: Sendable {
    public private(set) var colors: [GifColor] = []
    private var indices: [GifColor: UInt8] = [:]

    public init() {}

    public mutating func index(of color: GifColor) -> UInt8 {
        if let known = indices[color] { return known }
        guard colors.count < 256 else {
            // Full: the nearest colour already there (remembered for next time).
            var best = 0
            var bestDistance = Int.max
            for (index, known) in colors.enumerated() {
                let dr = Int(known.r) - Int(color.r)
                let dg = Int(known.g) - Int(color.g)
                let db = Int(known.b) - Int(color.b)
                let distance = dr * dr + dg * dg + db * db
                if distance < bestDistance {
                    best = index
                    bestDistance = distance
                }
            }
            indices[color] = UInt8(best)
            return UInt8(best)
        }
        let index = UInt8(colors.count)
        colors.append(color)
        indices[color] = index
        return index
    }
}
