/// An ordered selection: selecting records the order; deselecting or
/// removing renumbers the rest with no gaps or duplicates; an optional limit.
///
/// ```swift
/// var selection = OrderedSelection<Int>(limit: 10)
/// selection.toggle(42)      // .selected(order: 1)
/// selection.toggle(7)       // .selected(order: 2)
/// selection.toggle(42)      // .deselected — 7 is now number 1
/// ```
public struct OrderedSelection<ID: Hashable & Sendable>: Equatable, Sendable {
    /// What a toggle did.
    public enum ToggleResult: Equatable, Sendable {
        /// Selected, with its 1-based order number.
        case selected(order: Int)
        /// Deselected; the rest were renumbered.
        case deselected
        /// Not selected: the limit is reached.
        case limitReached(Int)
    }

    /// The selected identifiers, in selection order.
    public private(set) var items: [ID]
    /// The most that may be selected; nil for no limit.
    public let limit: Int?
    private var positions: [ID: Int]

    /// An empty selection, or one restored from `items` (duplicates dropped).
    public init(_ items: [ID] = [], limit: Int? = nil) {
        var unique: [ID] = []
        var seen = Set<ID>()
        for id in items where seen.insert(id).inserted { unique.append(id) }
        self.limit = limit.map { max(1, $0) }
        self.items = self.limit.map { Array(unique.prefix($0)) } ?? unique
        positions = [:]
        reindex()
    }

    private mutating func reindex() {
        positions = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($0.element, $0.offset) })
    }

    /// The 1-based order number of `id`, or nil when it is not selected.
    public func order(of id: ID) -> Int? { positions[id].map { $0 + 1 } }

    /// Whether `id` is selected.
    public func contains(_ id: ID) -> Bool { positions[id] != nil }

    /// The number selected.
    public var count: Int { items.count }
    /// Whether nothing is selected.
    public var isEmpty: Bool { items.isEmpty }

    /// Selects `id` (at the end) or, when selected, deselects it.
    @discardableResult
    public mutating func toggle(_ id: ID) -> ToggleResult {
        if contains(id) {
            remove(id)
            return .deselected
        }
        if let limit, items.count >= limit { return .limitReached(limit) }
        positions[id] = items.count
        items.append(id)
        return .selected(order: items.count)
    }

    /// Removes `id`; the later ones move up a number. Returns whether it was selected.
    @discardableResult
    public mutating func remove(_ id: ID) -> Bool {
        guard let index = positions[id] else { return false }
        items.remove(at: index)
        positions[id] = nil
        for i in index..<items.count { positions[items[i]] = i }
        return true
    }

    /// Deselects everything.
    public mutating func removeAll() {
        items.removeAll()
        positions.removeAll()
    }

    /// Equal when the same identifiers are chosen in the same order.
    public static func == (a: Self, b: Self) -> Bool { a.items == b.items && a.limit == b.limit }
}
