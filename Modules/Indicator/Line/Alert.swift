import ViewCore

/// A message that stands out in a tool's output, as Noora's alerts: a success, a warning,
/// an error or a note, with lines that say more and the next steps to take. Written above a
/// group's running lines (``ProgressGroup/alert(_:)``), in colour where the group is.
///
/// ```swift
/// ProgressGroup.standardError.alert(.success("The project is ready", nextSteps: ["Run `make test`", "Open README.md"]))
/// // ✓ The project is ready
/// //   Next steps:
/// //   ▸ Run `make test`
/// //   ▸ Open README.md
/// ```
///
/// The marks are the ones lines end with (``LineIndicator/Outcome``), so an alert reads as
/// one of a tool's finished steps.
public struct Alert: Sendable, Hashable {
    /// What the alert says happened: its mark and colour.
    public var outcome: LineIndicator.Outcome
    /// Its first line.
    public var title: String
    /// Lines under the title that say more.
    public var details: [String]
    /// What to do next, a line each under "Next steps:".
    public var nextSteps: [String]

    /// An alert of `outcome`.
    public init(_ outcome: LineIndicator.Outcome, _ title: String, details: [String] = [], nextSteps: [String] = []) {
        self.outcome = outcome
        self.title = title
        self.details = details
        self.nextSteps = nextSteps
    }

    /// Something went well (`✓`, green).
    public static func success(_ title: String, details: [String] = [], nextSteps: [String] = []) -> Alert {
        Alert(.succeeded, title, details: details, nextSteps: nextSteps)
    }

    /// Something needs a look (`⚠`, yellow).
    public static func warning(_ title: String, details: [String] = [], nextSteps: [String] = []) -> Alert {
        Alert(.warned, title, details: details, nextSteps: nextSteps)
    }

    /// Something failed (`✗`, red).
    public static func error(_ title: String, details: [String] = [], nextSteps: [String] = []) -> Alert {
        Alert(.failed, title, details: details, nextSteps: nextSteps)
    }

    /// A note (`ℹ`, blue).
    public static func info(_ title: String, details: [String] = [], nextSteps: [String] = []) -> Alert {
        Alert(.informed, title, details: details, nextSteps: nextSteps)
    }

    /// The alert as written: its lines, made safe for a terminal, with SGR colours when `colors`.
    public func text(colors: Bool) -> String {
        func toned(_ text: String, _ parameters: String) -> String { colors ? "\u{1B}[\(parameters)m\(text)\u{1B}[0m" : text }
        let tone: String =
            switch outcome {
            case .succeeded: "32"
            case .failed: "31"
            case .warned: "33"
            case .informed: "34"
            }
        var lines = [toned(outcome.mark, tone) + " " + toned(title.sanitizedForTerminal, "1")]
        lines += details.map { "  " + $0.sanitizedForTerminal }
        if !nextSteps.isEmpty {
            lines.append("  " + toned("Next steps:", "2"))
            lines += nextSteps.map { "  " + toned("▸", tone) + " " + $0.sanitizedForTerminal }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ProgressGroup {
    /// Writes `alert` above the running lines, in colour where the group draws in colour.
    public func alert(_ alert: Alert) {
        if case .animated(let colors) = mode {
            println(alert.text(colors: colors))
        } else {
            println(alert.text(colors: false))
        }
    }
}
