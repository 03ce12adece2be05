import TestSupport
import Testing
import Widgets

/// A list of an app's own items: rows written by the app, a selection the keys and the
/// mouse move.
@MainActor
struct TypedListViewTests {
    struct Song: Equatable {
        let title: String
        let seconds: Int
    }

    static let songs = (1...20).map { Song(title: "Song \($0)", seconds: 60 + $0) }

    func render(_ view: some View, _ size: Size = Size(width: 24, height: 5)) -> Canvas { rendered(view, size: size) }

    @Test func itemsAreWrittenByTheAppAndTheSelectionMovesWithTheKeysAndStaysInView() {
        let list = ListView(items: Self.songs, selects: true) { "\($0.title) (\($0.seconds) s)" }
        var played: [Song] = []
        list.onActivate = { played.append($0) }
        #expect(render(list).lines.first?.hasPrefix("Song 1 (61 s)") == true)
        #expect(list.selectedItem == Self.songs[0], "the first item is selected")
        for _ in 0..<6 { _ = list.handle(.key(.down)) }
        #expect(list.selectedIndex == 6)
        let canvas = render(list)
        #expect(list.offset == 2, "scrolled so that the selection is the last row in view")
        #expect(canvas.lines.last?.hasPrefix("Song 7 (67 s)") == true)
        #expect(canvas[0, 4].style.attributes.contains(.reverse), "the selection is drawn reversed")
        _ = list.handle(.key(.enter))
        #expect(played == [Self.songs[6]])
        _ = list.handle(.key(.end))
        #expect(list.selectedIndex == 19)
        // A click selects a row; a click on the selected row activates it.
        _ = render(list)
        _ = list.handle(.mouse(MouseEvent(.press, button: .left, at: Point(x: 3, y: 1))))
        #expect(list.selectedIndex == list.offset + 1)
        _ = list.handle(.mouse(MouseEvent(.press, button: .left, at: Point(x: 3, y: 1))))
        #expect(played.count == 2)
        list.items = Array(Self.songs.prefix(3))
        #expect(list.selectedIndex == 2, "kept within the new items")
    }

    @Test func aListWithoutSelectionScrollsAsBefore() {
        let list = ListView(rows: (1...30).map { "Row \($0)" })
        _ = render(list)
        _ = list.handle(.key(.down))
        #expect(list.offset == 1 && list.selectedIndex == nil)
    }
}

/// The list on its own.
@MainActor
struct ListViewTests {
    @Test func scrollsByKeysPagesAndWheel() {
        let list = ListView(rows: (1...30).map { "Row \($0)" })
        var canvas = Canvas(size: Size(width: 12, height: 10))
        list.render(in: canvas.bounds, on: &canvas)
        #expect(list.isAtTop)
        #expect(canvas.lines[0] == "Row 1      ┃")
        _ = list.handle(.key(.down))
        #expect(list.offset == 1)
        _ = list.handle(.key(.pageDown))
        #expect(list.offset == 10)
        _ = list.handle(.key(.end))
        #expect(list.offset == 20)
        _ = list.handle(.mouse(MouseEvent(.wheelUp, button: .none, at: .zero)))
        #expect(list.offset == 17)
        _ = list.handle(.key(.home))
        #expect(list.isAtTop)
        #expect(list.handle(.key(.character("x"))) == .ignored)
    }
}

/// Rows that know their index, whether they are selected and whether the list has focus;
/// a title above them.
@MainActor
struct ListViewRowStateTests {
    @Test func aRowDrawsItsOwnCursorAndColourWithNothingDrawnOverTheList() {
        var told: [ListView<String>.RowState] = []
        let list = ListView(items: ["Buy milk", "Write tests", "Ship"], selects: true) { item, row in
            told.append(row)
            return ListView<String>.Row(row.isSelected ? "> \(item)" : "  \(item)", style: row.isSelected ? Style(foreground: .magenta) : nil)
        }
        _ = list.handle(.key(.down))
        let canvas = rendered(list, size: Size(width: 16, height: 3))
        #expect(canvas.lines == ["  Buy milk      ", "> Write tests   ", "  Ship          "])
        #expect(canvas[0, 1].style.foreground == .magenta, "the row's own style")
        #expect(!canvas[0, 1].style.attributes.contains(.reverse), "not reversed over it")
        #expect(told.map(\.index) == [0, 1, 2] && told.map(\.isSelected) == [false, true, false])
    }

    @Test func anUnfocusedListIgnoresKeysAndDoesNotReverseItsSelection() {
        let list = ListView(items: ["a", "b"], selects: true) { $0 }
        list.isFocused = false
        #expect(list.handle(.key(.down)) == .ignored)
        #expect(list.selectedIndex == 0)
        let canvas = rendered(list, size: Size(width: 4, height: 2))
        #expect(!canvas[0, 0].style.attributes.contains(.reverse))
        list.isFocused = true
        #expect(rendered(list, size: Size(width: 4, height: 2))[0, 0].style.attributes.contains(.reverse))
    }

