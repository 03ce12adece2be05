import IndicatorKit
import Testing

@testable import Motion

@MainActor
@Suite("ScheduledWork and Duration helpers")
struct ScheduledWorkTests {
    @Test("cancel calls the cancel action exactly once")
    func cancelOnce() {
        var calls = 0
        let work = ScheduledWork { calls += 1 }
        #expect(!work.isCancelled)
        work.cancel()
        work.cancel()
        work.cancel()
        #expect(work.isCancelled)
        #expect(calls == 1)
    }

    @Test("finish marks the work done without calling the cancel action")
    func finish() {
        var calls = 0
        let work = ScheduledWork { calls += 1 }
        work.finish()
        #expect(work.isCancelled)
        work.cancel()
        #expect(calls == 0)
    }

    @Test("A handle without a cancel action can be cancelled")
    func noAction() {
        let work = ScheduledWork()
        work.cancel()
        #expect(work.isCancelled)
    }

    @Test("Duration.seconds and .milliseconds")
    func durationHelpers() {
        #expect(Duration.seconds(2).seconds == 2)
        #expect(Duration.milliseconds(1500).seconds == 1.5)
        #expect(Duration.zero.seconds == 0)
        #expect(Duration.milliseconds(1500).milliseconds == 1500)
        #expect(Duration.microseconds(2999).milliseconds == 2)
        #expect(Duration.seconds(3).milliseconds == 3000)
        #expect(Duration.nanoseconds(1).milliseconds == 0)
    }

    @Test("LiveScheduler's clock starts near zero and never goes backwards")
    func liveClock() {
        let live = LiveScheduler()
        let first = live.now
        let second = live.now
        #expect(first >= .zero)
        #expect(second >= first)
        #expect(first < .seconds(5))
    }

    @Test("LiveScheduler work cancelled before it is due is marked cancelled")
    func liveCancel() {
        let live = LiveScheduler()
        let once = live.schedule(after: .seconds(60)) {}
        let repeating = live.scheduleRepeating(every: .seconds(60)) {}
        #expect(!once.isCancelled && !repeating.isCancelled)
        once.cancel()
        repeating.cancel()
        #expect(once.isCancelled && repeating.isCancelled)
    }
}
