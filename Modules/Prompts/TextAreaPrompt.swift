import KitSupport
import Widgets

/// Lines of text (huh's Text): a `TextArea` of a few rows, Alt-Enter for a new line, a
/// paste keeping its line breaks; Enter answers once `validate` finds nothing wrong, Esc
/// cancels. The answered line shows the first line and how many there are.
///
/// ```swift
/// let notes = try await TextAreaPrompt("Special instructions?", placeholder: "no onions…").ask()
/// ```
///
/// Made and set from any isolation (a nonisolated async function too); asked, drawn and
/// answered on the main actor.
public final class TextAreaPrompt: Sendable {
    private struct Settings {
        var description: StyledText?
        var theme: PromptTheme
        var leavesSummary = true
        var placeholder: String
        var makePlaceholder: (@Sendable @MainActor () -> String)?
        var validate: @Sendable @MainActor (String) -> String?
        var showsLineNumbers = false
        var cursorLineStyle: Style?
        var width: Int?
        var showsHelp = true
        var enterMakesNewLine = false
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
    /// The rows of text it shows at once (it scrolls through the rest).
    public let rows: Int
    /// The most characters it takes, line breaks counted (nil: no limit).
    public let limit: Int?
    private let settings: Locked<Settings>
    @MainActor private var typed = TypedAnswer()
    @MainActor private var madeArea: TextArea?

    /// A question whose lines start as `text`, `rows` of them shown.
    public convenience init(
        _ title: String,
        text: String = "",
        placeholder: String = "",
        rows: Int = 5,
        limit: Int? = nil,
        validate: @escaping @Sendable @MainActor (String) -> String? = { _ in nil }
    ) {
        self.init(StyledText(title), text: text, placeholder: placeholder, rows: rows, limit: limit, validate: validate)
    }

    /// A question in styles of its own, its lines as above.
    public init(
        _ title: StyledText,
        text: String = "",
        placeholder: String = "",
        rows: Int = 5,
        limit: Int? = nil,
        validate: @escaping @Sendable @MainActor (String) -> String? = { _ in nil }
    ) {
        question = FieldText(title)
        initialText = text
        self.rows = max(1, rows)
        self.limit = limit
        settings = Locked(Settings(theme: PromptTheme.current, placeholder: placeholder, validate: validate))
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
    /// What is wrong with a text, or nil when it will do.
    public var validate: @Sendable @MainActor (String) -> String? {
        get { settings[\.validate] }
        set { settings[\.validate] = newValue }
    }

    /// Whether the lines are numbered in a column on the left (bubbles' textarea, gum's
    /// `--show-line-numbers`).
    public var showsLineNumbers: Bool {
        get { settings[\.showsLineNumbers] }
        set { settings[\.showsLineNumbers] = newValue }
    }
    /// The style of the line the cursor is on (nil: unmarked; gum's `--show-cursor-line`).
    public var cursorLineStyle: Style? {
        get { settings[\.cursorLineStyle] }
        set { settings[\.cursorLineStyle] = newValue }
    }
    /// The most columns the text takes (nil: as wide as it is drawn).
    public var width: Int? {
        get { settings[\.width] }
        set { settings[\.width] = newValue.map { max(1, $0) } }
    }
    /// Whether Enter writes a line break, Ctrl-D and Alt-Enter finishing (for text that is
    /// mostly several lines); false: Enter finishes, Ctrl-J and Alt-Enter break the line.
    public var enterMakesNewLine: Bool {
        get { settings[\.enterMakesNewLine] }
        set { settings[\.enterMakesNewLine] = newValue }
    }
    /// Whether the keys' line shows under the text (a problem shows there in any case).
    public var showsHelp: Bool {
        get { settings[\.showsHelp] }
        set { settings[\.showsHelp] = newValue }
    }

    /// The lines typed into, made when first asked.
    @MainActor private var area: TextArea {
        if let madeArea { return madeArea }
        let made = TextArea(initialText, rows: rows, limit: limit)
        madeArea = made
        return made
    }
}

@MainActor
extension TextAreaPrompt: Prompt, FormField {
    /// The text, once Enter took it.
    public var answer: String? { typed.answer }
    /// Whether Esc cancelled it.
    public var isCancelled: Bool { typed.isCancelled }
    /// What `validate` said of the last Enter.
    public var problem: String? { typed.problem }
    /// What is typed so far, its lines joined by line feeds.
    public var text: String { area.text }

    /// The question's line, the description's, the rows and a line for the keys or a problem.
    public var preferredHeight: Int { 1 + ((description?.isEmpty ?? true) ? 0 : 1) + rows + 1 }

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
        let problem = typed.take(text, validate: validate)
        return problem.map { "✗ " + $0 }
    }

    /// The answered line's text: the first line, and how many there are.
    private static func summary(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 ? "\(lines[0]) … (\(lines.count) lines)" : text
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let shown = settings.withLock { $0 }
        let theme = shown.theme
        let summary = answer.map(Self.summary)
        if theme.drawOutcome(title: styledTitle, answer: summary, isCancelled: isCancelled, leavesSummary: shown.leavesSummary, in: rect, on: &canvas) {
            return
        }
        theme.drawAsking(title: styledTitle, in: rect, on: &canvas)
        let top = 1 + theme.drawDescription(shown.description, in: rect, on: &canvas)
        let indent = theme.mark.displayWidth + 1
        let shownRows = min(rows, max(0, rect.height - top - 1))
        area.placeholder = shown.placeholder
        area.showsLineNumbers = shown.showsLineNumbers
        area.cursorLineStyle = shown.cursorLineStyle
        area.lineNumberStyle = theme.hint
        let across = min(max(0, rect.width - indent), shown.width ?? .max)
        area.render(in: Rect(x: rect.x + indent, y: rect.y + top, width: across, height: shownRows), on: &canvas)
        let last = Rect(x: rect.x + indent, y: rect.y + top + shownRows, width: max(0, rect.width - indent), height: 1)
        guard last.maxY <= rect.maxY else { return }
        if let problem {
            canvas.draw(theme.problemMark + " " + problem.sanitizedForTerminal, at: last.origin, style: theme.problem, clip: last)
        } else if shown.showsHelp {
            HelpView(
                shown.enterMakesNewLine
                    ? [KeyBinding(.enter, label: "enter", action: "new line"), KeyBinding(.control("d"), label: "ctrl-d/alt-enter", action: "done")]
                    : [KeyBinding(.control("j"), label: "ctrl-j/alt-enter", action: "new line"), KeyBinding(.enter, label: "enter/ctrl-d", action: "done")]
            )
            .render(in: last, on: &canvas)
        }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        let area = area
        var event = event
        if enterMakesNewLine {
            // Enter writes a line break; Ctrl-D or Alt-Enter finish (huh's Text with its keys swapped).
            switch event {
            case .key(.enter): event = .key(.control("j"))
            case .key(.modified(.enter, .alt)), .key(.control("d")): event = .key(.enter)
            default: break
            }
        } else if event == .key(.control("d")) {
            event = .key(.enter)  // Ctrl-D finishes, as gum's `write` says; Enter too.
        }
        return typed.handle(event, text: { area.text }, validate: validate, edit: { area.handle($0) })
    }
}

extension TextAreaPrompt: WordsFollowAnswers {
    func refreshWords() {
        question.refresh { self.description = $0 }
        if let make = dynamicPlaceholder { placeholder = make() }
    }
}
