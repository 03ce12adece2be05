import GifDecoding
import TUICore

/// What `showcase gif info` prints: as text, or as the documented JSON.
struct GifReport {
    let image: AnimatedImage

    /// `{"width": …, "height": …, "frameCount": …, "loopCount": …, "plays": …,
    /// "decodingMemoryBytes": …, "frames": […], "warnings": […]}`.
    var json: String {
        let frames = image.frames.map { f in
            "{\"index\": \(f.index), \"rect\": [\(f.x), \(f.y), \(f.width), \(f.height)], "
                + "\"delayCentiseconds\": \(f.delayCentiseconds.map(String.init) ?? "null"), "
                + "\"durationMilliseconds\": \(f.duration.milliseconds), \"disposal\": \(f.disposal.rawValue), "
                + "\"interlaced\": \(f.interlaced), \"transparentIndex\": \(f.transparentIndex.map(String.init) ?? "null")}"
        }
        let plays: String =
            switch image.plays {
            case .infinite: "\"infinite\""
            case .count(let n): "\(n)"
            }
        return "{\"width\": \(image.width), \"height\": \(image.height), \"frameCount\": \(image.frameCount), "
            + "\"loopCount\": \(image.loopCount.map(String.init) ?? "null"), \"plays\": \(plays), "
            + "\"decodingMemoryBytes\": \(image.decodingMemoryBytes), "
            + "\"frames\": [\(frames.joined(separator: ", "))], "
            + "\"warnings\": [\(image.warnings.map(Self.jsonString).joined(separator: ", "))]}"
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

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
