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
}
