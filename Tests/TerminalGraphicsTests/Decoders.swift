import Foundation
import GifSamples
import TUICore

@testable import TerminalGraphics

/// What a terminal would make of the bytes we send: the decoders the tests read them back with.
enum Decoders {
    /// The kitty commands in `text`: each one's keys and its whole payload (chunks joined).
    static func kittyCommands(_ text: String) -> [(keys: [String: String], payload: [UInt8])] {
        var commands: [(keys: [String: String], payload: [UInt8])] = []
        var pendingKeys: [String: String]?
        var pendingPayload = ""
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

    /// PSNR of `decoded` against `original` over the original's opaque pixels (dB).
    static func psnr(_ decoded: RGBAImage, _ original: RGBAImage) -> Double {
        RasterFidelity.psnr(of: decoded, against: original)
    }

    /// A photo-like picture (GifSamples').
    static func photo(width: Int = 320, height: Int = 240) -> RGBAImage { GifSamples.photoLike(width: width, height: height) }
}
