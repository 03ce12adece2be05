import ChildProcess
import Foundation
import Indicator
import Motion
import TerminalRuntime

/// Runs a command under an inline indicator, passing its output through above the
/// indicator line, then a ✓ or ✗ line with the elapsed time (as `showcase run` does).
///
/// Output that shares the terminal with the indicator goes through whole lines at a time
/// (the indicator line is cleared and drawn again below them). A line that stays unfinished
/// — a prompt waiting for an answer — or that rewrites itself with `\r` — a progress bar —
/// is shown as it comes: the indicator steps aside (and shows the cursor) until the line
/// ends, then comes back below it. Output that goes elsewhere (a file, a pipe) is passed
/// through byte for byte as it comes. The command is done when
/// it exits, even if a background child still holds its pipes. It runs real processes
/// (ChildProcess); the kit's own tests run it on fake ones.
///
/// ```swift
/// ChildProcessIO.prepareToForwardInterruptions()
/// let runner = CommandRunner(arguments: ["make", "-j2"], label: "Building",
///                            standardOutputIsTerminal: false,
///                            standardOutput: CommandRunner.sink(STDOUT_FILENO), standardError: CommandRunner.sink(STDERR_FILENO))
/// runner.start { status in exit(status) }
/// ```
@MainActor
public final class CommandRunner {
    /// A write that failed: why, and whether the reader went away (a closed pipe).
    public typealias WriteFailure = ChildProcessIO.WriteFailure

    /// A stream the command's output is passed to: nil when the write worked.
    public typealias Sink = (Data) -> WriteFailure?

    /// The operating system's side of running a command.
    package struct System {
        /// Starts the command: its pid and the (non-blocking) read ends of its standard
        /// output and error; throws (a `ChildProcessIO.SpawnError` says whether it was not
        /// found) when it cannot start.
        package var spawn: @MainActor ([String]) throws -> (pid: Int32, output: Int32, errors: Int32)
        /// What a descriptor holds now (at most a bounded amount) and whether it has ended.
        package var readAvailable: @MainActor (Int32) -> (data: Data, ended: Bool)
        /// Closes a descriptor.
        package var close: @MainActor (Int32) -> Void
        /// Calls back once when the process has ended (exit status or signal, and whether
        /// a signal ended it); returns what to keep alive meanwhile.
        package var watchEnd: @MainActor (Int32, @escaping @MainActor (Int32, Bool) -> Void) -> Any
        /// Sends interruptions meant for us on to the process.
        package var forwardInterruptions: @MainActor (Int32) -> Void
        /// Ends this process by a signal, as if it had not been caught.
        package var endBySignal: @MainActor (Int32) -> Void
        /// The first interruption that came while the command ran (nil: none).
        package var interruption: @MainActor () -> Int32?

        /// Creates a system from its parts.
        package init(
            spawn: @escaping @MainActor ([String]) throws -> (pid: Int32, output: Int32, errors: Int32),
            readAvailable: @escaping @MainActor (Int32) -> (data: Data, ended: Bool),
            close: @escaping @MainActor (Int32) -> Void,
            watchEnd: @escaping @MainActor (Int32, @escaping @MainActor (Int32, Bool) -> Void) -> Any,
            forwardInterruptions: @escaping @MainActor (Int32) -> Void,
            endBySignal: @escaping @MainActor (Int32) -> Void,
            interruption: @escaping @MainActor () -> Int32? = { nil }
        ) {
            self.interruption = interruption
            self.spawn = spawn
            self.readAvailable = readAvailable
            self.close = close
            self.watchEnd = watchEnd
            self.forwardInterruptions = forwardInterruptions
            self.endBySignal = endBySignal
        }
    }

