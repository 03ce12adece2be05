import IndicatorKit
import Testing

@testable import ViewCore

@Suite("Color down-sampling")
struct ColorTests {
    // MARK: - RGB to the 256 palette

    @Test("Pure red becomes palette 196")
    func pureRedToPalette() {
        #expect(Color.rgb(255, 0, 0).resolved(for: .palette256) == .palette(196))
    }

    @Test("Cube corners and exact cube colours map to their cube entries")
    func cubeColours() {
        #expect(Color.rgb(0, 0, 0).resolved(for: .palette256) == .palette(16))
        #expect(Color.rgb(255, 255, 255).resolved(for: .palette256) == .palette(231))
        #expect(Color.rgb(0, 255, 0).resolved(for: .palette256) == .palette(46))
        #expect(Color.rgb(0, 0, 255).resolved(for: .palette256) == .palette(21))
        #expect(Color.rgb(95, 135, 175).resolved(for: .palette256) == .palette(67))
        #expect(Color.rgb(250, 5, 3).resolved(for: .palette256) == .palette(196))
    }

    @Test(
        "Greys between cube levels go to the grey ramp",
        arguments: [
            (UInt8(128), UInt8(244)), (100, 241), (50, 236), (200, 251), (8, 232), (238, 255),
        ]
    )
    func greysToRamp(level: UInt8, index: UInt8) {
        let resolved = Color.rgb(level, level, level).resolved(for: .palette256)
        #expect(resolved == .palette(index))
        if case .palette(let i) = resolved { #expect(i >= 232) }
    }

    @Test("Every palette entry's own RGB value maps back to that entry")
    func paletteRoundTrip() {
        for index in 16...255 {
            let (r, g, b) = Color.paletteRGB(UInt8(index))
            #expect(Color.nearestPaletteIndex(r, g, b) == UInt8(index), "palette \(index)")
        }
    }

    @Test("paletteRGB follows xterm: ANSI, cube, grey ramp")
    func paletteRGB() {
        #expect(Color.paletteRGB(1) == (205, 0, 0))
        #expect(Color.paletteRGB(16) == (0, 0, 0))
        #expect(Color.paletteRGB(196) == (255, 0, 0))
        #expect(Color.paletteRGB(67) == (95, 135, 175))
        #expect(Color.paletteRGB(231) == (255, 255, 255))
        #expect(Color.paletteRGB(232) == (8, 8, 8))
        #expect(Color.paletteRGB(255) == (238, 238, 238))
    }

    // MARK: - To 16 colours

    @Test("Palette entries below 16 become the same ANSI colour at 16 colours")
    func lowPaletteToANSI() {
        for index in UInt8(0)..<16 {
            #expect(Color.palette(index).resolved(for: .ansi16) == .ansi(index))
        }
    }

    @Test("Palette entries above 15 become the nearest ANSI colour")
    func paletteToANSI() {
        #expect(Color.palette(196).resolved(for: .ansi16) == .ansi(9))
        #expect(Color.palette(16).resolved(for: .ansi16) == .ansi(0))
        #expect(Color.palette(231).resolved(for: .ansi16) == .ansi(15))
        #expect(Color.palette(244).resolved(for: .ansi16) == .ansi(8))
        #expect(Color.palette(46).resolved(for: .ansi16) == .ansi(10))
    }

    @Test("RGB becomes the nearest ANSI colour at 16 colours")
    func rgbToANSI() {
        #expect(Color.rgb(255, 0, 0).resolved(for: .ansi16) == .ansi(9))
        #expect(Color.rgb(200, 0, 0).resolved(for: .ansi16) == .ansi(1))
        #expect(Color.rgb(0, 0, 0).resolved(for: .ansi16) == .ansi(0))
        #expect(Color.rgb(250, 250, 250).resolved(for: .ansi16) == .ansi(15))
        #expect(Color.rgb(120, 120, 130).resolved(for: .ansi16) == .ansi(8))
        for index in 0..<16 {
            let (r, g, b) = Color.ansiRGB[index]
            #expect(Color.rgb(r, g, b).resolved(for: .ansi16) == .ansi(UInt8(index)))
        }
    }

    @Test("ANSI colours pass through at 16 and 256 colours")
    func ansiPassesThrough() {
        #expect(Color.red.resolved(for: .ansi16) == .red)
        #expect(Color.brightWhite.resolved(for: .palette256) == .brightWhite)
        #expect(Color.palette(200).resolved(for: .palette256) == .palette(200))
    }

    // MARK: - None, default, true colour

    @Test(
        "Anything becomes .default with no colour",
        arguments: [
            Color.red, .palette(196), .rgb(1, 2, 3), .default, .brightWhite,
        ]
    )
    func noneGivesDefault(color: Color) {
        #expect(color.resolved(for: .none) == .default)
    }

    @Test("Default stays default at every depth", arguments: ColorDepth.allCases)
    func defaultStays(depth: ColorDepth) {
        #expect(Color.default.resolved(for: depth) == .default)
    }

    @Test(
        "True colour keeps every colour as it is",
        arguments: [
            Color.red, .palette(196), .rgb(1, 2, 3), .default,
        ]
    )
    func trueColorKeeps(color: Color) {
        #expect(color.resolved(for: .trueColor) == color)
    }

    // MARK: - RGB approximations and blending

    @Test("rgbComponents approximates every kind of colour")
    func rgbComponents() {
        #expect(Color.default.rgbComponents(default: (1, 2, 3)) == (1, 2, 3))
        #expect(Color.red.rgbComponents(default: (0, 0, 0)) == (205, 0, 0))
        #expect(Color.ansi(17).rgbComponents(default: (0, 0, 0)) == (205, 0, 0))  // masked to 0…15
        #expect(Color.palette(196).rgbComponents(default: (0, 0, 0)) == (255, 0, 0))
        #expect(Color.rgb(9, 8, 7).rgbComponents(default: (0, 0, 0)) == (9, 8, 7))
    }

    @Test("blended mixes in RGB and clamps the amount")
    func blended() {
        let white = Color.rgb(255, 255, 255)
        let black = Color.rgb(0, 0, 0)
        #expect(white.blended(with: black, amount: 0, default: (0, 0, 0)) == white)
        #expect(white.blended(with: black, amount: 1, default: (0, 0, 0)) == black)
        #expect(white.blended(with: black, amount: 0.5, default: (0, 0, 0)) == .rgb(128, 128, 128))
        #expect(white.blended(with: black, amount: -1, default: (0, 0, 0)) == white)
        #expect(white.blended(with: black, amount: 2, default: (0, 0, 0)) == black)
        #expect(Color.default.blended(with: .rgb(100, 0, 0), amount: 0.5, default: (0, 100, 0)) == .rgb(50, 50, 0))
    }

    // MARK: - Named colours and depths

    @Test("Named colours are the ANSI ones")
    func namedColours() {
        #expect(Color.black == .ansi(0))
        #expect(Color.red == .ansi(1))
        #expect(Color.green == .ansi(2))
        #expect(Color.yellow == .ansi(3))
        #expect(Color.blue == .ansi(4))
        #expect(Color.magenta == .ansi(5))
        #expect(Color.cyan == .ansi(6))
        #expect(Color.white == .ansi(7))
        #expect(Color.brightBlack == .ansi(8))
        #expect(Color.brightWhite == .ansi(15))
    }

    @Test("Colour depths are ordered and named")
    func depths() {
        #expect(ColorDepth.none < .ansi16)
        #expect(ColorDepth.ansi16 < .palette256)
        #expect(ColorDepth.palette256 < .trueColor)
        #expect(ColorDepth.allCases.sorted() == [.none, .ansi16, .palette256, .trueColor])
        #expect(ColorDepth.allCases.map(\.description) == ["none", "16", "256", "truecolor"])
        for depth in ColorDepth.allCases { #expect(ColorDepth(name: depth.description) == depth) }
        #expect(ColorDepth(name: "24bit") == nil)
        #expect(ColorDepth(name: "") == nil)
    }
}
