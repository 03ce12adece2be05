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

    /// A small generated picture: a sky-to-ground gradient in the album's colour with a
    /// sun or a block whose place depends on the index.
    static func sampleThumbnail(album: Int, index: Int, hue: (Double, Double, Double)) -> RGBAImage {
        let size = thumbnailSize
        var image = RGBAImage(width: size, height: size)
        let sunX = index % size, sunY = (index / size) % (size / 2)
        for y in 0..<size {
            for x in 0..<size {
                let t = Double(y) / Double(size - 1)
                var r = hue.0 * (1 - t) + 0.15 * t, g = hue.1 * (1 - t) + 0.35 * t, b = hue.2 * (1 - t) + 0.2 * t
                if abs(x - sunX) + abs(y - sunY) <= 1 { (r, g, b) = album == 2 ? (0.95, 0.9, 0.3) : (1, 0.85, 0.5) }
                if album == 2, y >= size - 3, (x + index) % 3 == 0 { (r, g, b) = (0.3, 0.3, 0.35) }
                image[x, y] = RGBA(UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
            }
        }
        return image
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
