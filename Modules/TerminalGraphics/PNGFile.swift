import Pixels

/// A PNG file of an image (RGBA, 8 bits a channel, no filter), for iTerm2's inline images:
/// a few lines on zlib instead of a dependency on libpng.
public enum PNGFile {
    /// The file's bytes.
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            out += bigEndian(UInt32(data.count))
            let body = Array(type.utf8) + data
            out += body
            out += bigEndian(Deflate.crc32(body))
        }
        chunk("IHDR", bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height)) + [8, 6, 0, 0, 0])
        var raw: [UInt8] = []
        raw.reserveCapacity((image.width * 4 + 1) * image.height)
        let stride = image.width * 4
        for y in 0..<image.height {
            raw.append(0)  // filter: none
            raw += image.pixels[(y * stride)..<((y + 1) * stride)]
        }
        chunk("IDAT", Deflate.compress(raw, level: 6))
        chunk("IEND", [])
        return out
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
