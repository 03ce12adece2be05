import Foundation
import IndicatorKit
import Testing
import ViewCore

@testable import CellPictures

/// The finer symbol sets: each cell's glyph and two colours chosen to match its pixels.
struct SymbolRasterizerTests {
    /// One cell's worth of pixels for `set`: `on` pixels white, the others black.
    func cellImage(_ set: SymbolSet, on: Set<Int>) -> RGBAImage {
        let (w, h) = set.grid
        var image = RGBAImage(width: w, height: h)
        for y in 0..<h { for x in 0..<w { image[x, y] = on.contains(y * w + x) ? RGBA(255, 255, 255) : RGBA(0, 0, 0) } }
        return image
    }

    func draw(_ image: RGBAImage, _ set: SymbolSet, cells: Size = Size(width: 1, height: 1)) -> Cell {
        SymbolRasterizer(symbols: set).rasterize(image, fitting: cells)[0, 0]
    }

    @Test func aCellWithA2x3PatternPicksThatSextant() {
        // Top-left, middle-right and bottom-left lit: bits 0, 3 and 4 = 25 → U+1FB00 + 23.
        let cell = draw(cellImage(.sextant, on: [0, 3, 4]), .sextant, cells: Size(width: 1, height: 1))
        #expect(cell.character == SymbolSet.sextant.glyph(0b011001))
        #expect(cell.character == "\u{1FB17}")
        #expect(cell.style.foreground == .rgb(255, 255, 255) && cell.style.background == .rgb(0, 0, 0))
        // Its mirror is the same glyph with the colours swapped.
        let mirror = draw(cellImage(.sextant, on: [1, 2, 5]), .sextant)
        #expect(mirror.character == "\u{1FB17}" && mirror.style.foreground == .rgb(0, 0, 0) && mirror.style.background == .rgb(255, 255, 255))
    }

    @Test func theSextantSetDrawsHalvesAndQuadrantsWhereTheyFitBetter() {
        // A cell lit in its top half: no sextant splits three rows in two; ▀ does.
        let top = draw(cellImage(.quadrant, on: [0, 1]), .sextant)
        #expect(top.character == "▀" && top.style.foreground == .rgb(255, 255, 255) && top.style.background == .rgb(0, 0, 0))
        let diagonal = draw(cellImage(.quadrant, on: [0, 3]), .sextant)
        #expect(diagonal.character == "▚")
        #expect(SymbolSet.sextant.shapes.count == 32 + 6, "32 sextant shapes and 6 quadrant shapes of their own (▌ is both)")
        #expect(SymbolSet.sextant.shapes.first?.glyph == "█")
    }

    @Test func aDotBesideTransparencyKeepsTheBackgroundAsItIsNoHalo() {
        // The left column of a sextant cell a light dot, the right transparent, on white with
        // an indicator's contrast: the dot is darkened, the empty part stays white.
        var image = RGBAImage(width: 2, height: 3)
        for y in 0..<3 { image[0, y] = RGBA(200, 225, 255) }
        let cell = SymbolRasterizer(symbols: .sextant, background: RGBA(255, 255, 255), minimumContrast: 0.25).rasterize(
            image,
            fitting: Size(width: 1, height: 1)
        )[0, 0]
        let colors = [cell.style.foreground, cell.style.background]
        #expect(colors.contains(.rgb(255, 255, 255)), "the transparent half is the background itself: \(cell)")
        #expect(colors.contains { $0 != .rgb(255, 255, 255) && $0 != .rgb(200, 225, 255) }, "the dot kept its contrast: \(cell)")
    }

    @Test func aFlatCellIsAFullBlockOfItsColourOnItsColour() {
        var image = RGBAImage(width: 2, height: 3)
        for y in 0..<3 { for x in 0..<2 { image[x, y] = RGBA(10, 200, 30) } }
        for set in [SymbolSet.quadrant, .sextant] {
            let cell = draw(image, set)
            #expect(cell.character == "█", "\(set)")
            #expect(cell.style.foreground == .rgb(10, 200, 30))
            #expect(cell.style.background == .rgb(10, 200, 30), "on its own colour: where the glyph falls short of the cell, no seam")
        }
        let braille = draw(image, .braille)
        #expect(braille.character == " " && braille.style.background == .rgb(10, 200, 30), "braille has no full block: a space on the colour")
    }

