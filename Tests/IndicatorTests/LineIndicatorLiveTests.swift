import Foundation
import IndicatorKit
import TerminalIO
import Testing

@testable import Indicator

/// Bars and spinners drawn by their own thread on a real pseudo-terminal and a real pipe.
@Suite(.serialized)
struct LineIndicatorLiveTests {
    /// Collects what arrives on `descriptor`, with when, on a thread of its own.
    final class Reader: @unchecked Sendable {  // `chunks` is only touched under `lock`
        private let lock = NSCondition()  // signalled when bytes arrive or reading ends
        private var chunks: [(at: Duration, bytes: [UInt8])] = []
        private var stopped = false
        private let ended = DispatchSemaphore(value: 0)
        private let clock = ContinuousClock(), start: ContinuousClock.Instant

        init(_ descriptor: Int32) {
            start = clock.now
            let thread = Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                defer {
                    lock.withLock { lock.broadcast() }
                    ended.signal()
                }
                while !lock.withLock({ stopped }) {
                    var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    guard poll(&watch, 1, 20) > 0 else { continue }  // woken by data, or to look at `stopped`
                    let n = read(descriptor, &buffer, buffer.count)
                    if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                    if n <= 0 { break }
                    let at = clock.now - start
                    lock.withLock {
                        chunks.append((at, Array(buffer[0..<n])))
                        lock.broadcast()
                    }
                }
            }
            thread.start()
        }

        /// Stops reading (before the descriptor is closed, so that its number, used again,
        /// is not read by this thread) and waits for the thread to end.
        func stop() {
            lock.withLock { stopped = true }
            ended.wait()
        }

        var received: [(at: Duration, bytes: [UInt8])] { lock.withLock { chunks } }
        var text: String { String(decoding: received.flatMap(\.bytes), as: UTF8.self) }

        /// Blocks the calling thread until what arrived satisfies `condition`, ten seconds at
        /// most; whether it did.
        func waitForChunks(_ condition: ([(at: Duration, bytes: [UInt8])]) -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 10)
            return lock.withLock {
                while !condition(chunks) {
                    if !lock.wait(until: deadline) { return condition(chunks) }
                }
                return true
            }
        }

        /// ``waitForChunks(_:)`` for the text that arrived.
        func waitForText(_ condition: (String) -> Bool) -> Bool {
            waitForChunks({ chunks in condition(String(decoding: chunks.flatMap(\.bytes), as: UTF8.self)) })
        }
    }

    @MainActor
    @Test func aSpinnerKeepsTimeWhileItsCallerBlocksTheMainThread() throws {
        let pty = try PseudoTerminal(size: Size(width: 60, height: 10))
        let reader = Reader(pty.primary)
        let group = ProgressGroup(output: LineTerminal(descriptor: pty.secondary), environment: [:])
        let spinner = Spinner("Working", group: group)
        // The main thread blocks, drawing nothing, until a dozen frames came (its pace against
        // the clock is `bench progress`'s "idle spinner" figure, not a test's).
        #expect(reader.waitForChunks({ $0.count >= 13 }), "frames came while the caller's thread was blocked: \(reader.received.count)")
        spinner.succeed()
        try #require(reader.waitForText({ $0.contains("✓\u{1B}[0m Working (") }), "\(reader.text.debugDescription)")
        reader.stop()
    }

    /// However many calls on its own thread, the bar counts every one. That increments never
    /// draw by themselves (only the drawing thread's ticks do, once each) is
    /// `LineIndicatorTests.aMillionIncrementsCostOneRedrawAndAnUnchangedLineNone`, on a manual
    /// clock; what a call costs is `bench progress`'s figure.
    @Test func aMillionIncrementsAreEachCounted() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 10))
        let reader = Reader(pty.primary)
        let group = ProgressGroup(output: LineTerminal(descriptor: pty.secondary), environment: [:])
        let bar = group.bar(total: nil, message: "Counting")
        for _ in 0..<1_000_000 { bar.inc() }
        bar.finish()
        try #require(
            reader.waitForText({ $0.contains("Counting") && $0.contains("1000000") }),
            "every call counted: \(reader.text.suffix(120).debugDescription)"
        )
        reader.stop()
    }

    @Test func aPipeGetsLinesAndNoCarriageReturns() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let reader = Reader(fds[0])
        let group = ProgressGroup(output: LineTerminal(descriptor: fds[1]), environment: [:])
        let bar = group.bar(total: 1000, message: "Copying")
        let spinner = group.spinner("Waiting")
        for _ in 0..<10 { bar.inc(50) }
        bar.abandon()
        spinner.succeed()
        close(fds[1])
        try #require(reader.waitForText({ $0.contains("✓ Waiting") }), "\(reader.text.debugDescription)")
        let text = reader.text
        #expect(!text.contains("\r") && !text.contains("\u{1B}"), "\(text.debugDescription)")
        #expect(text.hasPrefix("Copying…\nWaiting…\n"))
        #expect(text.contains("Copying: 500/1000 in "))
    }

}

