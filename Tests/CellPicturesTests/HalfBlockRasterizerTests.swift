import IndicatorKit
import Testing
import ViewCore

@testable import CellPictures

@Suite("HalfBlockRasterizer")
struct HalfBlockRasterizerTests {
    private func solid(_ width: Int, _ height: Int, _ color: RGBA) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = color } }
        return image
    }

    private func column(_ top: RGBA, _ bottom: RGBA) -> RGBAImage {
        var image = RGBAImage(width: 1, height: 2)
        image[0, 0] = top
        image[0, 1] = bottom
        return image
    }

    // MARK: - Fitting

    @Test("fittedSize keeps the aspect ratio with two pixels per cell row")
    func fittedSize() {
        let r = HalfBlockRasterizer()
        #expect(r.fittedSize(width: 100, height: 50, in: Size(width: 20, height: 20)) == Size(width: 20, height: 5))
        #expect(r.fittedSize(width: 50, height: 100, in: Size(width: 20, height: 20)) == Size(width: 20, height: 20))
        #expect(r.fittedSize(width: 50, height: 100, in: Size(width: 40, height: 10)) == Size(width: 10, height: 10))
        #expect(r.fittedSize(width: 10, height: 10, in: Size(width: 20, height: 20)) == Size(width: 20, height: 10))
        #expect(r.fittedSize(width: 2, height: 2, in: Size(width: 1, height: 1)) == Size(width: 1, height: 1))
        #expect(r.fittedSize(width: 3, height: 3, in: Size(width: 3, height: 5)) == Size(width: 3, height: 2))
    }

    @Test("Extreme aspect ratios keep at least one pixel each way")
    func fittedExtremes() {
        let r = HalfBlockRasterizer()
        #expect(r.fittedSize(width: 1000, height: 1, in: Size(width: 10, height: 10)) == Size(width: 10, height: 1))
        #expect(r.fittedSize(width: 1, height: 1000, in: Size(width: 10, height: 10)) == Size(width: 1, height: 10))
    }

    @Test("Empty images and empty boxes fit into nothing")
    func fittedEmpty() {
        let r = HalfBlockRasterizer()
        #expect(r.fittedSize(width: 0, height: 10, in: Size(width: 5, height: 5)) == .zero)
        #expect(r.fittedSize(width: 10, height: 0, in: Size(width: 5, height: 5)) == .zero)
        #expect(r.fittedSize(width: 10, height: 10, in: .zero) == .zero)
        #expect(r.fittedSize(width: 10, height: 10, in: Size(width: 5, height: 0)) == .zero)
        #expect(r.rasterize(RGBAImage(width: 0, height: 0), fitting: Size(width: 5, height: 5)).size == .zero)
        #expect(r.rasterize(solid(4, 4, RGBA(255, 0, 0)), fitting: .zero).size == .zero)
    }

    @Test(
        "The rasterized canvas has the fitted size",
        arguments: [
            (100, 50, 20, 20), (7, 3, 5, 5), (1, 1, 1, 1), (640, 480, 21, 7), (3, 9, 10, 2),
        ]
    )
    func rasterizedSize(width: Int, height: Int, boxWidth: Int, boxHeight: Int) {
        let r = HalfBlockRasterizer()
        let box = Size(width: boxWidth, height: boxHeight)
        let canvas = r.rasterize(solid(width, height, RGBA(10, 20, 30)), fitting: box)
        #expect(canvas.size == r.fittedSize(width: width, height: height, in: box))
        #expect(box.contains(canvas.size))
    }

    // MARK: - Colour mode

    @Test("A 2×2 solid red image becomes upper half blocks with red foreground and background")
    func solidRed() {
        let canvas = HalfBlockRasterizer().rasterize(solid(2, 2, RGBA(255, 0, 0)), fitting: Size(width: 2, height: 1))
        #expect(canvas.size == Size(width: 2, height: 1))
        #expect(canvas.lines == ["▀▀"])
        for x in 0..<2 {
            #expect(canvas[x, 0] == Cell("▀", style: Style(foreground: .rgb(255, 0, 0), background: .rgb(255, 0, 0))))
        }
    }

    @Test("The upper pixel is the foreground and the lower one the background")
    func upperAndLower() {
        let canvas = HalfBlockRasterizer().rasterize(column(RGBA(255, 0, 0), RGBA(0, 0, 255)), fitting: Size(width: 1, height: 1))
        #expect(canvas[0, 0] == Cell("▀", style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))))
    }

    @Test("Quadrants land in the right cells")
    func quadrants() {
        var image = RGBAImage(width: 4, height: 4)
        for y in 0..<4 {
            for x in 0..<4 {
                image[x, y] =
                    switch (x < 2, y < 2) {
                    case (true, true): RGBA(255, 0, 0)
                    case (false, true): RGBA(0, 255, 0)
                    case (true, false): RGBA(0, 0, 255)
                    case (false, false): RGBA(255, 255, 255)
                    }
            }
        }
        let canvas = HalfBlockRasterizer().rasterize(image, fitting: Size(width: 4, height: 2))
        #expect(canvas.size == Size(width: 4, height: 2))
        #expect(canvas[0, 0].style.foreground == .rgb(255, 0, 0))
        #expect(canvas[3, 0].style.background == .rgb(0, 255, 0))
        #expect(canvas[1, 1].style.foreground == .rgb(0, 0, 255))
        #expect(canvas[2, 1].style.background == .rgb(255, 255, 255))
    }

    @Test("Fully transparent pixels give a blank cell with the default colours")
    func transparent() {
        let canvas = HalfBlockRasterizer().rasterize(RGBAImage(width: 2, height: 2), fitting: Size(width: 2, height: 1))
        #expect(canvas.cells == [.blank, .blank])
        #expect(canvas.lines == ["  "])
    }

    @Test("A fully transparent half shows the terminal's own background")
    func transparentHalf() {
        let canvas = HalfBlockRasterizer().rasterize(column(RGBA(255, 0, 0), .clear), fitting: Size(width: 1, height: 1))
        #expect(canvas[0, 0] == Cell("▀", style: Style(foreground: .rgb(255, 0, 0))))
        let onBlue = HalfBlockRasterizer(background: RGBA(0, 0, 200)).rasterize(column(.clear, RGBA(255, 255, 255)), fitting: Size(width: 1, height: 1))
        #expect(onBlue[0, 0] == Cell("▄", style: Style(foreground: .rgb(255, 255, 255))))
    }

    @Test("Half-transparent pixels are blended onto the background")
    func halfTransparent() {
        let white = RGBA(255, 255, 255, 128)
        let overBlack = HalfBlockRasterizer().rasterize(column(white, white), fitting: Size(width: 1, height: 1))
        #expect(overBlack[0, 0] == Cell("▀", style: Style(foreground: .rgb(128, 128, 128), background: .rgb(128, 128, 128))))
        let black = RGBA(0, 0, 0, 128)
        let overWhite = HalfBlockRasterizer(background: RGBA(255, 255, 255)).rasterize(column(black, RGBA(0, 0, 0, 40)), fitting: Size(width: 1, height: 1))
        #expect(overWhite[0, 0].style == Style(foreground: .rgb(127, 127, 127), background: .rgb(215, 215, 215)))
        // A sample fainter than an eighth leaves its half to what is beneath.
        let faint = HalfBlockRasterizer(background: RGBA(255, 255, 255)).rasterize(column(black, RGBA(0, 0, 0, 20)), fitting: Size(width: 1, height: 1))
        #expect(faint[0, 0] == Cell("▀", style: Style(foreground: .rgb(127, 127, 127))))
        #expect(HalfBlockRasterizer().rasterize(column(RGBA(0, 0, 0, 20), RGBA(9, 9, 9, 31)), fitting: Size(width: 1, height: 1))[0, 0] == .blank)
    }

    @Test("A translucent edge fades into the background, light or dark, never into a halo")
    func noHalo() {
        for (background, color) in [(RGBA(255, 255, 255), RGBA(200, 225, 255)), (RGBA(0, 0, 0), RGBA(40, 50, 70))] {
            let rasterizer = HalfBlockRasterizer(background: background, minimumContrast: 0.25)
            let solid = rasterizer.rasterize(column(color, color), fitting: Size(width: 1, height: 1))[0, 0]
            let edge = rasterizer.rasterize(column(RGBA(color.r, color.g, color.b, 110), .clear), fitting: Size(width: 1, height: 1))[0, 0]
            guard case .rgb(let r, let g, let b) = solid.style.foreground, case .rgb(let er, let eg, let eb) = edge.style.foreground else {
                Issue.record("colours expected")
                continue
            }
            let solidLuminance = HalfBlockRasterizer.luminance(RGBA(r, g, b))
            let edgeLuminance = HalfBlockRasterizer.luminance(RGBA(er, eg, eb))
            let ground = HalfBlockRasterizer.luminance(background)
            // The edge lies between the kept-contrast dot and the background.
            #expect(abs(edgeLuminance - ground) < abs(solidLuminance - ground), "edge \(edgeLuminance), dot \(solidLuminance), background \(ground)")
        }
    }

    @Test("An odd pixel height leaves the last row's lower half to the terminal's background")
    func oddHeight() {
        let canvas = HalfBlockRasterizer().rasterize(solid(3, 3, RGBA(0, 255, 0)), fitting: Size(width: 3, height: 5))
        #expect(canvas.size == Size(width: 3, height: 2))
        #expect(canvas[1, 0].style == Style(foreground: .rgb(0, 255, 0), background: .rgb(0, 255, 0)))
        #expect(canvas[1, 1] == Cell("▀", style: Style(foreground: .rgb(0, 255, 0))))
    }

    // MARK: - Area averaging

    @Test("A black and a white pixel averaged to one give mid grey")
    func averageBlackWhite() {
        var image = RGBAImage(width: 2, height: 1)
        image[0, 0] = RGBA(0, 0, 0)
        image[1, 0] = RGBA(255, 255, 255)
        #expect(HalfBlockRasterizer.areaAverage(image, to: Size(width: 1, height: 1)) == [RGBA(128, 128, 128)])
        let canvas = HalfBlockRasterizer().rasterize(image, fitting: Size(width: 1, height: 1))
        #expect(canvas.size == Size(width: 1, height: 1))
        #expect(canvas[0, 0].style.foreground == .rgb(128, 128, 128))
    }

    @Test("Transparent pixels lend no colour, only less opacity")
    func averageAlphaWeighted() {
        var image = RGBAImage(width: 2, height: 1)
        image[0, 0] = RGBA(255, 0, 0)
        #expect(HalfBlockRasterizer.areaAverage(image, to: Size(width: 1, height: 1)) == [RGBA(255, 0, 0, 128)])
        let canvas = HalfBlockRasterizer().rasterize(image, fitting: Size(width: 1, height: 1))
        #expect(canvas[0, 0].style.foreground == .rgb(128, 0, 0))
    }

    @Test("Fractional coverage weighs pixels by area")
    func averageFractional() {
        var image = RGBAImage(width: 3, height: 1)
        image[0, 0] = RGBA(0, 0, 0)
        image[1, 0] = RGBA(90, 90, 90)
        image[2, 0] = RGBA(255, 255, 255)
        // 3 → 2: the first target takes pixel 0 fully and half of pixel 1 (weights 2/3, 1/3).
        let pixels = HalfBlockRasterizer.areaAverage(image, to: Size(width: 2, height: 1))
        #expect(pixels == [RGBA(30, 30, 30), RGBA(200, 200, 200)])
    }

    @Test("Upscaling repeats pixels")
    func upscale() {
        var image = RGBAImage(width: 2, height: 1)
        image[0, 0] = RGBA(1, 2, 3)
        image[1, 0] = RGBA(4, 5, 6, 7)
        let pixels = HalfBlockRasterizer.areaAverage(image, to: Size(width: 4, height: 2))
        #expect(
            pixels == [
                RGBA(1, 2, 3), RGBA(1, 2, 3), RGBA(4, 5, 6, 7), RGBA(4, 5, 6, 7),
                RGBA(1, 2, 3), RGBA(1, 2, 3), RGBA(4, 5, 6, 7), RGBA(4, 5, 6, 7),
            ]
        )
    }

    @Test("Weights cover each target with shares summing to one")
    func weights() {
        let w = HalfBlockRasterizer.weights(source: 3, target: 2)
        #expect(w.count == 2)
        #expect(w[0].map(\.0) == [0, 1])
        #expect(w[1].map(\.0) == [1, 2])
        #expect(abs(w[0][0].1 - 2.0 / 3) < 1e-9)
        #expect(abs(w[0][1].1 - 1.0 / 3) < 1e-9)
        for (source, target) in [(3, 2), (7, 3), (100, 20), (2, 5), (1, 1)] {
            for list in HalfBlockRasterizer.weights(source: source, target: target) {
                #expect(abs(list.map(\.1).reduce(0, +) - 1) < 1e-9)
                #expect(list.allSatisfy { $0.0 >= 0 && $0.0 < source })
            }
        }
    }

    // MARK: - Monochrome

    @Test(
        "Monochrome mode picks half and full blocks by lightness",
        arguments: [
            (RGBA(255, 255, 255), RGBA(0, 0, 0), Character("▀")),
            (RGBA(0, 0, 0), RGBA(255, 255, 255), Character("▄")),
            (RGBA(255, 255, 255), RGBA(200, 200, 200), Character("█")),
            (RGBA(0, 0, 0), RGBA(20, 20, 20), Character(" ")),
        ]
    )
    func monochrome(top: RGBA, bottom: RGBA, glyph: Character) {
        let canvas = HalfBlockRasterizer(mode: .monochrome).rasterize(column(top, bottom), fitting: Size(width: 1, height: 1))
        #expect(canvas[0, 0] == Cell(glyph))
        #expect(canvas[0, 0].style == .plain)
    }

    @Test("Monochrome lightness is measured against the background")
    func monochromeBackground() {
        let onWhite = HalfBlockRasterizer(mode: .monochrome, background: RGBA(255, 255, 255))
        let canvas = onWhite.rasterize(column(RGBA(0, 0, 0), RGBA(255, 255, 255)), fitting: Size(width: 1, height: 1))
        #expect(canvas[0, 0].character == "▀")  // black stands out on white
    }

    @Test("Monochrome transparent cells stay blank")
    func monochromeTransparent() {
        let canvas = HalfBlockRasterizer(mode: .monochrome).rasterize(RGBAImage(width: 1, height: 2), fitting: Size(width: 1, height: 1))
        #expect(canvas[0, 0] == .blank)
    }
}

