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
        let c = Double(size - 1) / 2
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) - c, dy = Double(y) - c
                let inside: Bool = switch shape {
                case .disc: dx * dx + dy * dy <= 9.5
                case .square: abs(dx) <= 2.5 && abs(dy) <= 2.5
                case .triangle: y >= 1 && y <= size - 2 && abs(dx) <= Double(y - 1) / 2 + 0.5
                case .diamond: abs(dx) + abs(dy) <= 3.5
                case .bars: y % 3 != 2 && abs(dx) <= 3
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

    /// Scales any image down to a thumbnail (area-averaged, on a dark background).
    static func thumbnail(of image: RGBAImage) -> RGBAImage {
        let size = thumbnailSize
        var result = RGBAImage(width: size, height: size)
        guard image.width > 0, image.height > 0 else { return result }
        for ty in 0..<size {
            for tx in 0..<size {
                let x0 = tx * image.width / size, x1 = max(x0 + 1, (tx + 1) * image.width / size)
                let y0 = ty * image.height / size, y1 = max(y0 + 1, (ty + 1) * image.height / size)
                var r = 0, g = 0, b = 0, n = 0
                for y in y0..<min(y1, image.height) {
                    for x in x0..<min(x1, image.width) {
                        let p = image[x, y]
                        r += Int(p.r) * Int(p.a) / 255 + 20 * (255 - Int(p.a)) / 255
                        g += Int(p.g) * Int(p.a) / 255 + 20 * (255 - Int(p.a)) / 255
                        b += Int(p.b) * Int(p.a) / 255 + 24 * (255 - Int(p.a)) / 255
                        n += 1
                    }
                }
                if n > 0 { result[tx, ty] = RGBA(UInt8(r / n), UInt8(g / n), UInt8(b / n)) }
            }
        }
        return result
    }
}
