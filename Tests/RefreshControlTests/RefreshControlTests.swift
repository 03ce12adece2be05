import GifDecoding
import Indicator
import IndicatorKit
import TestSupport
import Testing

@testable import RefreshControl

struct StubError: Error, CustomStringConvertible {
    var description: String { "the server said no" }
}

/// The control on the virtual clock, with an action that takes virtual time.
@MainActor
struct RefreshControlTests {
    let clock = VirtualScheduler()

    /// Lets tasks resumed by the clock run (they are queued on the main actor).
    func settle() async { await clock.settle() }

    func advance(_ duration: Duration) async { await clock.run(for: duration) }

    func makeControl(seconds: Int = 3, calls: Counter, fail: Bool = false) throws -> RefreshControl<String> {
        let spinner = try AnimatedImage.spinner()
        let list = ListView(rows: ["old 1", "old 2"])
        let clock = self.clock
        return RefreshControl(list: list, animation: spinner, clock: clock) {
            calls.value += 1
            try await clock.sleep(for: .seconds(seconds))
            if fail { throw StubError() }
            return ["new \(calls.value)"]
        }
    }

    final class Counter { var value = 0 }

    func render(_ control: RefreshControl<String>, _ size: Size = Size(width: 30, height: 12)) -> [String] { rendered(control, size: size).lines }

