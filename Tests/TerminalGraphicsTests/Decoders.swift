import Foundation
@testable import TerminalGraphics
import TUICore

/// What a terminal would make of the bytes we send: the decoders the tests read them back with.
enum Decoders {
    /// The kitty commands in `text`: each one's keys and its whole payload (chunks joined).
    static func kittyCommands(_ text: String) -> [(keys: [String: String], payload: [UInt8])] {
        var commands: [(keys: [String: String], payload: [UInt8])] = []
        var pendingKeys: [String: String]?, pendingPayload = ""
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}_G"), let end = rest.range(of: "\u{1B}\\", range: start.upperBound..<rest.endIndex) {
            let body = rest[start.upperBound..<end.lowerBound]
            rest = rest[end.upperBound...]
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
            }
            let payload = parts.count > 1 ? String(parts[1]) : ""
            if pendingKeys == nil { pendingKeys = keys } else { pendingKeys?["m"] = keys["m"] }
            pendingPayload += payload
            if keys["m"] != "1" {
                commands.append((pendingKeys ?? [:], Array(Data(base64Encoded: pendingPayload) ?? Data())))
                pendingKeys = nil
                pendingPayload = ""
            }
        }
        return commands
    }

    /// The pixels of a sixel image (transparent where nothing was painted).
    static func sixel(_ text: String) -> RGBAImage? {
        guard let start = text.range(of: "q") else { return nil }
        var palette: [Int: RGBA] = [:]
        var pixels: [Int: RGBA] = [:]
        var width = 0, height = 0, x = 0, band = 0, color = 0
        let chars = Array(text[start.upperBound...].unicodeScalars)
        var i = 0
        func number() -> Int {
            var n = 0
            while i < chars.count, let d = Int(String(chars[i])) { n = n * 10 + d; i += 1 }
            return n
        }
        func paint(_ value: Int, count: Int) {
            for _ in 0..<count {
                for bit in 0..<6 where value & (1 << bit) != 0 {
                    pixels[(band * 6 + bit) * 100_000 + x] = palette[color] ?? RGBA(0, 0, 0)
                }
                x += 1
                width = max(width, x)
            }
            height = max(height, band * 6 + 6)
        }
        var declared: Size?
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\"":
                i += 1
                _ = number(); i += 1; _ = number(); i += 1
                let w = number(); i += 1
                let h = number()
                declared = Size(width: w, height: h)
            case "#":
                i += 1
                let n = number()
                if i < chars.count, chars[i] == ";" {
                    i += 1
                    _ = number(); i += 1
                    let r = number(); i += 1
                    let g = number(); i += 1
                    let b = number()
                    palette[n] = RGBA(UInt8(r * 255 / 100), UInt8(g * 255 / 100), UInt8(b * 255 / 100))
                } else {
                    color = n
                }
            case "!":
                i += 1
                let count = number()
                paint(Int(chars[i].value) - 63, count: count)
                i += 1
            case "$": x = 0; i += 1
            case "-": x = 0; band += 1; i += 1
            case "\u{1B}": i = chars.count
            default:
                if (63...126).contains(c.value) { paint(Int(c.value) - 63, count: 1) }
                i += 1
            }
        }
        let size = declared ?? Size(width: width, height: height)
        var image = RGBAImage(width: size.width, height: size.height)
        for (key, value) in pixels {
            let y = key / 100_000, px = key % 100_000
            if px < size.width && y < size.height { image[px, y] = value }
        }
        return image
    }

    /// PSNR of `decoded` against `original`, over the opaque pixels of the original (dB).
    static func psnr(_ decoded: RGBAImage, _ original: RGBAImage) -> Double {
        var error = 0.0, count = 0
        for y in 0..<original.height {
            for x in 0..<original.width where original[x, y].a >= 128 {
                let a = original[x, y], b = decoded[x, y]
                for (p, q) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] { error += pow(Double(p) - Double(q), 2) }
                count += 3
            }
        }
        return error == 0 ? .infinity : 10 * log10(255 * 255 / (error / Double(count)))
    }

    /// A photo-like picture: soft gradients, rings, a textured block and sharp edges.
    static func photo(width: Int = 320, height: Int = 240) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x - width / 3), dy = Double(y - height / 2)
                let ring = sin((dx * dx + dy * dy).squareRoot() / 9)
                let sky = Double(y) / Double(height)
                var r = 90 + 80 * ring + 60 * sky, g = 120 + 60 * cos(Double(x) / 40) - 40 * sky, b = 200 - 120 * sky
                if x > width * 2 / 3 && y > height / 2 { (r, g, b) = (40 + Double(x % 17) * 6, 160, 60) }
                func c(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v))) }
                image[x, y] = RGBA(c(r), c(g), c(b))
            }
        }
        return image
    }
}
