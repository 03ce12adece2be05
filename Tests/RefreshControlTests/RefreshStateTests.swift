import Testing

@testable import RefreshControl

/// The pure state machine, event by event.
struct RefreshStateTests {
    let t0: Duration = .seconds(10)

    // B0.5
    @Test("B0.5: pulling past the threshold and letting go fires the action exactly once")
    func pullPastThresholdFiresOnce() {
        var state = RefreshState(threshold: 5)
        #expect(state.handle(.pull(rows: 2), at: t0) == [])
        #expect(state.phase == .pulling(progress: 0.4))
        #expect(state.handle(.pull(rows: 5), at: t0) == [])
        #expect(state.phase == .armed)
        #expect(state.handle(.release, at: t0) == [.startAction(generation: 1)])
        #expect(state.isRefreshing)
        // A second pull and release during the refresh do nothing (the popular libraries' bug).
        #expect(state.handle(.pull(rows: 9), at: t0) == [])
        #expect(state.handle(.release, at: t0) == [])
        #expect(state.handle(.begin, at: t0) == [])
        #expect(state.generation == 1)
    }

    // B0.5
    @Test("B0.5: dragging back disarms, and to zero cancels the pull")
    func draggingBackCancels() {
        var state = RefreshState(threshold: 4)
        _ = state.handle(.pull(rows: 6), at: t0)
        #expect(state.phase == .armed)
        _ = state.handle(.pull(rows: 2), at: t0)
        #expect(state.phase == .pulling(progress: 0.5))
        #expect(state.handle(.release, at: t0) == [], "released below the threshold: no refresh")
        #expect(state.phase == .idle)
        _ = state.handle(.pull(rows: 3), at: t0)
        _ = state.handle(.pull(rows: 0), at: t0)
        #expect(state.phase == .idle)
        #expect(state.generation == 0)
    }

    // B0.6
    @Test("B0.6: ending retracts, then the control is idle")
    func endRetractsThenIdles() {
        var state = RefreshState(minimumVisible: .milliseconds(500), retractDuration: .milliseconds(300))
        _ = state.handle(.begin, at: t0)
        #expect(state.handle(.end, at: t0 + .seconds(3)) == [.scheduleTick(after: .milliseconds(300))])
        #expect(state.phase == .ending(since: t0 + .seconds(3)))
        #expect(state.handle(.tick, at: t0 + .milliseconds(3299)) == [.scheduleTick(after: .milliseconds(1))])
        #expect(state.handle(.tick, at: t0 + .milliseconds(3300)) == [])
        #expect(state.phase == .idle)
    }

    @Test func aQuickRefreshStaysVisibleForItsMinimumTime() {
        var state = RefreshState(minimumVisible: .milliseconds(500))
        _ = state.handle(.begin, at: t0)
        #expect(state.handle(.end, at: t0 + .milliseconds(20)) == [.scheduleTick(after: .milliseconds(480))])
        #expect(state.phase == .refreshing(since: t0, endRequested: true))
        #expect(state.handle(.end, at: t0 + .milliseconds(30)) == [.scheduleTick(after: .milliseconds(470))], "a second end is harmless")
        #expect(state.handle(.tick, at: t0 + .milliseconds(500)) == [.scheduleTick(after: state.retractDuration)])
        if case .ending = state.phase {} else { Issue.record("expected ending, got \(state.phase)") }
    }

    @Test func endIsSafeAtAnyMoment() {
        var state = RefreshState()
        #expect(state.handle(.end, at: t0) == [], "before any refresh began")
        #expect(state.phase == .idle)
        _ = state.handle(.pull(rows: 2), at: t0)
        #expect(state.handle(.end, at: t0) == [])
        #expect(state.phase == .pulling(progress: 0.4), "a pull in progress is not disturbed")
        _ = state.handle(.pull(rows: 5), at: t0)
        _ = state.handle(.release, at: t0)
        _ = state.handle(.cancel, at: t0 + .seconds(1))
        #expect(state.handle(.end, at: t0 + .seconds(1)) == [], "after a cancel")
        _ = state.handle(.tick, at: t0 + .seconds(2))
        #expect(state.phase == .idle)
        #expect(state.handle(.tick, at: t0 + .seconds(3)) == [], "stray ticks do nothing")
    }

    @Test func cancelStopsTheActionOfTheRunningGeneration() {
        var state = RefreshState()
        _ = state.handle(.begin, at: t0)
        _ = state.handle(.end, at: t0 + .seconds(1))
        _ = state.handle(.tick, at: t0 + .seconds(2))
        _ = state.handle(.begin, at: t0 + .seconds(3))
        #expect(state.generation == 2)
        #expect(state.handle(.cancel, at: t0 + .seconds(4)) == [.cancelAction(generation: 2), .scheduleTick(after: state.retractDuration)])
    }

    @Test func beginFromCodeStartsTheActionOnce() {
        var state = RefreshState()
        #expect(state.handle(.begin, at: t0) == [.startAction(generation: 1)])
        #expect(state.handle(.begin, at: t0) == [])
        // Begin during a pull takes over the pull.
        var pulled = RefreshState()
        _ = pulled.handle(.pull(rows: 1), at: t0)
        #expect(pulled.handle(.begin, at: t0) == [.startAction(generation: 1)])
    }
}