    /// The command line as a shell would read it back: a word of plain characters as it is,
    /// any other in single quotes (`sh -c 'for i in 1 2; do echo $i; done'`).
    public static func shellQuoted(_ arguments: [String]) -> String {
        let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./_-")
        return arguments.map { word in
            !word.isEmpty && word.allSatisfy(plain.contains) ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }

    /// A sink that writes to `descriptor` (standard output or error, say).
    public static func sink(_ descriptor: Int32) -> Sink {
        { data in ChildProcessIO.write(data, to: descriptor) }
    }

    /// On a terminal, a line longer than this is passed on in pieces rather than held.
    static let longestHeldLine = 65_536

    /// The signals that end the run the same way when they ended the command, so that a
    /// shell loop around `showcase run` stops on Ctrl-C as it would around the command.
    static let passedOnSignals: Set<Int32> = [1, 2, 13, 15]  // SIGHUP, SIGINT, SIGPIPE, SIGTERM

    private let arguments: [String]
    private let system: System
    private let group: ProgressGroup
    private let label: String
    private let style: SpinnerStyle
    private var spinner: Spinner?
    /// With ``showingLastLines``, the step whose spinner it is (its output under it).
    private var step: CollapsibleStep?
    /// On a terminal, the command's last lines are shown under the spinner instead of passing
    /// above it, folded away on success and kept on failure (nil: passed above).
    private let showingLastLines: Int?
    /// Whether a ✓ or ✗ line is left at the end (false: the spinner is cleared, as gum's
    /// `spin` leaves nothing; the status says how it ended).
    private let leavesLine: Bool
    private let indicatorOnTerminal: Bool
    private let standardOutputOnTerminal: Bool
    private let sinks: [Int32: Sink]
    private var pending: [Int32: [UInt8]] = [:]
    private var descriptors: [Int32: Int32] = [:]
    /// Reads the pipes while the command runs: again at once while they give data, then
    /// after 1, 2, 4 … up to 20 ms while they stay empty, so a fast command is read as fast
    /// as it writes and an idle one costs 50 wake-ups a second. (Not Dispatch read
    /// sources: on Linux their event loop crashed now and then as a command's pipes closed
    /// under load; reading on the main queue also keeps every byte in order.)
    private var pipeReader: ScheduledWork?
    static let readInterval: Duration = .milliseconds(20)
    /// The wait before the next read: zero after data, doubling while the pipes are empty.
    private var idleWait: Duration = .zero
    private let scheduler: any Scheduler
    private var endWatch: Any?
    private var completion: (@MainActor (Int32) -> Void)?
    /// Why writing standard output failed, if it did.
    public private(set) var outputFailure: WriteFailure?
    /// Why passing the command's error output on to ours failed, if it did (a full disk).
    public private(set) var errorOutputFailure: WriteFailure?

    /// Creates a runner whose spinner is a line of `group` (standard error's by default:
    /// animated on a terminal, coloured unless `NO_COLOR`; a start and an end line in a log).
    /// `standardOutput` and `standardError` write to ours; `standardOutputIsTerminal` says
    /// whether our standard output is the terminal the indicator is drawn on (then its lines
    /// must not be cut by the indicator). With `reducedMotion` the spinner shows a still glyph.
    /// With `showingLastLines`, the command's output on the indicator's terminal is a
    /// `CollapsibleStep`: its last lines under the spinner, gone on success, kept on failure.
    /// Without `leavesLine`, the spinner is cleared at the end instead of ending as ✓ or ✗.
    public convenience init(
        arguments: [String],
        label: String? = nil,
        style: SpinnerStyle = .comet,
        group: ProgressGroup = .standardError,
        clock scheduler: any Scheduler = LiveScheduler(),
        standardOutputIsTerminal: Bool,
        standardOutput: @escaping Sink,
        standardError: @escaping Sink,
        reducedMotion: Bool = false,
        showingLastLines: Int? = nil,
        leavesLine: Bool = true
    ) {
        self.init(
            arguments: arguments,
            label: label,
            style: style,
            group: group,
            clock: scheduler,
            system: .live,
            standardOutputIsTerminal: standardOutputIsTerminal,
            standardOutput: standardOutput,
            standardError: standardError,
            reducedMotion: reducedMotion,
            showingLastLines: showingLastLines,
            leavesLine: leavesLine
        )
    }

    /// The same on another operating system's side (`system`: the tests' fake processes).
    package init(
        arguments: [String],
        label: String? = nil,
        style: SpinnerStyle = .comet,
        group: ProgressGroup = .standardError,
        clock scheduler: any Scheduler = LiveScheduler(),
        system: System,
        standardOutputIsTerminal: Bool,
        standardOutput: @escaping Sink,
        standardError: @escaping Sink,
        reducedMotion: Bool = false,
        showingLastLines: Int? = nil,
        leavesLine: Bool = true
    ) {
        self.showingLastLines = showingLastLines.map { max(1, $0) }
        self.leavesLine = leavesLine
        self.arguments = arguments
        self.system = system
        self.scheduler = scheduler
        self.group = group
        self.label = label ?? Self.shellQuoted(arguments)
        self.style = reducedMotion ? SpinnerStyle(name: style.name, frames: [style.still], interval: .seconds(3600), still: style.still) : style
        if case .animated = group.mode { indicatorOnTerminal = true } else { indicatorOnTerminal = false }
        standardOutputOnTerminal = standardOutputIsTerminal && indicatorOnTerminal
        sinks = [1: standardOutput, 2: standardError]
    }

    /// Starts the command; `completion` gets the exit status to end with: the command's,
    /// 127 when it was not found, 126 when it was found but could not be run (as shells
    /// say), 74 when our standard output or error could not be written (the command's output
    /// is lost then, so success is never claimed). When
    /// a signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE) ended the command, or our output was
    /// closed, this process ends by that signal instead, after its last line.
    public func start(completion: @escaping @MainActor (Int32) -> Void) {
        self.completion = completion
        let spinner: Spinner?
        if let lines = showingLastLines, indicatorOnTerminal {
            let step = CollapsibleStep(label, lines: lines, style: style, group: group)
            self.step = step
            spinner = step.spinner
        } else if leavesLine || indicatorOnTerminal {
            spinner = Spinner(label, style: style, group: group)
        } else {
            spinner = nil  // leaving no line, in a log: no start line either (gum's spin writes nothing of its own there)
        }
        self.spinner = spinner
        let child: (pid: Int32, output: Int32, errors: Int32)
        do {
            child = try system.spawn(arguments)
        } catch {
            // A command that cannot start is said, whatever the runner leaves otherwise.
            (spinner ?? Spinner(label, style: style, group: group)).fail(detail: "could not start: \(error)")
            self.completion = nil
            completion((error as? ChildProcessIO.SpawnError)?.isNotFound == false ? 126 : 127)
            return
        }
        system.forwardInterruptions(child.pid)
        descriptors = [1: child.output, 2: child.errors]
        scheduleRead()
        endWatch = system.watchEnd(child.pid) { [weak self] code, bySignal in
            self?.ended(code: code, bySignal: bySignal)
        }
    }

    /// ``run()`` for a synchronous `main`: blocks until the command has ended, serving the main
    /// queue on the main thread meanwhile. Elsewhere — in async code, in a block the main
    /// queue runs, in another blocking call — it runs nothing and throws at once
    /// (`TerminalError.wouldBlockMainActor`, naming `await runner.run()`).
    public func runBlocking() throws(TerminalError) -> Int32 {
        try EventLoop.runBlocking(asyncForm: "await runner.run()") { () async -> Int32 in await self.run() }
    }

    /// Runs the command (see ``start(completion:)``) and returns the status to end with once
    /// it has ended, the main actor free meanwhile: the form for async code.
    ///
    /// ```swift
    /// let status = await CommandRunner(arguments: ["make"], standardOutputIsTerminal: false,
    ///                                  standardOutput: CommandRunner.sink(1), standardError: CommandRunner.sink(2)).run()
    /// ```
    public func run() async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            start { continuation.resume(returning: $0) }
        }
    }

    private func scheduleRead() {
        pipeReader = scheduler.schedule(after: idleWait) { [weak self] in self?.drainPipes() }
    }

    /// Reads both pipes, then schedules the next read: as soon as the main queue is free
    /// while they give data (a pipe holds a megabyte, which a fast command fills in a
    /// fraction of a millisecond), later and later while they do not.
    private func drainPipes() {
        let read = drain(1) + drain(2)
        guard !descriptors.isEmpty else { return }
        idleWait = read > 0 ? .zero : idleWait == .zero ? .milliseconds(1) : min(Self.readInterval, idleWait * 2)
        scheduleRead()
    }

    /// The stream whose unfinished line is on screen, the indicator stepped aside for it.
    private var asideFor: Int32?
    /// Steps aside for a line that stays unfinished this long.
    static let unfinishedLineWait: Duration = .milliseconds(150)
    private var unfinishedLineCheck: ScheduledWork?
    /// Whether the command's standard error, passed on as it came, ended inside a line
    /// (the ✓ or ✗ line then starts on a line of its own).
    private var errorsEndMidLine = false

    /// Passes on what `stream`'s pipe holds now, stopping when it has ended; how many bytes came.
    private func drain(_ stream: Int32) -> Int {
        guard let descriptor = descriptors[stream] else { return 0 }
        let (data, ended) = system.readAvailable(descriptor)
        received(data, on: stream)
        if ended { stopReading(stream) }
        return data.count
    }

    private func stopReading(_ stream: Int32) {
        guard let descriptor = descriptors.removeValue(forKey: stream) else { return }
        system.close(descriptor)
        if descriptors.isEmpty {
            pipeReader?.cancel()
            pipeReader = nil
        }
    }

    /// The command has ended: pass on what its pipes hold now (without waiting for a
    /// background child that keeps them open), draw the last line, report.
    private func ended(code: Int32, bySignal: Bool) {
        guard let completion else { return }
        self.completion = nil
        for stream in [Int32(1), 2] {
            // What is there now, not what a background child keeps writing (16 reads at most).
            for _ in 0..<16 {
                guard let descriptor = descriptors[stream] else { break }
                let (data, ended) = system.readAvailable(descriptor)
                received(data, on: stream)
                if ended || data.isEmpty { break }
            }
            stopReading(stream)
        }
        unfinishedLineCheck?.cancel()
        unfinishedLineCheck = nil
        flush()
        if errorsEndMidLine, !indicatorOnTerminal { _ = sinks[2]?(Data([10])) }
        endWatch = nil
        let exit: Int32 = bySignal ? 128 + code : code
        if asideFor != nil {
            asideFor = nil
            group.println("")  // the other's line ends here; the last line goes below it
            group.resume()
        }
        // Output that was lost is a failure however the command ended: never a ✓ over it.
        let lostOutput = outputFailure.map { !$0.isBrokenPipe } ?? false
        // Interrupted, the command ended as if it had not been (exit 0) or was killed after
        // ignoring it for the grace period: the run ends interrupted, never with a ✓.
        let interruption = system.interruption()
        let ignoredInterruption = interruption.map { _ in exit == 0 || (bySignal && code == SIGKILL) } ?? false
        let failure = [
            ignoredInterruption ? "interrupted" : nil,
            bySignal ? "signal \(code)" : exit == 0 ? nil : "exit \(code)",
            lostOutput ? "output not written" : nil,
        ]
        .compactMap { $0 }.joined(separator: ", ")
        if !leavesLine {
            if let step { step.spinner.clear() } else { spinner?.clear() }
        } else if exit == 0, !lostOutput, !ignoredInterruption {
            if let step { step.succeed() } else { spinner?.succeed() }
        } else if let step {
            step.fail(detail: failure)
        } else {
            spinner?.fail(detail: failure)
        }
        if let failure = outputFailure, failure.isBrokenPipe {
            system.endBySignal(13)  // our reader went away: end as a pipeline member does
        } else if let failure = outputFailure {
            // Said as the program says its errors: its own name first (a library names no app).
            _ = sinks[2]?(
                Data(
                    "\(ProcessInfo.processInfo.processName.sanitizedForTerminal): cannot write standard output: \(failure.description.sanitizedForTerminal)\n"
                        .utf8
                )
            )
            completion(74)
        } else if ignoredInterruption, let interruption {
            system.endBySignal(interruption)
        } else if bySignal, Self.passedOnSignals.contains(code) {
            system.endBySignal(code)
        } else if errorOutputFailure != nil, exit == 0 {
            completion(74)  // its error output was lost, and there is nowhere to say so: the status does
        } else {
            completion(exit)
        }
    }

    private func isLineBuffered(_ stream: Int32) -> Bool {
        stream == 1 ? standardOutputOnTerminal : indicatorOnTerminal
    }

    /// Passes bytes on: whole lines when they share the indicator's terminal (a partial
    /// line is kept until it ends, or shown with the indicator aside), else at once.
    func received(_ data: Data, on stream: Int32) {
        guard !data.isEmpty else { return }
        guard isLineBuffered(stream) else {
            emit(data, on: stream)
            return
        }
        var bytes = [UInt8](data)
        if let aside = asideFor {
            guard aside == stream else {
                emit(data, on: stream)  // the other stream: after the line on screen, as it comes
                return
            }
            // The rest of the line on screen goes out as it comes; once it ends, the
            // indicator comes back below it and the bytes after are handled as usual.
            guard let end = bytes.firstIndex(of: 10) else {
                emit(data, on: stream)
                return
            }
            emit(Data(bytes[...end]), on: stream)
            asideFor = nil
            group.resume()
            bytes = Array(bytes[(end + 1)...])
            if bytes.isEmpty { return }
        }
        var held = pending[stream] ?? []
        if let lastNewline = bytes.lastIndex(of: 10) {
            held += bytes[...lastNewline]
            passLines(Data(held), on: stream)
            held = Array(bytes[(lastNewline + 1)...])
        } else {
            held += bytes
        }
        if held.count > Self.longestHeldLine {
            passLines(Data(held + [10]), on: stream)
            held = []
        }
        pending[stream] = held
        if held.contains(13) {
            stepAside(for: stream)  // a line that rewrites itself: show it now
        } else if !held.isEmpty, unfinishedLineCheck == nil {
            unfinishedLineCheck = scheduler.schedule(after: Self.unfinishedLineWait) { [weak self] in
                guard let self else { return }
                unfinishedLineCheck = nil
                for candidate in [Int32(1), 2] where asideFor == nil && !(pending[candidate] ?? []).isEmpty {
                    stepAside(for: candidate)
                }
            }
        }
    }

    /// Shows `stream`'s unfinished line with the indicator out of its way.
    private func stepAside(for stream: Int32) {
        guard asideFor == nil, let spinner, !spinner.isFinished, let held = pending[stream], !held.isEmpty else { return }
        group.pause()
        asideFor = stream
        pending[stream] = []
        emit(Data(held), on: stream)
    }

    private func flush() {
        for stream in [Int32(1), 2] {
            if let rest = pending[stream], !rest.isEmpty { passLines(Data(rest + [10]), on: stream) }
        }
        pending = [:]
    }

    /// Whole lines for the indicator's terminal: under the spinner in a collapsible step,
    /// else above it.
    private func passLines(_ data: Data, on stream: Int32) {
        guard let step else { return emit(data, on: stream) }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        step.append(text)
    }

    private func emit(_ data: Data, on stream: Int32) {
        if stream == 1 && outputFailure != nil { return }
        guard let sink = sinks[stream] else { return }
        if stream == 2, let last = data.last { errorsEndMidLine = last != 10 }
        var failure: WriteFailure?
        if isLineBuffered(stream) {
            group.suspend { failure = sink(data) }
        } else {
            failure = sink(data)
        }
        if stream == 2, let failure, errorOutputFailure == nil { errorOutputFailure = failure }
        if stream == 1, let failure {
            // Nobody takes our output any more: stop reading the command's, so that it
            // meets a closed pipe too, as it would have without us.
            outputFailure = failure
            stopReading(1)
        }
    }
}

extension CommandRunner.System {
    /// The real system: ChildProcess's spawning, pipes, reaping and passing interruptions on.
    package static var live: Self {
        Self(
            spawn: { arguments in
                let child = try ChildProcessIO.spawn(arguments)
                return (child.pid, child.output, child.errors)
            },
            readAvailable: { ChildProcessIO.readAvailable(from: $0) },
            close: { ChildProcessIO.close($0) },
            watchEnd: { pid, ended in
                guard let descriptor = ChildProcessIO.endDescriptor(of: pid) else { return () }
                var watch: ScheduledWork?
                watch = EventLoop.watch(readable: descriptor) {
                    watch?.cancel()
                    let end = ChildProcessIO.readEnd(from: descriptor)
                    EventLoop.close(descriptor)  // once the watch's cancellation is handled
                    ended(end.code, end.bySignal)
                }
                return watch as Any
            },
            forwardInterruptions: { ChildProcessIO.forwardInterruptions(to: $0) },
            endBySignal: { ChildProcessIO.endBySignal($0) },
            interruption: { ChildProcessIO.interruption }
        )
    }
}
