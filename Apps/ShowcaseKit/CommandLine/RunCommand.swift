import Foundation
import Indicator
import TUICore

/// `showcase run [--label TEXT] [--style NAME] -- COMMAND [ARGS…]`: runs a command with an
/// inline indicator, then a ✓ or ✗ line with the elapsed time, and exits with its status.
public struct RunCommand: Equatable, Sendable {
    /// What the indicator says (default: the command line).
    public var label: String?
    /// The spinner style's name (default `comet`).
    public var style: String?
    /// The command and its arguments.
    public var command: [String]

    static let usage = "showcase run [--label TEXT] [--style NAME] -- COMMAND [ARGS…]"

    /// Parses the words after `run`.
    static func parse(_ words: [String]) throws(UsageError) -> RunCommand {
        var result = RunCommand(label: nil, style: nil, command: [])
        var index = 0
        while index < words.count {
            let word = words[index]
            switch word {
            case "--":
                result.command = Array(words[(index + 1)...])
                index = words.count
            case "--label", "--style":
                guard index + 1 < words.count else { throw UsageError("`\(word)` needs a value: \(usage)") }
                if word == "--label" { result.label = words[index + 1] } else {
                    guard SpinnerStyle.named(words[index + 1]) != nil else {
                        throw UsageError("no spinner style `\(words[index + 1])`; the styles are: \(SpinnerStyle.catalogue.map(\.name).joined(separator: ", "))")
                    }
                    result.style = words[index + 1]
                }
                index += 2
            default:
                if word.hasPrefix("-") { throw UsageError("unknown option `\(word)` for `run`: \(usage)") }
                result.command = Array(words[index...])
                index = words.count
            }
        }
        guard !result.command.isEmpty else { throw UsageError("`run` needs a command: \(usage)") }
        return result
    }
}

/// Runs a ``RunCommand``'s process, passing its output through above the indicator line.
///
/// Output that shares the terminal with the indicator goes through whole lines at a time
/// (the indicator line is cleared and drawn again below them); output that goes elsewhere
/// (a file, a pipe) is passed through byte for byte as it comes. The command is done when
/// it exits, even if a background child still holds its pipes.
@MainActor
public final class CommandRunner {
    /// A stream the command's output is passed to: returns the reason when a write fails.
    public typealias Sink = (Data) -> String?

    /// On a terminal, a line longer than this is passed on in pieces rather than held.
    static let longestHeldLine = 65_536

    private let command: RunCommand
    private let indicator: InlineIndicator
    private let indicatorOnTerminal: Bool
    private let standardOutputOnTerminal: Bool
    private let sinks: [Int32: Sink]
    private var pending: [Int32: [UInt8]] = [:]
    /// Why writing standard output failed, if it did (the run then ends with status 74).
    public private(set) var outputFailure: String?
    private var watchers: [Any] = []
    private var out = Pipe(), err = Pipe()
    private var completion: (@MainActor (Int32) -> Void)?
    /// Called when the process has started, with its identifier and what to call when it
    /// ends (exit status or signal, and whether a signal ended it); returns what to keep
    /// alive meanwhile (signal forwarding, the end watch).
    public var onStarted: (@MainActor (Int32, @escaping @MainActor (Int32, Bool) -> Void) -> [Any])?
    /// Reads what a pipe holds now without waiting (the descriptor is non-blocking for
    /// this); every read happens on the main queue, so nothing is reordered or lost.
    public var readAvailable: (@MainActor (Int32) -> Data) = { _ in Data() }
    private var readers: [any DispatchSourceRead] = []

    /// Creates a runner. `standardOutput` and `standardError` write to ours;
    /// `standardOutputIsTerminal` says whether our standard output is the terminal the
    /// indicator is drawn on (then its lines must not be cut by the indicator).
    public init(
        command: RunCommand, output: any LineOutput, scheduler: any Scheduler,
        standardOutputIsTerminal: Bool, standardOutput: @escaping Sink, standardError: @escaping Sink
    ) {
        self.command = command
        let label = command.label ?? command.command.joined(separator: " ")
        indicator = InlineIndicator(style: command.style.flatMap(SpinnerStyle.named) ?? .comet, label: label, output: output, scheduler: scheduler)
        indicatorOnTerminal = output.isTerminal
        standardOutputOnTerminal = standardOutputIsTerminal && output.isTerminal
        sinks = [1: standardOutput, 2: standardError]
    }

