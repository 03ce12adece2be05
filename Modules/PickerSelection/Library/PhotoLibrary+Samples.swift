import Foundation
import TUICore

extension PhotoLibrary {
    /// The sample albums and their colours.
    static let sampleAlbums: [(name: String, hue: (Double, Double, Double))] = [
        ("Mountains", (0.35, 0.55, 0.85)), ("Sea", (0.1, 0.6, 0.75)), ("City", (0.85, 0.6, 0.35)),
    ]

    /// Opens the library at `path` and, when it is empty, fills it with the sample.
    public static func openFillingSample(path: String) throws(PhotoLibraryError) -> PhotoLibrary {
        let library = try PhotoLibrary(path: path)
        try library.fillWithSampleIfEmpty()
        return library
    }

    /// Fills an empty library with the project's own sample: "All Photos" and three albums
    /// of 50 generated images each (deterministic). Returns whether it filled anything.
    @discardableResult
    public func fillWithSampleIfEmpty(perAlbum: Int = 50) throws(PhotoLibraryError) -> Bool {
        guard try stats().assets == 0 else { return false }
        let all = try album(named: "All Photos")
        try batch {
            var number = 0
            for (albumIndex, sample) in Self.sampleAlbums.enumerated() {
                let id = try album(named: sample.name)
                for i in 0..<perAlbum {
                    number += 1
                    let thumbnail = Self.sampleThumbnail(album: albumIndex, index: i, hue: sample.hue)
                    let name = sample.name.lowercased() + "/" + String(format: "%03d", i + 1) + ".gif"
                    try addAsset(source: "sample://" + name, width: 640, height: 480, created: 1_767_225_600 + number * 3600, thumbnail: thumbnail, albums: [all, id])
                }
            }
        }
        return true
    }

    /// The shapes the sample's pictures are drawn with, one per picture in turn.
    enum SampleShape: CaseIterable { case disc, square, triangle, diamond, bars, cross }

    /// A small generated picture, told apart at a glance from its neighbours: a shape (one
    /// of six, in turn) in a bright colour on a darker ground, the colours stepping round
    /// the hue circle by the golden angle, the album's hue family setting the ground.
    static func sampleThumbnail(album: Int, index: Int, hue: (Double, Double, Double)) -> RGBAImage {
        let size = thumbnailSize
        var image = RGBAImage(width: size, height: size)
        let angle = (Double(album * 50 + index) * 0.381_966).truncatingRemainder(dividingBy: 1)  // golden angle
        let ink = rgb(hue: angle, saturation: 0.75, value: 1)
        let ground = rgb(hue: (angle + 0.5).truncatingRemainder(dividingBy: 1), saturation: 0.5, value: 0.3 + 0.25 * hue.2)
        let shape = SampleShape.allCases[(album + index) % SampleShape.allCases.count]
        // Drawn on an 8×8 design, each pixel's centre taken there.
        let scale = 8 / Double(size)
        for y in 0..<size {
            for x in 0..<size {
                let u = (Double(x) + 0.5) * scale - 0.5, v = (Double(y) + 0.5) * scale - 0.5
                let dx = u - 3.5, dy = v - 3.5
                let inside: Bool = switch shape {
                case .disc: dx * dx + dy * dy <= 9.5
                case .square: abs(dx) <= 2.5 && abs(dy) <= 2.5
                case .triangle: v >= 0.5 && v <= 6.5 && abs(dx) <= (v - 1) / 2 + 0.5
                case .diamond: abs(dx) + abs(dy) <= 3.5
                case .bars: Int((v + 0.5).rounded(.down)) % 3 != 2 && abs(dx) <= 3
                case .cross: abs(dx) <= 1 || abs(dy) <= 1
                }
                let (r, g, b) = inside ? ink : ground
                image[x, y] = RGBA(UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
            }
        }
        return image
    }

    /// HSV to RGB, each from 0 to 1.
    static func rgb(hue: Double, saturation: Double, value: Double) -> (Double, Double, Double) {
        let h = hue * 6, f = h - h.rounded(.down)
        let p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f))
        switch Int(h) % 6 {
        case 0: return (value, t, p)
        case 1: return (q, value, p)
        case 2: return (p, value, t)
        case 3: return (p, q, value)
        case 4: return (t, p, value)
        default: return (value, p, q)
        }
    }

    /// An image as a thumbnail: the square at its middle (as a photo grid shows it),
    /// area-averaged to ``thumbnailSize`` pixels a side, translucent pixels over a dark grey.
    static func thumbnail(of image: RGBAImage) -> RGBAImage {
        let size = thumbnailSize
        var result = RGBAImage(width: size, height: size)
        guard image.width > 0, image.height > 0 else { return result }
        let side = min(image.width, image.height)
        let left = (image.width - side) / 2, top = (image.height - side) / 2
        // The source columns and rows of each thumbnail pixel (at least one each).
        let spans = (0..<size).map { t in (t * side / size, max(t * side / size + 1, (t + 1) * side / size)) }
        let ground = SIMD4<Double>(20, 20, 24, 0)
        // Sums of colour × alpha and of alpha (a row's in 32 bits, the whole in 64); the
        // ground fills what alpha leaves, once a pixel.
        image.pixels.withUnsafeBytes { source in
            result.withMutablePixels { target in
                for ty in 0..<size {
                    let (y0, y1) = spans[ty]
                    for tx in 0..<size {
                        let (x0, x1) = spans[tx]
                        var total = SIMD4<UInt64>.zero
                        for y in y0..<y1 {
                            var row = SIMD4<UInt32>.zero
                            var k = ((top + y) * image.width + left + x0) * 4
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
