/// Text fitted to cells on a terminal (``Pixels`` makes it safe to print: `sanitizedForTerminal`).
extension StringProtocol {
    /// The longest prefix that fits in `width` cells, ending in `ellipsis` when cut.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        // One pass that stops once the text is known not to fit: a long text costs what is shown.
        let budget = width - ellipsis.displayWidth
        var used = 0
        var kept = startIndex  // the end of what fits before an ellipsis
        for index in indices {
            used += self[index].displayWidth
            if used <= budget { kept = self.index(after: index) }
            if used > width {
                guard budget >= 0 else { return "" }
                return String(self[startIndex..<kept]) + ellipsis
            }
        }
        return String(self)
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
