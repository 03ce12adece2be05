import KitSupport
import Widgets

/// A line of text: readline's keys, pastes, a placeholder, a limit, masked or hidden echo
/// (a `TextField`); Enter answers once `validate` finds nothing wrong (what it says is shown
/// below, in red), Esc cancels.
///
/// ```swift
/// let name = try await TextPrompt("Name:", placeholder: "your name").ask()
/// let port = try await TextPrompt("Port:", text: "8080") { Int($0) == nil ? "a number, please" : nil }.ask()
/// let secret = try await TextPrompt("Password:", echo: .masked("•")).ask()
/// ```
///
/// Made and set from any isolation (a nonisolated async function too); asked, drawn and
/// answered on the main actor.
public final class TextPrompt: Sendable {
    private struct Settings {
        var description: StyledText?
        var theme: PromptTheme
        var leavesSummary = true
        var placeholder: String
        var makePlaceholder: (@Sendable @MainActor () -> String)?
        var echo: TextField.Echo
        var validate: @Sendable @MainActor (String) -> String?
        var validatesAsTyped = false
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
    /// The text it starts with.
    public let initialText: String
    /// The most characters it takes (nil: no limit).
    public let limit: Int?
    private let settings: Locked<Settings>
    @MainActor private var typed = TypedAnswer()
    @MainActor private var madeField: TextField?

    /// A question whose field starts with `text`, shows `placeholder` while empty, takes at
    /// most `limit` characters and shows them as `echo` says.
    public convenience init(
        _ title: String,
        text: String = "",
        placeholder: String = "",
        limit: Int? = nil,
        echo: TextField.Echo = .normal,
        validate: @escaping @Sendable @MainActor (String) -> String? = { _ in nil }
    ) {
        self.init(StyledText(title), text: text, placeholder: placeholder, limit: limit, echo: echo, validate: validate)
    }

    /// A question in styles of its own, its field as above.
    public init(
        _ title: StyledText,
        text: String = "",
        placeholder: String = "",
        limit: Int? = nil,
        echo: TextField.Echo = .normal,
        validate: @escaping @Sendable @MainActor (String) -> String? = { _ in nil }
    ) {
        question = FieldText(title)
        initialText = text
        self.limit = limit
        settings = Locked(Settings(theme: PromptTheme.current, placeholder: placeholder, echo: echo, validate: validate))
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
    /// Whether the question and its answer stay as one line once answered (a masked or
    /// hidden answer shows as such).
    public var leavesSummary: Bool {
        get { settings[\.leavesSummary] }
        set { settings[\.leavesSummary] = newValue }
    }
    /// Shown dim while nothing is typed.
    public var placeholder: String {
        get { settings[\.placeholder] }
        set { settings[\.placeholder] = newValue }
    }
    /// A placeholder made from earlier answers (huh's `PlaceholderFunc`), made as the title is.
    public var dynamicPlaceholder: (@Sendable @MainActor () -> String)? {
        get { settings[\.makePlaceholder] }
        set { settings[\.makePlaceholder] = newValue }
    }
    /// How the text is shown: as typed, masked (a password) or not at all.
    public var echo: TextField.Echo {
        get { settings[\.echo] }
        set { settings[\.echo] = newValue }
    }
    /// Whether `validate` runs on every edit, its message shown (and gone) as the text is
    /// typed, as huh's Input validates; false: on Enter only.
    public var validatesAsTyped: Bool {
        get { settings[\.validatesAsTyped] }
        set { settings[\.validatesAsTyped] = newValue }
    }
    /// What is wrong with a text, or nil when it will do.
    public var validate: @Sendable @MainActor (String) -> String? {
        get { settings[\.validate] }
        set { settings[\.validate] = newValue }
    }

    /// The field typed into, made when first asked.
    @MainActor private var field: TextField {
        if let madeField { return madeField }
        let made = TextField(initialText, limit: limit)
        madeField = made
        return made
    }
}

@MainActor
extension TextPrompt: Prompt, FormField {
    /// The text, once Enter took it.
    public var answer: String? { typed.answer }
    /// Whether Esc cancelled it.
    public var isCancelled: Bool { typed.isCancelled }
    /// What `validate` said of the last Enter.
    public var problem: String? { typed.problem }
    /// What is typed so far.
    public var text: String { field.text }

    /// The field's line, the description's, and the line a problem is said on.
    public var preferredHeight: Int { (description?.isEmpty ?? true) ? 2 : 3 }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let shown = settings.withLock { $0 }
        let theme = shown.theme
        let summary = answer.map { Self.shownAnswer($0, echo: shown.echo) }
        if theme.drawOutcome(title: styledTitle, answer: summary, isCancelled: isCancelled, leavesSummary: shown.leavesSummary, in: rect, on: &canvas) {
            return
        }
        let x = theme.drawAsking(title: styledTitle, in: rect, on: &canvas)
        field.placeholder = shown.placeholder
        field.echo = shown.echo
        field.render(in: Rect(x: x, y: rect.y, width: max(0, rect.maxX - x), height: 1), on: &canvas)
        let below = 1 + theme.drawDescription(shown.description, in: rect, on: &canvas)
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
    private static func shownAnswer(_ answer: String, echo: TextField.Echo) -> String {
        switch echo {
        case .normal: answer
        case .masked(let mask): String(repeating: mask, count: answer.count)
        case .hidden: ""
        }
    }

    public var isAnswered: Bool { answer != nil }

    /// Makes its dynamic title and description again (a form calls it as its focus moves).
    public func refresh() {
        question.refresh { self.description = $0 }
        if let make = dynamicPlaceholder { placeholder = make() }
    }

    public func reopen() { typed.reopen() }

    /// Takes `text` as the answer (the accessible mode's typed line): nil when taken, else
    /// what the validation said.
    func take(_ text: String) -> String? {
        field.input = TextInput(text, limit: limit)  // what later fields read as typed
        let problem = typed.take(text, validate: validate)
        return problem.map { "✗ " + $0 }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        let field = field
        return typed.handle(event, text: { field.text }, validate: validate, validatesAsTyped: validatesAsTyped, edit: { field.handle($0) })
    }
}

extension TextPrompt: WordsFollowAnswers {
    func refreshWords() {
        question.refresh { self.description = $0 }
        if let make = dynamicPlaceholder { placeholder = make() }
    }
}
