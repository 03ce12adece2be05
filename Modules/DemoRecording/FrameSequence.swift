import Foundation
import GifDecoding

/// A recording's frames and how long each shows, made into a GIF: one palette for the whole
/// recording, a frame the same as the one before merged into it (a longer delay), each later
/// frame only the rectangle that changed, the pixels in it that did not change transparent.
public struct FrameSequence: Sendable {
    /// The frames, each with its time on screen in centiseconds.
    public private(set) var frames: [(frame: IndexedFrame, centiseconds: Int)] = []
    /// Time not yet given to a frame (a GIF counts in centiseconds).
    private var owed = 0.0

    public init() {}

    /// Adds `frame`, shown for `duration`; the same picture as the last frame lengthens it.
    public mutating func append(_ frame: IndexedFrame, lasting duration: Duration) {
        owed += Double(duration.components.seconds) * 100 + Double(duration.components.attoseconds) / 1e16
        let centiseconds = Int(owed.rounded(.down))
        owed -= Double(centiseconds)
        if let last = frames.last, last.frame == frame {
            frames[frames.count - 1].centiseconds += centiseconds
            return
        }
        frames.append((frame, centiseconds))
    }

    /// The frames a GIF shows: the first `loopOffset` of them moved to the end, so the loop
    /// starts there (VHS's `LoopOffset`), and the last lengthened by `finalPause`.
    public func gif(colors: [GifColor], loopOffset: Int = 0) throws -> Data {
        guard let first = frames.first?.frame else { throw RecordingError(description: "no frames to write: the tape showed nothing (all Hide?)") }
        var shown = frames.filter { $0.centiseconds > 0 }
        if shown.isEmpty { shown = [frames[0]] }
        let offset = min(max(0, loopOffset), shown.count - 1)
        shown = Array(shown[offset...] + shown[..<offset])
        // A spare palette entry marks what did not change (none when the colours fill 256).
        let transparent = colors.count < 256 ? colors.count : nil
        var palette = colors.map { ($0.r, $0.g, $0.b) }
        if transparent != nil { palette.append((0, 0, 0)) }
        while palette.count < 2 { palette.append((0, 0, 0)) }
        var gifFrames: [GifWriter.Frame] = []
        var previous: IndexedFrame?
        for (frame, centiseconds) in shown {
            var made: GifWriter.Frame
            if let before = previous, let changed = Self.changedRect(before, frame) {
                var indices = [UInt8]()
                indices.reserveCapacity(changed.width * changed.height)
                for y in changed.y..<(changed.y + changed.height) {
                    for x in changed.x..<(changed.x + changed.width) {
                        let now = frame.pixels[y * frame.width + x]
                        if let transparent, now == before.pixels[y * frame.width + x] { indices.append(UInt8(transparent)) } else { indices.append(now) }
                    }
                }
                made = GifWriter.Frame(x: changed.x, y: changed.y, width: changed.width, height: changed.height, indices: indices)
                made.transparentIndex = transparent
            } else if previous != nil {
                // Unchanged after the rotation: one pixel again, the delay is what counts.
                made = GifWriter.Frame(x: 0, y: 0, width: 1, height: 1, indices: [transparent.map(UInt8.init) ?? frame.pixels[0]])
                made.transparentIndex = transparent
            } else {
                made = GifWriter.Frame(width: frame.width, height: frame.height, indices: frame.pixels)
            }
            made.delayCentiseconds = max(2, centiseconds)
            made.disposal = .keep
            gifFrames.append(made)
            previous = frame
        }
        let writer = GifWriter(width: first.width, height: first.height, globalPalette: palette, loopCount: 0)
        return try writer.encode(gifFrames)
    }

    /// The smallest rectangle holding every pixel that differs, nil when none does.
    static func changedRect(_ a: IndexedFrame, _ b: IndexedFrame) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = a.width
        var minY = a.height
        var maxX = -1
        var maxY = -1
        for y in 0..<a.height {
            let row = y * a.width
            var x = 0
            while x < a.width {
                if a.pixels[row + x] != b.pixels[row + x] {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = y
                }
                x += 1
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

/// Why a recording could not be made, said so that it can be put right.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}
