import Foundation

/// Builds GIF bytes by hand, for the cases an encoder will not write: several graphic
/// control extensions before one image, LZW data that ends early, truncated files,
/// missing colour tables. Pixels are stored as literal codes (a clear code keeps the
/// code width fixed), so the data is easy to cut at an exact pixel.
struct RawGif {
    var bytes: [UInt8] = []

    init(width: Int, height: Int, globalPalette: [(UInt8, UInt8, UInt8)]? = nil, version: String = "89a") {
        bytes += Array("GIF\(version)".utf8)
        bytes += le16(width) + le16(height)
        if let palette = globalPalette {
            let bits = RawGif.tableBits(palette.count)
            bytes += [0x80 | UInt8(bits - 1), 0, 0]
            bytes += RawGif.table(palette, bits: bits)
        } else {
            bytes += [0, 0, 0]
        }
    }

    static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while (1 << bits) < count { bits += 1 }
        return bits
    }

    static func table(_ palette: [(UInt8, UInt8, UInt8)], bits: Int) -> [UInt8] {
        (0..<(1 << bits)).flatMap { i in i < palette.count ? [palette[i].0, palette[i].1, palette[i].2] : [0, 0, 0] }
    }

    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    mutating func graphicControl(delay: Int = 0, disposal: Int = 0, transparent: Int? = nil) {
        let packed = UInt8((disposal & 7) << 2) | (transparent != nil ? 1 : 0)
        bytes += [0x21, 0xF9, 4, packed] + le16(delay) + [UInt8(transparent ?? 0), 0]
    }

    mutating func loop(_ count: Int, name: String = "NETSCAPE2.0") {
        bytes += [0x21, 0xFF, 11] + Array(name.utf8) + [3, 1] + le16(count) + [0]
    }

    mutating func comment(_ text: String) {
        bytes += [0x21, 0xFE, UInt8(text.utf8.count)] + Array(text.utf8) + [0]
    }

    /// An image whose pixels are `indices` (row-major, file order), optionally ending the
    /// LZW data after `endAfter` pixels with an end code.
    mutating func image(
        x: Int = 0,
        y: Int = 0,
        width: Int,
        height: Int,
        indices: [UInt8],
        localPalette: [(UInt8, UInt8, UInt8)]? = nil,
        interlaced: Bool = false,
        codeSize: Int = 2,
        endAfter: Int? = nil
    ) {
        bytes += [0x2C] + le16(x) + le16(y) + le16(width) + le16(height)
        var packed: UInt8 = interlaced ? 0x40 : 0
        var table: [UInt8] = []
        if let palette = localPalette {
            let bits = RawGif.tableBits(palette.count)
            packed |= 0x80 | UInt8(bits - 1)
            table = RawGif.table(palette, bits: bits)
        }
        bytes += [packed] + table + [UInt8(codeSize)]
        bytes += RawGif.subBlocks(RawGif.literalLZW(Array(indices.prefix(endAfter ?? indices.count)), codeSize: codeSize))
    }

    mutating func trailer() { bytes += [0x3B] }

    var data: Data { Data(bytes) }

    /// Literal-only LZW: clear, then each pixel as its own code, a clear before the table
    /// would widen the codes, and the end code.
    static func literalLZW(_ pixels: [UInt8], codeSize: Int) -> [UInt8] {
        let clear = 1 << codeSize
        let end = clear + 1
        let width = codeSize + 1
        var codes = [clear]
        var sinceClear = 0
        for p in pixels {
            if sinceClear == clear - 2 {  // the next entry would need a wider code
                codes.append(clear)
                sinceClear = 0
            }
            codes.append(Int(p))
            sinceClear += 1
        }
        codes.append(end)
        var out: [UInt8] = []
        var buffer = 0
        var count = 0
        for code in codes {
            buffer |= code << count
            count += width
            while count >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
        if count > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            out.append(UInt8(n))
            out += data[i..<(i + n)]
            i += n
        }
        return out + [0]
    }
}
