import IndicatorKit
import Testing

@testable import PickerSelection

/// The picker's pure state: events and time in, effects out; no store, no clock.
struct PickerStateTests {
    static let albums = [Album(id: 1, name: "All Photos", count: 300), Album(id: 2, name: "Holidays", count: 2)]

    static func photos(_ ids: ClosedRange<Int>) -> [Photo] {
        ids.map { Photo(id: $0, source: "s/\($0)", width: 8, height: 8, created: $0, thumbnail: RGBAImage(width: 8, height: 8)) }
    }

    /// A state showing "All Photos" with its first page (1…120) loaded, 10×3 in view.
    static func loaded() -> PickerState {
        var state = PickerState(limit: 3)
        _ = state.handle(.albumsLoaded(albums), at: .zero)
        _ = state.handle(.pageLoaded(album: 1, after: nil, photos(1...120)), at: .zero)
        _ = state.handle(.viewport(PickerState.Viewport(columns: 10, rows: 3, trayFits: 10, drawerRows: 4)), at: .zero)
        return state
    }

    @Test func theFirstAlbumsFirstPageIsAskedForWhenTheAlbumsArrive() {
        var state = PickerState()
        #expect(state.handle(.albumsLoaded(Self.albums), at: .zero) == [.loadPage(album: 1, after: nil, limit: PickerState.pageSize)])
        #expect(state.currentAlbum?.name == "All Photos")
        #expect(state.handle(.pageLoaded(album: 1, after: nil, Self.photos(1...120)), at: .zero) == [], "the first page fills the view")
    }

    // B4.1
    @Test("B4.1: selecting saves the selection at once and numbers it; deselecting renumbers")
    func selectingSavesAndNumbers() {
        var state = Self.loaded()
        let effects = state.handle(.activate, at: .seconds(1))
        #expect(effects.first == .save([1], replacing: nil), "nothing read from the store yet: saved as it is")
        #expect(effects.contains { if case .scheduleTick = $0 { true } else { false } }, "the tray's debounce is timed")
        _ = state.handle(.move(.right), at: .seconds(1))
        _ = state.handle(.activate, at: .seconds(1))
        #expect(state.selection.order(of: 2) == 2)
        #expect(state.handle(.select(gridIndex: 0), at: .seconds(1)).first == .save([2], replacing: nil))
        #expect(state.selection.order(of: 2) == 1)
    }

    @Test func theLimitIsANoticeThatExpires() {
        var state = Self.loaded()
        for index in 0..<3 { _ = state.handle(.select(gridIndex: index), at: .zero) }
        #expect(state.handle(.select(gridIndex: 3), at: .zero) == [.redraw(after: .seconds(2))])
        #expect(state.notice?.text == "You can choose up to 3 images")
        _ = state.handle(.move(.left), at: .seconds(3))
        #expect(state.notice == nil)
    }

