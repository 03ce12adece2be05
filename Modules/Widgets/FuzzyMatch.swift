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
/// `_`, `/`, `.` or `:`, a digit after a letter), score more, and the letters of a run that
/// begins a word more again (so `libpy` prefers `lib/libpython` to `lib/python`, as fzf
/// does); gaps cost; the nearer the start, the better. Ranked, the best match comes first, so `ap` puts "apple" before
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

    /// The same on characters already folded (``folded(_:)``): what ``ranked(_:in:)-(String,_)`` uses so
    /// a list's texts are folded once, not at every key.
    public init?(pattern: [Character], text: [Character]) {
        guard !pattern.isEmpty else {
            score = 0
            positions = []
            return
        }
        guard pattern.count <= text.count else { return nil }
        var positions = [Int](repeating: 0, count: pattern.count)
        guard positions.withUnsafeMutableBufferPointer({ FuzzyScoring.find(pattern, in: text, positions: $0) }) else { return nil }
        self.positions = positions
        score = FuzzyScoring.score(positions, in: text)
    }

    /// A match as found elsewhere (``FuzzyIndex``).
    init(score: Int, positions: [Int]) {
        self.score = score
        self.positions = positions
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
}

/// A character of a folded text as the scoring reads it: a `Character`, or a byte of ASCII.
protocol FuzzyUnit: Equatable {
    /// A space, `-`, `_`, `/`, `.` or `:`: a word begins after it.
    var isWordSeparator: Bool { get }
    var isDigit: Bool { get }
    var isLetterUnit: Bool { get }
}

extension Character: FuzzyUnit {
    var isWordSeparator: Bool { self == " " || self == "-" || self == "_" || self == "/" || self == "." || self == ":" }
    var isDigit: Bool { isNumber }
    var isLetterUnit: Bool { isLetter }
}

extension UInt8: FuzzyUnit {
    var isWordSeparator: Bool { self == 0x20 || self == 0x2D || self == 0x5F || self == 0x2F || self == 0x2E || self == 0x3A }
    var isDigit: Bool { self &- 0x30 < 10 }
    var isLetterUnit: Bool { self &- 0x61 < 26 || self &- 0x41 < 26 }
}

/// Where a pattern matches a text and how well, on folded characters or ASCII bytes alike, so
/// ``FuzzyMatch`` and ``FuzzyIndex`` rank the same.
enum FuzzyScoring {
    static let matched = 16
    static let consecutive = 12
    static let wordStart = 10
    static let firstCharacter = 6
    /// Each further character of a run that began a word: a run kept whole after a `/` or a
    /// space scores more than the same letters in pieces (fzf's chunk bonus).
    static let wordRun = 5
    static let gapStart = 4
    static let gapExtension = 1
    static let leadingMost = 12

    /// Finds `pattern` in `text` as fzf's first algorithm: forward to the first place the
    /// whole pattern fits, then back from its end to the shortest stretch that holds it; the
    /// offsets go into `positions` (as many as the pattern has). False when it does not fit.
    static func find<P: RandomAccessCollection, T: RandomAccessCollection>(
        _ pattern: P,
        in text: T,
        positions: UnsafeMutableBufferPointer<Int>
    ) -> Bool where P.Element: FuzzyUnit, T.Element == P.Element, P.Index == Int, T.Index == Int {
        let count = pattern.count
        guard count > 0, count <= text.count else { return count == 0 }
        let p0 = pattern.startIndex
        let t0 = text.startIndex
        var p = 0
        var end = -1
        var wanted = pattern[p0]
        for index in 0..<text.count where text[t0 + index] == wanted {
            p += 1
            if p == count {
                end = index
                break
            }
            wanted = pattern[p0 + p]
        }
        guard end >= 0 else { return false }
        p = count - 1
        var index = end
        while p >= 0 {
            if text[t0 + index] == pattern[p0 + p] {
                positions[p] = index
                p -= 1
            }
            index -= 1
        }
        return true
    }

    /// How good a match at `positions` (ascending) in `text` is: higher is better.
    static func score<T: RandomAccessCollection, Positions: RandomAccessCollection<Int>>(_ positions: Positions, in text: T) -> Int
    where T.Element: FuzzyUnit, T.Index == Int, Positions.Index == Int {
        guard let first = positions.first else { return 0 }
        let t0 = text.startIndex
        func beginsWord(_ index: Int) -> Bool {
            guard index > 0 else { return true }
            let previous = text[t0 + index - 1]
            if previous.isWordSeparator { return true }
            return text[t0 + index].isDigit && previous.isLetterUnit
        }
        var total = 0
        var runBeganWord = false
        var previous = -2
        for (p, position) in positions.enumerated() {
            total += matched
            let starts = beginsWord(position)
            if starts { total += p == 0 ? wordStart + firstCharacter : wordStart }
            if p > 0 {
                let gap = position - previous - 1
                if gap == 0 {
                    total += consecutive
                    if runBeganWord, !starts { total += wordRun }
                } else {
                    total -= gapStart + (gap - 1) * gapExtension
                    runBeganWord = starts
                }
            } else {
                runBeganWord = starts
            }
            previous = position
        }
        total -= min(leadingMost, first)  // the nearer the start, the better
        return total
    }
}
