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
@MainActor
public final class CommandRunner {
    private let command: RunCommand
    private let indicator: InlineIndicator
    private let standardOutput: (String) -> Void
    private var pending: [Int32: String] = [:]

    /// Creates a runner; `standardOutput` writes the command's standard output to ours.
    public init(command: RunCommand, output: any LineOutput, scheduler: any Scheduler, standardOutput: @escaping (String) -> Void) {
        self.command = command
        let label = command.label ?? command.command.joined(separator: " ")
        indicator = InlineIndicator(style: command.style.flatMap(SpinnerStyle.named) ?? .comet, label: label, output: output, scheduler: scheduler)
        self.standardOutput = standardOutput
    }

    /// Starts the command; `completion` gets the exit status to end with (the command's,
    /// 128 + N when a signal ended it, 127 when it could not start).
    public func start(completion: @escaping @MainActor (Int32) -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command.command
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        for (pipe, stream) in [(out, Int32(1)), (err, Int32(2))] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self.received(data, on: stream) }
                }
            }
        }
        process.terminationHandler = { finished in
            let status = finished.terminationStatus
            let bySignal = finished.terminationReason == .uncaughtSignal
            // Let the pipes drain before the last line.
            let rest = [(out.fileHandleForReading.readDataToEndOfFile(), Int32(1)), (err.fileHandleForReading.readDataToEndOfFile(), Int32(2))]
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    out.fileHandleForReading.readabilityHandler = nil
                    err.fileHandleForReading.readabilityHandler = nil
                    for (data, stream) in rest { self.received(data, on: stream) }
                    self.flush()
                    let exit: Int32 = bySignal ? 128 + status : status
                    self.indicator.finish(success: exit == 0, detail: exit == 0 ? nil : bySignal ? "signal \(status)" : "exit \(status)")
                    completion(exit)
                }
            }
        }
        indicator.start()
        do {
            try process.run()
        } catch {
            indicator.finish(success: false, detail: "could not start: \(error.localizedDescription)")
            completion(127)
        }
    }

    /// Passes complete lines through; keeps a partial line until it is finished.
    private func received(_ data: Data, on stream: Int32) {
        guard !data.isEmpty else { return }
        var text = (pending[stream] ?? "") + String(decoding: data, as: UTF8.self)
        guard let lastNewline = text.lastIndex(of: "\n") else {
            pending[stream] = text
            return
        }
        pending[stream] = String(text[text.index(after: lastNewline)...])
        text = String(text[...lastNewline])
        emit(text, on: stream)
    }

    private func flush() {
        for stream in [Int32(1), 2] {
            if let rest = pending[stream], !rest.isEmpty { emit(rest + "\n", on: stream) }
        }
        pending = [:]
    }

    private func emit(_ text: String, on stream: Int32) {
        if stream == 1 {
            indicator.withLineCleared { standardOutput(text) }
        } else {
            indicator.print(text)
        }
    }
}
