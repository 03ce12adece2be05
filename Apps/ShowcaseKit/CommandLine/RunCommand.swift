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

    /// Parses the words after `run`: options first, then the command (after `--`, or from
    /// its first word that is not an option).
    static func parse(_ words: [String]) throws(UsageError) -> RunCommand {
        let parsed = try ShowcaseCommandLine.run.parse(words)
        let style = parsed.value("--style")
        if let style, SpinnerStyle.named(style) == nil {
            throw UsageError("no spinner style `\(style.sanitizedForTerminal)`; the styles are: \(SpinnerStyle.catalogue.map(\.name).joined(separator: ", "))")
        }
        guard !parsed.operands.isEmpty else { throw UsageError("`run` needs a command: \(ShowcaseCommandLine.run.usage)") }
        return RunCommand(
            label: parsed.value("--label"),
            style: style,
            command: parsed.operands,
            lines: try parsed.number("--lines", in: 1...100, what: "a number of lines")
        )
    }
}
