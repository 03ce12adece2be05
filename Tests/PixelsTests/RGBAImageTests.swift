import Testing

@testable import Pixels

@Suite("RGBAImage")
struct RGBAImageTests {
    @Test("A new image is fully transparent")
    func newImage() {
        let image = RGBAImage(width: 3, height: 2)
        #expect(image.width == 3)
        #expect(image.height == 2)
        #expect(image.pixels.count == 24)
        #expect(image.pixels.allSatisfy { $0 == 0 })
        #expect(image[2, 1] == .clear)
    }

    @Test("Negative sizes become zero")
    func negativeSize() {
        let image = RGBAImage(width: -2, height: 5)
        #expect(image.width == 0)
        #expect(image.height == 5)
        #expect(image.pixels.isEmpty)
        #expect(image[0, 0] == .clear)
    }

    @Test("Pixels are stored row-major as R, G, B, A")
    func layout() {
        var image = RGBAImage(width: 2, height: 2)
        image[1, 0] = RGBA(1, 2, 3, 4)
        image[0, 1] = RGBA(5, 6, 7)
        #expect(image.pixels == [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 255, 0, 0, 0, 0])
        #expect(image[1, 0] == RGBA(1, 2, 3, 4))
        #expect(image[0, 1] == RGBA(5, 6, 7, 255))
    }

    @Test("Reads outside are transparent and writes outside are ignored")
    func outside() {
        var image = RGBAImage(width: 2, height: 2)
        let before = image
        image[-1, 0] = RGBA(9, 9, 9)
        image[2, 0] = RGBA(9, 9, 9)
        image[0, 2] = RGBA(9, 9, 9)
        image[0, -1] = RGBA(9, 9, 9)
        #expect(image == before)
        #expect(image[5, 5] == .clear)
        #expect(image[-1, -1] == .clear)
    }

    @Test("init(width:height:pixels:) checks the byte count")
    func fromBytes() throws {
        let image = try #require(RGBAImage(width: 1, height: 2, pixels: [1, 2, 3, 4, 5, 6, 7, 8]))
        #expect(image[0, 0] == RGBA(1, 2, 3, 4))
        #expect(image[0, 1] == RGBA(5, 6, 7, 8))
        #expect(RGBAImage(width: 1, height: 2, pixels: [1, 2, 3, 4]) == nil)
        #expect(RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 4, 5]) == nil)
        #expect(RGBAImage(width: -1, height: -1, pixels: [1, 2, 3, 4]) == nil)
        #expect(RGBAImage(width: 0, height: 0, pixels: []) != nil)
    }

    @Test("withMutablePixels gives direct access to the bytes")
    func mutablePixels() {
        var image = RGBAImage(width: 2, height: 1)
        let count = image.withMutablePixels { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4) {
                bytes[i] = 200
                bytes[i + 3] = 255
            }
            return bytes.count
        }
        #expect(count == 8)
        #expect(image[0, 0] == RGBA(200, 0, 0))
        #expect(image[1, 0] == RGBA(200, 0, 0))
    }

    @Test("RGBA defaults to opaque; clear is all zero")
    func rgba() {
        #expect(RGBA(1, 2, 3).a == 255)
        #expect(RGBA.clear == RGBA(0, 0, 0, 0))
    }

    /// Enlarged smoothly, a soft edge stays a ramp (area averaging made it a block a source
    /// pixel wide, and a curve a staircase); a transparent neighbour brings no dark fringe.
    @Test func aSoftPictureIsEnlargedSmoothlyAndPixelArtStaysBlocks() {
        var ramp = RGBAImage(width: 2, height: 1)
        ramp[0, 0] = RGBA(0, 0, 0)
        ramp[1, 0] = RGBA(200, 200, 200)
        let smooth = ramp.smoothlyScaled(to: Size(width: 8, height: 1))
        let reds = (0..<8).map { smooth[$0, 0].r }
        #expect(reds == reds.sorted() && Set(reds).count >= 6, "a ramp, not two blocks: \(reds)")
        #expect(smooth[0, 0] == RGBA(0, 0, 0) && smooth[7, 0] == RGBA(200, 200, 200), "the ends stay themselves")
        var edge = RGBAImage(width: 2, height: 1)
        edge[0, 0] = RGBA(255, 255, 255)
        let faded = edge.smoothlyScaled(to: Size(width: 8, height: 1))
        #expect((0..<8).allSatisfy { faded[$0, 0].a == 0 || faded[$0, 0].r == 255 }, "fading out, never darker")
        #expect(faded[1, 0].a == 255 && faded[6, 0].a == 0 && faded[3, 0].a > 0 && faded[3, 0].a < 255)
        var art = RGBAImage(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { art[x, y] = (x + y) % 2 == 0 ? RGBA(255, 0, 0) : RGBA(0, 0, 255) } }
        #expect(!art.isSoft(), "two colours: pixel art")
        var photo = RGBAImage(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { photo[x, y] = RGBA(UInt8(x * 16), UInt8(y * 16), 90) } }
        #expect(photo.isSoft())
        #expect(ramp.smoothlyScaled(to: Size(width: 1, height: 1)) == ramp.scaled(to: Size(width: 1, height: 1)), "smaller: area averaged")
    }
}
