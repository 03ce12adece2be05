import Widgets

/// A yes-or-no question: `y` or `n` (or ←/→, `h`/`l`) choose Yes or No, Enter takes the one
/// shown (``defaultAnswer`` at the start), Esc cancels. A letter does not answer alone, so
/// the Enter typed after it out of habit answers this question, not the next program's.
///
/// ```swift
/// if try ConfirmPrompt("Delete 3 files?", default: false).ask() { … }
/// ```
@MainActor
public final class ConfirmPrompt: Prompt, FormField {
    /// The question.
    public let title: String
    /// A line under the question that says more (nil: none).
    public var description: String?
    /// How it looks (``PromptTheme/current`` when it was made).
    public var theme = PromptTheme.current
    /// The answer Enter gives before any other key.
    public let defaultAnswer: Bool
    /// The answer shown now (Enter takes it).
    public private(set) var current: Bool
    /// Yes or no, once given.
    public private(set) var answer: Bool?
    /// Whether Esc cancelled it.
    public private(set) var isCancelled = false
    /// Whether the question and its answer stay as one line once answered.
    public var leavesSummary = true
    /// The words of the two answers, as shown and as the answered line says them (`Yes`, `No`).
    public var affirmative = "Yes"
    public var negative = "No"

    /// A question whose Enter answers `default`.
    public init(_ title: String, default defaultAnswer: Bool = true) {
        self.title = title
        self.defaultAnswer = defaultAnswer
        current = defaultAnswer
    }

    public var preferredHeight: Int { (description?.isEmpty ?? true) ? 1 : 2 }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let summary = answer.map { ($0 ? affirmative : negative).lowercased() }
        if theme.drawOutcome(title: title, answer: summary, isCancelled: isCancelled, leavesSummary: leavesSummary, in: rect, on: &canvas) { return }
        let x = theme.drawAsking(title: title, in: rect, on: &canvas)
        _ = theme.drawDescription(description, in: rect, on: &canvas)
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        var at = x
        for (word, value) in [(" \(affirmative.sanitizedForTerminal) ", true), (" \(negative.sanitizedForTerminal) ", false)] {
            let style = value == current ? theme.button : theme.otherButton
            canvas.draw(word, at: Point(x: at, y: row.y), style: style, clip: row)
            at += word.displayWidth + 1
        }
        canvas.draw(defaultAnswer ? "(Y/n)" : "(y/N)", at: Point(x: at, y: row.y), style: theme.hint, clip: row)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        guard answer == nil, !isCancelled else { return .ignored }
        switch event {
        case .key(.character("y")), .key(.character("Y")):
            current = true
            return .handled
        case .key(.character("n")), .key(.character("N")):
            current = false
            return .handled
        case .key(.enter): return answer(current)
        case .key(.left), .key(.right), .key(.character("h")), .key(.character("l")):
            current.toggle()
            return .handled
        case .key(.escape):
            isCancelled = true
            return .quit(status: 1)
        default:
            return .ignored
        }
    }

    public var isAnswered: Bool { answer != nil }

    public func reopen() {
        answer = nil
        isCancelled = false
    }

    private func answer(_ value: Bool) -> EventResult {
        answer = value
        current = value
        return .quit(status: 0)
    }
}
