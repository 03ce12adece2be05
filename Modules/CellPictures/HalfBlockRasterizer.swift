import Motion
import Pixels
import ViewCore

/// Turns an `RGBAImage` into cells with half blocks: each cell shows two pixels, the
/// upper one as the foreground of `▀` and the lower one as its background.
///
/// The image is scaled to fit the box with its aspect ratio kept (a cell is taken as
/// twice as tall as wide, so each half is square) by area averaging, which weighs every
/// source pixel by how much of it falls in a target pixel. Colours are averaged with
/// alpha weighting (transparent pixels lend no colour), kept at ``minimumContrast`` from
/// `background`, then blended onto it (so a translucent edge fades into the background);
/// a fully transparent half shows the terminal's own background (the cell becomes `▄` or
/// keeps `▀` with the default background), and a cell whose both halves are fully
/// transparent stays a blank. In ``ImageStyle/ColorMode/monochrome`` (no colour) each half is on or off by its
/// luminance and drawn with `▀`, `▄`, `█` or a space.
///
/// ```swift
/// let cells = HalfBlockRasterizer().rasterize(frame, fitting: Size(width: 21, height: 7))
/// canvas.blit(cells, at: box.origin)
/// ```
public struct HalfBlockRasterizer: Sendable {
    /// How pixels become cells: in colour, or shapes only.
    public var mode: ImageStyle.ColorMode
    /// The colour translucent pixels are blended onto.
    public var background: RGBA
    /// The least difference in luminance (0 to 1) a pixel keeps from `background`: a
    /// darker one on a dark background is lightened (a lighter one on a light background
    /// darkened) until it has it, so an indicator's dim strokes stay visible. 0 (the
    /// default) keeps every colour as it is.
    public var minimumContrast: Double = 0

    /// Creates a rasterizer.
    public init(mode: ImageStyle.ColorMode = .color, background: RGBA = RGBA(0, 0, 0), minimumContrast: Double = 0) {
        self.mode = mode
        self.background = background
        self.minimumContrast = minimumContrast
    }

    /// The number of cells an image of `width × height` pixels takes when fitted into `box`.
    public func fittedSize(width: Int, height: Int, in box: Size) -> Size {
        let pixels = fittedPixels(width: width, height: height, in: box)
        return Size(width: pixels.width, height: (pixels.height + 1) / 2)
    }

    private func fittedPixels(width: Int, height: Int, in box: Size) -> Size {
        guard width > 0, height > 0, !box.isEmpty else { return .zero }
        let scale = min(Double(box.width) / Double(width), Double(box.height * 2) / Double(height))
        let w = min(box.width, max(1, Int((Double(width) * scale).rounded())))
        let h = min(box.height * 2, max(1, Int((Double(height) * scale).rounded())))
        return Size(width: w, height: h)
    }

    /// The image fitted into `box` (aspect ratio kept) as a canvas of ``fittedSize(width:height:in:)``.
    public func rasterize(_ image: RGBAImage, fitting box: Size) -> Canvas {
        rasterize(image, pixels: fittedPixels(width: image.width, height: image.height, in: box))
    }

    /// The image stretched over exactly `cells` (its proportions are the caller's: see
    /// `ImageLayout`).
    public func rasterize(_ image: RGBAImage, filling cells: Size) -> Canvas {
        rasterize(image, pixels: Size(width: cells.width, height: cells.height * 2))
    }

    private func rasterize(_ image: RGBAImage, pixels target: Size) -> Canvas {
        guard !target.isEmpty, image.width > 0, image.height > 0 else { return Canvas(size: .zero) }
        let scaled = Self.areaAverage(image, to: target)
        var canvas = Canvas(size: Size(width: target.width, height: (target.height + 1) / 2))
        for row in 0..<canvas.size.height {
            for x in 0..<target.width {
                let upper = scaled[x + 2 * row * target.width]
                let lower = 2 * row + 1 < target.height ? scaled[x + (2 * row + 1) * target.width] : .clear
                canvas[x, row] = cell(upper: upper, lower: lower)
            }
        }
        return canvas
    }

    /// The least alpha a sample needs to be drawn: fainter ones (a picture's edge averaged
    /// into a cell it barely touches) leave the cell to what is beneath, text included.
    static let faintest: UInt8 = 32

    private func cell(upper: RGBA, lower: RGBA) -> Cell {
        let upper = upper.a < Self.faintest ? .clear : upper
        let lower = lower.a < Self.faintest ? .clear : lower
        if upper.a == 0 && lower.a == 0 { return .blank }
        switch mode {
        case .color:
            // Contrast is kept by the picture's own colours, before an edge's translucent pixels
            // blend into the background: so edges fade into any background, never into a halo.
            let top = blend(keepingContrast(upper))
            let bottom = blend(keepingContrast(lower))
            // A fully transparent half shows the terminal's own background.
            if lower.a == 0 { return Cell("▀", style: Style(foreground: .rgb(top.r, top.g, top.b))) }
            if upper.a == 0 { return Cell("▄", style: Style(foreground: .rgb(bottom.r, bottom.g, bottom.b))) }
            let style = Style(foreground: .rgb(top.r, top.g, top.b), background: .rgb(bottom.r, bottom.g, bottom.b))
            return Cell("▀", style: style)
        case .monochrome:
            let glyph: Character =
                switch (isLight(blend(upper)), isLight(blend(lower))) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            return Cell(glyph)
        }
    }

    private func blend(_ p: RGBA) -> RGBA {
        let a = Int(p.a)
        func mix(_ c: UInt8, _ bg: UInt8) -> UInt8 { UInt8((Int(c) * a + Int(bg) * (255 - a) + 127) / 255) }
        return RGBA(mix(p.r, background.r), mix(p.g, background.g), mix(p.b, background.b))
    }

    static func luminance(_ p: RGBA) -> Double {
        (0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)) / 255
    }

    /// `p` moved towards white (on a dark background) or black (on a light one) until its
    /// luminance is ``minimumContrast`` from the background's, keeping its hue's share.
    func keepingContrast(_ p: RGBA) -> RGBA {
        guard minimumContrast > 0 else { return p }
        let ground = Self.luminance(background)
        let own = Self.luminance(p)
        guard abs(own - ground) < minimumContrast else { return p }
        let onDark = ground < 0.5
        let wanted = onDark ? min(1, ground + minimumContrast) : max(0, ground - minimumContrast)
        let target: Double = onDark ? 1 : 0
        let t = abs(target - own) < 1e-9 ? 0 : min(1, max(0, (wanted - own) / (target - own)))
        func move(_ c: UInt8) -> UInt8 { UInt8((Double(c) + t * (target * 255 - Double(c))).rounded()) }
        return RGBA(move(p.r), move(p.g), move(p.b), p.a)
    }

    private func isLight(_ p: RGBA) -> Bool {
        let luminance = 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
        let bgLuminance = 0.2126 * Double(background.r) + 0.7152 * Double(background.g) + 0.0722 * Double(background.b)
        return abs(luminance - bgLuminance) >= 64
    }

    /// Area-averaged resampling with alpha weighting; returns `target.area` pixels, row-major
    /// (Pixels' `RGBAImage.areaAveraged(to:)`).
    static func areaAverage(_ image: RGBAImage, to target: Size) -> [RGBA] { image.areaAveraged(to: target) }

    /// For each target index, the source indices it covers and how much of each (summing to 1).
    static func weights(source: Int, target: Int) -> [[(Int, Double)]] { RGBAImage.weights(source: source, target: target) }
}
