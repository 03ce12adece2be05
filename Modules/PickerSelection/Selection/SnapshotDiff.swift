/// Snapshot identifiers were not unique.
package struct DuplicateIdentifierError<ID: Hashable & Sendable>: Error, Equatable, Sendable, CustomStringConvertible {
    /// The repeated identifier.
    package let identifier: ID
    /// Whether it was repeated in the old or the new snapshot.
    package let inNewSnapshot: Bool

    /// Creates the error.
    @usableFromInline
    init(identifier: ID, inNewSnapshot: Bool) {
        self.identifier = identifier
        self.inNewSnapshot = inNewSnapshot
    }

    /// Which identifier appears twice.
    package var description: String {
        "the identifier \(identifier) appears twice in the \(inNewSnapshot ? "new" : "old") snapshot; snapshot identifiers must be unique"
    }
}

/// The changes from one snapshot of unique identifiers to another, as a collection view
/// applies them: deletions and move sources are indices in the old snapshot,
/// insertions and move destinations indices in the new one.
///
/// Computed in linear time in the way of Heckel's algorithm: identifiers are matched through
/// hash tables, and a matched item is a move only when the deletions and insertions before
/// it do not account for its change of position.
///
/// ```swift
/// let diff = try SnapshotDiff.between(["a", "b", "c"], ["c", "a", "d"])
/// // deletions [1], insertions [2], moves [(from: 0, to: 1), (from: 2, to: 0)]
/// ```
package struct SnapshotDiff: Equatable, Sendable {
    /// A move of one item.
    package struct Move: Equatable, Sendable {
        /// Its index in the old snapshot.
        package let from: Int
        /// Its index in the new snapshot.
        package let to: Int

        /// Creates a move.
        @usableFromInline
        init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Indices in the old snapshot of removed items, ascending.
    package let deletions: [Int]
    /// Indices in the new snapshot of added items, ascending.
    package let insertions: [Int]
    /// Items that changed place, by old index.
    package let moves: [Move]

    @usableFromInline
    init(deletions: [Int], insertions: [Int], moves: [Move]) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
    }

    /// Whether nothing changed.
    package var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty }

    /// The diff from `old` to `new`; throws when either has a repeated identifier.
    /// (Inlinable, so that callers get it specialized for their identifier type.)
    @inlinable
    package static func between<ID: Hashable & Sendable>(_ old: [ID], _ new: [ID]) throws(DuplicateIdentifierError<ID>) -> SnapshotDiff {
        var newIndex = [ID: Int](minimumCapacity: new.count)
        for (j, id) in new.enumerated() {
            guard newIndex.updateValue(j, forKey: id) == nil else { throw DuplicateIdentifierError(identifier: id, inNewSnapshot: true) }
        }
        var oldIndex = [ID: Int](minimumCapacity: old.count)
        // Where each old item went (-1: deleted), found while indexing the old snapshot.
        var target = [Int](repeating: -1, count: old.count)
        for (i, id) in old.enumerated() {
            guard oldIndex.updateValue(i, forKey: id) == nil else { throw DuplicateIdentifierError(identifier: id, inNewSnapshot: false) }
            target[i] = newIndex[id] ?? -1
        }
        var deletions: [Int] = []
        var insertions: [Int] = []
        var moves: [Move] = []
        // Deletions before each old index, insertions before each new index.
        var deletedBefore = [Int](repeating: 0, count: old.count + 1)
        for i in 0..<old.count {
            let deleted = target[i] < 0
            if deleted { deletions.append(i) }
            deletedBefore[i + 1] = deletedBefore[i] + (deleted ? 1 : 0)
        }
        var isKept = [Bool](repeating: false, count: new.count)
        for j in target where j >= 0 { isKept[j] = true }
        var insertedBefore = [Int](repeating: 0, count: new.count + 1)
        for j in 0..<new.count {
            if !isKept[j] { insertions.append(j) }
            insertedBefore[j + 1] = insertedBefore[j] + (isKept[j] ? 0 : 1)
        }
        for i in 0..<old.count {
            let j = target[i]
            if j >= 0, i - deletedBefore[i] != j - insertedBefore[j] { moves.append(Move(from: i, to: j)) }
        }
        return SnapshotDiff(deletions: deletions, insertions: insertions, moves: moves)
    }

    /// Applies the diff to `old` as a collection view would: removes the deletions and the
    /// move sources, then puts moved and inserted items at their new indices in ascending
    /// order; `inserted(j)` gives the item inserted at new index `j`. Nil when the diff does
    /// not fit `old`.
    package func apply<ID>(to old: [ID], inserted: (Int) -> ID) -> [ID]? {
        var removed = Set(deletions)
        for move in moves { removed.insert(move.from) }
        guard removed.allSatisfy({ $0 >= 0 && $0 < old.count }) else { return nil }
        var result = old.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        var placements: [(Int, ID)] = insertions.map { ($0, inserted($0)) }
        placements += moves.map { ($0.to, old[$0.from]) }
        for (index, item) in placements.sorted(by: { $0.0 < $1.0 }) {
            guard index <= result.count else { return nil }
            result.insert(item, at: index)
        }
        return result
    }
}
