import Testing

@testable import GifDecoding

struct LZWDecoderTests {
    func decode(_ data: [UInt8], codeSize: Int, count: Int) -> ([UInt8], LZWDecoder.Status) {
        var out = [UInt8](repeating: 0xEE, count: count)
        let (n, status) = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { LZWDecoder().decode(input, minimumCodeSize: codeSize, into: $0) }
        }
        return (Array(out.prefix(n)), status)
    }

    @Test func literalsRoundTrip() {
        let pixels: [UInt8] = [0, 1, 2, 3, 3, 2, 1, 0, 1, 1]
        let (out, status) = decode(RawGif.literalLZW(pixels, codeSize: 2), codeSize: 2, count: pixels.count)
        #expect(out == pixels)
        #expect(status == .complete)
    }

    @Test func compressedDataFromGiflibDecodes() throws {
        // giflib's encoder compresses (table entries, KwKwK codes, width growth to 12 bits).
        let pixels = (0..<5000).map { UInt8(($0 / 7 + $0 % 3) % 16) }
        let data = try GifWriter(width: 100, height: 50, globalPalette: (0..<16).map { (UInt8($0), 0, 0) }).encode([
            GifWriter.Frame(width: 100, height: 50, indices: pixels)
        ])
        let image = try AnimatedImage(data: data)
        #expect((0..<5000).allSatisfy { image.image(at: 0)[$0 % 100, $0 / 100].r == pixels[$0] })
        #expect(image.warnings.isEmpty)
    }

    @Test func badInputStopsCleanly() {
        #expect(decode([0xFF, 0xFF], codeSize: 2, count: 4).1 == .invalidCode)
        #expect(decode([], codeSize: 2, count: 4).1 == .truncated)
        #expect(decode([0x04], codeSize: 0, count: 4).1 == .invalidCodeSize)
        #expect(decode([0x04], codeSize: 12, count: 4).1 == .invalidCodeSize)
        #expect(decode(RawGif.literalLZW([1, 2], codeSize: 2), codeSize: 2, count: 5) == ([1, 2], .endedEarly))
        #expect(decode([0x00], codeSize: 2, count: 0) == ([], .complete))
    }
}
