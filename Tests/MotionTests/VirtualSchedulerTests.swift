import IndicatorKit
import TestSupport
import Testing

@testable import Motion

@MainActor
@Suite("VirtualScheduler")
struct VirtualSchedulerTests {
    @Test("The clock starts at zero and moves only when advanced")
    func clock() {
        let clock = VirtualScheduler()
        #expect(clock.now == .zero)
        clock.advance(by: .milliseconds(250))
        #expect(clock.now == .milliseconds(250))
        clock.advance(by: .seconds(1))
        #expect(clock.now == .milliseconds(1250))
        clock.advance(by: .milliseconds(-100))  // never backwards
        #expect(clock.now == .milliseconds(1250))
        clock.runDueWork()
        #expect(clock.now == .milliseconds(1250))
    }

    @Test("Its time, read from another thread, is the time its work runs at")
    func timeFromAnotherThread() async {
        let clock = VirtualScheduler()
        let time = clock.time
        var seen: [Duration] = []
        clock.schedule(after: .milliseconds(300)) { seen.append(time.now()) }
        clock.advance(by: .seconds(1))
        #expect(seen == [.milliseconds(300)], "each job runs with the time at its deadline")
        let read = await Task.detached { time.now() }.value
        #expect(read == .seconds(1))
    }

    @Test("A manual time moves only forward, and only when told")
    func manualTime() {
        let time = ManualTime()
        #expect(time.now() == .zero)
        time.advance(by: .seconds(2))
        time.advance(by: .seconds(-5))
        #expect(time.now() == .seconds(2))
    }

    @Test("Work runs exactly at its deadline, not before")
    func deadline() {
        let clock = VirtualScheduler()
        var fired = 0
        clock.schedule(after: .milliseconds(500)) { fired += 1 }
        clock.advance(by: .milliseconds(499))
        #expect(fired == 0)
        clock.advance(by: .milliseconds(1))
        #expect(fired == 1)
        clock.advance(by: .seconds(10))
        #expect(fired == 1)
    }

    @Test("advance runs due work synchronously in deadline order")
    func deadlineOrder() {
        let clock = VirtualScheduler()
        var order: [String] = []
        clock.schedule(after: .milliseconds(300)) { order.append("c") }
        clock.schedule(after: .milliseconds(100)) { order.append("a") }
        clock.schedule(after: .milliseconds(200)) { order.append("b") }
        clock.schedule(after: .milliseconds(400)) { order.append("late") }
        clock.advance(by: .milliseconds(300))
        #expect(order == ["a", "b", "c"])
        #expect(clock.pendingCount == 1)
    }

    @Test("Equal deadlines keep submission order")
    func submissionOrder() {
        let clock = VirtualScheduler()
        var order: [Int] = []
        for i in 0..<6 { clock.schedule(after: .milliseconds(50)) { order.append(i) } }
        clock.schedule(after: .milliseconds(10)) { order.append(-1) }
        clock.advance(by: .milliseconds(50))
        #expect(order == [-1, 0, 1, 2, 3, 4, 5])
    }

    @Test("Zero and negative delays run on the next advance or runDueWork, without moving the clock")
    func zeroDelay() {
        let clock = VirtualScheduler()
        clock.advance(by: .seconds(1))
        var times: [Duration] = []
        clock.schedule(after: .zero) { times.append(clock.now) }
        clock.schedule(after: .milliseconds(-5)) { times.append(clock.now) }
        #expect(times.isEmpty)  // nothing runs inside schedule
        clock.runDueWork()
        #expect(times == [.seconds(1), .seconds(1)])
        #expect(clock.now == .seconds(1))
    }

    @Test("Work scheduled during advance that falls due also runs, in order")
    func nestedScheduling() {
        let clock = VirtualScheduler()
        var log: [String] = []
        clock.schedule(after: .milliseconds(100)) {
            log.append("outer@\(clock.now.milliseconds)")
            clock.schedule(after: .milliseconds(50)) { log.append("inner@\(clock.now.milliseconds)") }
            clock.schedule(after: .zero) { log.append("now@\(clock.now.milliseconds)") }
            clock.schedule(after: .milliseconds(500)) { log.append("too late") }
        }
        clock.schedule(after: .milliseconds(120)) { log.append("other@\(clock.now.milliseconds)") }
        clock.advance(by: .milliseconds(200))
        #expect(log == ["outer@100", "now@100", "other@120", "inner@150"])
        #expect(clock.pendingCount == 1)
        #expect(clock.nextDeadline == .milliseconds(600))
    }

