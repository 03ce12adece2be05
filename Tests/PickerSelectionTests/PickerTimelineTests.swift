import Testing

@testable import PickerSelection

/// B4.4–B4.7, instant by instant.
struct PickerTimelineTests {
    func ms(_ n: Int) -> Duration { .milliseconds(n) }

    // B4.4
    @Test("B4.4: the tray slides up 0.2 s after the selection becomes non-empty; the grid attaches after the slide")
    func traySlidesUpThenGridAttaches() {
        var timeline = PickerTimeline()
        _ = timeline.handle(.appear(selection: []), at: .zero)
        #expect(timeline.handle(.selectionChanged([1]), at: ms(1000)) == [ms(200)])
        _ = timeline.handle(.tick, at: ms(1100))
        #expect(timeline.trayPosition(at: ms(1100)) == 0, "0.1 s after: not moving yet")
        #expect(timeline.handle(.tick, at: ms(1200)) == [ms(300)])
        #expect(timeline.trayShown)
        #expect(timeline.gridBottom == .screen, "during the slide the grid is still on the screen's bottom")
        let mid = timeline.trayPosition(at: ms(1350))
        #expect(mid > 0.3 && mid < 1, "mid-slide: \(mid)")
        _ = timeline.handle(.tick, at: ms(1500))
        #expect(timeline.trayPosition(at: ms(1500)) == 1)
        #expect(timeline.gridBottom == .tray)
    }

    // B4.4
    @Test("B4.4: emptied, the grid lets go of the tray first, then 0.2 s later the tray slides down")
    func trayHidesInOrder() {
        var timeline = PickerTimeline()
        _ = timeline.handle(.selectionChanged([1]), at: .zero)
        _ = timeline.handle(.tick, at: ms(200))
        _ = timeline.handle(.tick, at: ms(500))
        #expect(timeline.gridBottom == .tray)
        _ = timeline.handle(.selectionChanged([]), at: ms(1000))
        _ = timeline.handle(.tick, at: ms(1200))
        #expect(timeline.gridBottom == .screen)
        #expect(timeline.trayPosition(at: ms(1300)) == 1, "the tray waits 0.2 s")
        _ = timeline.handle(.tick, at: ms(1400))
        #expect(timeline.trayPosition(at: ms(1550)) < 1)
        #expect(timeline.trayPosition(at: ms(1700)) == 0)
    }

    // B4.4
    @Test("B4.4: rapid toggles settle into one movement")
    func debounceSettles() {
        var timeline = PickerTimeline()
        var now = Duration.zero
        for i in 0..<10 {
            _ = timeline.handle(.selectionChanged(i % 2 == 0 ? [1] : []), at: now)
            now += ms(50)
            _ = timeline.handle(.tick, at: now)
            #expect(!timeline.trayShown, "no movement while toggling")
        }
        _ = timeline.handle(.selectionChanged([1]), at: now)
        _ = timeline.handle(.tick, at: now + ms(200))
        #expect(timeline.trayShown)
    }

    // B4.5
    @Test("B4.5: the tray's items change at once, but the empty snapshot waits 0.66 s after the tray starts to hide")
    func emptySnapshotIsDelayed() {
        var timeline = PickerTimeline()
        _ = timeline.handle(.selectionChanged([3, 1]), at: .zero)
        #expect(timeline.traySnapshot == [3, 1])
        _ = timeline.handle(.selectionChanged([1]), at: ms(100))
        #expect(timeline.traySnapshot == [1])
        _ = timeline.handle(.tick, at: ms(300))
        _ = timeline.handle(.selectionChanged([]), at: ms(1000))
        _ = timeline.handle(.tick, at: ms(1200))  // the debounced decision: hide
        _ = timeline.handle(.tick, at: ms(1400))  // the slide starts
        _ = timeline.handle(.tick, at: ms(1859))
        #expect(timeline.trayPosition(at: ms(1700)) == 0, "the tray has slid away…")
        #expect(timeline.traySnapshot == [1], "…with its item still in it")
        _ = timeline.handle(.tick, at: ms(1860))
        #expect(timeline.traySnapshot == [])
        // A tray that never showed empties at once.
        var quick = PickerTimeline()
        _ = quick.handle(.selectionChanged([5]), at: .zero)
        _ = quick.handle(.selectionChanged([]), at: ms(50))
        _ = quick.handle(.tick, at: ms(250))
        #expect(quick.traySnapshot == [])
    }

    // B4.6
    @Test("B4.6: the drawer opens and closes debounced by 0.2 s with a 0.33 s slide")
    func drawerSlides() {
        var timeline = PickerTimeline()
        _ = timeline.handle(.setDrawer(open: true), at: .zero)
        _ = timeline.handle(.tick, at: ms(100))
        #expect(timeline.drawerPosition(at: ms(100)) == 0)
        #expect(timeline.handle(.tick, at: ms(200)) == [ms(330)])
        #expect(timeline.drawerOpen)
        #expect(timeline.drawerPosition(at: ms(530)) == 1)
        // Closing and opening again within the debounce cancel out: no movement.
        _ = timeline.handle(.setDrawer(open: false), at: ms(1000))
        _ = timeline.handle(.setDrawer(open: true), at: ms(1100))
        _ = timeline.handle(.tick, at: ms(1300))
        #expect(timeline.drawerOpen)
        #expect(timeline.drawerPosition(at: ms(1400)) == 1)
        // Asking twice to close closes it once (and never opens it again).
        _ = timeline.handle(.setDrawer(open: false), at: ms(2000))
        #expect(timeline.handle(.setDrawer(open: false), at: ms(2100)) == [])
        _ = timeline.handle(.tick, at: ms(2200))
        #expect(!timeline.drawerOpen && !timeline.drawerRequestedOpen)
    }

    // B4.7
    @Test("B4.7: the tray and drawer are revealed 0.2 s after the first appearance")
    func revealAfterAppearance() {
        var timeline = PickerTimeline()
        #expect(!timeline.isRevealed(at: .zero))
        _ = timeline.handle(.appear(selection: []), at: ms(500))
        #expect(!timeline.isRevealed(at: ms(699)))
        #expect(timeline.isRevealed(at: ms(700)))
        _ = timeline.handle(.appear(selection: []), at: ms(5000))
        #expect(timeline.isRevealed(at: ms(5000)), "only the first appearance counts")
    }

    // B4.7
    @Test("B4.7: a restored selection has its tray in place at once, without a slide")
    func aRestoredSelectionNeedsNoSlide() {
        var timeline = PickerTimeline()
        #expect(timeline.handle(.appear(selection: [4, 2]), at: .zero) == [ms(200)])
        #expect(timeline.traySnapshot == [4, 2])
        #expect(timeline.trayPosition(at: .zero) == 1)
        #expect(timeline.gridBottom == .tray)
        #expect(!timeline.isAnimating(at: .zero))
    }
}
