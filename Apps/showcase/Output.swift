import ChildProcess
import Foundation
import ShowcaseKit
import TerminalIO

/// The command line; words that are not valid UTF-8 reach their files through descriptors.
let arguments = RawArguments.fromProcess()

/// Writes a line to standard error, words that were not UTF-8 shown as typed.
func printError(_ line: String) {
    _ = ChildProcessIO.write(Data((arguments.showing(line) + "\n").utf8), to: STDERR_FILENO)
}

/// Why writing standard output failed, if it did (a full disk, a closed pipe).
@MainActor var outputFailure: String?

/// Writes a line to standard output, remembering a failure instead of losing it silently.
@MainActor func say(_ line: String) {
    guard outputFailure == nil else { return }
    outputFailure = ChildProcessIO.write(Data((arguments.showing(line) + "\n").utf8), to: STDOUT_FILENO)?.description
}

/// Ends with `status`, or with 74 and a message when standard output could not be written.
@MainActor func finish(_ status: Int32) -> Never {
    if let outputFailure {
        printError("showcase: cannot write standard output: \(outputFailure)")
        exit(74)
    }
    exit(status)
}

/// The terminal, opened for a full-screen run; exits with 2 and says why when it cannot be.
@MainActor func openTerminal(environment: [String: String], measuringWidths samples: [String] = []) -> FullScreenTerminal {
    do {
        return try FullScreenTerminal.open(environment: environment, measuringWidths: samples)
    } catch {
        printError("showcase: \(error)" + (error == .notATerminal ? " (`showcase headless` runs the scenes without one)" : ""))
        exit(2)
    }
}
