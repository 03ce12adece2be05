import Foundation
import IndicatorKit
import TestSupport
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

/// Photos at 256 colours keep their hues: muted colours of every hue (hills, skies, skin)
/// mapped to the palette keep most of their chroma, measured in OKLab against the true colours.
struct PaletteHueTests {
    /// OKLab's chroma of an sRGB colour (Björn Ottosson's matrices).
    static func chroma(_ color: (UInt8, UInt8, UInt8)) -> Double {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(color.0), linear(color.1), linear(color.2))
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        let a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        let bb = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        return (a * a + bb * bb).squareRoot()
    }

    @Test func mutedColoursKeepMostOfTheirChromaAt256Colours() {
        var generator = SeededGenerator(seed: 54)
        var before = 0.0
        var after = 0.0
        for _ in 0..<3_000 {
            // A muted colour: hue anywhere, saturation 0.15–0.6, value 0.2–0.75 (HSV).
            let hue = Double.random(in: 0..<6, using: &generator)
            let saturation = Double.random(in: 0.15...0.6, using: &generator)
            let value = Double.random(in: 0.2...0.75, using: &generator)
            let x = value * saturation * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
            let c = value * saturation
            let (r1, g1, b1): (Double, Double, Double) =
                switch Int(hue) {
                case 0: (c, x, 0)
                case 1: (x, c, 0)
                case 2: (0, c, x)
                case 3: (0, x, c)
                case 4: (x, 0, c)
                default: (c, 0, x)
                }
            let m = value - c
            let rgb = (UInt8((r1 + m) * 255), UInt8((g1 + m) * 255), UInt8((b1 + m) * 255))
            guard case .palette(let index) = Color.rgb(rgb.0, rgb.1, rgb.2).resolved(for: .palette256) else {
                Issue.record("not a palette colour")
                return
            }
            before += Self.chroma(rgb)
            after += Self.chroma(Color.paletteRGB(index))
        }
        // Each channel rounded on its own kept 57 % (dark muted colours became cube greys).
        #expect(after / before > 0.72, "\(after / before)")
    }

    @Test("Colours are read as lipgloss reads them: palette numbers, hex and names")
    func colorsAreParsedFromText() {
        #expect(Color(parsing: "212") == .palette(212))
        #expect(Color(parsing: "4") == .blue, "0…15 are the 16 ANSI colours")
        #expect(Color(parsing: "#04B575") == .rgb(0x04, 0xB5, 0x75))
        #expect(Color(parsing: " #fff ") == .rgb(255, 255, 255))
        #expect(Color(parsing: "bright-red") == .brightRed && Color(parsing: "brightRed") == .brightRed && Color(parsing: "Cyan") == .cyan)
        #expect(Color(parsing: "default") == .default)
        for bad in ["", "256", "-1", "#12", "#GGGGGG", "pink", "#1234567"] { #expect(Color(parsing: bad) == nil, "\(bad)") }
    }
}
