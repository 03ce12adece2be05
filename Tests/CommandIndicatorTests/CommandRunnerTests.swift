import ChildProcess
import Foundation
import Indicator
import IndicatorKit
import Testing

@testable import CommandIndicator

/// `CommandRunner`'s logic on a fake operating system and the virtual clock: what the
/// command writes is queued on fake descriptors, its end is reported by the test.
@MainActor
struct CommandRunnerTests {
    /// The operating system's side, recorded.
    @MainActor
    final class FakeSystem {
        var queued: [Int32: [Data]] = [10: [], 20: []]
        var closedPipes: Set<Int32> = []
        var closed: [Int32] = []
        var endCallback: (@MainActor (Int32, Bool) -> Void)?
        var endedBySignal: Int32?
        var forwardedTo: Int32?
        var written: [Int32: Data] = [1: Data(), 2: Data()]
        var stdoutFailure: CommandRunner.WriteFailure?
        var reads = 0

        var system: CommandRunner.System {
            CommandRunner.System(
                spawn: { arguments in
                    guard arguments.first != "missing" else { throw ChildProcessIO.SpawnError(description: "No such file or directory", code: ENOENT) }
                    return (pid: 4242, output: 10, errors: 20)
                },
                readAvailable: { [unowned self] descriptor in
                    reads += 1
                    let data = queued[descriptor]?.isEmpty == false ? queued[descriptor]!.removeFirst() : Data()
                    return (data, queued[descriptor]?.isEmpty != false && closedPipes.contains(descriptor))
                },
                close: { [unowned self] in closed.append($0) },
                watchEnd: { [unowned self] _, ended in
                    endCallback = ended
                    return 0
                },
                forwardInterruptions: { [unowned self] in forwardedTo = $0 },
                endBySignal: { [unowned self] in endedBySignal = $0 }
            )
        }

        func sink(_ stream: Int32) -> CommandRunner.Sink {
            { [unowned self] data in
                if stream == 1, let stdoutFailure { return stdoutFailure }
                written[stream, default: Data()] += data
                return nil
            }
        }
    }

    /// A line output that records, claiming to be a terminal or not.
    final class Recorder: LineOutput, @unchecked Sendable {  // `written` is only touched under `lock`
        let isTerminal: Bool
        let columns = 80
        private let lock = NSLock()
        private var written = ""
        init(isTerminal: Bool) { self.isTerminal = isTerminal }
        func write(_ text: String) { lock.withLock { written += text } }
        var text: String { lock.withLock { written } }
    }

    /// The spinner's group on a recorder, drawn only when a test ticks it, on the time given
    /// (the runner's scheduler's, so one clock moves both).
    func makeGroup(onTerminal: Bool, colors: Bool = false, time: any TimeSource = ManualTime()) -> (ProgressGroup, Recorder) {
        let output = Recorder(isTerminal: onTerminal)
        let group = ProgressGroup(output: output, mode: onTerminal ? .animated(colors: colors) : .log, clock: time, drawsOnItsOwnThread: false)
        return (group, output)
    }

    func makeRunner(
        _ fake: FakeSystem,
        clock: VirtualScheduler,
        onTerminal: Bool,
        command: [String] = ["make"],
        group: ProgressGroup? = nil,
        leavesLine: Bool = true
    ) -> (CommandRunner, Recorder) {
        let (made, indicator) = makeGroup(onTerminal: onTerminal, time: clock.time)
        let runner = CommandRunner(
            arguments: command,
            label: "Build",
            group: group ?? made,
            clock: clock,
            system: fake.system,
            standardOutputIsTerminal: onTerminal,
            standardOutput: fake.sink(1),
            standardError: fake.sink(2),
            leavesLine: leavesLine
        )
        return (runner, indicator)
    }

