/// Snapshot identifiers were not unique.
public struct DuplicateIdentifierError<ID: Hashable & Sendable>: Error, Equatable, Sendable, CustomStringConvertible {
    /// The repeated identifier.
    public let identifier: ID
    /// Whether it was repeated in the old or the new snapshot.
    public let inNewSnapshot: Bool

    public var description: String {
        "the identifier \(identifier) appears twice in the \(inNewSnapshot ? "new" : "old") snapshot; snapshot identifiers must be unique"
    }
}

/// The changes from one snapshot of unique identifiers to another, as a collection view
/// applies them (B4.5): deletions and move sources are indices in the old snapshot,
/// insertions and move destinations indices in the new one.
///
/// Computed in linear time in the way of Heckel's algorithm: identifiers are matched through
/// hash tables, and a matched item is a move only when the deletions and insertions before
/// it do not account for its change of position.
///
/// ```swift
/// let diff = try SnapshotDiff.between(["a", "b", "c"], ["c", "a", "d"])
/// // deletions [1], insertions [2], moves [(from: 2, to: 0)]
/// ```
public struct SnapshotDiff: Equatable, Sendable {
    /// A move of one item.
    public struct Move: Equatable, Sendable {
        /// Its index in the old snapshot.
        public let from: Int
        /// Its index in the new snapshot.
        public let to: Int
    }

    /// Indices in the old snapshot of removed items, ascending.
    public private(set) var deletions: [Int] = []
    /// Indices in the new snapshot of added items, ascending.
    public private(set) var insertions: [Int] = []
    /// Items that changed place, by old index.
    public private(set) var moves: [Move] = []

    /// Whether nothing changed.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty }

    /// The diff from `old` to `new`; throws when either has a repeated identifier.
    public static func between<ID: Hashable & Sendable>(_ old: [ID], _ new: [ID]) throws(DuplicateIdentifierError<ID>) -> SnapshotDiff {
        var newIndex = [ID: Int](minimumCapacity: new.count)
        for (j, id) in new.enumerated() {
            guard newIndex.updateValue(j, forKey: id) == nil else { throw DuplicateIdentifierError(identifier: id, inNewSnapshot: true) }
        }
        var oldIndex = [ID: Int](minimumCapacity: old.count)
        for (i, id) in old.enumerated() {
            guard oldIndex.updateValue(i, forKey: id) == nil else { throw DuplicateIdentifierError(identifier: id, inNewSnapshot: false) }
        }
        var diff = SnapshotDiff()
        // Deletions before each old index, insertions before each new index.
        var deletedBefore = [Int](repeating: 0, count: old.count + 1)
        for (i, id) in old.enumerated() {
            let deleted = newIndex[id] == nil
            if deleted { diff.deletions.append(i) }
            deletedBefore[i + 1] = deletedBefore[i] + (deleted ? 1 : 0)
        }
        var insertedBefore = [Int](repeating: 0, count: new.count + 1)
        for (j, id) in new.enumerated() {
            let inserted = oldIndex[id] == nil
            if inserted { diff.insertions.append(j) }
            insertedBefore[j + 1] = insertedBefore[j] + (inserted ? 1 : 0)
        }
        for (i, id) in old.enumerated() {
            guard let j = newIndex[id] else { continue }
            if i - deletedBefore[i] != j - insertedBefore[j] { diff.moves.append(Move(from: i, to: j)) }
        }
        return diff
    }

    /// Applies the diff to `old` as a collection view would: removes the deletions and the
    /// move sources, then puts moved and inserted items at their new indices in ascending
    /// order; `inserted(j)` gives the item inserted at new index `j`. Nil when the diff does
    /// not fit `old`.
    public func apply<ID>(to old: [ID], inserted: (Int) -> ID) -> [ID]? {
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
