/// Many texts kept for fuzzy matching (``FuzzyMatch``'s rules) at the cost of their bytes: one
/// buffer of their folded UTF-8 and where each ends, so a million file paths take about what
/// they weigh (an array of folded `Character`s took 16 bytes a character), and a filter over
/// them compares bytes.
///
/// ```swift
/// var index = FuzzyIndex(["Sources/App/main.swift", "README.md"])
/// index.append("Tests/AppTests/MainTests.swift")
/// let pattern = FuzzyPattern("main")
/// let best = index.ranked(pattern)          // [0, 2]: best first
/// let letters = index.match(pattern, at: 0)  // where, to highlight the row drawn
/// ```
///
/// Ranking scores a text without keeping where it matched (no allocation a text): only the
/// rows drawn ask for their positions. A text that is all ASCII is folded and matched as
/// bytes; one that is not keeps its folded characters apart, matched as `FuzzyMatch` does.
public struct FuzzyIndex: Sendable {
    /// The texts' UTF-8, ASCII capitals lowered; a text that is not ASCII adds nothing here.
    private var bytes: [UInt8] = []
    /// Where each text ends in ``bytes`` (its start is where the one before ends).
    private var ends: [Int] = []
    /// The folded characters of each text that is not all ASCII, by index.
    private var wide: [Int: [Character]] = [:]
    /// The most characters a text has: a longer pattern matches none.
    public private(set) var longest = 0

    /// An empty index.
    public init() {}

    /// The index of `texts`, in their order.
    public init(_ texts: some Sequence<String>) {
        for text in texts { append(text) }
    }

    /// How many texts it holds.
    public var count: Int { ends.count }

    /// Adds `text` at the end: its index is the count before.
    public mutating func append(_ text: String) {
        var text = text
        let ascii = text.withUTF8 { utf8 -> Bool in
            var any: UInt8 = 0
            for byte in utf8 { any |= byte }
            guard any < 0x80 else { return false }
            // Copied whole, then its capitals lowered in place.
            let start = bytes.count
            bytes.append(contentsOf: utf8)
            bytes.withUnsafeMutableBufferPointer { all in
                for offset in start..<all.count where all[offset] &- 0x41 < 26 { all[offset] |= 0x20 }
            }
            longest = max(longest, utf8.count)
            return true
        }
        if !ascii {
            let folded = FuzzyMatch.folded(text)
            wide[ends.count] = folded
            longest = max(longest, folded.count)
        }
        ends.append(bytes.count)
    }

    /// The match of `pattern` in text `index` with its positions (in characters), for
    /// highlighting; nil when it does not match.
    public func match(_ pattern: FuzzyPattern, at index: Int) -> FuzzyMatch? {
        if let folded = wide[index] { return FuzzyMatch(pattern: pattern.characters, text: folded) }
        guard let ascii = pattern.ascii else { return nil }
        let range = (index == 0 ? 0 : ends[index - 1])..<ends[index]
        var positions = [Int](repeating: 0, count: ascii.count)
        // Read in place: no copy of the text, however long.
        let score = bytes.withUnsafeBufferPointer { all -> Int? in
            let text = UnsafeBufferPointer(rebasing: all[range])
            let found = positions.withUnsafeMutableBufferPointer { FuzzyScoring.find(ascii, in: text, positions: $0) }
            guard found || ascii.isEmpty else { return nil }
            return ascii.isEmpty ? 0 : FuzzyScoring.score(positions, in: text)
        }
        guard let score else { return nil }
        return FuzzyMatch(score: score, positions: positions)
    }

    /// The indices `pattern` matches, best first (ties: the shorter text, then the earlier);
    /// among `candidates` only when given (a pattern that adds to one before matches only what
    /// that one matched). An empty pattern keeps them all in order.
    public func ranked(_ pattern: FuzzyPattern, among candidates: [Int]? = nil) -> [Int] {
        guard !pattern.characters.isEmpty else { return candidates ?? Array(0..<count) }
        return ranking(pattern, among: candidates).indices
    }

