import Testing
@testable import TUICore

/// One value says how an image is drawn; components take it as `imageStyle`.
@MainActor
struct ImageStyleTests {
    /// A 1×2 picture: dark grey over dark grey, one cell of half blocks.
    func dimPicture() -> RGBAImage {
        var image = RGBAImage(width: 1, height: 2)
        image[0, 0] = RGBA(20, 20, 20)
        image[0, 1] = RGBA(20, 20, 20)
        return image
    }

    @Test func aTerminalsCapabilitiesGiveItsSymbolsBackgroundAndColourMode() {
        let light = ImageStyle(for: TerminalCapabilities(colorDepth: .palette256, mouse: true, name: "t", theme: .light, symbols: .sextant))
        #expect(light == ImageStyle(symbols: .sextant, theme: .light, minimumContrast: nil, colorMode: .color))
        let none = ImageStyle(for: TerminalCapabilities(colorDepth: .none, mouse: true, name: "t"), minimumContrast: 0)
        #expect(none.colorMode == .monochrome && none.minimumContrast == 0)
    }

    @Test func theContrastLeftNilIsTheComponentsAndAGivenOneWins() {
        let box = Size(width: 1, height: 1)
        let exact = ImageStyle().rasterize(dimPicture(), fitting: box)[0, 0].style
        #expect(exact.foreground == .rgb(20, 20, 20), "0 by default: the pixel as it is")
        let lifted = ImageStyle().rasterize(dimPicture(), fitting: box, defaultMinimumContrast: 0.25)[0, 0].style
        #expect(lifted.foreground != .rgb(20, 20, 20), "the component's 0.25 lightens it on a dark background")
        let given = ImageStyle(minimumContrast: 0).rasterize(dimPicture(), fitting: box, defaultMinimumContrast: 0.25)[0, 0].style
        #expect(given.foreground == .rgb(20, 20, 20), "a style's own contrast wins")
        let shapes = ImageStyle(colorMode: .monochrome).rasterize(dimPicture(), fitting: box)[0, 0]
        #expect(shapes.style.foreground != .rgb(20, 20, 20), "monochrome draws shapes, not colours")
    }

    @Test func aPlayersStyleChangeRedrawsItsFrame() {
        let player = FramePlayer(animation: ImageStill(image: dimPicture()), scheduler: VirtualScheduler())
        player.defaultMinimumContrast = 0.25
        let before = player.cells(fitting: Size(width: 1, height: 1))[0, 0].style.foreground
        player.imageStyle.minimumContrast = 0
        let after = player.cells(fitting: Size(width: 1, height: 1))[0, 0].style.foreground
        #expect(before != after && after == .rgb(20, 20, 20))
    }
}

/// One still image as an animation.
struct ImageStill: FrameAnimation {
    let image: RGBAImage
    var frameCount: Int { 1 }
    var frameSize: FrameSize { .pixels(Size(width: image.width, height: image.height)) }
    func frame(at index: Int) -> AnimationFrame { .image(image) }
    func duration(ofFrame index: Int) -> Duration { .seconds(1) }
}

/// Pictures laid out by the real shape of a cell.
struct ImageLayoutTests {
    @Test func aThreeByTwoPhotoTakesTheRowsItsProportionsGive() {
        let photo = Size(width: 300, height: 200), box = Size(width: 40, height: 100)
        #expect(ImageLayout.cells(for: photo, in: box, cellPixels: Size(width: 10, height: 20)) == Size(width: 40, height: 13))
        // DejaVu Sans Mono at 12 pt in xterm: 7 × 15 cells, taller than 1:2 — fewer rows.
        #expect(ImageLayout.cells(for: photo, in: box, cellPixels: Size(width: 7, height: 15)) == Size(width: 40, height: 12))
        #expect(ImageLayout.cells(for: photo, in: box, cellPixels: nil) == Size(width: 40, height: 13), "1:2 when the terminal does not say")
        #expect(ImageLayout.cells(for: photo, in: Size(width: 40, height: 5), cellPixels: nil) == Size(width: 15, height: 5), "the height bounds it too")
    }

    @Test func aStretchedRasterFillsExactlyTheCellsAsked() {
        var image = RGBAImage(width: 30, height: 20)
        for y in 0..<20 { for x in 0..<30 { image[x, y] = RGBA(200, 100, 50) } }
        for set in SymbolSet.allCases {
            #expect(ImageStyle(symbols: set).rasterize(image, filling: Size(width: 12, height: 3)).size == Size(width: 12, height: 3), "\(set)")
        }
        #expect(image.scaled(to: Size(width: 3, height: 2))[1, 1] == RGBA(200, 100, 50))
    }
}