/// Indicators keep their dim strokes visible against the terminal's background.
struct MinimumContrastTests {
    func topColour(_ pixel: RGBA, background: RGBA, contrast: Double) -> Color {
        var image = RGBAImage(width: 1, height: 2)
        image[0, 0] = pixel
        image[0, 1] = pixel
        return HalfBlockRasterizer(background: background, minimumContrast: contrast).rasterize(image, fitting: Size(width: 1, height: 1))[0, 0].style
            .foreground
    }

    func luminance(_ color: Color) -> Double {
        guard case .rgb(let r, let g, let b) = color else { return -1 }
        return HalfBlockRasterizer.luminance(RGBA(r, g, b))
    }

    @Test func aDarkPixelOnADarkGroundIsLiftedAndABrightOneLeftAlone() {
        let darkTeal = RGBA(16, 60, 69)
        #expect(topColour(darkTeal, background: RGBA(0, 0, 0), contrast: 0) == .rgb(16, 60, 69), "0: exact colours")
        let lifted = topColour(darkTeal, background: RGBA(0, 0, 0), contrast: 0.25)
        #expect(abs(luminance(lifted) - 0.25) < 0.01, "lifted just to the contrast asked for")
        guard case .rgb(let r, let g, let b) = lifted else {
            Issue.record("expected RGB")
            return
        }
        #expect(g > r && b > r, "still teal")
        #expect(topColour(RGBA(60, 220, 255), background: RGBA(0, 0, 0), contrast: 0.25) == .rgb(60, 220, 255), "enough contrast already")
    }

    @Test func aLightPixelOnALightGroundIsDarkened() {
        let pale = RGBA(240, 240, 200)
        let darkened = topColour(pale, background: RGBA(255, 255, 255), contrast: 0.25)
        #expect(abs(luminance(darkened) - 0.75) < 0.01)
    }
}
