/// A fuzzy match of a typed pattern in a text: the pattern's characters in order, not
/// necessarily together (`bry` in "blueberry"), ignoring case; how well it matches, and
/// where, so the matched characters can be highlighted.
///
/// ```swift
/// let match = FuzzyMatch("bry", in: "blueberry")   // positions [0, 6, 8]
/// let ranked = FuzzyMatch.ranked("ap", in: ["grape", "apple", "papaya"])   // apple first
/// ```
///
/// The match is found in two passes over the text, as fzf's first algorithm: forward to the
/// first place the whole pattern fits, then back from its end to the shortest stretch that
/// holds it, so one text costs time in proportion to its length. Matched characters that
/// follow one another, or that begin a word (the first character, one after a space, `-`,
/// `_`, `/`, `.` or `:`, a digit after a letter), score more; gaps cost; the nearer the
/// start, the better. Ranked, the best match comes first, so `ap` puts "apple" before
/// "grape".
public struct FuzzyMatch: Equatable, Sendable {
    /// How good the match is: higher is better.
    public let score: Int
    /// The offsets, in characters, of the text's matched characters, ascending.
    public let positions: [Int]

    /// The match of `pattern` in `text`; nil when `text` does not hold the pattern's
    /// characters in order. An empty pattern matches everything, scoring 0.
    public init?(_ pattern: String, in text: String) {
        self.init(pattern: Self.folded(pattern), text: Self.folded(text))
    }

    /// The same on characters already folded (``folded(_:)``): what ``ranked(_:in:)`` uses so
    /// a list's texts are folded once, not at every key.
    public init?(pattern: [Character], text: [Character]) {
        guard !pattern.isEmpty else {
            score = 0
            positions = []
            return
        }
        guard pattern.count <= text.count else { return nil }
        // Forward: where the first whole match ends.
        var p = 0
        var end = -1
        for (index, character) in text.enumerated() where character == pattern[p] {
            p += 1
            if p == pattern.count {
                end = index
                break
            }
        }
        guard end >= 0 else { return nil }
        // Backward from there: the latest start that still holds the pattern (the shortest stretch).
        var positions = [Int](repeating: 0, count: pattern.count)
        p = pattern.count - 1
        var index = end
        while p >= 0 {
            if text[index] == pattern[p] {
                positions[p] = index
                p -= 1
            }
            index -= 1
        }
        self.positions = positions
        score = Self.score(positions, in: text)
    }

    /// Characters as the match compares them: lower-cased, one `Character` each.
    public static func folded(_ text: String) -> [Character] {
        var out: [Character] = []
        out.reserveCapacity(text.count)
        for character in text {
            if character.isASCII {
                out.append(character.isUppercase ? Character(character.lowercased()) : character)
            } else {
                let lower = character.lowercased()
                out.append(lower.count == 1 ? Character(lower) : character)
            }
        }
        return out
    }

    /// The indices of `texts` that `pattern` matches, best first (ties: the shorter text,
    /// then the earlier), each with its match. An empty pattern keeps every text in order.
    public static func ranked(_ pattern: String, in texts: [String]) -> [(index: Int, match: FuzzyMatch)] {
        ranked(folded(pattern), in: texts.map(folded))
    }

    /// The same on folded texts.
    public static func ranked(_ pattern: [Character], in texts: [[Character]]) -> [(index: Int, match: FuzzyMatch)] {
        ranked(pattern, in: texts, among: texts.indices)
    }

    /// The same among the texts at `indices` only: a pattern that adds to the one before
    /// matches only texts that one matched, so a list filtered as it is typed searches fewer
    /// at each key.
    public static func ranked(_ pattern: [Character], in texts: [[Character]], among indices: some Sequence<Int>) -> [(index: Int, match: FuzzyMatch)] {
        var found: [(index: Int, match: FuzzyMatch)] = []
        for index in indices {
            if let match = FuzzyMatch(pattern: pattern, text: texts[index]) { found.append((index, match)) }
        }
        guard !pattern.isEmpty else { return found }
        return found.sorted { a, b in
            if a.match.score != b.match.score { return a.match.score > b.match.score }
            if texts[a.index].count != texts[b.index].count { return texts[a.index].count < texts[b.index].count }
            return a.index < b.index
        }
    }

    static let matched = 16
    static let consecutive = 12
    static let wordStart = 10
    static let firstCharacter = 6
    static let gapStart = 4
    static let gapExtension = 1
    static let leadingMost = 12

    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "-" || character == "_" || character == "/" || character == "." || character == ":"
    }

    /// Whether a word begins at `index`: the first character, one after a separator, a digit
    /// after a letter.
    private static func beginsWord(_ index: Int, in text: [Character]) -> Bool {
        guard index > 0 else { return true }
        let previous = text[index - 1]
        if isSeparator(previous) { return true }
        return text[index].isNumber && previous.isLetter
    }

    private static func score(_ positions: [Int], in text: [Character]) -> Int {
        var total = 0
        for (p, position) in positions.enumerated() {
            total += matched
            if beginsWord(position, in: text) { total += p == 0 ? wordStart + firstCharacter : wordStart }
            if p > 0 {
                let gap = position - positions[p - 1] - 1
                if gap == 0 { total += consecutive } else { total -= gapStart + (gap - 1) * gapExtension }
            }
        }
        total -= min(leadingMost, positions[0])  // the nearer the start, the better
        return total
    }
}
