import IndicatorKit
import Testing
import ViewCore

@testable import CellPictures

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

    @Test func translucentEdgesBlendIntoTheBackgroundTheTerminalReportedNotTheThemes() {
        var edge = RGBAImage(width: 1, height: 2)
        edge[0, 0] = RGBA(200, 100, 50, 128)  // an edge pixel, half covered; below it nothing
        var caps = TerminalCapabilities(colorDepth: .trueColor, mouse: false, name: "t")
        let assumed = ImageStyle(for: caps).rasterize(edge, fitting: Size(width: 1, height: 1))[0, 0]
        #expect(assumed.style.foreground == .rgb(100, 50, 25), "into the dark theme's black when the terminal did not say")
        caps.background = RGBA(16, 16, 16)  // xterm's: a black blend is a dark halo on it
        let style = ImageStyle(for: caps)
        #expect(style.background == RGBA(16, 16, 16))
        let reported = style.rasterize(edge, fitting: Size(width: 1, height: 1))[0, 0]
        #expect(reported.character == "▀")
        #expect(reported.style.foreground == .rgb(108, 58, 33), "into the terminal's own (16, 16, 16)")
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
        let player = FramePlayer(animation: ImageStill(image: dimPicture()), clock: VirtualScheduler())
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
        let photo = Size(width: 300, height: 200)
        let box = Size(width: 40, height: 100)
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

/// Pictures placed as pixels on a canvas, for backends that draw them.
@MainActor
struct ImagePlacementTests {
    let picture = RGBAImage(width: 4, height: 4)

    @Test func placementsTravelWithBlitAndOverlayAndTextOverOneTakesItAway() throws {
        var small = Canvas(size: Size(width: 4, height: 2))
        small.place(picture, key: 7, in: small.bounds)
        var screen = Canvas(size: Size(width: 20, height: 6))
        screen.draw("text", at: .zero)
        screen.overlay(small, at: Point(x: 10, y: 2))
        #expect(screen.placements == [ImagePlacement(rect: Rect(x: 10, y: 2, width: 4, height: 2), key: 7, image: picture)])
        var other = Canvas(size: Size(width: 20, height: 6))
        other.blit(small, at: Point(x: 18, y: -1))
        let cut = try #require(other.placements.first)
        #expect(
            cut.rect == Rect(x: 18, y: 0, width: 2, height: 1) && cut.shown == Rect(x: 0, y: 1, width: 2, height: 1)
                && cut.pictureCells == Size(width: 4, height: 2),
            "cut at the edges: the part inside shows, and which part it is"
        )
        screen.draw("x", at: Point(x: 11, y: 3))
        #expect(screen.placements.isEmpty, "text drawn over a picture takes it away")
    }

    @Test func aPanelFilledOverAPictureCutsItToTheLargestPartLeft() throws {
        var screen = Canvas(size: Size(width: 30, height: 12))
        screen.place(picture, key: 1, in: Rect(x: 10, y: 5, width: 8, height: 4))
        screen.place(picture, key: 2, in: Rect(x: 20, y: 0, width: 4, height: 2))
        screen.fill(Rect(x: 0, y: 0, width: 11, height: 6))
        let cut = try #require(screen.placements.first { $0.key == 1 })
        #expect(cut.rect == Rect(x: 11, y: 5, width: 7, height: 4), "the seven columns right of the panel, not the three rows below")
        #expect(cut.shown == Rect(x: 1, y: 0, width: 7, height: 4) && cut.pictureCells == Size(width: 8, height: 4))
        #expect(screen.placements.contains { $0.key == 2 && !$0.isCut }, "a picture beside the panel is untouched")
        screen.fill(Rect(x: 0, y: 0, width: 30, height: 12))
        #expect(screen.placements.isEmpty, "a panel over all of a picture takes it away")
    }

    @Test func aPlayerWithPixelsPlacesItsFramesUnderKeysOfTheirOwn() async {
        struct TwoFrames: FrameAnimation {
            var frameCount: Int { 2 }
            var frameSize: FrameSize { .pixels(Size(width: 30, height: 20)) }
            func duration(ofFrame index: Int) -> Duration { .milliseconds(100) }
            func frame(at index: Int) -> AnimationFrame { .image(RGBAImage(width: 30, height: 20)) }
        }
        let clock = VirtualScheduler()
        let player = FramePlayer(animation: TwoFrames(), clock: clock)
        player.imageStyle = ImageStyle(pixels: true, cellPixels: Size(width: 10, height: 20))
        player.play()
        let first = player.cells(fitting: Size(width: 12, height: 12))
        #expect(first.size == Size(width: 12, height: 4), "3:2 in 10×20 cells")
        #expect(first.placements.count == 1 && first.placements[0].animation?.frame == 0)
        clock.advance(by: .milliseconds(100))
        let second = player.cells(fitting: Size(width: 12, height: 12))
        #expect(second.placements[0].key != first.placements[0].key && second.placements[0].animation?.group == first.placements[0].animation?.group)
        player.stop()
        let terminal = HeadlessTerminal(size: Size(width: 12, height: 4))
        terminal.present(first)
        #expect(terminal.lines == Array(repeating: String(repeating: "▒", count: 12), count: 4), "the headless screen shows where the picture is")
    }
}