    /// Starts the command; `completion` gets the exit status to end with (the command's,
    /// 128 + N when a signal ended it, 127 when it could not start, 74 when our standard
    /// output could not be written).
    public func start(completion: @escaping @MainActor (Int32) -> Void) {
        self.completion = completion
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command.command
        process.standardOutput = out
        process.standardError = err
        for (pipe, stream) in [(out, Int32(1)), (err, Int32(2))] {
            let descriptor = pipe.fileHandleForReading.fileDescriptor
            let reader = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
            reader.setEventHandler {
                MainActor.assumeIsolated {
                    let data = self.readAvailable(descriptor)
                    if data.isEmpty { reader.cancel() } else { self.received(data, on: stream) }
                }
            }
            reader.resume()
            readers.append(reader)
        }
        // Foundation reports the end once everything the command started has let go of
        // what it inherited; `onStarted`'s watch reports it when the command itself ends.
        process.terminationHandler = { finished in
            let status = finished.terminationStatus
            let bySignal = finished.terminationReason == .uncaughtSignal
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.ended(code: status, bySignal: bySignal) }
            }
        }
        indicator.start()
        do {
            try process.run()
            watchers = onStarted?(process.processIdentifier) { [weak self] code, bySignal in
                self?.ended(code: code, bySignal: bySignal)
            } ?? []
        } catch {
            indicator.finish(success: false, detail: "could not start: \(error.localizedDescription)")
            self.completion = nil
            completion(127)
        }
    }

    /// The command has ended: pass on what its pipes hold now, draw the last line, report.
    private func ended(code: Int32, bySignal: Bool) {
        guard let completion else { return }
        self.completion = nil
        for reader in readers { reader.cancel() }
        readers = []
        received(readAvailable(out.fileHandleForReading.fileDescriptor), on: 1)
        received(readAvailable(err.fileHandleForReading.fileDescriptor), on: 2)
        flush()
        watchers = []
        let exit: Int32 = bySignal ? 128 + code : code
        indicator.finish(success: exit == 0, detail: exit == 0 ? nil : bySignal ? "signal \(code)" : "exit \(code)")
        if let failure = outputFailure {
            _ = sinks[2]?(Data("showcase: cannot write standard output: \(failure.sanitizedForTerminal)\n".utf8))
            completion(74)
        } else {
            completion(exit)
        }
    }

    private func isLineBuffered(_ stream: Int32) -> Bool {
        stream == 1 ? standardOutputOnTerminal : indicatorOnTerminal
    }

    /// Passes bytes on: whole lines when they share the indicator's terminal (a partial
    /// line is kept until it ends), else at once.
    func received(_ data: Data, on stream: Int32) {
        guard !data.isEmpty else { return }
        guard isLineBuffered(stream) else {
            emit(data, on: stream)
            return
        }
        let bytes = [UInt8](data)
        var held = pending[stream] ?? []
        if let lastNewline = bytes.lastIndex(of: 10) {
            held += bytes[...lastNewline]
            emit(Data(held), on: stream)
            held = Array(bytes[(lastNewline + 1)...])
        } else {
            held += bytes
        }
        if held.count > Self.longestHeldLine {
            emit(Data(held + [10]), on: stream)
            held = []
        }
        pending[stream] = held
    }

    private func flush() {
        for stream in [Int32(1), 2] {
            if let rest = pending[stream], !rest.isEmpty { emit(Data(rest + [10]), on: stream) }
        }
        pending = [:]
    }

    private func emit(_ data: Data, on stream: Int32) {
        if stream == 1 && outputFailure != nil { return }
        guard let sink = sinks[stream] else { return }
        var failure: String?
        if isLineBuffered(stream) {
            indicator.withLineCleared { failure = sink(data) }
        } else {
            failure = sink(data)
        }
        if stream == 1, let failure { outputFailure = failure }
    }
}
