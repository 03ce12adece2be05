import Foundation
import IndicatorKit
import SQLiteStore
import TUITesting
import TestSupport
import Testing

@testable import PickerSelection

@MainActor
struct PickerViewTests {
    func makeLibrary() throws -> PhotoLibrary {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("picker-\(UUID().uuidString).sqlite").path
        let library = try PhotoLibrary(path: path)
        try library.fillWithSampleIfEmpty()
        return library
    }

    /// A picker on a fresh sample library, shown and past its 0.2 s reveal.
    func shownPicker() throws -> (PickerView, VirtualScheduler) {
        let clock = VirtualScheduler()
        let picker = PickerView(store: try makeLibrary(), clock: clock)
        picker.appear()
        clock.advance(by: .milliseconds(300))
        _ = render(picker)
        return (picker, clock)
    }

    func render(_ picker: PickerView) -> [String] { rendered(picker, size: Size(width: 100, height: 30)).lines }

    // B4.8
    @Test("B4.8: confirming returns the chosen images in selection order; cancelling returns nothing")
    func confirmAndCancel() throws {
        let library = try makeLibrary()
        let picker = PickerView(store: library, clock: VirtualScheduler())
        _ = render(picker)
        var result: [Photo]?? = .none
        picker.onFinish = { result = .some($0) }
        for key in [Key.right, .right, .enter, .left, .left, .enter] { _ = picker.handle(.key(key)) }
        _ = picker.handle(.key(.character("c")))
        #expect(result??.map(\.id) == [3, 1])
        let second = PickerView(store: library, clock: VirtualScheduler())
        var cancelled: [Photo]?? = .none
        second.onFinish = { cancelled = .some($0) }
        #expect(second.selection.items == [3, 1], "the saved selection comes back")
        _ = render(second)
        for key in [Key.right, .enter] { _ = second.handle(.key(key)) }  // changed, then cancelled
        #expect(second.selection.items == [3, 1, 2])
        _ = second.handle(.key(.escape))
        #expect(cancelled == .some(nil))
        #expect(try library.savedSelection() == [3, 1], "cancel keeps the selection the picker opened with")
    }

    @Test func nothingOfAFinishedPickerRunsAfterIt() throws {
        let (picker, clock) = try shownPicker()
        for key in [Key.enter, .right, .enter] { _ = picker.handle(.key(key)) }  // the tray slides up
        #expect(!clock.pendingWork.isEmpty, "its movements are timed")
        _ = picker.handle(.key(.character("c")))
        #expect(clock.pendingWork.isEmpty, "\(clock.pendingWork)")
    }

    @Test func aPickerMayStartEmptyAndItsCancelLeavesTheSavedSelection() throws {
        let library = try makeLibrary()
        try library.saveSelection([3, 1])
        let picker = PickerView(store: library, clock: VirtualScheduler(), startsEmpty: true)
        _ = render(picker)
        #expect(picker.selection.items.isEmpty, "nothing chosen at first")
        for key in [Key.right, .enter] { _ = picker.handle(.key(key)) }
        #expect(try library.savedSelection() == [2], "saved as it changes")
        _ = picker.handle(.key(.escape))
        #expect(try library.savedSelection() == [3, 1], "cancel puts back what was saved before")
    }

