import Testing

@testable import PickerSelection

struct TrayListTests {
    // B4.5
    @Test("B4.5: the tray moves to each snapshot by a diff of insertions, deletions and moves")
    func snapshotsArriveAsDiffs() {
        var tray = TrayList()
        tray.update(to: [7, 3, 9], visibleCount: 10)
        #expect(tray.items == [7, 3, 9])
        #expect(tray.lastChange.insertions == [0, 1, 2])
        tray.update(to: [3, 9], visibleCount: 10)
        #expect(tray.items == [3, 9])
        #expect(tray.lastChange.deletions == [0])
        #expect(tray.lastChange.insertions.isEmpty && tray.lastChange.moves.isEmpty)
        tray.update(to: [9, 3, 4], visibleCount: 10)
        #expect(tray.items == [9, 3, 4])
        #expect(tray.lastChange.insertions == [2])
        #expect(!tray.lastChange.moves.isEmpty)
        let before = tray
        tray.update(to: [9, 3, 4], visibleCount: 10)
        #expect(tray == before, "the same snapshot changes nothing")
    }

    // B4.5
    @Test("B4.5: the row scrolls so that the item inserted last is in view, and back when items go")
    func theLastInsertionIsInView() {
        var tray = TrayList()
        tray.update(to: Array(1...5), visibleCount: 3)
        #expect(tray.firstVisible == 2, "items 3, 4, 5 in view")
        tray.update(to: [1, 99, 2, 3, 4, 5], visibleCount: 3)
        #expect(tray.firstVisible == 1, "the inserted 99 (index 1) is in view")
        tray.update(to: [1, 99], visibleCount: 3)
        #expect(tray.firstVisible == 0, "no scrolling past the end")
        tray.update(to: Array(1...8), visibleCount: 3)
        tray.reveal(0, visibleCount: 3)
        #expect(tray.firstVisible == 0)
        tray.reveal(7, visibleCount: 3)
        #expect(tray.firstVisible == 5)
    }
}
