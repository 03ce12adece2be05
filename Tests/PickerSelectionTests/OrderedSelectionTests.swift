import TestSupport
import Testing

@testable import PickerSelection

struct OrderedSelectionTests {
    // B4.1
    @Test("B4.1: selecting records the order; selecting again deselects")
    func toggleRecordsOrder() {
        var selection = OrderedSelection<String>()
        #expect(selection.toggle("a") == .selected(order: 1))
        #expect(selection.toggle("b") == .selected(order: 2))
        #expect(selection.toggle("c") == .selected(order: 3))
        #expect(selection.toggle("a") == .deselected)
        #expect(selection.items == ["b", "c"])
        #expect(selection.order(of: "b") == 1)
        #expect(selection.order(of: "c") == 2)
        #expect(selection.order(of: "a") == nil)
    }

    // B4.2
    @Test("B4.2: removing renumbers everything after it, with no gaps or duplicates")
    func removalRenumbers() {
        var selection = OrderedSelection([1, 2, 3, 4])
        let removed = selection.remove(2)
        #expect(removed)
        #expect(selection.items == [1, 3, 4])
        #expect(selection.items.map { selection.order(of: $0) } == [1, 2, 3])
        let missing = selection.remove(99)
        #expect(!missing)
    }

    @Test func theLimitIsKept() {
        var selection = OrderedSelection<Int>(limit: 2)
        selection.toggle(1)
        selection.toggle(2)
        #expect(selection.toggle(3) == .limitReached(2))
        #expect(selection.count == 2)
        selection.toggle(1)
        #expect(selection.toggle(3) == .selected(order: 2))
        #expect(OrderedSelection([1, 1, 2, 3], limit: 2).items == [1, 2], "restored without duplicates, within the limit")
    }

    // B4.1 B4.2
    @Test("B4.1, B4.2: random toggles and removals match a simple reference")
    func randomSequencesMatchAReference() {
        var generator = SeededGenerator()
        for _ in 0..<500 {
            let limit: Int? = Bool.random(using: &generator) ? Int.random(in: 1...8, using: &generator) : nil
            var selection = OrderedSelection<Int>(limit: limit)
            var reference: [Int] = []
            for _ in 0..<60 {
                let id = Int.random(in: 0..<12, using: &generator)
                if Bool.random(using: &generator) {
                    selection.toggle(id)
                    if let i = reference.firstIndex(of: id) {
                        reference.remove(at: i)
                    } else if limit.map({ reference.count < $0 }) ?? true {
                        reference.append(id)
                    }
                } else {
                    selection.remove(id)
                    reference.removeAll { $0 == id }
                }
                #expect(selection.items == reference, "seed \(generator.seed)")
                #expect(reference.enumerated().allSatisfy { selection.order(of: $0.element) == $0.offset + 1 }, "seed \(generator.seed)")
            }
        }
    }
}

struct SnapshotDiffTests {
    // B4.5
    @Test("B4.5: deletions, insertions and moves by stable identifier")
    func simpleDiff() throws {
        let diff = try SnapshotDiff.between(["a", "b", "c"], ["c", "a", "d"])
        #expect(diff.deletions == [1])
        #expect(diff.insertions == [2])
        #expect(diff.moves == [.init(from: 0, to: 1), .init(from: 2, to: 0)])
        #expect(diff.apply(to: ["a", "b", "c"]) { ["c", "a", "d"][$0] } == ["c", "a", "d"])
        #expect(try SnapshotDiff.between([1, 2, 3], [1, 2, 3]).isEmpty)
        #expect(try SnapshotDiff.between([Int](), [1]).insertions == [0])
        #expect(try SnapshotDiff.between([1, 2], [Int]()).deletions == [0, 1])
    }

    // B4.5
    @Test("B4.5: duplicate identifiers are refused with a clear error")
    func duplicatesAreRefused() {
        #expect(throws: DuplicateIdentifierError(identifier: 2, inNewSnapshot: true)) { try SnapshotDiff.between([1, 2], [2, 2]) }
        #expect(throws: DuplicateIdentifierError(identifier: 1, inNewSnapshot: false)) { try SnapshotDiff.between([1, 1], [1]) }
        #expect(DuplicateIdentifierError(identifier: 5, inNewSnapshot: true).description.contains("must be unique"))
    }

    // B4.5
    @Test("B4.5: applying the diff of random snapshot pairs gives the new snapshot")
    func randomPairsRoundTrip() throws {
        var generator = SeededGenerator()
        for _ in 0..<2000 {
            let old = Array((0..<30).shuffled(using: &generator).prefix(Int.random(in: 0...20, using: &generator)))
            let new = Array((0..<30).shuffled(using: &generator).prefix(Int.random(in: 0...20, using: &generator)))
            let diff = try SnapshotDiff.between(old, new)
            #expect(diff.apply(to: old) { new[$0] } == new, "\(old) → \(new), seed \(generator.seed)")
        }
    }
}