    @Test("Two pickers on one library: a confirmed selection stays on disk, whatever the other does")
    func twoPickersNeverUndoEachOthersConfirmedChoice() throws {
        let library = try makeLibrary()
        let other = try PhotoLibrary(path: library.database.path)  // another program's connection
        let a = PickerView(store: library, clock: VirtualScheduler())
        let b = PickerView(store: other, clock: VirtualScheduler())
        _ = render(a)
        _ = render(b)
        // A selects five and confirms.
        for _ in 0..<5 {
            _ = a.handle(.key(.enter))
            _ = a.handle(.key(.right))
        }
        _ = a.handle(.key(.character("c")))
        #expect(try library.savedSelection() == [1, 2, 3, 4, 5])
        // B, opened before, selects five and cancels: A's choice is still on disk, and B was told.
        _ = b.handle(.key(.down))
        for _ in 0..<5 {
            _ = b.handle(.key(.enter))
            _ = b.handle(.key(.right))
        }
        expectSnapshot(render(b), "told-another-program-saved")
        _ = b.handle(.key(.escape))
        #expect(try library.savedSelection() == [1, 2, 3, 4, 5], "B's cancel put back nothing over A's confirmed choice")
        // The other order: B' selects, A' confirms, B' cancels.
        let a2 = PickerView(store: library, clock: VirtualScheduler())
        let b2 = PickerView(store: other, clock: VirtualScheduler())
        _ = render(a2)
        _ = render(b2)
        for _ in 0..<2 { _ = b2.handle(.key(.down)) }
        _ = b2.handle(.key(.enter))
        _ = a2.handle(.key(.left))
        for _ in 0..<5 { _ = a2.handle(.key(.right)) }
        _ = a2.handle(.key(.enter))
        expectSnapshot(render(a2), "told-another-program-saved-first")
        _ = a2.handle(.key(.character("c")))
        let confirmed = try library.savedSelection()
        #expect(confirmed == a2.selection.items, "Done saves what was confirmed")
        _ = b2.handle(.key(.escape))
        #expect(try library.savedSelection() == confirmed)
    }

    @Test func thumbnailsAreDrawnWithTheSymbolSetInForce() throws {
        let (picker, _) = try shownPicker()
        func glyphs() -> Set<Character> { Set(render(picker).joined()) }
        let sextants = Set((0x1FB00...0x1FB3B).map { Character(Unicode.Scalar($0)!) })
        #expect(glyphs().isDisjoint(with: sextants), "half blocks by default")
        picker.imageStyle.symbols = .sextant
        #expect(!glyphs().isDisjoint(with: sextants), "the sample's shapes, from 64-pixel thumbnails, take sextants' edges")
        picker.imageStyle.symbols = .braille
        #expect(glyphs().contains { (0x2801...0x28FF).contains($0.unicodeScalars.first!.value) })
    }

    @Test func theFocusFrameOfTheGridsFirstRowShowsWholeBelowTheTitle() throws {
        let (picker, _) = try shownPicker()
        expectSnapshot(render(picker), "focus-frame-below-title")  // its top edge on row 1, the thumbnails below it
        _ = picker.handle(.mouse(MouseEvent(.press, at: Point(x: 20, y: 1))))  // the frame's row is not a thumbnail
        #expect(picker.selection.isEmpty)
    }

