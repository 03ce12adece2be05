import Foundation
import ViewCore

extension PhotoLibrary {
    /// The sample albums, each a kind of landscape.
    static let sampleAlbums: [String] = ["Mountains", "Sea", "City"]
    /// The start of each album's file names (`peak-01.gif`): no two pictures share a name.
    package static let sampleFilePrefixes: [String] = ["peak", "sea", "city"]

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
        guard try stats().photos == 0 else { return false }
        let all = try album(named: "All Photos")
        try batch {
            var ids: [Int] = []
            for sample in Self.sampleAlbums { ids.append(try album(named: sample)) }
            // The albums taken in turn, so All Photos mixes them as days of travel would.
            var number = 0
            for i in 0..<perAlbum {
                for (albumIndex, sample) in Self.sampleAlbums.enumerated() {
                    number += 1
                    let thumbnail = Self.sampleThumbnail(album: albumIndex, index: i)
                    let name = Self.sampleFilePrefixes[albumIndex] + "-" + String(format: "%02d", i + 1) + ".gif"
                    try addPhoto(
                        source: "sample://" + sample.lowercased() + "/" + name,
                        width: 640,
                        height: 480,
                        created: 1_767_225_600 + number * 3600,
                        thumbnail: thumbnail,
                        albums: [all, ids[albumIndex]]
                    )
                }
            }
        }
        return true
    }

    /// A small generated picture that looks like a photograph of its album's kind — ridges of
    /// mountains under a sky, a sea with the sun over it, a city's towers at dusk — each one
    /// its own: the time of day, the sun, the ridges' and towers' shapes come from its number.
    package static func sampleThumbnail(album: Int, index: Int) -> RGBAImage {
        let size = thumbnailSize
        var image = RGBAImage(width: size, height: size)
        var random = SampleRandom(seed: UInt64(album * 1000 + index + 1))
        // The time of day: 0 noon (blue sky), 1 sunset (orange), 2 dusk (violet).
        let time = random.next() * 2
        func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
            (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
        }
        let zenith = time < 1 ? mix((0.20, 0.45, 0.85), (0.25, 0.30, 0.60), time) : mix((0.25, 0.30, 0.60), (0.10, 0.08, 0.25), time - 1)
        let horizon = time < 1 ? mix((0.70, 0.85, 0.97), (1.00, 0.62, 0.35), time) : mix((1.00, 0.62, 0.35), (0.55, 0.30, 0.50), time - 1)
        let sun = (x: 0.15 + 0.7 * random.next(), y: 0.12 + 0.35 * random.next() * (1 + time / 2), radius: 0.05 + 0.04 * random.next())
        let sunColor = time < 1 ? mix((1, 0.98, 0.85), (1, 0.75, 0.40), time) : (1.0, 0.55, 0.45)
        let horizonLine = 0.45 + 0.2 * random.next()
        let phases = (random.next() * 6.3, random.next() * 6.3, random.next() * 6.3)
        let heights = (0..<10).map { _ in random.next() }
        let lit = (0..<200).map { _ in random.next() < 0.35 + 0.3 * time / 2 }
        for y in 0..<size {
            for x in 0..<size {
                let u = (Double(x) + 0.5) / Double(size)
                let v = (Double(y) + 0.5) / Double(size)
                // The sky, and the sun in it.
                var color = mix(zenith, horizon, min(1, v / horizonLine))
                let sx = u - sun.x
                let sy = v - sun.y
                let d = (sx * sx + sy * sy).squareRoot()
                if d < sun.radius { color = sunColor } else if d < sun.radius * 2.2 { color = mix(sunColor, color, (d - sun.radius) / (sun.radius * 1.2)) }
                switch album % 3 {
                case 0:  // Mountains: two ridges, snow on the far one's peaks, a meadow
                    let far = horizonLine - 0.18 - 0.10 * sin(u * 9 + phases.0) - 0.06 * sin(u * 23 + phases.1)
                    let near = horizonLine + 0.05 - 0.07 * sin(u * 6 + phases.2) - 0.03 * sin(u * 17 + phases.0)
                    if v > far {
                        let shade = 0.55 + 0.25 * sin(u * 40 + v * 13)
                        color = v < far + 0.05 && far < horizonLine - 0.18 ? (0.92, 0.94, 0.98) : mix((0.35, 0.38, 0.48), (0.25, 0.27, 0.35), shade)
                    }
                    if v > near { color = mix((0.25, 0.45, 0.20), (0.12, 0.28, 0.10), min(1, (v - near) * 3)) }
                case 1:  // Sea: the water below the horizon, the sun's glitter on it, a beach
                    let beach = 0.82 + 0.05 * sin(u * 7 + phases.0)
                    if v > horizonLine {
                        let depth = (v - horizonLine) / (1 - horizonLine)
                        color = mix(mix(horizon, (0.10, 0.35, 0.55), 0.6), (0.05, 0.20, 0.40), depth)
                        if abs(u - sun.x) < sun.radius * (1 + depth * 2), Int(v * 60) % 3 == 0 { color = mix(color, sunColor, 0.7) }
                    }
                    if v > beach { color = mix((0.90, 0.80, 0.58), (0.75, 0.62, 0.42), (v - beach) * 5) }
                default:  // City: towers against the sky, windows lit, the street
                    let column = min(9, Int(u * 10))
                    let top = horizonLine - 0.05 - 0.35 * heights[column]
                    if v > top {
                        let wx = Int(u * 40)
                        let wy = Int(v * 40)
                        let window = wx % 4 != 0 && wy % 3 != 0
                        let on = lit[(wx * 7 + wy * 13 + column) % lit.count]
                        let wall = mix((0.16, 0.17, 0.22), (0.28, 0.26, 0.30), heights[(column + 3) % 10])
                        color = window && on ? (1.0, 0.85, 0.45) : wall
                    }
                    if v > 0.9 { color = (0.12, 0.12, 0.14) }
                }
                image[x, y] = RGBA(UInt8(min(1, max(0, color.0)) * 255), UInt8(min(1, max(0, color.1)) * 255), UInt8(min(1, max(0, color.2)) * 255))
            }
        }
        return image
    }

    /// The sample's numbers: SplitMix64, so every picture is the same on every machine.
    struct SampleRandom {
        var state: UInt64
        init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
        /// A number in 0..<1.
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    /// An image as a thumbnail: the square at its middle (as a photo grid shows it),
    /// area-averaged to ``thumbnailSize`` pixels a side, translucent pixels over a dark grey.
    static func thumbnail(of image: RGBAImage) -> RGBAImage {
        image.middleSquare(size: thumbnailSize, ground: (20, 20, 24))
    }
}
