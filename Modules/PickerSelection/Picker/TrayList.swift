/// The tray's items. Each new snapshot from ``PickerTimeline`` is applied as a
/// ``SnapshotDiff`` — deletions, insertions and moves by identifier — and the one row the
/// tray has room for scrolls so that the item inserted last is in view.
///
/// ```swift
/// var tray = TrayList()
/// tray.update(to: [7, 3], visibleCount: 10)   // 7 and 3 inserted
/// tray.update(to: [3], visibleCount: 10)      // 7 deleted
/// ```
package struct TrayList: Equatable, Sendable {
    /// The identifiers in the tray, in order.
    package private(set) var items: [Int] = []
    /// The index of the first item in view.
    package private(set) var firstVisible = 0
    /// The diff that made the current items from the previous ones.
    package private(set) var lastChange = SnapshotDiff(deletions: [], insertions: [], moves: [])

    /// An empty tray.
    package init() {}

    /// Moves the tray to `snapshot` through a diff from its current items, then scrolls so
    /// that the last inserted item is among the `visibleCount` in view.
    package mutating func update(to snapshot: [Int], visibleCount: Int) {
        guard snapshot != items else {
            // The same items in a row of another width: keep the newest insertion in view.
            if visibleCount != self.visibleCount { placeAfterChange(visibleCount: visibleCount) }
            return
        }
        // Selections hold each identifier once, so the diff exists and replays to `snapshot`.
        if let diff = try? SnapshotDiff.between(items, snapshot),
            let applied = diff.apply(to: items, inserted: { snapshot[$0] }), applied == snapshot
        {
            items = applied
            lastChange = diff
        } else {
            items = snapshot
            lastChange = SnapshotDiff(deletions: [], insertions: Array(snapshot.indices), moves: [])
        }
        placeAfterChange(visibleCount: visibleCount)
    }

    /// The row's width (in items) the last placement used.
    package private(set) var visibleCount = 0

    private mutating func placeAfterChange(visibleCount: Int) {
        self.visibleCount = visibleCount
        if let inserted = lastChange.insertions.last, inserted < items.count {
            reveal(inserted, visibleCount: visibleCount)
        } else {
            clamp(visibleCount: visibleCount)
        }
    }

    /// Scrolls as little as needed for item `index` to be in view.
    package mutating func reveal(_ index: Int, visibleCount: Int) {
        let count = max(1, visibleCount)
        if index < firstVisible { firstVisible = index }
        if index >= firstVisible + count { firstVisible = index - count + 1 }
        clamp(visibleCount: count)
    }

    private mutating func clamp(visibleCount: Int) {
        firstVisible = min(max(0, firstVisible), max(0, items.count - max(1, visibleCount)))
    }
}
