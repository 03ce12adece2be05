import Foundation
import Indicator
import TUICore

/// `showcase run [--label TEXT] [--style NAME] [--lines N] -- COMMAND [ARGS…]`: runs a command with an
/// inline indicator, then a ✓ or ✗ line with the elapsed time, and exits with its status.
package struct RunCommand: Equatable, Sendable {
    /// What the indicator says (default: the command line).
    package var label: String?
    /// The spinner style's name (default `comet`).
    package var style: String?
    /// The command and its arguments.
    package var command: [String]
    /// On a terminal, the command's last lines under the spinner, folded away on success
    /// and kept on failure (`--lines N`; nil: its output passes above the spinner).
    package var lines: Int? = nil

    static let usage = "showcase run [--label TEXT] [--style NAME] [--lines N] -- COMMAND [ARGS…]"

    /// Parses the words after `run`.
    static func parse(_ words: [String]) throws(UsageError) -> RunCommand {
        var result = RunCommand(label: nil, style: nil, command: [])
        var words = words
        var index = 0
        while index < words.count {
            // Options come before the command: `--label=TEXT` is `--label TEXT`.
            if words[index].hasPrefix("--"), words[index] != "--" {
                let split = ArgumentWords.splittingValue(words[index])
                words.replaceSubrange(index...index, with: split)
            }
            let word = words[index]
            switch word {
            case "--":
                result.command = Array(words[(index + 1)...])
                index = words.count
            case "--lines":
                guard index + 1 < words.count, let lines = Int(words[index + 1]), (1...100).contains(lines) else {
                    throw UsageError("`--lines` takes a number of lines from 1 to 100: \(usage)")
                }
                result.lines = lines
                index += 2
            case "--label", "--style":
                guard index + 1 < words.count else { throw UsageError("`\(word)` needs a value: \(usage)") }
                if word == "--label" {
                    result.label = words[index + 1]
                } else {
                    guard SpinnerStyle.named(words[index + 1]) != nil else {
                        throw UsageError(
                            "no spinner style `\(words[index + 1])`; the styles are: \(SpinnerStyle.catalogue.map(\.name).joined(separator: ", "))"
                        )
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
