import Foundation
import Indicator
import IndicatorKit

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
    /// Whether the command's standard output is passed on (gum's `spin` hides it unless
    /// `--show-output` or `--show-stdout`).
    package var showsOutput = true
    /// Whether its standard error is passed on (`spin`: with `--show-output` or
    /// `--show-stderr`).
    package var showsErrors = true
    /// Whether a ✓ or ✗ line is left at the end (gum's `spin` leaves nothing; its status says
    /// how the command ended).
    package var leavesLine = true

    /// Parses the words after `run`: options first, then the command (after `--`, or from
    /// its first word that is not an option).
    static func parse(_ words: [String]) throws(UsageError) -> RunCommand {
        try parse(words, spec: ShowcaseCommandLine.run, label: "--label", style: "--style")
    }

    /// Reads `showcase spin`'s words: `run` with gum's names (`--title`, `--spinner`); gum's
    /// spinner names choose the nearest of ours (``gumSpinners``).
    static func parseSpin(_ words: [String], environment: [String: String] = [:]) throws(UsageError) -> RunCommand {
        var command = try parse(words, spec: ShowcaseCommandLine.spin, label: "--title", style: "--spinner", aliases: gumSpinners, environment: environment)
        let parsed = try ShowcaseCommandLine.spin.parse(words, environment: environment)
        command.showsOutput = parsed.flag("--show-output") || parsed.flag("--show-stdout")
        command.showsErrors = parsed.flag("--show-output") || parsed.flag("--show-stderr")
        for part in ShowcaseCommandLine.spin.styleParts { _ = try parsed.style(part) }  // checked; the spinner keeps its own colours
        command.leavesLine = false
        command.label = command.label.map { StyledText(ansi: $0).plain }  // a title another `showcase style` coloured: its words
        return command
    }

    /// gum's spinner names, and the style of ours nearest each.
    static let gumSpinners = [
        "line": "ascii", "dot": "indicatif", "minidot": "indicatif", "jump": "bounce", "points": "comet", "globe": "orbit",
        "monkey": "spark", "meter": "fill", "hamburger": "stack",
    ]

    private static func parse(
        _ words: [String],
        spec: CommandSpec,
        label: String,
        style styleOption: String,
        aliases: [String: String] = [:],
        environment: [String: String] = [:]
    ) throws(UsageError) -> RunCommand {
        let parsed = try spec.parse(words, environment: environment)
        let style = parsed.value(styleOption).map { aliases[$0] ?? $0 }
        if let style, SpinnerStyle.named(style) == nil {
            throw UsageError("no spinner style `\(style.sanitizedForTerminal)`; the styles are: \(SpinnerStyle.catalogue.map(\.name).joined(separator: ", "))")
        }
        guard !parsed.operands.isEmpty else { throw UsageError("`\(spec.name)` needs a command: \(spec.usage)") }
        return RunCommand(
            label: parsed.value(label),
            style: style,
            command: parsed.operands,
            lines: spec.options.contains { $0.name == "--lines" } ? try parsed.number("--lines", in: 1...100, what: "a number of lines") : nil
        )
    }
}