    @Test("Cancelling before the deadline prevents the work")
    func cancel() {
        let clock = VirtualScheduler()
        var fired = false
        let handle = clock.schedule(after: .milliseconds(100)) { fired = true }
        #expect(clock.pendingCount == 1)
        #expect(!handle.isCancelled)
        clock.advance(by: .milliseconds(50))
        handle.cancel()
        #expect(handle.isCancelled)
        #expect(clock.pendingCount == 0)
        #expect(clock.nextDeadline == nil)
        clock.advance(by: .seconds(1))
        #expect(!fired)
        handle.cancel()  // idempotent
        #expect(handle.isCancelled)
    }

    @Test("A job can cancel a later job due in the same advance")
    func cancelFromJob() {
        let clock = VirtualScheduler()
        var fired: [String] = []
        var later: ScheduledWork?
        clock.schedule(after: .milliseconds(10)) {
            fired.append("first")
            later?.cancel()
        }
        later = clock.schedule(after: .milliseconds(20)) { fired.append("second") }
        clock.advance(by: .milliseconds(100))
        #expect(fired == ["first"])
    }

    @Test("One-shot work is marked done after it runs and leaves the queue")
    func oneShotFinishes() {
        let clock = VirtualScheduler()
        let handle = clock.schedule(after: .milliseconds(10)) {}
        clock.advance(by: .milliseconds(10))
        #expect(handle.isCancelled)
        #expect(clock.pendingCount == 0)
    }

    @Test("Repeating work fires once per interval, the first one interval from now")
    func repeating() {
        let clock = VirtualScheduler()
        var times: [Int64] = []
        let timer = clock.scheduleRepeating(every: .milliseconds(100)) { times.append(clock.now.milliseconds) }
        clock.advance(by: .milliseconds(99))
        #expect(times.isEmpty)
        clock.advance(by: .milliseconds(251))
        #expect(times == [100, 200, 300])
        #expect(clock.now == .milliseconds(350))
        #expect(clock.pendingCount == 1)
        #expect(clock.nextDeadline == .milliseconds(400))
        clock.advance(by: .milliseconds(50))
        #expect(times == [100, 200, 300, 400])
        timer.cancel()
        clock.advance(by: .seconds(5))
        #expect(times.count == 4)
        #expect(clock.pendingCount == 0)
    }

    @Test("A repeating job can cancel itself from inside")
    func repeatingSelfCancel() {
        let clock = VirtualScheduler()
        var count = 0
        var timer: ScheduledWork?
        timer = clock.scheduleRepeating(every: .milliseconds(10)) {
            count += 1
            if count == 3 { timer?.cancel() }
        }
        clock.advance(by: .seconds(1))
        #expect(count == 3)
        #expect(clock.pendingCount == 0)
        #expect(timer?.isCancelled == true)
    }

    @Test("A repeating interval below 1 ms counts as 1 ms")
    func repeatingMinimum() {
        let clock = VirtualScheduler()
        var count = 0
        clock.scheduleRepeating(every: .zero) { count += 1 }
        clock.advance(by: .milliseconds(5))
        #expect(count == 5)
    }

    @Test("Repeating and one-shot work interleave by deadline")
    func interleave() {
        let clock = VirtualScheduler()
        var log: [String] = []
        clock.scheduleRepeating(every: .milliseconds(100)) { log.append("tick\(clock.now.milliseconds)") }
        clock.schedule(after: .milliseconds(150)) { log.append("once") }
        clock.schedule(after: .milliseconds(200)) { log.append("once200") }
        clock.advance(by: .milliseconds(300))
        // At 200 the timer was re-armed (at 100) after "once200" was submitted, so it runs second.
        #expect(log == ["tick100", "once", "once200", "tick200", "tick300"])
    }

    @Test("now equals the job's deadline during the job and the target afterwards")
    func nowDuringJob() {
        let clock = VirtualScheduler()
        clock.advance(by: .milliseconds(1000))
        var seen: [Duration] = []
        clock.schedule(after: .milliseconds(30)) { seen.append(clock.now) }
        clock.schedule(after: .milliseconds(70)) { seen.append(clock.now) }
        clock.scheduleRepeating(every: .milliseconds(40)) { seen.append(clock.now) }
        clock.advance(by: .milliseconds(90))
        #expect(seen == [.milliseconds(1030), .milliseconds(1040), .milliseconds(1070), .milliseconds(1080)])
        #expect(clock.now == .milliseconds(1090))
    }