    // B0.4
    @Test("B0.4: a glyph spinner is as good an indicator as a GIF: it follows the pull, then plays by itself")
    func aGlyphSpinnerIndicator() async throws {
        let clock = self.clock
        let control = RefreshControl(list: ListView(rows: ["old"]), animation: SpinnerStyle.ascii, clock: clock) {
            try await clock.sleep(for: .seconds(1))
            return ["new"]
        }
        control.timing = .own  // the spinner's own 120 ms frames
        _ = control.handle(.key(.up))
        _ = control.handle(.key(.up))
        #expect(control.currentFrame == 1, "two rows of a five-row pull: the second of four frames")
        _ = control.handle(.key(.character("r")))
        await settle()
        #expect(control.state.isRefreshing)
        let lines = render(control)
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "|" }, "the first glyph, centered above the caption")
        #expect(lines.contains { $0.contains("Refreshing…") })
        await advance(.milliseconds(250))
        #expect(control.currentFrame == 2)
        #expect(render(control).contains { $0.trimmingCharacters(in: .whitespaces) == "-" })
        await advance(.seconds(2))
        #expect(control.list.rows == ["new"])
    }

    // B0.5 B0.7
    @Test("B0.5, B0.7: a mouse pull at the top fires once; the rows are replaced; the animation runs by itself")
    func mousePullRefreshes() async throws {
        let calls = Counter()
        let control = try makeControl(calls: calls)
        _ = render(control)
        #expect(control.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: 1)))) == .handled)
        for y in 2...7 { _ = control.handle(.mouse(MouseEvent(.drag, at: Point(x: 3, y: y)))) }
        #expect(control.state.phase == .armed)
        #expect(control.caption == "Release to refresh")
        _ = control.handle(.mouse(MouseEvent(.release, at: Point(x: 3, y: 7))))
        await settle()
        #expect(calls.value == 1)
        #expect(control.state.isRefreshing)
        // The animation plays without anyone driving it: 1 s uniform cycle of 12 frames.
        await advance(.milliseconds(500))
        #expect(control.currentFrame == 6)
        // Pulling again during the refresh does nothing.
        _ = control.handle(.key(.character("r")))
        _ = control.handle(.mouse(MouseEvent(.press, at: Point(x: 3, y: 8))))
        await advance(.milliseconds(2500))
        #expect(calls.value == 1)
        #expect(control.list.rows == ["new 1"])
        #expect(control.lastUpdated == .seconds(3))
        await advance(.milliseconds(300))
        #expect(control.state.phase == .idle)
        #expect(render(control)[0].hasPrefix("new 1 "))
    }

    // B0.6
    @Test("B0.6: with a 1 s cycle and a 3 s action about three cycles play, then the control hides")
    func threeCyclesInThreeSeconds() async throws {
        let control = try makeControl(calls: Counter())
        var cyclesAtEnd: Double?
        control.onRefreshFinished = { _ in cyclesAtEnd = control.cyclesPlayed }
        control.beginRefreshing()
        await settle()  // the action's task starts
        // Count the frames the animation shows while the action runs, 10 ms at a time.
        var shown = control.currentFrame
        var advances = 0
        for _ in 0..<300 {
            await advance(.milliseconds(10))
            if control.currentFrame != shown {
                advances += (control.currentFrame - shown + 12) % 12
                shown = control.currentFrame
            }
        }
        let cycles = Double(advances) / 12
        #expect(cycles >= 2.9 && cycles <= 3.1, "about three cycles of 12 frames played: \(advances) frames")
        #expect(cyclesAtEnd.map { abs($0 - cycles) < 0.1 } == true, "the control reports what played: \(String(describing: cyclesAtEnd))")
        #expect(control.visibleHeight > 0, "retracting")
        await advance(.milliseconds(300))
        #expect(control.visibleHeight == 0)
        #expect(!render(control).joined().contains("▀"), "the control is hidden")
    }

    @Test func theKeyboardPullsOneRowAtATime() async throws {
        let calls = Counter()
        let control = try makeControl(calls: calls)
        _ = render(control)
        for _ in 0..<4 { _ = control.handle(.key(.up)) }
        #expect(control.state.phase == .pulling(progress: 0.8))
        #expect(control.caption == "Pull 1 more row to refresh", "how far there is still to pull")
        _ = control.handle(.key(.up))
        #expect(control.state.phase == .armed)
        _ = control.handle(.key(.enter))
        await settle()
        #expect(calls.value == 1)
    }

    @Test func aKeyboardPullEndedAnotherWayIsForgotten() async throws {
        let control = try makeControl(seconds: 1, calls: Counter())
        control.list.rows = (1...50).map { "row \($0)" }
        _ = render(control)
        _ = control.handle(.key(.up))
        _ = control.handle(.key(.up))
        _ = control.handle(.key(.character("r")))
        await settle()
        await advance(.seconds(2))
        #expect(control.state.phase == .idle)
        control.list.rows = (1...50).map { "row \($0)" }
        _ = render(control)
        _ = control.handle(.key(.down))
        #expect(control.state.phase == .idle, "↓ scrolls; it does not resume an old pull")
        #expect(control.list.offset == 1)
    }

    @Test func anErrorShowsAsARowAndTheControlEnds() async throws {
        let control = try makeControl(calls: Counter(), fail: true)
        control.beginRefreshing()
        await settle()
        await advance(.seconds(4))
        #expect(control.failure == "⚠ Refresh failed: the server said no")
        #expect(control.list.rows == ["old 1", "old 2"], "the rows stay; the failure shows above them")
        #expect(control.state.phase == .idle)
    }

    @Test func escapeCancelsAndTheLateResultIsIgnored() async throws {
        let control = try makeControl(calls: Counter())
        control.beginRefreshing()
        await settle()
        await advance(.seconds(1))
        var cancelled = 0
        control.onRefreshCancelled = { cancelled += 1 }
        _ = control.handle(.key(.escape))
        #expect(cancelled == 1)
        #expect(control.caption == "Cancelled", "it says it was cancelled, not done")
        await advance(.seconds(5))
        #expect(control.list.rows == ["old 1", "old 2"], "the cancelled refresh's rows never land")
        #expect(control.state.phase == .idle)
        // The next refresh that runs to its end says Done again.
        control.beginRefreshing()
        await settle()
        #expect(!control.lastRefreshWasCancelled)
    }

    @Test func aVeryQuickRefreshIsStillSeenToEnd() async throws {
        let control = try makeControl(seconds: 0, calls: Counter())
        control.beginRefreshing()
        await settle()
        await advance(.milliseconds(1))
        #expect(control.list.rows == ["new 1"])
        #expect(control.state.isRefreshing, "kept visible for its minimum time")
        await advance(.milliseconds(500))
        if case .ending = control.state.phase {} else { Issue.record("expected ending, got \(control.state.phase)") }
        await advance(.milliseconds(300))
        #expect(control.state.phase == .idle)
    }

    @Test func reducedMotionKeepsTheFirstFrameAndSchedulesNoFrames() async throws {
        let control = try makeControl(calls: Counter())
        control.reducedMotion = true
        control.beginRefreshing()
        await settle()
        let pending = clock.pendingCount  // the action's sleep only
        await advance(.milliseconds(1500))
        #expect(control.currentFrame == 0)
        #expect(pending == 1)
        #expect(control.caption == "Refreshing…")
    }

    @Test func endRefreshingBeforeAnythingStartedIsHarmless() throws {
        let control = try makeControl(calls: Counter())
        control.endRefreshing()
        control.endRefreshing()
        #expect(control.state.phase == .idle)
    }

    // B0.4
    @Test("B0.4: the animation sits centered in a fixed box of the document's aspect ratio")
    func animationBoxIsCentered() async throws {
        let control = try makeControl(calls: Counter())
        #expect(control.box == Size(width: 14, height: 5))
        control.beginRefreshing()
        // The whole screen: frame 0 of the spinner inside the 14×5 box at columns 8…21,
        // the caption under it, then the list pushed down.
        #expect(
            render(control, Size(width: 30, height: 12)) == [
                "            ▄▀▀▀              ",
                "           ▀▀▀    ▄           ",
                "          ▀▀      ▀           ",
                "           ▀▀    ▄▀           ",
                "            ▀▀▀▀▀▀            ",
                "                              ",
                "         Refreshing…          ",
                "old 1                         ",
                "old 2                         ",
                "                              ",
                "                              ",
                "                              ",
            ]
        )
    }
}
