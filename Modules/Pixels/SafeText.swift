/// Making text from data safe to show on a terminal.
extension StringProtocol {
    /// The text with every control character (C0, C1, DEL; so every escape sequence)
    /// replaced by U+FFFD, and tabs and newlines by spaces. Text from files, databases or
    /// the network passes through this before it reaches a terminal.
    public var sanitizedForTerminal: String {
        // Most text needs nothing: one pass over its bytes says so, and it is returned as it is.
        let needsNothing =
            utf8.withContiguousStorageIfAvailable { !$0.contains(where: Self.mayBeControl) } ?? !utf8.contains(where: Self.mayBeControl)
        if needsNothing { return String(self) }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                result.append(" ")
            } else if scalar.isTerminalControl {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether a UTF-8 byte may begin a control character: C0, DEL, or the lead byte of C1's.
    private static func mayBeControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == 0xC2 }

    /// The text with each line sanitised as ``sanitizedForTerminal`` does, its line breaks
    /// kept: for multi-line reports (a failure with a screen) that may quote data.
    public var sanitizedKeepingLines: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { $0.sanitizedForTerminal }.joined(separator: "\n")
    }
}

extension Unicode.Scalar {
    /// C0 and C1 control characters and DEL: never written to a terminal.
    package var isTerminalControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
