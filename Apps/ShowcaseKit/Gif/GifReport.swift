import Foundation
import GifDecoding
import IndicatorKit

/// What `showcase gif info` prints: as text, or as the documented JSON.
struct GifReport {
    let image: AnimatedImage

    /// `{"width": …, "height": …, "frameCount": …, "loopCount": …, "plays": …,
    /// "decodingMemoryBytes": …, "frames": […], "warnings": […]}`: keys sorted (the same
    /// bytes for the same file, every run), absent values as `null`.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value here encodes (numbers, strings, booleans): encoding cannot fail.
        return (try? encoder.encode(Document(image))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The JSON document, as `Codable` writes it.
    struct Document: Encodable {
        let width: Int
        let height: Int
        let frameCount: Int
        let loopCount: Int?
        let plays: Plays
        let decodingMemoryBytes: Int
        let frames: [Frame]
        let warnings: [String]

        init(_ image: AnimatedImage) {
            width = image.width
            height = image.height
            frameCount = image.frameCount
            loopCount = image.loopCount
            plays = Plays(image.plays)
            decodingMemoryBytes = image.decodingMemoryBytes
            frames = image.frames.map(Frame.init)
            warnings = image.warnings
        }

        enum CodingKeys: String, CodingKey { case width, height, frameCount, loopCount, plays, decodingMemoryBytes, frames, warnings }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(width, forKey: .width)
            try object.encode(height, forKey: .height)
            try object.encode(frameCount, forKey: .frameCount)
            try object.encode(loopCount, forKey: .loopCount)  // null when the file has no loop block
            try object.encode(plays, forKey: .plays)
            try object.encode(decodingMemoryBytes, forKey: .decodingMemoryBytes)
            try object.encode(frames, forKey: .frames)
            try object.encode(warnings, forKey: .warnings)
        }

        /// `"infinite"` or a number of plays.
        struct Plays: Encodable {
            let count: Int?
            init(_ plays: AnimationPlays) {
                if case .count(let n) = plays { count = n } else { count = nil }
            }
            func encode(to encoder: any Encoder) throws {
                var value = encoder.singleValueContainer()
                if let count { try value.encode(count) } else { try value.encode("infinite") }
            }
        }

        struct Frame: Encodable {
            let index: Int
            let rect: [Int]
            let delayCentiseconds: Int?
            let durationMilliseconds: Int64
            let disposal: Int
            let interlaced: Bool
            let transparentIndex: Int?

            init(_ f: FrameInfo) {
                index = f.index
                rect = [f.x, f.y, f.width, f.height]
                delayCentiseconds = f.delayCentiseconds
                durationMilliseconds = f.duration.milliseconds
                disposal = Int(f.disposal.rawValue)
                interlaced = f.interlaced
                transparentIndex = f.transparentIndex.map { Int($0) }
            }

            enum CodingKeys: String, CodingKey { case index, rect, delayCentiseconds, durationMilliseconds, disposal, interlaced, transparentIndex }

            func encode(to encoder: any Encoder) throws {
                var object = encoder.container(keyedBy: CodingKeys.self)
                try object.encode(index, forKey: .index)
                try object.encode(rect, forKey: .rect)
                try object.encode(delayCentiseconds, forKey: .delayCentiseconds)
                try object.encode(durationMilliseconds, forKey: .durationMilliseconds)
                try object.encode(disposal, forKey: .disposal)
                try object.encode(interlaced, forKey: .interlaced)
                try object.encode(transparentIndex, forKey: .transparentIndex)
            }
        }
    }

    /// A human-readable summary and a table of frames.
    func text(name: String) -> String {
        let plays: String =
            switch image.plays {
            case .infinite: "plays forever"
            case .count(1): "plays once"
            case .count(let n): "plays \(n) times"
            }
        let loop = image.loopCount.map { "loop value \($0)" } ?? "no loop block"
        var lines = [
            "\(name.sanitizedForTerminal): \(image.width)×\(image.height), \(image.frameCount) frame\(image.frameCount == 1 ? "" : "s"), \(loop) (\(plays)), one play \(image.cycleDuration(timing: .own).milliseconds) ms"
        ]
        let need = MemoryBudget.mebibytes(image.decodingMemoryBytes)
        let budget = MemoryBudget.mebibytes(MemoryBudget.default.bytes)
        lines.append(
            "decoding needs \(need) MiB" + (need > budget ? " (over the default \(budget) MiB: `gif frames` and `gif play` need --max-memory \(need))" : "")
        )
        lines.append("frame  rect                  delay  duration  disposal  interlaced  transparent")
        for f in image.frames {
            let rect = "\(f.x),\(f.y) \(f.width)×\(f.height)"
            let delay = f.delayCentiseconds.map { "\($0)cs" } ?? "-"
            let columns: [String] = [
                "\(f.index)".padded(toWidth: 7), rect.padded(toWidth: 22), delay.padded(toWidth: 7),
                "\(f.duration.milliseconds)ms".padded(toWidth: 10), "\(f.disposal.rawValue)".padded(toWidth: 10),
                (f.interlaced ? "yes" : "no").padded(toWidth: 12), f.transparentIndex.map(String.init) ?? "-",
            ]
            lines.append(columns.joined())
        }
        for comment in image.comments { lines.append("comment: \(comment.sanitizedForTerminal)") }
        if image.omittedCommentCount > 0 { lines.append("and \(image.omittedCommentCount) more comments") }
        for warning in image.warnings { lines.append("warning: \(warning.sanitizedForTerminal)") }
        return lines.joined(separator: "\n")
    }
}
