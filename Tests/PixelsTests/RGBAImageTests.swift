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
}
