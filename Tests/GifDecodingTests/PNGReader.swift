import Foundation

/// Just enough PNG to read the peterdn suite's expected frames (palette PNGs with tRNS,
/// and 8-bit RGB/RGBA): chunks, zlib inflate, scanline filters. Test support only.
enum PNGReader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The image as straight RGBA bytes.
    static func rgba(_ data: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        guard data.count > 8, data[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else { throw Failure(description: "not a PNG") }
        var offset = 8
        var width = 0
        var height = 0
        var depth = 0
        var colorType = 0
        var interlace = 0
        var palette: [UInt8] = []
        var alphas: [UInt8] = []
        var compressed: [UInt8] = []
        func be32(_ i: Int) -> Int { Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3]) }
        while offset + 8 <= data.count {
            let length = be32(offset)
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(data[(offset + 8)..<min(data.count, offset + 8 + length)])
            switch type {
            case "IHDR":
                width = be32(offset + 8)
                height = be32(offset + 12)
                depth = Int(body[8])
                colorType = Int(body[9])
                interlace = Int(body[12])
            case "PLTE": palette = body
            case "tRNS": alphas = body
            case "IDAT": compressed += body
            default: break
            }
            offset += 12 + length
        }
        guard interlace == 0 else { throw Failure(description: "interlaced PNGs are not supported") }
        let raw = try inflate(Array(compressed.dropFirst(2)))  // skip the zlib header
        let channels: Int =
            switch colorType {
            case 3, 0: 1
            case 2: 3
            case 6: 4
            case 4: 2
            default: 0
            }
        guard channels > 0 else { throw Failure(description: "colour type \(colorType) not supported") }
        let bitsPerPixel = channels * depth
        let stride = (width * bitsPerPixel + 7) / 8
        let bpp = max(1, bitsPerPixel / 8)
        var lines = [UInt8](repeating: 0, count: stride * height)
        var previous = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let start = y * (stride + 1)
            guard start + stride < raw.count + 1 else { throw Failure(description: "image data too short") }
            let filter = raw[start]
            var line = Array(raw[(start + 1)..<(start + 1 + stride)])
            for i in 0..<stride {
                let a = i >= bpp ? Int(line[i - bpp]) : 0
                let b = Int(previous[i])
                let c = i >= bpp ? Int(previous[i - bpp]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "bad filter \(filter)")
                }
                line[i] = UInt8(truncatingIfNeeded: Int(line[i]) + predictor)
            }
            lines.replaceSubrange((y * stride)..<((y + 1) * stride), with: line)
            previous = line
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                switch colorType {
                case 3:
                    let bitOffset = x * depth
                    let byte = lines[y * stride + bitOffset / 8]
                    let index = Int(byte >> UInt8(8 - depth - bitOffset % 8)) & ((1 << depth) - 1)
                    pixels[o] = palette[3 * index]
                    pixels[o + 1] = palette[3 * index + 1]
                    pixels[o + 2] = palette[3 * index + 2]
                    pixels[o + 3] = index < alphas.count ? alphas[index] : 255
                case 2:
                    let i = y * stride + x * 3
                    pixels[o] = lines[i]
                    pixels[o + 1] = lines[i + 1]
                    pixels[o + 2] = lines[i + 2]
                    pixels[o + 3] = 255
                case 6:
                    let i = y * stride + x * 4
                    for k in 0..<4 { pixels[o + k] = lines[i + k] }
                default:
                    throw Failure(description: "colour type \(colorType) not supported")
                }
            }
        }
        return (width, height, pixels)
    }

    /// DEFLATE (RFC 1951): stored, fixed and dynamic Huffman blocks.
    static func inflate(_ input: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var bitPosition = 0
        func bits(_ n: Int) throws -> Int {
            var value = 0
            for i in 0..<n {
                let byte = bitPosition >> 3
                guard byte < input.count else { throw Failure(description: "deflate data ends early") }
                value |= Int((input[byte] >> UInt8(bitPosition & 7)) & 1) << i
                bitPosition += 1
            }
            return value
        }
        struct Huffman {
            var counts = [Int](repeating: 0, count: 16), symbols: [Int] = []
            init(lengths: [Int]) {
                for l in lengths { counts[l] += 1 }
                counts[0] = 0
                var offsets = [Int](repeating: 0, count: 16)
                for i in 1..<16 { offsets[i] = offsets[i - 1] + counts[i - 1] }
                symbols = [Int](repeating: 0, count: lengths.count)
                for (symbol, l) in lengths.enumerated() where l != 0 {
                    symbols[offsets[l]] = symbol
                    offsets[l] += 1
                }
            }
        }
        func decode(_ h: Huffman) throws -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try bits(1)
                let count = h.counts[length]
                if code - count < first { return h.symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure(description: "bad Huffman code")
        }
        let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let distBase = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
        ]
        let distExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
        var final = 0
        repeat {
            final = try bits(1)
            let type = try bits(2)
            switch type {
            case 0:
                bitPosition = (bitPosition + 7) & ~7
                let start = bitPosition >> 3
                guard start + 4 <= input.count else { throw Failure(description: "stored block ends early") }
                let length = Int(input[start]) | Int(input[start + 1]) << 8
                guard start + 4 + length <= input.count else { throw Failure(description: "stored block ends early") }
                out += input[(start + 4)..<(start + 4 + length)]
                bitPosition = (start + 4 + length) * 8
            case 1, 2:
                var literal: Huffman
                var distance: Huffman
                if type == 1 {
                    literal = Huffman(
                        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
                            + [Int](repeating: 8, count: 8)
                    )
                    distance = Huffman(lengths: [Int](repeating: 5, count: 30))
                } else {
                    let hlit = try bits(5) + 257
                    let hdist = try bits(5) + 1
                    let hclen = try bits(4) + 4
                    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                    var codeLengths = [Int](repeating: 0, count: 19)
                    for i in 0..<hclen { codeLengths[order[i]] = try bits(3) }
                    let lengthCode = Huffman(lengths: codeLengths)
                    var lengths: [Int] = []
                    while lengths.count < hlit + hdist {
                        let symbol = try decode(lengthCode)
                        switch symbol {
                        case 0..<16: lengths.append(symbol)
                        case 16:
                            guard let last = lengths.last else { throw Failure(description: "repeat with no length") }
                            lengths += [Int](repeating: last, count: 3 + (try bits(2)))
                        case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                        default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                        }
                    }
                    literal = Huffman(lengths: Array(lengths[0..<hlit]))
                    distance = Huffman(lengths: Array(lengths[hlit..<(hlit + hdist)]))
                }
                while true {
                    let symbol = try decode(literal)
                    if symbol < 256 {
                        out.append(UInt8(symbol))
                        continue
                    }
                    if symbol == 256 { break }
                    let li = symbol - 257
                    guard li < lengthBase.count else { throw Failure(description: "bad length symbol") }
                    let length = lengthBase[li] + (try bits(lengthExtra[li]))
                    let di = try decode(distance)
                    guard di < distBase.count else { throw Failure(description: "bad distance symbol") }
                    let back = distBase[di] + (try bits(distExtra[di]))
                    guard back <= out.count else { throw Failure(description: "distance too far back") }
                    for _ in 0..<length { out.append(out[out.count - back]) }
                }
            default:
                throw Failure(description: "bad block type")
            }
        } while final == 0
        return out
    }
}
