import Indicator
import Motion

extension CommandRunner {
    /// 0.1.0's label for the clock:
    /// ``init(arguments:label:style:group:clock:standardOutputIsTerminal:standardOutput:standardError:reducedMotion:showingLastLines:leavesLine:)``.
    @available(
        *,
        deprecated,
        renamed: "init(arguments:label:style:group:clock:standardOutputIsTerminal:standardOutput:standardError:reducedMotion:showingLastLines:leavesLine:)"
    )
    public convenience init(
        arguments: [String],
        label: String? = nil,
        style: SpinnerStyle = .comet,
        group: ProgressGroup = .standardError,
        scheduler: any Scheduler,
        standardOutputIsTerminal: Bool,
        standardOutput: @escaping Sink,
        standardError: @escaping Sink,
        reducedMotion: Bool = false,
        showingLastLines: Int? = nil
    ) {
        self.init(
            arguments: arguments,
            label: label,
            style: style,
            group: group,
            clock: scheduler,
            standardOutputIsTerminal: standardOutputIsTerminal,
            standardOutput: standardOutput,
            standardError: standardError,
            reducedMotion: reducedMotion,
            showingLastLines: showingLastLines
        )
    }
}
