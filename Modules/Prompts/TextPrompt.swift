import Widgets

/// A line of text: readline's keys, pastes, a placeholder, a limit, masked or hidden echo
/// (a `TextField`); Enter answers once `validate` finds nothing wrong (what it says is shown
/// below, in red), Esc cancels.
///
/// ```swift
/// let name = try TextPrompt("Name:", placeholder: "your name").ask()
/// let port = try TextPrompt("Port:", text: "8080") { Int($0) == nil ? "a number, please" : nil }.ask()
/// ```
@MainActor
public final class TextPrompt: Prompt, FormField {
    /// The question.
    public let title: String
    /// A line under the question that says more (nil: none).
    public var description: String?
    /// How it looks (``PromptTheme/current`` when it was made).
    public var theme = PromptTheme.current
    /// The field typed into (its echo, limit and placeholder may be set).
    public let field: TextField
    /// What is wrong with a text, or nil when it will do.
    public var validate: @MainActor (String) -> String?
    /// The text, once Enter took it.
    public var answer: String? { typed.answer }
    /// Whether Esc cancelled it.
    public var isCancelled: Bool { typed.isCancelled }
    /// Whether the question and its answer stay as one line once answered (a masked or
    /// hidden answer shows as such).
    public var leavesSummary = true
    /// What `validate` said of the last Enter.
    public var problem: String? { typed.problem }
    private var typed = TypedAnswer()

    /// A question whose field starts with `text`.
    public init(
        _ title: String,
        text: String = "",
        placeholder: String = "",
        limit: Int? = nil,
        validate: @escaping @MainActor (String) -> String? = { _ in nil }
    ) {
        self.title = title
        field = TextField(text, placeholder: placeholder, limit: limit)
        self.validate = validate
    }

    /// The field's line, the description's, and the line a problem is said on.
    public var preferredHeight: Int { (description?.isEmpty ?? true) ? 2 : 3 }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let summary = answer.map(shownAnswer)
        if theme.drawOutcome(title: title, answer: summary, isCancelled: isCancelled, leavesSummary: leavesSummary, in: rect, on: &canvas) { return }
        let x = theme.drawAsking(title: title, in: rect, on: &canvas)
        field.render(in: Rect(x: x, y: rect.y, width: max(0, rect.maxX - x), height: 1), on: &canvas)
        let below = 1 + theme.drawDescription(description, in: rect, on: &canvas)
        if let problem, rect.height > below {
            canvas.draw(
                theme.problemMark + " " + problem.sanitizedForTerminal,
                at: Point(x: rect.x + theme.mark.displayWidth + 1, y: rect.y + below),
                style: theme.problem,
                clip: rect
            )
        }
    }

    /// The answer as the summary shows it: as typed, masked, or not at all.
    private func shownAnswer(_ answer: String) -> String {
        switch field.echo {
        case .normal: answer
        case .masked(let mask): String(repeating: mask, count: answer.count)
        case .hidden: ""
        }
    }

    public var isAnswered: Bool { answer != nil }

    public func reopen() { typed.reopen() }

    public func handle(_ event: InputEvent) -> EventResult {
        typed.handle(event, text: { field.text }, validate: validate, edit: { field.handle($0) })
    }
}