    @Test func pagesAreReadAsTheFocusNearsTheEndUntilTheAlbumIsExhausted() {
        var state = Self.loaded()
        for _ in 0..<9 { #expect(state.handle(.move(.down), at: .zero).isEmpty) }  // rows 0…9 of 12
        #expect(state.handle(.move(.down), at: .zero) == [.loadPage(album: 1, after: 120, limit: PickerState.pageSize)])
        #expect(state.handle(.move(.down), at: .zero).isEmpty, "one read at a time")
        _ = state.handle(.pageLoaded(album: 1, after: 120, Self.photos(121...150)), at: .zero)
        #expect(state.photos.count == 150)
        for _ in 0..<5 { #expect(state.handle(.move(.down), at: .zero).isEmpty, "a short page was the last") }
        #expect(state.focus == 149, "the focus stops on the last photo")
    }

    @Test func aPageOfAnAlbumNoLongerShownIsDropped() {
        var state = Self.loaded()
        _ = state.handle(.openDrawer, at: .zero)
        #expect(state.handle(.chooseAlbum(1), at: .zero).contains(.loadPage(album: 2, after: nil, limit: PickerState.pageSize)))
        _ = state.handle(.pageLoaded(album: 1, after: 120, Self.photos(121...130)), at: .zero)
        #expect(state.photos.isEmpty, "the old album's late page is not mixed in")
        _ = state.handle(.pageLoaded(album: 2, after: nil, Self.photos(7...8)), at: .zero)
        #expect(state.photos.map(\.id) == [7, 8])
    }

    @Test func aFailedReadIsShownNotRetriedByDrawingAndRetriedByTheNextMove() {
        var state = Self.loaded()
        for _ in 0..<9 { _ = state.handle(.move(.down), at: .zero) }
        _ = state.handle(.move(.down), at: .zero)
        _ = state.handle(.failed(.albumPage, "Could not read the album: disk I/O error"), at: .zero)
        #expect(state.problem == "Could not read the album: disk I/O error")
        #expect(state.handle(.viewport(PickerState.Viewport(columns: 10, rows: 4)), at: .zero).isEmpty, "drawing never retries")
        #expect(state.handle(.move(.up), at: .zero) == [.loadPage(album: 1, after: 120, limit: PickerState.pageSize)])
        _ = state.handle(.saved([1]), at: .zero)
        #expect(state.problem != nil, "another kind of success does not clear it")
        _ = state.handle(.pageLoaded(album: 1, after: 120, []), at: .zero)
        #expect(state.problem == nil)
    }

    // B4.8
    @Test("B4.8: confirm finishes once with the chosen photos in order; cancel with nothing")
    func finishingHappensOnce() {
        var state = Self.loaded()
        _ = state.handle(.select(gridIndex: 4), at: .zero)
        _ = state.handle(.select(gridIndex: 1), at: .zero)
        #expect(state.handle(.confirm, at: .zero) == [.finish(Self.photos(5...5) + Self.photos(2...2))])
        #expect(state.handle(.cancel, at: .zero).isEmpty)
        var other = Self.loaded()
        #expect(other.handle(.cancel, at: .zero) == [.finish(nil)])
    }

    @Test func afterAnotherProgramChangedTheSelectionOnlyDoneWritesIt() {
        var state = Self.loaded()
        _ = state.handle(.savedSelectionLoaded([]), at: .zero)
        #expect(state.handle(.activate, at: .zero).first == .save([1], replacing: []))
        _ = state.handle(.saveRefused, at: .zero)
        #expect(state.problem?.contains("Another program changed the saved selection") == true)
        #expect(!state.handle(.select(gridIndex: 3), at: .zero).contains { if case .save = $0 { true } else { false } }, "no more live saves")
        var cancelled = state
        #expect(cancelled.handle(.cancel, at: .zero) == [.finish(nil)], "cancel puts nothing back over the other's")
        #expect(state.handle(.confirm, at: .zero).first == .save([1, 4], replacing: nil), "Done saves what was confirmed")
    }

    // B4.8
    @Test("B4.8: cancel goes back to the selection the picker opened with, and saves it so")
    func cancelRestoresTheSelectionItOpenedWith() {
        var state = Self.loaded()
        _ = state.handle(.savedSelectionLoaded([2]), at: .zero)
        _ = state.handle(.select(gridIndex: 4), at: .zero)
        #expect(state.selection.items == [2, 5])
        _ = state.handle(.saved([2, 5]), at: .zero)
        #expect(state.handle(.cancel, at: .zero) == [.save([2], replacing: [2, 5]), .finish(nil)])
        #expect(state.selection.items == [2])
        var untouched = Self.loaded()
        _ = untouched.handle(.savedSelectionLoaded([2]), at: .zero)
        #expect(untouched.handle(.cancel, at: .zero) == [.finish(nil)], "nothing changed: nothing to save")
    }

    // B4.3 B4.6
    @Test("B4.3, B4.6: while the drawer is open the grid takes no keys; choosing keeps the selection")
    func theDrawerTakesTheKeys() {
        var state = Self.loaded()
        _ = state.handle(.activate, at: .zero)
        _ = state.handle(.openDrawer, at: .zero)
        #expect(state.inputGoesToDrawer)
        #expect(state.handle(.activate, at: .zero).isEmpty && state.selection.items == [1])
        _ = state.handle(.moveDrawerFocus(5), at: .zero)
        #expect(state.drawerFocus == 1, "clamped to the albums")
        _ = state.handle(.chooseFocusedAlbum, at: .zero)
        #expect(state.currentAlbum?.name == "Holidays" && state.selection.items == [1])
    }
}
