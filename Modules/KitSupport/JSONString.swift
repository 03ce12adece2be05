import Foundation

extension String {
    /// The text as a JSON string, quotes included: `"`, `\` and control characters escaped
    /// (`\n`, `\t`, `\r`, `\u001b`), the rest as it is. (Go's `%q` writes the same for text
    /// without control characters beyond those.)
    package var jsonQuoted: String {
        var out = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
