import Foundation
import GifDecoding
import GifSamples
import TUICore

/// How faithfully and how fast each symbol set draws pictures at a terminal's size: the
/// PSNR of the cells against the picture (`RasterFidelity`: each cell rebuilt from its
/// glyph's coverage and two colours) and the time to rasterize a frame, on the generated
/// bench GIFs and on a photo-like picture made here.
enum RasterBench {
    /// A photo-like picture: soft gradients, rings and a few sharp edges.
    static func photo(width: Int = 640, height: Int = 480) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x - width / 3), dy = Double(y - height / 2)
                let ring = sin((dx * dx + dy * dy).squareRoot() / 9)
                let sky = Double(y) / Double(height)
                var r = 90 + 80 * ring + 60 * sky, g = 120 + 60 * cos(Double(x) / 40) - 40 * sky, b = 200 - 120 * sky
                if x > width * 2 / 3 && y > height / 2 { (r, g, b) = (40 + Double(x % 17) * 6, 160, 60) }  // a textured block
                func c(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v))) }
                image[x, y] = RGBA(c(r), c(g), c(b))
            }
        }
        return image
    }

    static func run(box: Size = Size(width: 80, height: 24)) throws -> [String] {
        let video = try AnimatedImage(data: try GifSamples.video(width: 320, height: 240, frames: 12))
        let sprites = try AnimatedImage(data: try GifSamples.sprites(size: 400, frames: 12))
        let pictures: [(String, [RGBAImage])] = [
            ("video 320×240", (0..<video.frameCount).map { video.image(at: $0) }),
            ("sprites 400×400", (0..<sprites.frameCount).map { sprites.image(at: $0) }),
            ("photo 640×480", [photo()]),
        ]
        var lines = ["raster: \(box.width)×\(box.height) cells; PSNR (dB, higher is closer) and ms per frame, release build"]
        lines.append("picture             " + SymbolSet.allCases.map { $0.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0) }.joined())
        for (name, frames) in pictures {
            var row = name.padding(toLength: 20, withPad: " ", startingAt: 0)
            for set in SymbolSet.allCases {
                let rasterizer = SymbolRasterizer(symbols: set)
                var total = 0.0
                let start = ContinuousClock.now
                var cells: [Canvas] = []
                for frame in frames { cells.append(rasterizer.rasterize(frame, fitting: box)) }
                let elapsed = ContinuousClock.now - start
                for (frame, canvas) in zip(frames, cells) { total += RasterFidelity.psnr(of: canvas, symbols: set, against: frame) }
                let ms = Double(elapsed.components.attoseconds) / 1e15 / Double(frames.count) + Double(elapsed.components.seconds) * 1000 / Double(frames.count)
                row += String(format: "%5.2f dB %5.1f ms", total / Double(frames.count), ms).padding(toLength: 20, withPad: " ", startingAt: 0)
            }
            lines.append(row)
        }
        let chafa = ["/usr/bin/chafa", "/usr/local/bin/chafa"].first { FileManager.default.isExecutableFile(atPath: $0) }
        lines.append(chafa == nil ? "chafa is not installed: no comparison (apt-get install chafa)" : "chafa found at \(chafa!): the comparison is not made yet")
        return lines
    }
}
