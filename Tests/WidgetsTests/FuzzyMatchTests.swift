import TestSupport
import Testing
import Widgets

/// The filter's matching: letters in order, ranked, with their places.
struct FuzzyMatchTests {
    @Test func theLettersInOrderMatchNotNecessarilyTogetherIgnoringCase() throws {
        let match = try #require(FuzzyMatch("bry", in: "BlueBerry"))
        #expect(match.positions == [4, 7, 8], "the shortest stretch that holds them: b of Berry, then r and y together")
        #expect(FuzzyMatch("yrb", in: "blueberry") == nil, "out of order")
        #expect(FuzzyMatch("bbb", in: "blueberry") == nil, "more than there are")
        #expect(FuzzyMatch("", in: "anything")?.positions == [], "an empty pattern matches all")
        #expect(FuzzyMatch("é", in: "CAFÉ")?.positions == [3], "beyond ASCII too")
    }

    @Test func togetherAtAWordsStartRanksFirstThenTheShorterThenTheEarlier() {
        let texts = ["grape", "apple", "papaya", "pineapple", "map", "a-p"]
        let ranked = FuzzyMatch.ranked("ap", in: texts).map { texts[$0.index] }
        #expect(ranked.first == "apple", "together, at the start: \(ranked)")
        #expect(ranked[1] == "a-p", "each letter at a word's start (after a -) outweighs one gap: \(ranked)")
        #expect(ranked.last == "pineapple", "the latest start, the longest text: \(ranked)")
        #expect(Set(ranked) == Set(texts), "all hold a…p")
        let files = ["Sources/App/main.swift", "Tests/AppTests/MainTests.swift", "README.md", "Makefile"]
        #expect(FuzzyMatch.ranked("main", in: files).map { files[$0.index] } == ["Sources/App/main.swift", "Tests/AppTests/MainTests.swift"])
        #expect(FuzzyMatch.ranked("", in: files).map(\.index) == [0, 1, 2, 3], "nothing typed: every text in its order")
    }

    @Test func aLongTextIsMatchedInOnePassAndAHugeListRanks() {
        let long = String(repeating: "a", count: 100_000) + "z"
        #expect(FuzzyMatch("az", in: long)?.positions == [99_999, 100_000])
        let many = (0..<20_000).map { "item-\($0)" }
        let ranked = FuzzyMatch.ranked("9999", in: many)
        #expect(ranked.first.map { many[$0.index] } == "item-9999" && ranked.count > 1)
    }

    @Test func aRunThatBeginsAWordOutranksTheSameLettersInPieces() {
        let paths = ["/usr/lib/python3.11/io.py", "/usr/lib/x86_64-linux-gnu/libpython3.11.so"]
        #expect(FuzzyMatch.ranked("libpy", in: paths).map(\.index) == [1, 0], "libpy whole after a / first, as fzf")
        #expect(FuzzyIndex(paths).ranked(FuzzyPattern("libpy")) == [1, 0])
    }

    @Test func anIndexRanksAsTheMatchesDoAndGivesTheirPlaces() throws {
        var random = SeededGenerator()
        let letters = Array("abcAB/-_. é1Ü")
        let texts = (0..<400).map { _ in String((0..<Int.random(in: 0...14, using: &random)).map { _ in letters.randomElement(using: &random)! }) }
        var index = FuzzyIndex()
        for text in texts { index.append(text) }
        #expect(index.count == texts.count)
        #expect(index.longest == texts.map(\.count).max())
        for filter in ["a", "ab", "b/a", "é", "Ü1", "aé", "", "abcabcabcabcabcx", "1"] {
            let pattern = FuzzyPattern(filter)
            let expected = FuzzyMatch.ranked(filter, in: texts)
            #expect(index.ranked(pattern) == expected.map(\.index), "\(filter)")
            for (i, match) in expected.prefix(20) { #expect(index.match(pattern, at: i) == match, "\(filter) in \(texts[i])") }
            // Among the texts a shorter pattern matched: the same.
            let among = Array(stride(from: 0, to: texts.count, by: 3))
            #expect(index.ranked(pattern, among: among) == expected.map(\.index).filter { $0 % 3 == 0 }, "\(filter) among")
        }
        #expect(index.match(FuzzyPattern("zz"), at: 0) == nil)
        // Texts that come later, ranked apart and merged in: as if ranked together.
        var growing = FuzzyIndex(texts.prefix(250))
        let pattern = FuzzyPattern("ab")
        var ranking = growing.ranking(pattern)
        for text in texts.dropFirst(250) { growing.append(text) }
        ranking.merge(growing.ranking(pattern, among: Array(250..<texts.count)))
        #expect(ranking.indices == index.ranked(pattern))
    }
}
