import Foundation
import IndicatorKit
import Prompts

/// `showcase confirm`, `input` and `write`: gum's questions for shell scripts. Each asks in
/// a few rows below the cursor (on the terminal even when standard input or output is a
/// pipe), erases them when answered, and answers on standard output and by its exit status.
package struct AskCommand: Equatable, Sendable {
    /// What is asked.
    package enum Question: Equatable, Sendable {
        /// Yes or no, by the exit status: 0 yes, 1 no (`showcase confirm "Deploy?" && deploy`).
        case confirm(defaultYes: Bool, affirmative: String, negative: String, showsOutput: Bool)
        /// A line of text, printed.
        case input(placeholder: String, value: String, password: Bool, limit: Int?)
        /// Lines of text, printed.
        case write(placeholder: String, value: String, rows: Int, width: Int?, limit: Int?, lineNumbers: Bool, cursorLine: Bool)
    }

    /// What is asked.
    package var question: Question
    /// The question's words.
    package var title: String
    /// The mark before the question (gum's `--prompt`; nil: the theme's).
    package var mark: String? = nil
    /// How long it waits for an answer (`--timeout`; nil: as long as it takes).
    package var timeout: Duration? = nil
    /// Whether the keys' line shows (`--no-show-help` leaves it out).
    package var showsHelp = true
    /// gum's style flags, by part (`prompt`, `cursor`, …).
    package var styles: [String: GumStyle] = [:]

    package init(_ question: Question, title: String, mark: String? = nil, timeout: Duration? = nil, showsHelp: Bool = true, styles: [String: GumStyle] = [:]) {
        self.question = question
        self.title = title
        self.mark = mark
        self.timeout = timeout
        self.showsHelp = showsHelp
        self.styles = styles
    }

    static func parse(_ name: String, _ words: [String], environment: [String: String] = [:]) throws(UsageError) -> AskCommand {
        let spec =
            switch name {
            case "confirm": ShowcaseCommandLine.confirm
            case "input": ShowcaseCommandLine.input
            default: ShowcaseCommandLine.write
            }
        let parsed = try spec.parse(words, environment: environment)
        var styles: [String: GumStyle] = [:]
        for part in spec.styleParts { styles[part] = try parsed.style(part) }
        let timeout = try parsed.value("--timeout").map { text throws(UsageError) in try Self.duration(text, flag: "--timeout") }
        let showsHelp = !parsed.flag("--no-show-help")
        switch name {
        case "confirm":
            guard parsed.operands.count <= 1 else { throw UsageError("`confirm` asks one question: put it in quotes") }
            return AskCommand(
                .confirm(
                    defaultYes: parsed.value("--default").map { $0 == "yes" || $0 == "true" } ?? true,
                    affirmative: parsed.value("--affirmative") ?? "Yes",
                    negative: parsed.value("--negative") ?? "No",
                    showsOutput: parsed.flag("--show-output")
                ),
                title: parsed.operands.first ?? "Are you sure?",
                timeout: timeout,
                showsHelp: showsHelp,
                styles: styles
            )
        case "input":
            guard parsed.operands.isEmpty else { throw UsageError("`input` takes no operands: its question is --header") }
            let prompt = parsed.value("--prompt").map { $0.trimmingCharacters(in: .whitespaces) }
            let header = parsed.value("--header")
            let limit = try parsed.number("--char-limit", in: 0...1_000_000, what: "a number of characters") ?? 400
            _ = try parsed.number("--width", in: 0...10_000, what: "a number of columns")
            return AskCommand(
                .input(
                    placeholder: parsed.value("--placeholder") ?? "Type something...",
                    value: parsed.value("--value") ?? "",
                    password: parsed.flag("--password"),
                    limit: limit == 0 ? nil : limit
                ),
                title: header ?? prompt ?? ">",
                mark: header == nil ? nil : prompt,
                timeout: timeout,
                showsHelp: showsHelp,
                styles: styles
            )
        default:
            guard parsed.operands.isEmpty else { throw UsageError("`write` takes no operands: its question is --header") }
            let limit = try parsed.number("--char-limit", in: 0...10_000_000, what: "a number of characters") ?? 0
            return AskCommand(
                .write(
                    placeholder: parsed.value("--placeholder") ?? "Write something...",
                    value: parsed.value("--value") ?? "",
                    rows: try parsed.number("--height", in: 1...100, what: "a number of rows") ?? 5,
                    width: try parsed.number("--width", in: 0...10_000, what: "a number of columns").flatMap { $0 == 0 ? nil : $0 },
                    limit: limit == 0 ? nil : limit,
                    lineNumbers: parsed.flag("--show-line-numbers"),
                    cursorLine: parsed.flag("--show-cursor-line")
                ),
                title: parsed.value("--header") ?? "Write",
                timeout: timeout,
                showsHelp: showsHelp,
                styles: styles
            )
        }
    }

    /// A duration as gum (Go) writes one: `30s`, `1m30s`, `1.5s`, `500ms`, `2h`; a number
    /// alone is seconds.
    static func duration(_ text: String, flag: String) throws(UsageError) -> Duration {
        let units: [(String, Double)] = [("ms", 0.001), ("h", 3600), ("m", 60), ("s", 1)]
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var seconds = 0.0
        if let plain = Double(rest), plain >= 0 { return .milliseconds(Int64(min(plain, 1e9) * 1000)) }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            rest = rest.dropFirst(number.count)
            guard let value = Double(number), let unit = units.first(where: { rest.hasPrefix($0.0) }) else {
                throw UsageError("`\(flag)` takes a duration (30s, 1m30s, 500ms), not `\(text.sanitizedForTerminal)`")
            }
            rest = rest.dropFirst(unit.0.count)
            seconds += value * unit.1
        }
        guard !text.isEmpty, seconds <= 1e9 else { throw UsageError("`\(flag)` takes a duration (30s, 1m30s, 500ms), not `\(text.sanitizedForTerminal)`") }
        return .milliseconds(Int64(seconds * 1000))
    }

    /// The prompt that asks it (its answer read once it has run); it leaves no line behind.
    package func prompt() -> any FormField {
        let field: any FormField
        var theme = PromptTheme.current
        if let mark { theme.mark = mark }
        switch question {
        case .confirm(let defaultYes, let affirmative, let negative, _):
            let confirm = ConfirmPrompt(title, default: defaultYes)
            confirm.affirmative = affirmative
            confirm.negative = negative
            theme.title = styles["prompt"]?.applied(to: theme.title) ?? theme.title
            theme.button = styles["selected"]?.applied(to: theme.button) ?? theme.button
            theme.otherButton = styles["unselected"]?.applied(to: theme.otherButton) ?? theme.otherButton
            confirm.theme = theme
            field = confirm
        case .input(let placeholder, let value, let password, let limit):
            let text = TextPrompt(title, text: value, placeholder: placeholder, limit: limit, echo: password ? .masked("•") : .normal)
            theme.markStyle = styles["prompt"]?.applied(to: theme.markStyle) ?? theme.markStyle
            theme.title = styles["header"]?.applied(to: theme.title) ?? theme.title
            theme.hint = styles["placeholder"]?.applied(to: theme.hint) ?? theme.hint
            text.theme = theme
            field = text
        case .write(let placeholder, let value, let rows, let width, let limit, let lineNumbers, let cursorLine):
            let area = TextAreaPrompt(title, text: value, placeholder: placeholder, rows: rows, limit: limit)
            theme.markStyle = styles["prompt"]?.applied(to: theme.markStyle) ?? theme.markStyle
            theme.title = styles["header"]?.applied(to: theme.title) ?? theme.title
            theme.hint = styles["placeholder"]?.applied(to: theme.hint) ?? styles["line-number"]?.applied(to: theme.hint) ?? theme.hint
            area.theme = theme
            area.width = width
            area.showsLineNumbers = lineNumbers
            area.showsHelp = showsHelp
            if cursorLine || styles["cursor-line"] != nil {
                area.cursorLineStyle = styles["cursor-line"]?.applied(to: Style(attributes: .bold)) ?? Style(attributes: .bold)
            }
            field = area
        }
        field.leavesSummary = false
        return field
    }

    /// What it prints and the status it ends with, once `prompt` has run and ended with
    /// `status`: the text and a newline (nothing for `confirm`, whose answer is its status,
    /// unless `--show-output`); 1 when cancelled, 130 when interrupted; when the timeout
    /// passed, 124 (confirm: the answer shown then, as gum's).
    @MainActor
    package func outcome(of prompt: any FormField, status: Int32) -> (output: String?, status: Int32) {
        if status == 124, !prompt.isAnswered {
            guard let confirm = prompt as? ConfirmPrompt else { return (nil, 124) }
            return answered(confirm, yes: confirm.current)
        }
        guard prompt.isAnswered else { return (nil, status == 130 ? 130 : 1) }
        switch prompt {
        case let confirm as ConfirmPrompt: return answered(confirm, yes: confirm.answer == true)
        case let text as TextPrompt: return ((text.answer ?? "") + "\n", 0)
        case let area as TextAreaPrompt: return ((area.answer ?? "") + "\n", 0)
        default: return (nil, 1)
        }
    }

    /// confirm's outcome for an answer: the status, and the line `--show-output` prints.
    @MainActor
    private func answered(_ confirm: ConfirmPrompt, yes: Bool) -> (output: String?, status: Int32) {
        guard case .confirm(_, _, _, let showsOutput) = question else { return (nil, yes ? 0 : 1) }
        return (showsOutput ? "\(title) \(yes ? confirm.affirmative : confirm.negative)\n" : nil, yes ? 0 : 1)
    }

    /// confirm's answer from a line of standard input, as gum's (`yes` or `y`: 0, else 1).
    package static func confirmStatus(forLine line: String) -> Int32 {
        let word = line.trimmingCharacters(in: .whitespacesAndNewlines)
        return word == "yes" || word == "y" ? 0 : 1
    }
}