    @Test func theAlbumDrawerCutsThePhotosItCoversAndLeavesTheRestWhole() throws {
        let (picker, clock) = try shownPicker()
        picker.imageStyle = ImageStyle(pixels: true, cellPixels: Size(width: 10, height: 20))
        var canvas = Canvas(size: Size(width: 100, height: 30))
        picker.render(in: canvas.bounds, on: &canvas)
        let before = canvas.placements
        #expect(before.count >= 30, "a grid of photos as pixels")
        _ = picker.handle(.key(.character("a")))
        clock.advance(by: .milliseconds(600))
        canvas = Canvas(size: Size(width: 100, height: 30))
        picker.render(in: canvas.bounds, on: &canvas)
        let drawer = Rect(x: 32, y: 1, width: 36, height: 6)  // four albums and the border
        #expect(canvas.lines[6].contains("╰"), "the drawer's bottom border on row 6")
        #expect(canvas.placements.allSatisfy { !$0.rect.intersects(drawer) }, "nothing shows through the drawer")
        let firstRow = canvas.placements.filter { $0.rect.y == 2 }.map(\.rect)
        #expect(
            firstRow.contains(Rect(x: 28, y: 2, width: 4, height: 4)) && firstRow.contains(Rect(x: 68, y: 2, width: 4, height: 4)),
            "the photos the drawer's sides overlap keep the part beside it: \(firstRow)"
        )
        #expect(canvas.placements.filter { $0.rect.y == 7 }.allSatisfy { !$0.isCut }, "the row below the drawer is whole")
        #expect(canvas.placements.count == before.count - 3, "only the three photos wholly under the drawer go: \(canvas.placements.count) of \(before.count)")
    }

    @Test func plusAndMinusStepThroughTheThumbnailSizesAndClicksFollow() throws {
        let (picker, _) = try shownPicker()
        let small = picker.state.viewport.columns
        #expect(picker.thumbnailSize == Size(width: 8, height: 4))
        _ = picker.handle(.key(.character("+")))
        _ = render(picker)
        #expect(picker.thumbnailSize == Size(width: 12, height: 6))
        #expect(picker.state.viewport.columns < small, "\(picker.state.viewport.columns) columns of larger pictures, \(small) of small ones")
        for _ in 0..<10 { _ = picker.handle(.key(.character("+"))) }
        #expect(picker.thumbnailSize == PickerView.thumbnailSizes.last, "the largest stays the largest")
        _ = render(picker)
        #expect(picker.state.viewport.columns == (100 + 1) / 33)
        // A click on the second picture of the first row, at the larger pitch, selects it.
        let layout = picker.layout
        _ = picker.handle(.mouse(MouseEvent(.press, at: Point(x: layout.gridLeft + 33 + 5, y: layout.grid.y + 3))))
        #expect(picker.selection.items.count == 1 && picker.state.focus == 1)
        for _ in 0..<10 { _ = picker.handle(.key(.character("-"))) }
        #expect(picker.thumbnailSize == Size(width: 8, height: 4))
    }

    @Test func theWheelMovesTheFocusARowAtATime() throws {
        let (picker, _) = try shownPicker()
        let columns = picker.state.viewport.columns
        _ = picker.handle(.mouse(MouseEvent(.wheelDown, button: .none, at: Point(x: 10, y: 10))))
        #expect(picker.state.focus == columns)
        _ = picker.handle(.mouse(MouseEvent(.wheelUp, button: .none, at: Point(x: 10, y: 10))))
        #expect(picker.state.focus == 0)
    }

    @Test func theLimitShowsAMessage() throws {
        let picker = PickerView(store: try makeLibrary(), clock: VirtualScheduler(), limit: 1)
        _ = render(picker)
        _ = picker.handle(.key(.enter))
        _ = picker.handle(.key(.right))
        _ = picker.handle(.key(.enter))
        #expect(picker.selection.count == 1)
        expectSnapshot(render(picker), "limit-message")
    }

    @Test func labelsFromTheLibraryAreSanitised() throws {
        let library = try makeLibrary()
        _ = try library.album(named: "Evil\u{1B}[2Jalbum")
        let clock = VirtualScheduler()
        let picker = PickerView(store: library, clock: clock)
        picker.appear()
        _ = render(picker)
        _ = picker.handle(.key(.character("a")))
        clock.advance(by: .milliseconds(600))
        let screen = render(picker)
        #expect(!screen.joined().contains("\u{1B}"))
        expectSnapshot(screen, "sanitised-album-in-drawer")  // the drawer lists the album, its escape shown as U+FFFD
    }

    // B4.3 B4.6
    @Test("B4.3, B4.6: choosing an album twice quickly, by key or by click, closes the drawer for good")
    func choosingTwiceQuicklyClosesTheDrawer() throws {
        let (picker, clock) = try shownPicker()
        _ = picker.handle(.key(.character("a")))
        clock.advance(by: .milliseconds(600))
        _ = render(picker)
        for key in [Key.down, .enter, .enter] { _ = picker.handle(.key(key)) }
        clock.advance(by: .seconds(1))
        expectSnapshot(render(picker), "city-chosen-drawer-closed")

        // By mouse: the drawer spans x 32..<68 from y 1; album i is on row 2 + i.
        _ = picker.handle(.key(.character("a")))
        clock.advance(by: .milliseconds(600))
        _ = render(picker)
        for _ in 0..<2 { _ = picker.handle(.mouse(MouseEvent(.press, at: Point(x: 40, y: 4)))) }
        clock.advance(by: .seconds(1))
        expectSnapshot(render(picker), "mountains-chosen-drawer-closed")
        #expect(picker.selection.isEmpty, "the second click hit the closing drawer, not the grid")
    }

    // B4.6
    @Test("B4.6: an Esc after the one that closed the drawer cancels, while the drawer still slides away")
    func aSecondEscWhileTheDrawerClosesCancels() throws {
        let (picker, clock) = try shownPicker()
        var finished: [Photo]?? = .none
        picker.onFinish = { finished = .some($0) }
        _ = picker.handle(.key(.character("a")))
        clock.advance(by: .milliseconds(600))
        _ = render(picker)
        _ = picker.handle(.key(.escape))
        clock.advance(by: .milliseconds(150))  // within the debounce: the drawer is still shown
        #expect(picker.state.inputGoesToDrawer)
        _ = picker.handle(.key(.enter))
        #expect(picker.selection.isEmpty, "other keys stay the closing drawer's")
        #expect(finished == .none)
        _ = picker.handle(.key(.escape))
        #expect(finished == .some(nil), "the second Esc cancels the picker")
    }

    // B4.7
    @Test("B4.7: reopened with a saved selection, nothing of the tray shows for 0.2 s, then it is simply there")
    func theRevealHidesTheRestoredTrayAtFirst() throws {
        let library = try makeLibrary()
        try library.saveSelection([3, 1])
        let clock = VirtualScheduler()
        let picker = PickerView(store: library, clock: clock)
        picker.appear()
        let trayRows = 23..<30  // the tray's seven rows at the bottom of the 30-row picker
        for step in 0..<20 {
            clock.advance(by: .milliseconds(step == 0 ? 0 : 10))
            let screen = render(picker)
            #expect(!screen[trayRows].joined().contains("Selected"), "hidden at \(step * 10) ms")
        }
        clock.advance(by: .milliseconds(10))  // 200 ms
        expectSnapshot(render(picker), "restored-tray-in-place")  // not sliding
    }

    // B4.2 B4.5
    @Test("B4.2, B4.5: a tray fuller than its row keeps the newest item in view and counts the rest")
    func aFullTrayScrolls() throws {
        let (picker, clock) = try shownPicker()
        for _ in 0..<13 {
            _ = picker.handle(.key(.enter))
            _ = picker.handle(.key(.right))
        }
        clock.advance(by: .milliseconds(600))
        #expect(picker.state.viewport.trayFits == 11, "a 100-column tray holds 11 thumbnails")
        expectSnapshot(render(picker), "full-tray-newest-in-view")  // two scrolled out at the start, 13 in view
        _ = picker.handle(.key(.tab))  // the focus goes to the tray's first item, which scrolls into view
        expectSnapshot(render(picker), "full-tray-first-focused")  // its focus frame below the tray's rule
        _ = picker.handle(.mouse(MouseEvent(.press, at: Point(x: 2 + 9, y: 26))))  // the second thumbnail
        clock.advance(by: .milliseconds(600))
        #expect(picker.selection.count == 12)
        #expect(picker.selection.order(of: 2) == nil, "the clicked item left the selection")
    }

    @Test("A library that fails is said so above the grid; the selection goes on in memory")
    func libraryFailuresAreShown() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("picker-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let library = try PhotoLibrary(path: path)
        try library.fillWithSampleIfEmpty()
        let clock = VirtualScheduler()
        let picker = PickerView(store: library, clock: clock)
        picker.appear()
        #expect(picker.problem == nil)
        // Another program damages the file while the picker is open.
        try Database(path: path).execute("DROP TABLE saved_selection")
        _ = render(picker)
        _ = picker.handle(.key(.enter))
        #expect(picker.selection.items == [1], "kept in memory")
        expectSnapshot(render(picker), "save-failure-said")
        #expect(picker.problem?.contains("no such table: saved_selection") == true)

        // Opened on a library whose albums cannot be read: said, not shown as an empty album.
        try Database(path: path).execute("DROP TABLE membership")
        let second = PickerView(store: library, clock: clock)
        #expect(second.problem?.hasPrefix("Could not read the") == true)
        expectSnapshot(render(second), "albums-unreadable-said")  // not shown as an empty album
    }

    @Test("The tray's items follow the selection even while the tray is not drawn")
    func theTrayFollowsWithoutBeingDrawn() throws {
        let (picker, clock) = try shownPicker()
        for key in [Key.enter, .right, .enter] { _ = picker.handle(.key(key)) }
        clock.advance(by: .milliseconds(600))  // not drawn since
        #expect(picker.tray.items == [1, 2])
        _ = picker.handle(.key(.tab))
        _ = picker.handle(.key(.right))
        _ = picker.handle(.key(.enter))  // removes the second, never drawn in focus
        clock.advance(by: .milliseconds(300))
        #expect(picker.selection.items == [1])
        #expect(picker.tray.items == [1])
    }
}

