import Foundation
import Motion
import TerminalRuntime
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The loop under every app: the main queue serves its timers and watches while the main
/// actor is free. (The blocking forms, which serve it from a synchronous `main`, are tried by
/// the real programs in ProgramShapesTests.)
@MainActor
@Suite(.serialized)
struct EventLoopTests {
    @Test("Timers run in deadline order; a cancelled one never runs; a repeating one runs until cancelled", .timeLimit(.minutes(1)))
    func timers() async {
        let start = ContinuousClock.now
        let order: [String] = await withCheckedContinuation { (done: CheckedContinuation<[String], Never>) in
            var seen: [String] = []
            var resumed = false
            // Both ends are waited for: on a busy machine the first turn may find every timer due.
            func resumeOnceBothEnded() {
                guard !resumed, seen.contains("timer 30"), seen.contains("repeated 3") else { return }
                resumed = true
                done.resume(returning: seen)
            }
            let never = MainTimers.shared.schedule(at: start + .milliseconds(15)) { seen.append("never") }
            never.cancel()
            var count = 0
            var repeating: ScheduledWork?
            repeating = MainTimers.shared.scheduleRepeating(every: .milliseconds(2)) {
                count += 1
                if count == 3 {
                    repeating?.cancel()
                    seen.append("repeated 3")
                    resumeOnceBothEnded()
                }
            }
            for (name, delay) in [("timer 30", 30), ("timer 10", 10), ("timer 20", 20)] {
                MainTimers.shared.schedule(at: start + .milliseconds(delay)) {
                    seen.append(name)
                    resumeOnceBothEnded()
                }
            }
        }
        #expect(order.filter { $0.hasPrefix("timer") } == ["timer 10", "timer 20", "timer 30"])
        #expect(order.contains("repeated 3") && !order.contains("never"))
    }

    @Test("A watch calls its handler while the descriptor is readable; closing a watched descriptor waits for its cancellation", .timeLimit(.minutes(1)))
    func watchesAndClosing() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[1]) }
        let reader = ends[0]
        let byte: UInt8 = await withCheckedContinuation { (done: CheckedContinuation<UInt8, Never>) in
            var watch: ScheduledWork?
            watch = EventLoop.watch(readable: reader) {
                var byte: UInt8 = 0
                _ = read(reader, &byte, 1)
                watch?.cancel()
                EventLoop.close(reader)
                // The source's cancellation is handled on the main queue, after this returns:
                // the descriptor must still be open here.
                #expect(fcntl(reader, F_GETFD) != -1, "closed before its read source let go of it")
                done.resume(returning: byte)
            }
            var value: UInt8 = 9
            _ = write(ends[1], &value, 1)
        }
        #expect(byte == 9)
        while fcntl(reader, F_GETFD) != -1 { await Task.yield() }  // closed once the cancellation is handled
        #expect(errno == EBADF)
    }

    @Test("An unwatched descriptor is closed at once")
    func closingUnwatched() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        // Told by the other end (a descriptor's number may be reused at once by a test
        // running beside this one): a closed read end makes the write end report an error,
        // then a closed write end makes the read end see the end of input.
        EventLoop.close(ends[0])
        var writeEnd = pollfd(fd: ends[1], events: Int16(POLLOUT), revents: 0)
        #expect(poll(&writeEnd, 1, 0) == 1 && writeEnd.revents & Int16(POLLERR) != 0)
        close(ends[1])
        try #require(pipe(&ends) == 0)
        EventLoop.close(ends[1])
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
        close(ends[0])
    }

    @Test("A blocking run off the main thread (a test's main actor, as an async main's) runs nothing and says so")
    func blockingOffTheMainThread() {
        #expect(!Thread.isMainThread)
        var ran = false
        #expect(throws: TerminalError.wouldBlockMainActor(asyncForm: "await work()")) {
            try EventLoop.runBlocking(asyncForm: "await work()") { () async -> Int in
                ran = true
                return 1
            }
        }
        #expect(!ran)
    }

    @Test("Work posted from another thread runs on the main actor, in order", .timeLimit(.minutes(1)))
    func posted() async {
        let seen: [Int] = await withCheckedContinuation { (done: CheckedContinuation<[Int], Never>) in
            Thread.detachNewThread {
                for value in 1...3 {
                    EventLoop.post {
                        postedValues.append(value)
                        if postedValues.count == 3 { done.resume(returning: postedValues) }
                    }
                }
            }
        }
        #expect(seen == [1, 2, 3])
    }
}

/// What posted work saw (posted work is `@Sendable`: it cannot capture a test's local).
@MainActor private var postedValues: [Int] = []
