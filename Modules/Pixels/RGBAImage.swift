/// One pixel: red, green, blue and straight (not premultiplied) alpha, 0…255 each.
public struct RGBA: Hashable, Sendable {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8
    /// Opacity: 0 transparent, 255 opaque.
    public var a: UInt8

    /// Creates a pixel.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A fully transparent pixel.
    public static let clear = RGBA(0, 0, 0, 0)
}

/// A bitmap of straight-alpha RGBA pixels, row-major, 4 bytes a pixel.
///
/// ```swift
/// var image = RGBAImage(width: 2, height: 2)
/// image[0, 0] = RGBA(255, 0, 0)
/// let cells = HalfBlockRasterizer().rasterize(image, fitting: Size(width: 10, height: 5))
/// ```
public struct RGBAImage: Hashable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A for each pixel, row by row.
    public private(set) var pixels: [UInt8]

    /// A transparent image (every byte zero); negative sizes become zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: 0, count: self.width * self.height * 4)
    }

    /// An image of the given bytes; nil unless there are exactly `width × height × 4` of them.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at `x`, `y`; transparent outside the image, where writes are ignored.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return .clear }
            let i = (y * width + x) * 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Gives direct access to the bytes for fast loops.
    public mutating func withMutablePixels<R>(_ body: (inout [UInt8]) throws -> R) rethrows -> R {
        try body(&pixels)
    }
}
