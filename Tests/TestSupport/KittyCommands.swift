import Foundation

/// kitty's graphics commands as a terminal reads them: each command's keys and its whole
/// payload, chunks joined and base64 decoded. As kitty (0.26 and 0.41) reads them, a chunk
/// without `a=` continues a transmit (`a=t`), whatever the first chunk said: an animation
/// frame (`a=f`) whose later chunks lack `a=f` is not added as a frame.
package enum KittyCommands {
    /// The commands in `text`, in order.
    package static func parse(_ text: String) -> [(keys: [String: String], payload: [UInt8])] {
        var commands: [(keys: [String: String], payload: [UInt8])] = []
        var pendingKeys: [String: String]?
        var pendingPayload = ""
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}_G"), let end = rest.range(of: "\u{1B}\\", range: start.upperBound..<rest.endIndex) {
            let parts = rest[start.upperBound..<end.lowerBound].split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            rest = rest[end.upperBound...]
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
            }
            if pendingKeys == nil {
                pendingKeys = keys
            } else {
                pendingKeys?["m"] = keys["m"]
                pendingKeys?["a"] = keys["a"] ?? "t"
            }
            pendingPayload += parts.count > 1 ? String(parts[1]) : ""
            if keys["m"] != "1" {
                commands.append((pendingKeys ?? [:], Array(Data(base64Encoded: pendingPayload) ?? Data())))
                pendingKeys = nil
                pendingPayload = ""
            }
        }
        return commands
    }
}
