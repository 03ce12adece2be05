import Foundation
import IndicatorKit
import Prompts

/// `showcase confirm`, `input` and `write`: gum's questions for shell scripts. Each asks in
/// a few rows below the cursor (on the terminal even when standard input or output is a
/// pipe), erases them when answered, and answers on standard output and by its exit status.
package enum AskCommand: Equatable, Sendable {
    /// Yes or no, by the exit status: 0 yes, 1 no (`showcase confirm "Deploy?" && deploy`).
    case confirm(title: String, defaultYes: Bool, affirmative: String, negative: String)
    /// A line of text, printed.
    case input(title: String, placeholder: String, value: String, password: Bool, limit: Int?)
    /// Lines of text, printed.
    case write(title: String, placeholder: String, value: String, rows: Int)

    static func parse(_ name: String, _ words: [String]) throws(UsageError) -> AskCommand {
        switch name {
        case "confirm":
            let parsed = try ShowcaseCommandLine.confirm.parse(words)
            guard parsed.operands.count <= 1 else { throw UsageError("`confirm` asks one question: put it in quotes") }
            return .confirm(
                title: parsed.operands.first ?? "Are you sure?",
                defaultYes: parsed.value("--default").map { $0 == "yes" } ?? true,
                affirmative: parsed.value("--affirmative") ?? "Yes",
                negative: parsed.value("--negative") ?? "No"
            )
        case "input":
            let parsed = try ShowcaseCommandLine.input.parse(words)
            guard parsed.operands.isEmpty else { throw UsageError("`input` takes no operands: its question is --header") }
            return .input(
                title: parsed.value("--header") ?? ">",
                placeholder: parsed.value("--placeholder") ?? "",
                value: parsed.value("--value") ?? "",
                password: parsed.flag("--password"),
                limit: try parsed.number("--char-limit", in: 1...1_000_000, what: "a number of characters")
            )
        default:
            let parsed = try ShowcaseCommandLine.write.parse(words)
            guard parsed.operands.isEmpty else { throw UsageError("`write` takes no operands: its question is --header") }
            return .write(
                title: parsed.value("--header") ?? "Write",
                placeholder: parsed.value("--placeholder") ?? "",
                value: parsed.value("--value") ?? "",
                rows: try parsed.number("--height", in: 1...100, what: "a number of rows") ?? 5
            )
        }
    }

    /// The prompt that asks it (its answer read once it has run); it leaves no line behind.
    package func prompt() -> any FormField {
        let field: any FormField
        switch self {
        case .confirm(let title, let defaultYes, let affirmative, let negative):
            let confirm = ConfirmPrompt(title, default: defaultYes)
            confirm.affirmative = affirmative
            confirm.negative = negative
            field = confirm
        case .input(let title, let placeholder, let value, let password, let limit):
            field = TextPrompt(title, text: value, placeholder: placeholder, limit: limit, echo: password ? .masked("•") : .normal)
        case .write(let title, let placeholder, let value, let rows):
            field = TextAreaPrompt(title, text: value, placeholder: placeholder, rows: rows)
        }
        field.leavesSummary = false
        return field
    }

    /// What it prints and the status it ends with, once `prompt` has run and ended with
    /// `status`: the text and a newline (nothing for `confirm`, whose answer is its status);
    /// 1 when cancelled, 130 when interrupted.
    @MainActor
    package func outcome(of prompt: any FormField, status: Int32) -> (output: String?, status: Int32) {
        guard prompt.isAnswered else { return (nil, status == 130 ? 130 : 1) }
        switch prompt {
        case let confirm as ConfirmPrompt: return (nil, confirm.answer == true ? 0 : 1)
        case let text as TextPrompt: return ((text.answer ?? "") + "\n", 0)
        case let area as TextAreaPrompt: return ((area.answer ?? "") + "\n", 0)
        default: return (nil, 1)
        }
    }
}
