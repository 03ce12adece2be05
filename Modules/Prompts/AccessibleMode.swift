import Foundation
import KitSupport
import Widgets

/// Questions asked as plain lines, for screen readers (huh's accessible mode): each question
/// written as a line, numbered in a form, its choices listed by number, the answer read as a
/// typed line; nothing moves the cursor or redraws. On where the environment has
/// `ACCESSIBLE` set (not `0` or `false`), or where the program sets ``isEnabled``.
///
/// ```swift
/// AccessibleMode.isEnabled = CommandLine.arguments.contains("--accessible")
/// let name = try await TextPrompt("What's your name?").ask()   // "What's your name?: " then a line read
/// ```
///
/// The questions go to standard error (standard output stays the program's), the answers
/// are read from standard input; the end of the input cancels.
public enum AccessibleMode {
    private static let enabled = Locked(false)

    /// Whether every prompt asks this way (set once at the start of a program).
    public static var isEnabled: Bool {
        get { enabled.withLock { $0 } }
        set { enabled.withLock { $0 = newValue } }
    }

    /// Whether prompts ask this way, by ``isEnabled`` or `environment`'s `ACCESSIBLE`.
    public static func isOn(environment: [String: String]) -> Bool {
        if isEnabled { return true }
        guard let value = environment["ACCESSIBLE"]?.lowercased() else { return false }
        return !value.isEmpty && value != "0" && value != "false"
    }
}

/// Reading and writing lines for the accessible mode.
struct AccessibleLines: Sendable {
    /// Writes text (no line break added).
    let write: @Sendable (String) -> Void
    /// Reads a line without its end; nil at the end of the input.
    let read: @Sendable () async -> String?

    /// Standard error and standard input.
    static let standard = AccessibleLines(
        write: { text in _ = Descriptor.writeAll(text, to: STDERR_FILENO) },
        read: { await Task.detached { readLine(strippingNewline: true) }.value }
    )
}

/// A prompt that can be asked as plain lines.
@MainActor
protocol AccessiblyAsked: AnyObject {
    /// The question's lines, the last one ending where the answer is typed.
    var accessibleQuestion: String { get }
    /// Takes `line` as the answer: nil when taken, else what to say before asking again.
    func takeAccessibleAnswer(_ line: String) -> String?
}

extension AccessiblyAsked {
    /// Asks until an answer is taken; false at the end of the input (cancelled).
    func askAccessibly(number: Int?, lines: AccessibleLines) async -> Bool {
        while true {
            lines.write((number.map { "\($0). " } ?? "") + accessibleQuestion)
            guard let line = await lines.read() else { return false }
            guard let problem = takeAccessibleAnswer(line) else { return true }
            lines.write(problem + "\n")
        }
    }
}

extension Prompt {
    /// `ask` in the accessible mode: the answer, or why there is none.
    func askAccessibly(lines: AccessibleLines = .standard) async throws(PromptError) -> Answer {
        if let form = self as? Form {
            guard await form.askAccessibly(lines: lines) else { throw .cancelled }
        } else if let field = self as? any FormField, let asked = field as? any AccessiblyAsked {
            field.refresh()
            guard await asked.askAccessibly(number: nil, lines: lines) else { throw .cancelled }
        }
        guard let answer else { throw .cancelled }
        return answer
    }
}

extension Form {
    /// Each field shown, numbered, asked as plain lines in turn.
    @MainActor
    func askAccessibly(lines: AccessibleLines) async -> Bool {
        var number = 0
        for (page, group) in groups.enumerated() {
            for (position, field) in group.fields.enumerated() {
                for field in fieldsShown() where !field.isAnswered { field.refresh() }
                guard accessiblyShown(page: page, field: position) else { continue }
                number += 1
                if position == 0, let title = group.title { lines.write(title + "\n") }
                guard let asked = field as? any AccessiblyAsked, await asked.askAccessibly(number: number, lines: lines) else { return false }
            }
        }
        markAnswered()
        return true
    }
}

/// "Title" and its description, then `ending`.
private func question(_ title: String, _ description: String?, _ ending: String) -> String {
    title + (description.map { " (\($0))" } ?? "") + ending
}

extension TextPrompt: AccessiblyAsked {
    var accessibleQuestion: String { question(title, description, placeholder.isEmpty ? ": " : " [\(placeholder)]: ") }
    func takeAccessibleAnswer(_ line: String) -> String? { take(line) }
}

extension TextAreaPrompt: AccessiblyAsked {
    var accessibleQuestion: String { question(title, description, " (one line; \\n for a line break): ") }
    func takeAccessibleAnswer(_ line: String) -> String? { take(line.replacingOccurrences(of: "\\n", with: "\n")) }
}

extension ConfirmPrompt: AccessiblyAsked {
    var accessibleQuestion: String { question(title, description, defaultAnswer ? " (Y/n): " : " (y/N): ") }
    func takeAccessibleAnswer(_ line: String) -> String? {
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "": _ = handle(.key(.enter))
        case "y", "yes", affirmative.lowercased(): _ = handle(.key(.character("y")))
        case "n", "no", negative.lowercased(): _ = handle(.key(.character("n")))
        default: return "Answer y or n."
        }
        return nil
    }
}

extension NotePrompt: AccessiblyAsked {
    var accessibleQuestion: String {
        let words = description.map { Self.lines($0, theme: theme).map(\.plain).joined(separator: "\n") + "\n" } ?? ""
        return question(title, nil, "\n" + words + "(Enter to go on) ")
    }
    func takeAccessibleAnswer(_ line: String) -> String? {
        _ = handle(.key(.enter))
        return nil
    }
}

extension ChoicePrompt: AccessiblyAsked {
    var accessibleQuestion: String {
        var text = question(title, description, "\n")
        for (index, choice) in choices.enumerated() { text += "  \(index + 1). \(label(choice))\n" }
        if isMultiple {
            return text + "Numbers of your choices, separated by commas\(limitText): "
        }
        return text + "Number of your choice (1-\(choices.count)): "
    }

    private var limitText: String {
        if case .multiple(let most?) = mode { return ", at most \(most)" }
        return ""
    }

    func takeAccessibleAnswer(_ line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == "," || $0 == " " })
        let numbers = words.compactMap { Int($0) }
        guard !words.isEmpty, numbers.count == words.count, numbers.allSatisfy({ (1...choices.count).contains($0) }) else {
            return "Type \(isMultiple ? "numbers" : "a number") from 1 to \(choices.count)."
        }
        let picked = numbers.reduce(into: [Int]()) { if !$0.contains($1 - 1) { $0.append($1 - 1) } }
        if !isMultiple, picked.count > 1 { return "Type one number." }
        if case .multiple(let most?) = mode, picked.count > most { return "Choose at most \(most)." }
        take(picked)
        return nil
    }
}

extension SelectPrompt: AccessiblyAsked {
    var accessibleQuestion: String { list.accessibleQuestion }
    func takeAccessibleAnswer(_ line: String) -> String? { list.takeAccessibleAnswer(line) }
}
