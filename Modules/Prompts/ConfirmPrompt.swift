import KitSupport
import Widgets

/// A yes-or-no question: `y` answers Yes and `n` No at once, as huh's and gum's do; ←/→ (or
/// `h`/`l`) move between the two and Enter takes the one shown (``defaultAnswer`` at the
/// start); Esc cancels.
///
/// ```swift
/// if try await ConfirmPrompt("Delete 3 files?", default: false).ask() { … }
/// ```
///
/// Made and set from any isolation (a nonisolated async function too); asked, drawn and
/// answered on the main actor.
public final class ConfirmPrompt: Sendable {
    private struct Settings {
        var description: StyledText?
        var theme: PromptTheme
        var leavesSummary = true
        var affirmative = "Yes"
        var negative = "No"
    }

    /// The question, in its own styles (``PromptTheme/title`` under them).
    public var styledTitle: StyledText { question.title }
    private let question: FieldText
    /// A question made from earlier answers (huh's `TitleFunc`): made again as a form's focus
    /// moves (``refresh()``), so the field shows the question for the answers so far.
    public var dynamicTitle: (@Sendable @MainActor () -> String)? {
        get { question.makeTitle }
        set { question.makeTitle = newValue }
    }
    /// A description made from earlier answers (huh's `DescriptionFunc`), made as the title is.
    public var dynamicDescription: (@Sendable @MainActor () -> String?)? {
        get { question.makeDescription }
        set { question.makeDescription = newValue }
    }
    /// The question's text.
    public var title: String { styledTitle.plain }
    /// The answer Enter gives before any other key.
    public let defaultAnswer: Bool
    private let settings: Locked<Settings>
    /// The answer shown now (Enter takes it).
    @MainActor public private(set) var current: Bool
    /// Yes or no, once given.
    @MainActor public private(set) var answer: Bool?
    /// Whether Esc cancelled it.
    @MainActor public private(set) var isCancelled = false

    /// A question whose Enter answers `default`.
    public convenience init(_ title: String, default defaultAnswer: Bool = true) {
        self.init(StyledText(title), default: defaultAnswer)
    }

    /// A question in styles of its own (`"\("Delete", style: Style(foreground: .red)) 3 files?"`)
    /// whose Enter answers `default`.
    public init(_ title: StyledText, default defaultAnswer: Bool = true) {
        question = FieldText(title)
        self.defaultAnswer = defaultAnswer
        settings = Locked(Settings(theme: PromptTheme.current))
        current = defaultAnswer
    }

    /// A line under the question that says more (nil: none).
    public var description: String? {
        get { settings[\.description]?.plain }
        set { settings[\.description] = newValue.map { StyledText($0) } }
    }
    /// That line in styles of its own (``PromptTheme/description`` under them).
    public var styledDescription: StyledText? {
        get { settings[\.description] }
        set { settings[\.description] = newValue }
    }
    /// How it looks (``PromptTheme/current`` when it was made).
    public var theme: PromptTheme {
        get { settings[\.theme] }
        set { settings[\.theme] = newValue }
    }
    /// Whether the question and its answer stay as one line once answered.
    public var leavesSummary: Bool {
        get { settings[\.leavesSummary] }
        set { settings[\.leavesSummary] = newValue }
    }
    /// The word of the yes answer, as shown and as the answered line says it (`Yes`).
    public var affirmative: String {
        get { settings[\.affirmative] }
        set { settings[\.affirmative] = newValue }
    }
    /// The word of the no answer, as shown and as the answered line says it (`No`).
    public var negative: String {
        get { settings[\.negative] }
        set { settings[\.negative] = newValue }
    }
}

@MainActor
extension ConfirmPrompt: Prompt, FormField {
    public var preferredHeight: Int { (description?.isEmpty ?? true) ? 1 : 2 }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let shown = settings.withLock { $0 }
        let theme = shown.theme
        let summary = answer.map { ($0 ? shown.affirmative : shown.negative).lowercased() }
        if theme.drawOutcome(title: styledTitle, answer: summary, isCancelled: isCancelled, leavesSummary: shown.leavesSummary, in: rect, on: &canvas) {
            return
        }
        let x = theme.drawAsking(title: styledTitle, in: rect, on: &canvas)
        _ = theme.drawDescription(shown.description, in: rect, on: &canvas)
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        var at = x
        for (word, value) in [(" \(shown.affirmative.sanitizedForTerminal) ", true), (" \(shown.negative.sanitizedForTerminal) ", false)] {
            let style = value == current ? theme.button : theme.otherButton
            canvas.draw(word, at: Point(x: at, y: row.y), style: style, clip: row)
            at += word.displayWidth + 1
        }
        canvas.draw(defaultAnswer ? "(Y/n)" : "(y/N)", at: Point(x: at, y: row.y), style: theme.hint, clip: row)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        guard answer == nil, !isCancelled else { return .ignored }
        switch event {
        case .key(.character("y")), .key(.character("Y")): return answer(true)  // as huh's and gum's: the key answers
        case .key(.character("n")), .key(.character("N")): return answer(false)
        case .key(.enter): return answer(current)
        case .key(.left), .key(.right), .key(.tab), .key(.backTab), .key(.character("h")), .key(.character("l")):
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

    /// Makes its dynamic title and description again (a form calls it as its focus moves).
    public func refresh() { question.refresh { self.description = $0 } }

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

extension ConfirmPrompt: WordsFollowAnswers {
    func refreshWords() { question.refresh { self.description = $0 } }
}