    @Test("pendingCount and nextDeadline track live jobs")
    func bookkeeping() {
        let clock = VirtualScheduler()
        #expect(clock.pendingCount == 0)
        #expect(clock.nextDeadline == nil)
        let a = clock.schedule(after: .milliseconds(300)) {}
        clock.schedule(after: .milliseconds(200)) {}
        #expect(clock.pendingCount == 2)
        #expect(clock.nextDeadline == .milliseconds(200))
        a.cancel()
        #expect(clock.pendingCount == 1)
        clock.advance(by: .milliseconds(200))
        #expect(clock.pendingCount == 0)
        #expect(clock.nextDeadline == nil)
    }

    @Test("A large advance runs a fast timer many times quickly")
    func manyTicks() {
        let clock = VirtualScheduler()
        var count = 0
        clock.scheduleRepeating(every: .milliseconds(16)) { count += 1 }
        clock.advance(by: .seconds(16))
        #expect(count == 1000)
    }

    @Test("VirtualScheduler works through the Scheduler protocol")
    func throughProtocol() {
        let clock = VirtualScheduler()
        let scheduler: any Scheduler = clock
        var fired = false
        scheduler.schedule(after: .seconds(2)) { fired = true }
        clock.advance(by: .seconds(2))
        #expect(fired)
        #expect(scheduler.now == .seconds(2))
    }

    @Test("sleep ends on the clock's time, and at once with CancellationError when cancelled")
    func sleepAndCancellation() async {
        let clock = VirtualScheduler()
        let sleeper = clock.startTask { try await clock.sleep(for: .seconds(3)) }
        await clock.settle()
        #expect(clock.pendingCount == 1)
        await clock.run(for: .seconds(3))
        #expect((try? await sleeper.value) != nil)

        let cancelled = clock.startTask { try await clock.sleep(for: .seconds(3)) }
        await clock.settle()
        cancelled.cancel()
        await clock.settle()
        #expect(clock.now == .seconds(3), "no time passed")
        #expect(clock.pendingCount == 0, "the timer went with the sleep")
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }
}

/// Settling runs the async work started through the clock until it ends or waits on it.
@MainActor
@Suite(.endsIdle)
struct SettleTests {
    final class Box { var value = 0 }

    @Test func aLongChainOfHopsRunsToItsEnd() async {
        let clock = VirtualScheduler()
        let reached = Box()
        clock.startTask {
            for step in 1...500 {
                await Task.yield()
                reached.value = step
            }
        }
        await clock.settle()
        #expect(reached.value == 500, "a fixed number of yields would have stopped early")
    }

    @Test func tasksAwaitingTasksFinishAndClockWaitsStayWaiting() async {
        let clock = VirtualScheduler()
        let finished = Box()
        let slept = Box()
        clock.startTask {
            let total = Box()
            for _ in 0..<40 {
                total.value = try await clock.startTask { total.value + 1 }.value
            }
            finished.value = total.value
        }
        clock.startTask {
            try await clock.sleep(for: .seconds(1))
            slept.value = 1
        }
        await clock.settle()
        #expect(finished.value == 40)
        #expect(slept.value == 0 && clock.pendingCount == 1, "the sleeper waits for the clock")
        await clock.run(for: .seconds(1))
        #expect(slept.value == 1)
    }

    @Test func aCancelledSleeperRunsOnToItsEnd() async {
        let clock = VirtualScheduler()
        let ended = Box()
        let task = clock.startTask {
            do { try await clock.sleep(for: .seconds(60)) } catch {
                ended.value = 2
                return
            }
            ended.value = 1
        }
        await clock.settle()
        #expect(ended.value == 0)
        task.cancel()
        await clock.settle()
        #expect(ended.value == 2, "cancelled: it ran on and ended at once")
        #expect(clock.pendingCount == 0, "its timer went with it")
    }
}

/// What `.endsIdle` reads: the schedulers a test made and where their work came from.
@MainActor
struct LedgerTests {
    @Test func aLedgerNamesTheWorkLeftOnTheSchedulersMadeUnderIt() {
        let ledger = VirtualScheduler.Ledger()
        let kept = VirtualScheduler.$ledger.withValue(ledger) { () -> VirtualScheduler in
            let clock = VirtualScheduler()
            clock.schedule(after: .seconds(2)) {}
            clock.scheduleRepeating(every: .milliseconds(40)) {}.cancel()
            return clock
        }
        let outside = VirtualScheduler()
        outside.schedule(after: .seconds(1)) {}
        let left = ledger.pendingWork
        #expect(left.count == 1, "cancelled work and schedulers made elsewhere are not counted")
        #expect(left.first?.description.hasPrefix("MotionTests/VirtualSchedulerTests.swift:") == true)
        #expect(left.first?.description.hasSuffix("(at 2000 ms)") == true)
        kept.advance(by: .seconds(2))
        #expect(ledger.pendingWork.isEmpty)
    }
}
