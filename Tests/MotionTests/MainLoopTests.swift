import Foundation
import Motion
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The main actor's loop, both ways: run here by a synchronous call that holds the main actor
/// (as `TerminalApp.run` does inside a test's main-actor job, where the main queue cannot be
/// served), and served by the main queue while the main actor is free.
@MainActor
@Suite(.serialized)
struct MainLoopTests {
    @Test("Run here, it serves timers in deadline order, a watched descriptor and work posted from another thread")
    func runHereServesEverything() {
        var seen: [String] = []
        let start = ContinuousClock.now
        for (name, delay) in [("timer 30", 30), ("timer 10", 10), ("timer 20", 20)] {
            MainLoop.shared.schedule(at: start + .milliseconds(delay)) { seen.append(name) }
        }
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let watch = MainLoop.shared.watch(readable: ends[0]) {
            var byte: UInt8 = 0
            _ = read(ends[0], &byte, 1)
            seen.append("read \(byte)")
        }
        defer { watch.cancel() }
        let writer = ends[1]
        Thread.detachNewThread {
            var byte: UInt8 = 7
            _ = write(writer, &byte, 1)
            MainLoop.shared.post { MainLoop.shared.post { seenFromPost.append("posted") } }
        }
        MainLoop.shared.run { seen.count == 4 && seenFromPost == ["posted"] }
        #expect(seen.filter { $0.hasPrefix("timer") } == ["timer 10", "timer 20", "timer 30"])
        #expect(seen.contains("read 7"))
        #expect(!MainLoop.shared.isRunningHere)
    }

    @Test("A cancelled timer never runs; a repeating one runs until cancelled")
    func cancelling() {
        var ran: [String] = []
        let never = MainLoop.shared.schedule(at: .now + .milliseconds(5)) { ran.append("never") }
        never.cancel()
        var count = 0
        var repeating: ScheduledWork?
        repeating = MainLoop.shared.scheduleRepeating(every: .milliseconds(2)) {
            count += 1
            if count == 3 { repeating?.cancel() }
        }
        MainLoop.shared.schedule(at: .now + .milliseconds(20)) { ran.append("last") }
        MainLoop.shared.run { ran == ["last"] }
        #expect(count == 3)
        #expect(never.isCancelled)
    }

    @Test("While the main actor is free, the main queue serves the timers and the watches")
    func servedByTheMainQueue() async {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let fired: Void = await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            MainLoop.shared.schedule(at: .now + .milliseconds(5)) { done.resume() }
        }
        #expect(fired == ())
        let byte: UInt8 = await withCheckedContinuation { (done: CheckedContinuation<UInt8, Never>) in
            var watch: ScheduledWork?
            watch = MainLoop.shared.watch(readable: ends[0]) {
                var byte: UInt8 = 0
                _ = read(ends[0], &byte, 1)
                watch?.cancel()
                done.resume(returning: byte)
            }
            var value: UInt8 = 9
            _ = write(ends[1], &value, 1)
        }
        #expect(byte == 9)
    }
}

/// What the posted work saw (posted work is `@Sendable`: it cannot capture a test's local).
@MainActor private var seenFromPost: [String] = []
