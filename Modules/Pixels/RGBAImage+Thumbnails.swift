// Pixel loops the photo library runs on every import and page read, here with the other
// loops over bytes (the kit keeps its pointer work in a few modules: docs/ARCHITECTURE.md).

extension RGBAImage {
    /// An opaque image from RGB bytes, three a pixel, row by row; nil when there are not
    /// `width × height × 3` of them.
    package init?(rgb bytes: some Collection<UInt8>, width: Int, height: Int) {
        let count = width * height
        guard width >= 0, height >= 0, bytes.count == count * 3 else { return nil }
        let expanded = bytes.withContiguousStorageIfAvailable { Self.expand($0, pixels: count) } ?? Self.expand(Array(bytes), pixels: count)
        self.init(width: width, height: height, pixels: expanded)
    }

    private static func expand(_ rgb: UnsafeBufferPointer<UInt8>, pixels count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count * 4) { target, initialized in
            for i in 0..<count {
                target[i * 4] = rgb[i * 3]
                target[i * 4 + 1] = rgb[i * 3 + 1]
                target[i * 4 + 2] = rgb[i * 3 + 2]
                target[i * 4 + 3] = 255
            }
            initialized = count * 4
        }
    }

    private static func expand(_ rgb: [UInt8], pixels count: Int) -> [UInt8] {
        rgb.withUnsafeBufferPointer { expand($0, pixels: count) }
    }

    /// The pixels as RGB bytes, three a pixel, alpha dropped.
    package var rgbBytes: [UInt8] {
        let count = width * height
        return pixels.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: count * 3) { target, initialized in
                for i in 0..<count {
                    target[i * 3] = source[i * 4]
                    target[i * 3 + 1] = source[i * 4 + 1]
                    target[i * 3 + 2] = source[i * 4 + 2]
                }
                initialized = count * 3
            }
        }
    }

    /// The square at the image's middle (as a photo grid shows it), area-averaged to `size`
    /// pixels a side, translucent pixels laid over `ground`; opaque.
    package func middleSquare(size: Int, ground: (r: UInt8, g: UInt8, b: UInt8)) -> RGBAImage {
        var result = RGBAImage(width: size, height: size)
        guard width > 0, height > 0, size > 0 else { return result }
        let side = min(width, height)
        let left = (width - side) / 2
        let top = (height - side) / 2
        // The source columns and rows of each thumbnail pixel (at least one each).
        let spans = (0..<size).map { t in (t * side / size, max(t * side / size + 1, (t + 1) * side / size)) }
        let ground = SIMD4<Double>(Double(ground.r), Double(ground.g), Double(ground.b), 0)
        let width = width
        // Sums of colour × alpha and of alpha (a row's in 32 bits, the whole in 64); the
        // ground fills what alpha leaves, once a pixel.
        pixels.withUnsafeBytes { source in
            result.withMutablePixels { target in
                for ty in 0..<size {
                    let (y0, y1) = spans[ty]
                    for tx in 0..<size {
                        let (x0, x1) = spans[tx]
                        var total = SIMD4<UInt64>.zero
                        for y in y0..<y1 {
                            var row = SIMD4<UInt32>.zero
                            var k = ((top + y) * width + left + x0) * 4
                            for _ in x0..<x1 {
                                let p = SIMD4<UInt32>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: k, as: SIMD4<UInt8>.self))
                                row &+= p &* SIMD4(p[3], p[3], p[3], 1)
                                k += 4
                            }
                            total &+= SIMD4<UInt64>(truncatingIfNeeded: row)
                        }
                        // One floating-point division a pixel (four integer ones cost more than
                        // all the adding).
                        let whole = Double(255 * (y1 - y0) * (x1 - x0))
                        let sums = SIMD4<Double>(Double(total[0]), Double(total[1]), Double(total[2]), Double(total[3]))
                        let color = (sums + ground * (whole - sums[3])) * (1 / whole)
                        let at = (ty * size + tx) * 4
                        target[at] = UInt8(min(255, color[0]))
                        target[at + 1] = UInt8(min(255, color[1]))
                        target[at + 2] = UInt8(min(255, color[2]))
                        target[at + 3] = 255
                    }
                }
            }
        }
        return result
    }
}