    @Test func aTitleTakesTheFirstRowAndClicksStillLandOnTheirItem() {
        let list = ListView(items: (1...10).map { "Item \($0)" }, selects: true) { $0 }
        list.title = "Groceries"
        let canvas = rendered(list, size: Size(width: 12, height: 4))
        #expect(canvas.lines[0].hasPrefix("Groceries") && canvas[0, 0].style.attributes.contains(.bold))
        #expect(canvas.lines[1].hasPrefix("Item 1") && canvas.lines[3].hasPrefix("Item 3"))
        _ = list.handle(.mouse(MouseEvent(.press, button: .left, at: Point(x: 2, y: 2))))
        #expect(list.selectedItem == "Item 2")
        _ = list.handle(.key(.pageDown))
        #expect(list.selectedIndex == 3, "a page is the three rows under the title, less one")
    }
}

/// A filter, as one types a search: only the rows that contain it, the selection among them.
@MainActor
struct ListViewFilterTests {
    @Test func aFilterShowsTheMatchingRowsAndTheSelectionMovesAmongThem() {
        let fruit = ["Apple", "Banana", "Cherry", "Pineapple", "Grape", "Apricot"]
        var chosen: [String] = []
        let list = ListView(items: fruit, selects: true) { $0 }
        list.onActivate = { chosen.append($0) }
        _ = list.handle(.key(.down))
        #expect(list.selectedItem == "Banana")
        list.filter = "AP"
        #expect(list.shownIndices == [0, 3, 4, 5], "ignoring case")
        #expect(list.selectedItem == "Apple", "Banana is filtered out: the first shown")
        #expect(rendered(list, size: Size(width: 10, height: 4)).lines == ["Apple     ", "Pineapple ", "Grape     ", "Apricot   "])
        _ = list.handle(.key(.down))
        #expect(list.selectedItem == "Pineapple", "the next shown, not the next item")
        _ = list.handle(.key(.end))
        _ = list.handle(.key(.enter))
        #expect(chosen == ["Apricot"])
        _ = list.handle(.mouse(MouseEvent(.press, button: .left, at: Point(x: 1, y: 2))))
        #expect(list.selectedItem == "Grape", "a click lands on the row shown there")
        list.filter = "zzz"
        #expect(list.shownIndices.isEmpty && list.selectedItem == nil)
        list.filter = ""
        #expect(list.shownIndices.count == 6 && list.selectedItem == "Apple")
    }
}

/// A list moved through a page at a time, the page shown on its last row.
@MainActor
struct PagedListViewTests {
    @Test func pagesTurnWithTheKeysAndTheDotsSayWhichPage() {
        let list = ListView(rows: (1...10).map { "Item \($0)" })
        list.paging = .pages
        let pilot = Pilot(list, size: Size(width: 20, height: 5))
        #expect(pilot.trimmedLines == ["Item 1", "Item 2", "Item 3", "Item 4", "● ○ ○"], "four rows a page, the fifth for the page")
        pilot.press(.right)
        #expect(list.page == 1 && pilot.trimmedLines == ["Item 5", "Item 6", "Item 7", "Item 8", "○ ● ○"])
        pilot.press(.pageDown, .right)
        #expect(list.page == 2 && pilot.trimmedLines == ["Item 9", "Item 10", "", "", "○ ○ ●"], "the last page, as far as it goes")
        pilot.press(.left, .home)
        #expect(list.page == 0 && list.pageCount == 3)
    }

    @Test func aSelectionMovingOffItsPageTurnsThePageAndANarrowListCountsPages() {
        let list = ListView(items: (1...30).map { "Item \($0)" }, selects: true) { $0 }
        list.paging = .pages
        let pilot = Pilot(list, size: Size(width: 4, height: 4))
        pilot.press(.down, .down, .down)
        #expect(list.selectedIndex == 3 && list.page == 1 && pilot.trimmedLines.last == "2/10", "ten dots do not fit in 4 columns")
        pilot.press(.right)
        #expect(list.selectedIndex == 6 && list.page == 2)
        list.filter = "Item 1"  // 1, 10…19: 11 rows, 4 pages
        #expect(list.pageCount == 4)
    }
}

/// What a list can leave out, and rows of several styles.
@MainActor
struct ListViewLookTests {
    @Test func theScrollBarCanBeTurnedOffAndRowsCarryStyledRuns() {
        let list = ListView(items: Array(1...20), selects: true) { number, _ in
            ListView<Int>.Row(StyledText("row ") + StyledText("\(number)", style: Style(attributes: .underline)))
        }
        let withBar = rendered(list, size: Size(width: 12, height: 3))
        #expect(withBar[11, 0].character == "┃", "a bar by default")
        list.showsScrollBar = false
        let without = rendered(list, size: Size(width: 12, height: 3))
        #expect(without.lines.map { $0.trimmingCharacters(in: .whitespaces) } == ["row 1", "row 2", "row 3"] && without[11, 0].character == " ")
        #expect(without[4, 0].style.attributes == [.underline, .reverse], "the run's underline over the selected row's reverse")
        #expect(without[0, 0].style.attributes == [.reverse] && !without[4, 1].style.attributes.contains(.reverse))
    }
}