extension LineIndicatorLiveTests {
    @Test func linesMadeAndEndedFromManyThreadsAtOnceAllEndOnce() async throws {
        let output = RecordingLineOutput(isTerminal: true, columns: 80)
        let group = ProgressGroup(output: output, mode: .animated(colors: true))  // its own thread draws meanwhile
        await withTaskGroup(of: Void.self) { tasks in
            for worker in 0..<8 {
                tasks.addTask {
                    for index in 0..<50 {
                        let bar = group.bar(total: 100, message: "w\(worker) #\(index)")
                        for _ in 0..<100 { bar.inc() }
                        if index % 10 == 0 { group.println("note \(worker) \(index)") }
                        bar.message = "done \(worker) \(index)"
                        if index % 2 == 0 { bar.succeed() } else { bar.clear() }
                    }
                }
            }
        }
        let screen = output.screen
        #expect(screen.filter { $0.hasPrefix("✓ done ") }.count == 8 * 25, "every succeeded line once")
        #expect(screen.filter { $0.hasPrefix("note ") }.count == 8 * 5)
        #expect(!screen.contains { $0.contains("░") }, "no bar left running")
    }
}

/// Ctrl-C, SIGTERM or SIGHUP with bars on a terminal: the block stays whole as last drawn,
/// the cursor below it (the shell's prompt comes after it), or is cleared whole by choice —
/// never only its last row erased.
@Suite(.serialized)
struct InterruptedBlockTests {
    @Test func aSignalLeavesTheBlockWholeWithTheCursorBelowOrClearsItWhole() {
        #expect(LineTerminal.endingBytes(rows: 3, clears: false) == "\r\n\u{1B}[?25h", "below the block, whole")
        #expect(LineTerminal.endingBytes(rows: 3, clears: true) == "\r\u{1B}[2A\u{1B}[J\u{1B}[?25h", "from its first row, cleared")
        #expect(LineTerminal.endingBytes(rows: 12, clears: true) == "\r\u{1B}[11A\u{1B}[J\u{1B}[?25h")
        #expect(LineTerminal.endingBytes(rows: 1, clears: true) == "\r\u{1B}[J\u{1B}[?25h")
        #expect(LineTerminal.endingBytes(rows: 0, clears: false) == "\u{1B}[?25h", "nothing drawn: only the cursor shown")
        #expect(LineTerminal.endingBytes(rows: nil, clears: false) == "\r\u{1B}[2K\u{1B}[?25h", "a line drawn by other means is cleared")
    }

    @Test func theGroupTellsTheGuardTheRowsItsBlockTakes() throws {
        let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
        let terminal = LineTerminal(descriptor: pty.secondary)
        let clock = ManualTime()
        let group = ProgressGroup(output: terminal, environment: [:], clock: clock, drawsOnItsOwnThread: false)
        let bars = (1...3).map { group.bar(total: 10, message: "bar \($0)") }
        group.tick()
        _ = pty.readAvailable()
        #expect(terminal.notedBlockRows == 3, "three bars, three rows")
        group.clearsWhenInterrupted = true
        #expect(terminal.notedBlockRows == 3)
        for bar in bars { bar.finish() }
        group.tick()
        _ = pty.readAvailable()
        #expect(terminal.notedBlockRows == 0, "every line ended: the block is output, nothing to leave or clear")
    }
}
