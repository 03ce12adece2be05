import CellPictures
import Foundation
import GifDecoding
import GifSamples
import IndicatorKit

/// How faithfully and how fast each symbol set draws pictures at a terminal's size: the
/// PSNR of the cells against the picture (`RasterFidelity`: each cell rebuilt from its
/// glyph's coverage and two colours) and the time to rasterize a frame, on the generated
/// bench GIFs and on a photo-like picture made here.
enum RasterBench {
    /// A photo-like picture (``GifSamples/photoLike(width:height:)``).
    static func photo(width: Int = 640, height: Int = 480) -> RGBAImage { GifSamples.photoLike(width: width, height: height) }

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
                for (frame, canvas) in zip(frames, cells) { total += RasterFidelity.psnr(of: canvas, against: frame) }
                let ms = elapsed.seconds * 1000 / Double(frames.count)
                row += String(format: "%5.2f dB %5.1f ms", total / Double(frames.count), ms).padding(toLength: 20, withPad: " ", startingAt: 0)
            }
            lines.append(row)
        }
        guard let chafa = chafaPath else {
            lines.append("chafa is not installed: no comparison (apt-get install chafa)")
            return lines
        }
        // The same first frames given to chafa, drawn at the same size with the same class of
        // symbols; both measured the same way. Bytes: a frame as escape sequences (ours as
        // `Canvas.ansiText` prints it: a colour sent when it changes).
        lines.append("")
        lines.append("against \(chafa) (first frame; PSNR ours / chafa's, bytes ours / chafa's)")
        let files: [(String, Data)] = [
            ("video 320×240", try GifSamples.video(width: 320, height: 240, frames: 1)),
            ("sprites 400×400", try GifSamples.sprites(size: 400, frames: 1)),
            ("photo 640×480", try gif(of: photo())),
        ]
        for (name, data) in files {
            let frame = try AnimatedImage(data: data).image(at: 0)
            let path = NSTemporaryDirectory() + "raster-\(UUID().uuidString).gif"
            try data.write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            var row = name.padding(toLength: 20, withPad: " ", startingAt: 0)
            for set in SymbolSet.allCases {
                let ours = SymbolRasterizer(symbols: set).rasterize(frame, fitting: box)
                let output = try runChafa(chafa, path: path, size: box, symbols: chafaClass(set))
                let theirs = parseANSI(output)
                let mine = RasterFidelity.psnr(of: ours, against: frame)
                let other = RasterFidelity.psnr(of: theirs, against: frame)
                row += String(format: "%4.1f/%4.1f %3dk/%3dk  ", mine, other, ours.ansiText(colorDepth: .trueColor).utf8.count / 1000, output.count / 1000)
            }
            lines.append(row)
        }
        return lines
    }

    /// chafa, where it is installed.
    static var chafaPath: String? {
        ["/usr/bin/chafa", "/usr/local/bin/chafa"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    }

    /// `image` as a one-frame GIF on the 6×6×6 colour cube (what both sides then draw).
    static func gif(of image: RGBAImage) throws -> Data {
        let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
        var palette: [GifWriter.RGB] = []
        for r in levels { for g in levels { for b in levels { palette.append((r, g, b)) } } }
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                func level(_ c: UInt8) -> Int { (Int(c) + 25) / 51 }
                indices[y * image.width + x] = UInt8(level(p.r) * 36 + level(p.g) * 6 + level(p.b))
            }
        }
        return try GifWriter(width: image.width, height: image.height, globalPalette: palette).encode([
            GifWriter.Frame(width: image.width, height: image.height, indices: indices)
        ])
    }

    /// chafa's name for the same class of symbols.
    static func chafaClass(_ set: SymbolSet) -> String {
        switch set {
        case .half: "vhalf"
        case .quadrant: "quad"
        case .sextant: "sextant"
        case .braille: "braille"
        }
    }

    /// chafa's output for the file at `path`: its first frame, or with `animating` one pass
    /// through the animation at a thousand times its speed.
    static func runChafa(_ chafa: String, path: String, size: Size, symbols: String, animating: Bool = false) throws -> Data {
        let animation = animating ? ["--animate", "on", "--duration", "0", "--speed", "1000"] : ["--animate", "off", "--polite", "on"]
        return try standardOutput(
            of: chafa,
            ["--size", "\(size.width)x\(size.height)", "--symbols", symbols, "--colors", "full", "--format", "symbols"] + animation + [path]
        )
    }

    /// chafa's output as cells: SGR 38;2 / 48;2 colours, resets, glyphs, rows by newline.
    static func parseANSI(_ data: Data) -> Canvas {
        let text = String(decoding: data, as: UTF8.self)
        var rows: [[Cell]] = [[]]
        var style = Style()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                guard scalars.first == "[" else { continue }
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.popFirst() {
                    if next.properties.isAlphabetic {
                        if next == "m" { apply(parameters, to: &style) }
                        break
                    }
                    parameters.unicodeScalars.append(next)
                }
            } else if scalar == "\n" {
                rows.append([])
            } else if scalar.value >= 0x20 {
                rows[rows.count - 1].append(Cell(Character(scalar), style: style))
            }
        }
        rows = rows.filter { !$0.isEmpty }
        var canvas = Canvas(size: Size(width: rows.map(\.count).max() ?? 0, height: rows.count))
        for (y, row) in rows.enumerated() { for (x, cell) in row.enumerated() { canvas[x, y] = cell } }
        return canvas
    }

    static func apply(_ parameters: String, to style: inout Style) {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        if numbers.isEmpty {
            style = Style()
            return
        }
        var i = 0
        while i < numbers.count {
            switch numbers[i] {
            case 0:
                style = Style()
                i += 1
            case 38 where i + 4 < numbers.count && numbers[i + 1] == 2:
                style.foreground = .rgb(UInt8(numbers[i + 2]), UInt8(numbers[i + 3]), UInt8(numbers[i + 4]))
                i += 5
            case 48 where i + 4 < numbers.count && numbers[i + 1] == 2:
                style.background = .rgb(UInt8(numbers[i + 2]), UInt8(numbers[i + 3]), UInt8(numbers[i + 4]))
                i += 5
            case 7:
                style.attributes.insert(.reverse)
                i += 1
            default: i += 1
            }
        }
    }
}