/// The view over the in-memory store: it reads and writes only through the store seam, and
/// never while drawing.
@MainActor
@Suite(.endsIdle)
struct PickerViewOverAStoreTests {
    /// Counts the calls made to an in-memory store.
    final class CountingStore: PhotoStore {
        let base: InMemoryPhotoStore
        var calls: [String] = []
        init(_ base: InMemoryPhotoStore) { self.base = base }
        func albums() throws(PhotoLibraryError) -> [Album] {
            calls.append("albums")
            return try base.albums()
        }
        func page(album: Int, after: Int?, limit: Int) throws(PhotoLibraryError) -> [Photo] {
            calls.append("page \(album) after \(after.map(String.init) ?? "-")")
            return try base.page(album: album, after: after, limit: limit)
        }
        func photos(ids: [Int]) throws(PhotoLibraryError) -> [Photo] {
            calls.append("photos")
            return try base.photos(ids: ids)
        }
        func savedSelection() throws(PhotoLibraryError) -> [Int] {
            calls.append("saved")
            return try base.savedSelection()
        }
        func saveSelection(_ ids: [Int]) throws(PhotoLibraryError) {
            calls.append("save \(ids)")
            try base.saveSelection(ids)
        }
    }

    static func images(_ count: Int) -> [RGBAImage] {
        (0..<count).map { i in
            var image = RGBAImage(width: 8, height: 8)
            image[0, 0] = RGBA(UInt8(i % 256), 0, 0)
            return image
        }
    }

