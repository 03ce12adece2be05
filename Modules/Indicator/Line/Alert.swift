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
    /// Its first line (bold where it has no style of its own).
    public var title: StyledText
    /// Lines under the title that say more.
    public var details: [StyledText]
    /// What to do next, a line each under "Next steps:".
    public var nextSteps: [StyledText]

    /// An alert of `outcome`, its texts in colours of their own where they have them.
    public init(_ outcome: LineIndicator.Outcome, _ title: StyledText, details: [StyledText] = [], nextSteps: [StyledText] = []) {
        self.outcome = outcome
        self.title = title
        self.details = details
        self.nextSteps = nextSteps
    }

    /// An alert of `outcome`.
    public init(_ outcome: LineIndicator.Outcome, _ title: String, details: [String] = [], nextSteps: [String] = []) {
        self.init(outcome, StyledText(title), details: details.map { StyledText($0) }, nextSteps: nextSteps.map { StyledText($0) })
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
        text(colorDepth: colors ? .trueColor : .none)
    }

    /// The alert as written for a terminal of `colorDepth` (no colours for `.none`).
    public func text(colorDepth: ColorDepth) -> String {
        let tone: Style =
            switch outcome {
            case .succeeded: Style(foreground: .green)
            case .failed: Style(foreground: .red)
            case .warned: Style(foreground: .yellow)
            case .informed: Style(foreground: .blue)
            }
        let bold = StyledText(runs: title.sanitizedForTerminal.runs.map { .init($0.text, style: $0.style.adding(.bold)) })
        var text = StyledText(outcome.mark, style: tone) + " " + bold
        for detail in details { text = text + "\n  " + detail.sanitizedForTerminal }
        if !nextSteps.isEmpty {
            text = text + "\n  " + StyledText("Next steps:", style: Style(attributes: .dim))
            for step in nextSteps { text = text + "\n  " + StyledText("▸", style: tone) + " " + step.sanitizedForTerminal }
        }
        return text.ansiLines(colorDepth: colorDepth).joined(separator: "\n") + "\n"
    }
}

extension ProgressGroup {
    /// Writes `alert` above the running lines, in colour where the group draws in colour.
    public func alert(_ alert: Alert) {
        if case .animated(colors: true) = mode {
            println(alert.text(colorDepth: colorDepth))
        } else {
            println(alert.text(colorDepth: .none))
        }
    }
}
