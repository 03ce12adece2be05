import Widgets

/// Lines of text (huh's Text): a ``TextArea`` of a few rows, Alt-Enter for a new line, a
/// paste keeping its line breaks; Enter answers once `validate` finds nothing wrong, Esc
/// cancels. The answered line shows the first line and how many there are.
///
/// ```swift
/// let notes = try TextAreaPrompt("Special instructions?", placeholder: "no onions…").ask()
/// ```
@MainActor
public final class TextAreaPrompt: Prompt, FormField {
    /// The question.
    public let title: String
    /// A line under the question that says more (nil: none).
    public var description: String?
    /// How it looks (``PromptTheme/current`` when it was made).
    public var theme = PromptTheme.current
    /// The lines typed into (its rows, limit and placeholder may be set).
    public let area: TextArea
    /// What is wrong with a text, or nil when it will do.
    public var validate: @MainActor (String) -> String?
    /// The text, once Enter took it.
    public var answer: String? { typed.answer }
    /// Whether Esc cancelled it.
    public var isCancelled: Bool { typed.isCancelled }
    /// Whether the question and its answer stay as one line once answered.
    public var leavesSummary = true
    /// What `validate` said of the last Enter.
    public var problem: String? { typed.problem }
    private var typed = TypedAnswer()

    /// A question whose lines start as `text`, `rows` of them shown.
    public init(
        _ title: String,
        text: String = "",
        placeholder: String = "",
        rows: Int = 5,
        limit: Int? = nil,
        validate: @escaping @MainActor (String) -> String? = { _ in nil }
    ) {
        self.title = title
        area = TextArea(text, placeholder: placeholder, rows: rows, limit: limit)
        self.validate = validate
    }

    private var descriptionRows: Int { (description?.isEmpty ?? true) ? 0 : 1 }

    /// The question's line, the description's, the rows and a line for the keys or a problem.
    public var preferredHeight: Int { 1 + descriptionRows + area.rows + 1 }

    public var isAnswered: Bool { answer != nil }

    public func reopen() { typed.reopen() }

    /// The answered line's text: the first line, and how many there are.
    private func summary(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 ? "\(lines[0]) … (\(lines.count) lines)" : text
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let shown = answer.map(summary)
        if theme.drawOutcome(title: title, answer: shown, isCancelled: isCancelled, leavesSummary: leavesSummary, in: rect, on: &canvas) { return }
        theme.drawAsking(title: title, in: rect, on: &canvas)
        let top = 1 + theme.drawDescription(description, in: rect, on: &canvas)
        let indent = theme.mark.displayWidth + 1
        let rows = min(area.rows, max(0, rect.height - top - 1))
        area.render(in: Rect(x: rect.x + indent, y: rect.y + top, width: max(0, rect.width - indent), height: rows), on: &canvas)
        let last = Rect(x: rect.x + indent, y: rect.y + top + rows, width: max(0, rect.width - indent), height: 1)
        guard last.maxY <= rect.maxY else { return }
        if let problem {
            canvas.draw(theme.problemMark + " " + problem.sanitizedForTerminal, at: last.origin, style: theme.problem, clip: last)
        } else {
            HelpView([KeyBinding(.modified(.enter, .alt), label: "alt-enter", action: "new line"), KeyBinding(.enter, action: "done")])
                .render(in: last, on: &canvas)
        }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        typed.handle(event, text: { area.text }, validate: validate, edit: { area.handle($0) })
    }
}