    @Test("B4.1: drawing reads nothing; a taller view's extra page is read after the drawing")
    func drawingDoesNoIO() {
        let store = CountingStore(InMemoryPhotoStore(albums: ["Many": Self.images(300)]))
        let clock = VirtualScheduler()
        let picker = PickerView(store: store, clock: clock)
        #expect(store.calls == ["saved", "albums", "page 1 after -", "photos"])
        store.calls = []
        var canvas = Canvas(size: Size(width: 100, height: 130))  // 11 × 25 thumbnails: more than a page
        for _ in 0..<3 { picker.render(in: canvas.bounds, on: &canvas) }
        #expect(store.calls.isEmpty, "no store call while drawing")
        clock.runDueWork()
        #expect(store.calls == ["page 1 after 120", "page 1 after 240"], "pages until the view is full and one row more")
        #expect(picker.state.photos.count == 300)
        _ = picker.handle(.key(.enter))
        #expect(store.calls.last == "save [1]", "every change is saved at once")
        #expect(store.base.selection == [1])
        clock.advance(by: .seconds(1))  // the tray's debounce and slide run out
    }

    @Test("B4.8: a picker on a store that fails says so and keeps the selection in memory")
    func aFailingStore() {
        let store = InMemoryPhotoStore(albums: ["A": Self.images(3)])
        let clock = VirtualScheduler()
        let picker = PickerView(store: store, clock: clock)
        store.failure = .system(path: "memory", reason: "disk full")
        _ = picker.handle(.key(.enter))
        #expect(picker.selection.items == [1])
        #expect(picker.problem?.hasPrefix("Could not save the selection") == true)
        store.failure = nil
        _ = picker.handle(.key(.right))
        _ = picker.handle(.key(.enter))
        #expect(picker.problem == nil && store.selection == [1, 2])
        clock.advance(by: .seconds(1))  // the tray's debounce and slide run out
    }
}