    @Test func quadrantsAndBrailleMapTheirBits() {
        #expect(draw(cellImage(.quadrant, on: [0, 3]), .quadrant).character == "▚")
        #expect(draw(cellImage(.quadrant, on: [2, 3]), .quadrant).character == "▄" || draw(cellImage(.quadrant, on: [2, 3]), .quadrant).character == "▀")
        #expect(SymbolSet.braille.glyph(0b0000_0001) == "⠁", "top-left: dot 1")
        #expect(SymbolSet.braille.glyph(0b0000_0010) == "⠈", "top-right: dot 4")
        #expect(SymbolSet.braille.glyph(0b1000_0000) == "⢀", "bottom-right: dot 8")
        #expect(SymbolSet.braille.glyph(255) == "⣿")
        #expect(SymbolSet.sextant.glyph(21) == "▌" && SymbolSet.sextant.glyph(42) == "▐", "the half columns are not sextants")
        #expect(SymbolSet.sextant.glyph(62) == "\u{1FB3B}", "the last sextant")
    }

    @Test func transparentCellsStayBlankAndTheSizeIsTheHalfBlocksOne() {
        let clear = RGBAImage(width: 8, height: 8)
        let cells = SymbolRasterizer(symbols: .braille).rasterize(clear, fitting: Size(width: 4, height: 2))
        #expect(cells.size == HalfBlockRasterizer().fittedSize(width: 8, height: 8, in: Size(width: 4, height: 2)))
        #expect(cells[0, 0] == .blank)
    }

    @Test func autoPicksSextantsOnlyWhereTheTerminalDrawsThemItself() {
        #expect(SymbolSet.automatic(environment: ["TERM": "xterm-256color"]) == .quadrant)
        #expect(SymbolSet.automatic(environment: ["TERM": "xterm-kitty"]) == .sextant)
        #expect(SymbolSet.automatic(environment: ["TERM": "xterm-256color", "VTE_VERSION": "7200"]) == .sextant)
        #expect(SymbolSet.automatic(environment: ["TERM": "xterm-256color", "VTE_VERSION": "5202"]) == .quadrant)
        #expect(SymbolSet.automatic(environment: ["TERM": "xterm-kitty", "INDICATORKIT_SYMBOLS": "half"]) == .half, "the user's word wins")
    }
}

/// The reconstruction error the bench reports.
struct RasterFidelityTests {
    /// A smooth, detailed picture: rings of colour.
    static func rings(_ width: Int, _ height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x - width / 2)
                let dy = Double(y - height / 2)
                let r = (dx * dx + dy * dy).squareRoot()
                image[x, y] = RGBA(UInt8(127 + 127 * sin(r / 3)), UInt8(127 + 127 * cos(r / 5)), UInt8(Double(x) / Double(width) * 255))
            }
        }
        return image
    }

    @Test func aFlatImageIsExactAndFinerSymbolsComeCloserOnDetail() {
        var flat = RGBAImage(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { flat[x, y] = RGBA(50, 100, 150) } }
        let exact = RasterFidelity.psnr(of: SymbolRasterizer(symbols: .sextant).rasterize(flat, fitting: Size(width: 4, height: 2)), against: flat)
        #expect(exact >= 60, "a flat picture is shown exactly (\(exact) dB)")
        let image = Self.rings(160, 96)
        let box = Size(width: 40, height: 12)
        func psnr(_ set: SymbolSet) -> Double {
            RasterFidelity.psnr(of: SymbolRasterizer(symbols: set).rasterize(image, fitting: box), against: image)
        }
        let half = psnr(.half)
        let quadrant = psnr(.quadrant)
        let sextant = psnr(.sextant)
        #expect(quadrant > half, "quadrants \(quadrant) dB > half blocks \(half) dB")
        #expect(sextant > quadrant, "sextants \(sextant) dB > quadrants \(quadrant) dB")
    }

    @Test func aWrongCellLowersTheFigure() {
        let image = Self.rings(40, 24)
        var cells = SymbolRasterizer(symbols: .quadrant).rasterize(image, fitting: Size(width: 20, height: 6))
        let before = RasterFidelity.psnr(of: cells, against: image)
        cells[3, 3] = Cell("█", style: Style(foreground: .rgb(255, 0, 255)))
        #expect(RasterFidelity.psnr(of: cells, against: image) < before)
    }
}
