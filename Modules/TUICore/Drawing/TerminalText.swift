/// Making text from data safe to show on a terminal.
extension StringProtocol {
    /// The text with every control character (C0, C1, DEL; so every escape sequence)
    /// replaced by U+FFFD, and tabs and newlines by spaces. Text from files, databases or
    /// the network passes through this before it reaches a terminal.
    public var sanitizedForTerminal: String {
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

    /// The text with each line sanitised as ``sanitizedForTerminal`` does, its line breaks
    /// kept: for multi-line reports (a failure with a screen) that may quote data.
    public var sanitizedKeepingLines: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { $0.sanitizedForTerminal }.joined(separator: "\n")
    }

    /// The longest prefix that fits in `width` cells, ending in `ellipsis` when cut.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return String(self) }
        let budget = width - ellipsis.displayWidth
        guard budget >= 0 else { return "" }
        var result = ""
        var used = 0
        for character in self {
            let w = character.displayWidth
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        return result + ellipsis
    }

    /// The text as lines of at most `width` cells, broken at spaces; a word longer than a
    /// line is broken where it must be. Never splits a grapheme.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in split(separator: " ", omittingEmptySubsequences: true) {
            var piece = String(word)
            let separator = line.isEmpty ? 0 : 1
            if lineWidth + separator + piece.displayWidth <= width {
                if separator == 1 { line += " " }
                line += piece
                lineWidth += separator + piece.displayWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            lineWidth = 0
            while piece.displayWidth > width {  // a word longer than a whole line
                var head = ""
                var used = 0
                for character in piece {
                    if used + character.displayWidth > width { break }
                    head.append(character)
                    used += character.displayWidth
                }
                if head.isEmpty {  // a grapheme wider than the whole line: left out
                    piece = String(piece.dropFirst())
                    continue
                }
                lines.append(head)
                piece = String(piece.dropFirst(head.count))
            }
            line = piece
            lineWidth = piece.displayWidth
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
