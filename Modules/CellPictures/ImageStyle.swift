import Motion
import Pixels
import ViewCore

/// How images are drawn as cells: the block symbols, the background they are blended onto,
/// how much contrast they keep from it and whether they are in colour. Every component
/// that draws an image takes one, under one name, `imageStyle` — ``FramePlayer``, and
/// through it Indicator's `ActivityIndicator`, RefreshControl's `RefreshControl`,
/// Loading's `LoadingCenter` and PickerSelection's `PickerView`.
///
/// ```swift
/// indicator.imageStyle = ImageStyle(for: terminal.capabilities)   // what suits the terminal
/// indicator.imageStyle.symbols = .sextant                         // or one part of it
/// ```
public struct ImageStyle: Sendable, Hashable {
    /// Colour, or shapes only.
    public enum ColorMode: Sendable, Hashable {
        /// 24-bit colours (the backend down-samples them).
        case color
        /// Glyph shapes only, for terminals without colour (half blocks by luminance).
        case monochrome
    }

    /// The block symbols images are drawn with (half blocks by default; every font has them).
    public var symbols: SymbolSet
    /// The terminal's background, which translucent pixels are blended onto and contrast
    /// is kept against (and, in the Loading overlay, what its shades are laid over).
    public var theme: TerminalTheme
    /// The least luminance difference (0 to 1) a pixel keeps from that background (see
    /// ``HalfBlockRasterizer/minimumContrast``); nil leaves it to the component: 0.25 for
    /// indicators (a GIF's dim strokes stay visible at their size), 0 (exact colours) for
    /// pictures.
    public var minimumContrast: Double?
    /// Colour, or shapes only.
    public var colorMode: ColorMode
    /// Whether images are placed as pixels (`ImagePlacement`) for a backend that draws
    /// them, rather than drawn as symbols.
    public var pixels: Bool
    /// A cell's size in pixels, when known: pixel images keep their proportions by it.
    public var cellPixels: Size?
    /// Whether pixel pictures may move from frame to frame (see
    /// `TerminalCapabilities.pixelImagesMayMove`): a component whose pictures scroll (a
    /// picker's grid) draws symbols where they may not.
    public var pixelsMayMove = true
    /// The terminal's own background colour, when it said (`TerminalCapabilities.background`):
    /// translucent edges blend into it; else into ``theme``'s.
    public var background: RGBA?

    /// A style; by default half blocks in colour on a dark background, the contrast left
    /// to the component.
    public init(
        symbols: SymbolSet = .half,
        theme: TerminalTheme = .dark,
        minimumContrast: Double? = nil,
        colorMode: ColorMode = .color,
        pixels: Bool = false,
        cellPixels: Size? = nil
    ) {
        self.symbols = symbols
        self.theme = theme
        self.minimumContrast = minimumContrast
        self.colorMode = colorMode
        self.pixels = pixels
        self.cellPixels = cellPixels
    }

    /// What suits a terminal: pixels where it draws them, else its symbols; its background;
    /// shapes only where it has no colour.
    public init(for capabilities: TerminalCapabilities, minimumContrast: Double? = nil) {
        self.init(
            symbols: capabilities.symbols,
            theme: capabilities.theme,
            minimumContrast: minimumContrast,
            colorMode: capabilities.colorDepth == .none ? .monochrome : .color,
            pixels: capabilities.pixelImages && capabilities.colorDepth != .none,
            cellPixels: capabilities.cellPixels
        )
        pixelsMayMove = capabilities.pixelImagesMayMove
        background = capabilities.background
    }

    /// The colour translucent pixels are blended into: the terminal's, else the theme's.
    private var ground: RGBA {
        if let background { return background }
        let (r, g, b) = theme.background
        return RGBA(r, g, b)
    }

    /// `image` fitted into `box` as cells (its aspect ratio kept, transparent pixels left
    /// blank), with `defaultMinimumContrast` where ``minimumContrast`` is nil.
    public func rasterize(_ image: RGBAImage, fitting box: Size, defaultMinimumContrast: Double = 0) -> Canvas {
        let background = ground
        let contrast = minimumContrast ?? defaultMinimumContrast
        if colorMode == .monochrome || symbols == .half {
            return HalfBlockRasterizer(mode: colorMode, background: background, minimumContrast: contrast).rasterize(image, fitting: box)
        }
        return SymbolRasterizer(symbols: symbols, background: background, minimumContrast: contrast).rasterize(image, fitting: box)
    }

    /// `image` stretched over exactly `cells`: with `ImageLayout/cells(for:in:cellPixels:)`,
    /// a picture in its true proportions whatever the font's cell shape.
    public func rasterize(_ image: RGBAImage, filling cells: Size, defaultMinimumContrast: Double = 0) -> Canvas {
        let background = ground
        let contrast = minimumContrast ?? defaultMinimumContrast
        if colorMode == .monochrome || symbols == .half {
            return HalfBlockRasterizer(mode: colorMode, background: background, minimumContrast: contrast).rasterize(image, filling: cells)
        }
        return SymbolRasterizer(symbols: symbols, background: background, minimumContrast: contrast).rasterize(image, filling: cells)
    }
}
