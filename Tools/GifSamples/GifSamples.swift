import Foundation
import GifDecoding

/// GIFs the project authors itself with ``GifWriter`` (giflib's encoder): the bundled
/// loading spinner and the benchmark inputs. Deterministic: the same bytes every time.
public enum GifSamples {
    /// The loading spinner bundled with GifDecoding (`spinner.gif`): 63×45 pixels, the
    /// aspect ratio of the original control's 63×45-point image view; twelve frames of
    /// twelve dots on a ring whose bright head goes round once a second, on a transparent
    /// background, looping forever.
    public static func spinner() throws -> Data {
        let width = 63, height = 45, frames = 12, dots = 12
        // 0 transparent, 1…12 from dim slate to bright cyan.
        var palette: [GifWriter.RGB] = [(0, 0, 0)]
        for level in 0..<dots {
            let t = Double(level) / Double(dots - 1)
            palette.append((UInt8(60 + 0 * t), UInt8(70 + 150 * t), UInt8(90 + 165 * t)))
        }
        let centerX = Double(width - 1) / 2, centerY = Double(height - 1) / 2
        let ring = 15.5, dotRadius = 3.6
        var result: [GifWriter.Frame] = []
        for f in 0..<frames {
            var indices = [UInt8](repeating: 0, count: width * height)
            let head = Double(f) / Double(frames) * Double(dots)
            for d in 0..<dots {
                let angle = Double(d) / Double(dots) * 2 * Double.pi - Double.pi / 2
                let cx = centerX + ring * cos(angle), cy = centerY + ring * sin(angle)
                // Brightness falls off behind the head.
                var behind = head - Double(d)
                while behind < 0 { behind += Double(dots) }
                let level = max(0, dots - 1 - Int(behind.rounded(.down)))
                let radius = dotRadius * (0.55 + 0.45 * Double(level) / Double(dots - 1))
                for y in max(0, Int(cy - radius - 1))...min(height - 1, Int(cy + radius + 1)) {
                    for x in max(0, Int(cx - radius - 1))...min(width - 1, Int(cx + radius + 1)) {
                        let dx = Double(x) - cx, dy = Double(y) - cy
                        if dx * dx + dy * dy <= radius * radius { indices[y * width + x] = UInt8(1 + level) }
                    }
                }
            }
            var frame = GifWriter.Frame(width: width, height: height, indices: indices)
            frame.delayCentiseconds = f % 3 == 2 ? 9 : 8  // 12 frames ≈ 1 s
            frame.disposal = .restoreBackground
            frame.transparentIndex = 0
            result.append(frame)
        }
        return try GifWriter(width: width, height: height, globalPalette: palette, loopCount: 0, comment: "IndicatorKit spinner").encode(result)
    }

    /// A full-frame "video": 640×480, 100 frames, each with its own 256-colour local palette
    /// and noisy content, so decoding is dominated by LZW.
    public static func video(width: Int = 640, height: Int = 480, frames: Int = 100) throws -> Data {
        var random = SplitMix64(seed: 0x1D1C_A70B)
        var result: [GifWriter.Frame] = []
        for f in 0..<frames {
            var indices = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let wave = (x * 3 + y * 2 + f * 5 + ((x * y) >> 7)) & 0xFF
                    let noise = Int(random.next() & 0x1F)
                    indices[y * width + x] = UInt8((wave + noise) & 0xFF)
                }
            }
            var frame = GifWriter.Frame(width: width, height: height, indices: indices)
            frame.localPalette = (0..<256).map { i in
                (UInt8((i + f * 2) & 0xFF), UInt8((i * 3 + f) & 0xFF), UInt8((255 - i + f * 3) & 0xFF))
            }
            frame.delayCentiseconds = 4
            result.append(frame)
        }
        return try GifWriter(width: width, height: height, globalPalette: nil, loopCount: 0).encode(result)
    }

    /// Small sprites moving over a large screen: 1000×1000, a full background first, then
    /// 64×64 sub-frames with transparency and alternating disposal (keep, restore
    /// background, restore previous); 200 frames in all.
    public static func sprites(size: Int = 1000, frames: Int = 200) throws -> Data {
        var palette: [GifWriter.RGB] = [(0, 0, 0)]
        for i in 1..<256 { palette.append((UInt8(i), UInt8((i * 7) & 0xFF), UInt8(255 - i))) }
        var background = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size { background[y * size + x] = UInt8(1 + ((x / 25 + y / 25) % 2) * 100 + (x + y) % 50) }
        }
        var first = GifWriter.Frame(width: size, height: size, indices: background)
        first.delayCentiseconds = 4
        var result = [first]
        let sprite = 64
        for f in 1..<frames {
            var indices = [UInt8](repeating: 0, count: sprite * sprite)
            for y in 0..<sprite {
                for x in 0..<sprite {
                    let dx = x - sprite / 2, dy = y - sprite / 2
                    indices[y * sprite + x] = dx * dx + dy * dy < (sprite / 2 - 2) * (sprite / 2 - 2) ? UInt8(128 + (f + x / 4) % 120) : 0
                }
            }
            let t = Double(f) / Double(frames)
            var frame = GifWriter.Frame(
                x: Int((Double(size - sprite) * (0.5 + 0.45 * sin(t * 12.6 + Double(f % 5))))),
                y: Int((Double(size - sprite) * (0.5 + 0.45 * cos(t * 9.4 + Double(f % 7))))),
                width: sprite, height: sprite, indices: indices
            )
            frame.transparentIndex = 0
            frame.delayCentiseconds = 4
            frame.disposal = [.keep, .restoreBackground, .restorePrevious][f % 3]
            result.append(frame)
        }
        return try GifWriter(width: size, height: size, globalPalette: palette, loopCount: 0).encode(result)
    }
}

extension GifSamples {
    /// Small seed files for the fuzzer: the spinner, and little animations covering
    /// interlace, local palettes, transparency, every disposal, clipping and loop blocks.
    public static func corpus() throws -> [String: Data] {
        var files: [String: Data] = ["spinner.gif": try spinner()]
        files["video-small.gif"] = try video(width: 24, height: 16, frames: 3)
        files["sprites-small.gif"] = try sprites(size: 40, frames: 6)
        let palette: [GifWriter.RGB] = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]
        var interlaced = GifWriter.Frame(width: 9, height: 11, indices: (0..<99).map { UInt8($0 % 4) })
        interlaced.interlaced = true
        interlaced.localPalette = [(9, 9, 9), (200, 100, 0)]
        var clipped = GifWriter.Frame(x: 5, y: 7, width: 8, height: 8, indices: [UInt8](repeating: 2, count: 64))
        clipped.disposal = .restorePrevious
        clipped.transparentIndex = 2
        var cleared = GifWriter.Frame(x: 1, y: 1, width: 3, height: 3, indices: [1, 2, 3, 0, 1, 2, 3, 0, 1])
        cleared.disposal = .restoreBackground
        cleared.delayCentiseconds = 1
        files["rules.gif"] = try GifWriter(width: 10, height: 12, globalPalette: palette, loopCount: 2, comment: "seed").encode([interlaced, clipped, cleared])
        files["still.gif"] = try GifWriter(width: 3, height: 2, globalPalette: palette).encode([GifWriter.Frame(width: 3, height: 2, indices: [0, 1, 2, 3, 2, 1])])
        return files
    }
}

/// A small deterministic generator (SplitMix64), so generated files never change.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