    /// The same as a ``FuzzyRanking``, which texts appended later merge into. An empty pattern
    /// ranks every text equal, in their order.
    public func ranking(_ pattern: FuzzyPattern, among candidates: [Int]? = nil) -> FuzzyRanking {
        guard pattern.characters.count <= longest else { return FuzzyRanking() }
        var ranking = FuzzyRanking()
        if let ascii = pattern.ascii {
            bytes.withUnsafeBufferPointer { all in
                ends.withUnsafeBufferPointer { ends in
                    withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, ascii.count)) { positions in
                        ascii.withUnsafeBufferPointer { pattern in
                            func visit(_ index: Int) {
                                guard wide.isEmpty || wide[index] == nil else { return }
                                let start = index == 0 ? 0 : ends[index - 1]
                                let end = ends[index]
                                guard end - start >= pattern.count else { return }
                                let text = UnsafeBufferPointer(rebasing: all[start..<end])
                                guard FuzzyScoring.find(pattern, in: text, positions: positions) else { return }
                                let score = pattern.isEmpty ? 0 : FuzzyScoring.score(UnsafeBufferPointer(positions), in: text)
                                ranking.add(index, score: score, length: end - start)
                            }
                            if let candidates { for index in candidates { visit(index) } } else { for index in 0..<ends.count { visit(index) } }
                        }
                    }
                }
            }
        }
        // The texts that are not ASCII, as FuzzyMatch matches them.
        if !wide.isEmpty {
            let wideIndices = candidates.map { $0.filter { wide[$0] != nil } } ?? wide.keys.sorted()
            for index in wideIndices {
                guard let folded = wide[index], let match = FuzzyMatch(pattern: pattern.characters, text: folded) else { continue }
                ranking.add(index, score: match.score, length: folded.count)
            }
        }
        ranking.sort()
        return ranking
    }
}

/// The texts a pattern matched, best first, as ``FuzzyIndex/ranking(_:among:)`` gives them:
/// another ranking of the same pattern (of texts added since) merges in, in one pass.
public struct FuzzyRanking: Sendable, Equatable {
    /// Each match as one number that sorts as the ranking does: its score (inverted, so that
    /// higher comes first; 20 bits), its text's length (12 bits: longer ones tie), its index.
    private var keys: [UInt64] = []

    /// No match.
    public init() {}

    /// How many texts matched.
    public var count: Int { keys.count }

    /// The matched texts' indices, best first.
    public var indices: [Int] { keys.map { Int($0 & 0xFFFF_FFFF) } }

    mutating func add(_ index: Int, score: Int, length: Int) {
        let bound = 1 << 19
        let clamped: Int = max(1 - bound, min(score, bound - 1))
        let inverted = UInt64(bound - clamped)
        let shortness = UInt64(min(length, 0xFFF))
        keys.append(inverted << 44 | shortness << 32 | UInt64(truncatingIfNeeded: index) & 0xFFFF_FFFF)
    }

    mutating func sort() { keys.sort() }

    /// This ranking and `other` (of other texts) as one, best first.
    public mutating func merge(_ other: FuzzyRanking) {
        guard !other.keys.isEmpty else { return }
        guard !keys.isEmpty else {
            keys = other.keys
            return
        }
        var merged: [UInt64] = []
        merged.reserveCapacity(keys.count + other.keys.count)
        var a = 0
        var b = 0
        while a < keys.count, b < other.keys.count {
            if keys[a] <= other.keys[b] {
                merged.append(keys[a])
                a += 1
            } else {
                merged.append(other.keys[b])
                b += 1
            }
        }
        merged += keys[a...]
        merged += other.keys[b...]
        keys = merged
    }
}

/// A filter as ``FuzzyIndex`` matches it: its folded characters, and its bytes when it is all
/// ASCII (else only texts beyond ASCII can match it).
public struct FuzzyPattern: Equatable, Sendable {
    /// The folded characters (``FuzzyMatch/folded(_:)``).
    public let characters: [Character]
    /// The same as bytes, when all are ASCII.
    let ascii: [UInt8]?

    /// The pattern `text` folds to.
    public init(_ text: String) {
        self.init(folded: FuzzyMatch.folded(text))
    }

    /// The pattern of characters already folded.
    public init(folded characters: [Character]) {
        self.characters = characters
        ascii = characters.allSatisfy(\.isASCII) ? characters.map { $0.asciiValue ?? 0 } : nil
    }

    /// The pattern with `character` (folded) added at its end.
    public func appending(_ character: Character) -> FuzzyPattern {
        FuzzyPattern(folded: characters + FuzzyMatch.folded(String(character)))
    }

    /// The pattern without its last character.
    public func droppingLast() -> FuzzyPattern {
        FuzzyPattern(folded: Array(characters.dropLast()))
    }
}
