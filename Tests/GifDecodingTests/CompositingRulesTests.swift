import Foundation
import IndicatorKit
import Testing

@testable import GifDecoding

/// The browser rules, each on a GIF built for it.
struct CompositingRulesTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]
    static let clear = RGBA.clear, red = RGBA(255, 0, 0), green = RGBA(0, 255, 0), blue = RGBA(0, 0, 255), black = RGBA(0, 0, 0)

    func pixels(_ image: RGBAImage) -> [RGBA] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }
    }

    @Test func theCanvasStartsTransparentAndTheBackgroundIsNeverPainted() throws {
        var raw = RawGif(width: 3, height: 1, globalPalette: Self.palette)
        raw.bytes[11] = 3  // background colour index: blue
        raw.image(x: 1, width: 1, height: 1, indices: [1])
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(pixels(image.image(at: 0)) == [Self.clear, Self.red, Self.clear])
    }

    @Test func aGraphicControlAppliesOnlyToTheNextImageAndTheLastOneWins() throws {
        var raw = RawGif(width: 2, height: 1, globalPalette: Self.palette)
        raw.graphicControl(delay: 7, transparent: 1)
        raw.graphicControl(delay: 9, transparent: 2)  // wins
        raw.image(width: 2, height: 1, indices: [1, 2])
        raw.image(width: 2, height: 1, indices: [1, 2])  // no control: opaque
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(image.frames[0].delayCentiseconds == 9)
        #expect(image.frames[0].transparentIndex == 2)
        #expect(pixels(image.image(at: 0)) == [Self.red, Self.clear])
        #expect(image.frames[1].delayCentiseconds == nil)
        #expect(image.frames[1].transparentIndex == nil)
        #expect(pixels(image.image(at: 1)) == [Self.red, Self.green])
    }

    @Test func disposalKeepRestoreBackgroundAndRestorePrevious() throws {
        var raw = RawGif(width: 3, height: 1, globalPalette: Self.palette)
        raw.graphicControl(disposal: 1)
        raw.image(width: 3, height: 1, indices: [1, 1, 1])  // red, kept
        raw.graphicControl(disposal: 3)
        raw.image(x: 0, width: 1, height: 1, indices: [2])  // green at 0, then restored
        raw.graphicControl(disposal: 2)
        raw.image(x: 1, width: 1, height: 1, indices: [3])  // blue at 1, then cleared
        raw.image(x: 2, width: 1, height: 1, indices: [0])  // black at 2
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(pixels(image.image(at: 0)) == [Self.red, Self.red, Self.red])
        #expect(pixels(image.image(at: 1)) == [Self.green, Self.red, Self.red])
        #expect(pixels(image.image(at: 2)) == [Self.red, Self.blue, Self.red])
        #expect(pixels(image.image(at: 3)) == [Self.red, Self.clear, Self.black])
    }

    @Test func restorePreviousOnTheFirstFrameGoesBackToTransparent() throws {
        var raw = RawGif(width: 1, height: 1, globalPalette: Self.palette)
        raw.graphicControl(disposal: 3)
        raw.image(width: 1, height: 1, indices: [1])
        raw.graphicControl(transparent: 0)
        raw.image(width: 1, height: 1, indices: [0])
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(pixels(image.image(at: 1)) == [Self.clear])
    }

    @Test func imagesAreClippedToTheCanvas() throws {
        var raw = RawGif(width: 2, height: 2, globalPalette: Self.palette)
        raw.image(x: 1, y: 1, width: 2, height: 2, indices: [1, 2, 3, 1])
        raw.image(x: 5, y: 5, width: 1, height: 1, indices: [2])  // wholly outside
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(pixels(image.image(at: 0)) == [Self.clear, Self.clear, Self.clear, Self.red])
        #expect(pixels(image.image(at: 1)) == pixels(image.image(at: 0)))
    }

    @Test func lzwDataThatEndsEarlyKeepsThePixelsItHasMidRow() throws {
        var raw = RawGif(width: 3, height: 2, globalPalette: Self.palette)
        raw.image(width: 3, height: 2, indices: [1, 2, 3, 1, 2, 3], endAfter: 4)
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(pixels(image.image(at: 0)) == [Self.red, Self.green, Self.blue, Self.red, Self.clear, Self.clear])
        image.decodeAllFrames()
        #expect(image.warnings == ["frame 0 ends after 4 of 6 pixels; the rest is left unpainted"])
    }

    @Test func extraPixelsAreIgnored() throws {
        var raw = RawGif(width: 2, height: 1, globalPalette: Self.palette)
        raw.image(width: 2, height: 1, indices: [1, 2, 3, 3, 3])
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(pixels(image.image(at: 0)) == [Self.red, Self.green])
    }

    @Test func interlacedRowsLandWhereTheyBelong() throws {
        let rows = 10
        let display = (0..<rows).map { UInt8($0 % 4) }
        let fileOrder = FrameCompositor.interlacedRows(height: rows).map { display[$0] }
        #expect(FrameCompositor.interlacedRows(height: rows) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        var raw = RawGif(width: 1, height: rows, globalPalette: Self.palette)
        raw.image(width: 1, height: rows, indices: fileOrder, interlaced: true)
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        let colours = [Self.black, Self.red, Self.green, Self.blue]
        #expect(pixels(image.image(at: 0)) == display.map { colours[Int($0)] })
        #expect(image.frames[0].interlaced)
    }

    @Test func localColourTablesOverrideTheGlobalOne() throws {
        var raw = RawGif(width: 1, height: 1, globalPalette: Self.palette)
        raw.image(width: 1, height: 1, indices: [1], localPalette: [(9, 9, 9), (10, 20, 30)])
        raw.image(width: 1, height: 1, indices: [1])
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(image.frames.map(\.hasLocalColorTable) == [true, false])
        #expect(image.image(at: 0)[0, 0] == RGBA(10, 20, 30))
        #expect(image.image(at: 1)[0, 0] == Self.red)
    }

    @Test func aMissingColourTableNeverReadsGarbage() throws {
        var raw = RawGif(width: 2, height: 1)
        raw.image(width: 2, height: 1, indices: [1, 2])
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(pixels(image.image(at: 0)) == [Self.clear, Self.clear])
        #expect(image.warnings == ["frame 0 has no colour table; it is left transparent"])
    }

    @Test func indicesPastTheColourTableStayTransparent() throws {
        var raw = RawGif(width: 2, height: 1, globalPalette: [(0, 0, 0), (255, 0, 0)])
        raw.image(width: 2, height: 1, indices: [1, 3])
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(pixels(image.image(at: 0)) == [Self.red, Self.clear])
    }

    @Test func encoderRoundTripWithInterlaceAndDisposal() throws {
        var first = GifWriter.Frame(width: 4, height: 4, indices: (0..<16).map { UInt8($0 % 3) })
        first.interlaced = true
        first.delayCentiseconds = 5
        var second = GifWriter.Frame(x: 1, y: 1, width: 2, height: 2, indices: [3, 3, 3, 0])
        second.transparentIndex = 0
        second.disposal = .restorePrevious
        let data = try GifWriter(width: 4, height: 4, globalPalette: Self.palette, loopCount: 3).encode([first, second])
        let image = try AnimatedImage(data: data)
        #expect(image.loopCount == 3)
        #expect(image.frames.map(\.disposal) == [.unspecified, .restorePrevious])
        let colours = [Self.black, Self.red, Self.green]
        #expect(pixels(image.image(at: 0)) == (0..<16).map { colours[$0 % 3] })
        var expected = pixels(image.image(at: 0))
        expected[5] = Self.blue
        expected[6] = Self.blue
        expected[9] = Self.blue
        #expect(pixels(image.image(at: 1)) == expected)
    }
}