    @Test func aCommandWritingInBurstsIsReadWithinAMillisecondOfEachNotAtTheNextTick() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, _) = makeRunner(fake, clock: clock, onTerminal: false)
        runner.start { _ in }
        // A fast command between two reads fills the pipe, waits for it to be read, fills it
        // again: a burst is there each time the pipe has just been found empty.
        var bursts = 0
        for _ in 0..<200 {
            if fake.queued[10]!.isEmpty {
                fake.queued[10] = [Data(repeating: 121, count: 1 << 20)]
                bursts += 1
            }
            clock.advance(by: .milliseconds(1))
        }
        #expect(bursts > 50, "the pipe was read every millisecond or two, not every 20 ms: \(bursts) bursts in 200 ms")
        #expect(fake.written[1]!.count == (bursts - fake.queued[10]!.count) << 20)
        // An idle command costs no more than 50 wake-ups a second, each reading both pipes.
        let before = fake.reads
        clock.advance(by: .seconds(1))
        #expect(fake.reads - before <= 2 * 55, "\(fake.reads - before) reads of its two pipes in an idle second")
        fake.closedPipes = [10, 20]
        fake.endCallback?(0, false)
    }

    /// The label a command gets by default is its command line as typed, shell-quoted.
    @Test func theDefaultLabelIsTheCommandLineShellQuoted() {
        #expect(CommandRunner.shellQuoted(["sh", "-c", "for i in 1 2 3; do echo $i; done"]) == "sh -c 'for i in 1 2 3; do echo $i; done'")
        #expect(CommandRunner.shellQuoted(["echo", "it's", ""]) == "echo 'it'\\''s' ''")
        #expect(CommandRunner.shellQuoted(["make", "-j2", "PREFIX=/usr/local"]) == "make -j2 PREFIX=/usr/local")
    }

    @Test func theLastLineStartsOnItsOwnAfterAnUnfinishedErrorLine() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, indicator) = makeRunner(fake, clock: clock, onTerminal: false)
        runner.start { _ in }
        fake.queued[20] = [Data("warning: no newline".utf8)]
        clock.advance(by: .milliseconds(20))
        fake.closedPipes = [10, 20]
        fake.endCallback?(0, false)
        #expect(String(decoding: fake.written[2] ?? Data(), as: UTF8.self) == "warning: no newline\n", "ended with a newline before the ✓ line")
        #expect(indicator.text.hasSuffix("✓ Build (0.0 s)\n"))
    }

    /// As gum's spin: no ✓ or ✗ line, the spinner cleared; the status says how it ended.
    @Test func withoutALineTheSpinnerIsClearedWhateverTheEnd() {
        for exitCode: Int32 in [0, 3] {
            let fake = FakeSystem()
            let clock = VirtualScheduler()
            let (runner, indicator) = makeRunner(fake, clock: clock, onTerminal: true, leavesLine: false)
            var status: Int32?
            runner.start { status = $0 }
            clock.advance(by: .milliseconds(200))
            fake.closedPipes = [10, 20]
            fake.endCallback?(exitCode, false)
            #expect(status == exitCode)
            #expect(!indicator.text.contains("✓") && !indicator.text.contains("✗"), "no end line: \(indicator.text.debugDescription)")
        }
    }

    /// In a log, a runner that leaves no line writes no start line either: only the command's output.
    @Test func withoutALineALogGetsNothingOfTheRunnersOwn() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, log) = makeRunner(fake, clock: clock, onTerminal: false, leavesLine: false)
        var status: Int32?
        runner.start { status = $0 }
        fake.queued[10] = [Data("built\n".utf8)]
        clock.advance(by: .milliseconds(20))
        fake.closedPipes = [10, 20]
        fake.endCallback?(0, false)
        #expect(status == 0 && log.text.isEmpty, "\(log.text.debugDescription)")
        #expect(fake.written[1] == Data("built\n".utf8), "the command's output still passes")
    }

    @Test func outputGoingElsewherePassesByteForByteAsItComes() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, _) = makeRunner(fake, clock: clock, onTerminal: false)
        var status: Int32?
        runner.start { status = $0 }
        #expect(fake.forwardedTo == 4242)
        fake.queued[10] = [Data([0xFF, 0x00, 0x61])]  // not text, no newline
        clock.advance(by: .milliseconds(20))
        #expect(fake.written[1] == Data([0xFF, 0x00, 0x61]), "passed on at once, unchanged")
        fake.closedPipes = [10, 20]
        fake.endCallback?(0, false)
        #expect(status == 0)
        #expect(Set(fake.closed) == [10, 20])
    }

    @Test func onTheIndicatorsTerminalOnlyWholeLinesPassAndTheRestAtTheEnd() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, indicator) = makeRunner(fake, clock: clock, onTerminal: true)
        var status: Int32?
        runner.start { status = $0 }
        fake.queued[10] = [Data("one\ntw".utf8)]
        clock.advance(by: .milliseconds(20))
        #expect(fake.written[1] == Data("one\n".utf8), "the partial line waits")
        fake.queued[10] = [Data("o".utf8)]
        fake.closedPipes = [10, 20]
        fake.endCallback?(3, false)
        #expect(fake.written[1] == Data("one\ntwo\n".utf8), "drained and finished at the end")
        #expect(indicator.text.contains("✗ Build (exit 3, "))
        #expect(status == 3)
    }

    @Test func aPromptWaitingForAnAnswerIsShownAndTheIndicatorStepsAside() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (group, indicator) = makeGroup(onTerminal: true, time: clock.time)
        let (runner, _) = makeRunner(fake, clock: clock, onTerminal: true, group: group)
        runner.start { _ in }
        fake.queued[10] = [Data("name? ".utf8)]
        clock.advance(by: .milliseconds(20))
        #expect(fake.written[1] == Data(), "a moment: it may be a line still being written")
        clock.advance(by: CommandRunner.unfinishedLineWait)
        #expect(fake.written[1] == Data("name? ".utf8), "still unfinished: shown as it is")
        #expect(indicator.text.hasSuffix("\r\u{1B}[J\u{1B}[?25h"), "the indicator line cleared and the cursor shown for the answer")
        let aside = indicator.text
        clock.advance(by: .seconds(2))
        group.tick()
        #expect(indicator.text == aside, "nothing drawn over the prompt while it waits")
        fake.queued[10] = [Data("Bob\nnext".utf8)]  // the answer's line ends; more follows
        clock.advance(by: .milliseconds(20))
        #expect(fake.written[1] == Data("name? Bob\n".utf8))
        #expect(indicator.text.dropFirst(aside.count).hasPrefix("\u{1B}[?25l"), "back below the line, cursor hidden again")
        #expect(indicator.text.hasSuffix(" Build 2 s"), "with the elapsed time")
        fake.closedPipes = [10, 20]
        fake.endCallback?(0, false)
        #expect(fake.written[1] == Data("name? Bob\nnext\n".utf8))
    }

    @Test func aLineThatRewritesItselfWithCarriageReturnsIsShownAsItComes() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, indicator) = makeRunner(fake, clock: clock, onTerminal: true)
        runner.start { _ in }
        fake.queued[10] = [Data("\rprogress 1/3".utf8)]
        clock.advance(by: .milliseconds(20))
        #expect(fake.written[1] == Data("\rprogress 1/3".utf8), "shown at once")
        fake.queued[10] = [Data("\rprogress 2/3".utf8)]
        clock.advance(by: .milliseconds(20))
        #expect(fake.written[1] == Data("\rprogress 1/3\rprogress 2/3".utf8))
        // It ends without a newline: the last line goes below it.
        fake.closedPipes = [10, 20]
        fake.endCallback?(0, false)
        #expect(indicator.text.hasSuffix("\u{1B}[J✓ Build (0.0 s)\n\u{1B}[?25h"))
        #expect(indicator.text.contains("\n\u{1B}[?25l"), "a new line after the unfinished one, where the spinner comes back")
    }

    @Test func theMarksAreColouredWhenColourIsAllowed() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (group, output) = makeGroup(onTerminal: true, colors: true)
        let runner = CommandRunner(
            arguments: ["make"],
            label: "Build",
            group: group,
            clock: clock,
            system: fake.system,
            standardOutputIsTerminal: true,
            standardOutput: fake.sink(1),
            standardError: fake.sink(2)
        )
        runner.start { _ in }
        fake.closedPipes = [10, 20]
        fake.endCallback?(1, false)
        #expect(output.text.contains("\u{1B}[31m✗\u{1B}[0m Build (exit 1, 0.0 s)"))
    }

    @Test func aCommandEndedBySignalEndsTheRunByTheSameSignal() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, indicator) = makeRunner(fake, clock: clock, onTerminal: false)
        var status: Int32?
        runner.start { status = $0 }
        fake.closedPipes = [10, 20]
        fake.endCallback?(2, true)
        #expect(indicator.text.hasSuffix("✗ Build (signal 2, 0.0 s)\n"))
        #expect(fake.endedBySignal == 2)
        #expect(status == nil, "it does not exit normally")
    }

    @Test func aClosedReaderStopsTheCommandsOutputAndEndsByBrokenPipe() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, _) = makeRunner(fake, clock: clock, onTerminal: false)
        runner.start { _ in }
        fake.stdoutFailure = .init(description: "Broken pipe", isBrokenPipe: true)
        fake.queued[10] = [Data("y\n".utf8)]
        clock.advance(by: .milliseconds(20))
        #expect(fake.closed == [10], "our end closed, so the command meets a closed pipe too")
        fake.closedPipes = [20]
        fake.endCallback?(13, true)
        #expect(fake.endedBySignal == 13)
    }

    @Test func aFullDiskIsSaidAndEndsWith74() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, indicator) = makeRunner(fake, clock: clock, onTerminal: false)
        var status: Int32?
        runner.start { status = $0 }
        fake.stdoutFailure = .init(description: "No space left on device", isBrokenPipe: false)
        fake.queued[10] = [Data("lost\n".utf8)]
        clock.advance(by: .milliseconds(20))
        fake.closedPipes = [20]
        fake.endCallback?(0, false)
        #expect(status == 74)
        #expect(
            String(decoding: fake.written[2] ?? Data(), as: UTF8.self).contains(
                "\(ProcessInfo.processInfo.processName): cannot write standard output: No space left on device"
            ),
            "said under the program's own name"
        )
        #expect(indicator.text.contains("✗ ") && indicator.text.contains("output not written"), "\(indicator.text)")
        #expect(!indicator.text.contains("✓"), "no success claimed over lost output: \(indicator.text)")
    }

    @Test func aCommandThatCannotStartEndsWith127() {
        let fake = FakeSystem()
        let clock = VirtualScheduler()
        let (runner, indicator) = makeRunner(fake, clock: clock, onTerminal: false, command: ["missing"])
        var status: Int32?
        runner.start { status = $0 }
        #expect(status == 127)
        #expect(indicator.text.contains("could not start: No such file or directory"))
        #expect(clock.pendingCount == 0, "nothing left running")
    }
}
