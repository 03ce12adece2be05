import KitSupport
import Widgets

/// Words to read between questions (huh's Note): a title, lines under it (markdown's
/// `*emphasis*`, `**strong**` and `` `code` `` drawn as such) and a button; Enter or Tab go on,
/// Esc cancels. In a form it says what the next questions are about, and can follow earlier
/// answers (``dynamicTitle``, ``dynamicDescription``).
///
/// ```swift
/// let welcome = NotePrompt("Charmburger", description: "Welcome to *Charmburger*.\nHow may we take your order?", next: "Let's go")
/// let name = TextPrompt("What's your name?")
/// try await Form(welcome, name).ask()
/// ```
///
/// Made and set from any isolation; asked, drawn and answered on the main actor.
public final class NotePrompt: Sendable {
    private struct Settings {
        var description: String?
        var theme: PromptTheme
        var leavesSummary = false
        var next: String
    }

    /// The title, in its own styles.
    public var styledTitle: StyledText { question.title }
    /// The title's text.
    public var title: String { styledTitle.plain }
    private let question: FieldText
    private let settings: Locked<Settings>
    /// Read, once Enter or Tab went on.
    @MainActor public private(set) var answer: Void?
    /// Whether Esc cancelled it.
    @MainActor public private(set) var isCancelled = false

    /// A note titled `title` with `description` under it (lines apart by `\n`) and a button
    /// saying `next` (nil: none).
    public init(_ title: String, description: String? = nil, next: String = "Next") {
        question = FieldText(StyledText(title))
        settings = Locked(Settings(description: description, theme: PromptTheme.current, next: next))
    }

    /// The lines under the title.
    public var description: String? {
        get { settings[\.description] }
        set { settings[\.description] = newValue }
    }
    public var theme: PromptTheme {
        get { settings[\.theme] }
        set { settings[\.theme] = newValue }
    }
    /// Whether its title stays once read (false: a note leaves nothing, as huh's).
    public var leavesSummary: Bool {
        get { settings[\.leavesSummary] }
        set { settings[\.leavesSummary] = newValue }
    }
    /// A title made from earlier answers (see ``ChoicePrompt/dynamicTitle``).
    public var dynamicTitle: (@Sendable @MainActor () -> String)? {
        get { question.makeTitle }
        set { question.makeTitle = newValue }
    }
    /// Lines made from earlier answers.
    public var dynamicDescription: (@Sendable @MainActor () -> String?)? {
        get { question.makeDescription }
        set { question.makeDescription = newValue }
    }

    /// The description's lines, `*em*`, `**strong**` and `` `code` `` styled.
    static func lines(_ text: String, theme: PromptTheme) -> [StyledText] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var out = StyledText()
            var style = theme.description
            var rest = Substring(line)
            while let character = rest.first {
                if rest.hasPrefix("**") {
                    style.attributes.formSymmetricDifference(.bold)
                    rest = rest.dropFirst(2)
                } else if character == "*" || character == "_" {
                    style.attributes.formSymmetricDifference(.italic)
                    rest = rest.dropFirst()
                } else if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                    out.append(String(rest[rest.index(after: rest.startIndex)..<end]), style: theme.answer)
                    rest = rest[rest.index(after: end)...]
                } else {
                    out.append(String(character), style: style)
                    rest = rest.dropFirst()
                }
            }
            return out
        }
    }
}

@MainActor
extension NotePrompt: Prompt, FormField {
    public var preferredHeight: Int {
        let shown = settings.withLock { $0 }
        return 1 + (shown.description.map { $0.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 0) + (shown.next.isEmpty ? 0 : 1)
    }

    public var isAnswered: Bool { answer != nil }

    public func reopen() {
        answer = nil
        isCancelled = false
    }

    public func refresh() { question.refresh { self.description = $0 } }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let shown = settings.withLock { $0 }
        let theme = shown.theme
        if answer != nil || isCancelled {
            guard shown.leavesSummary else { return }
            theme.drawQuestion(
                mark: theme.answeredMark,
                markStyle: theme.answeredStyle,
                title: styledTitle,
                rest: "",
                restStyle: theme.hint,
                in: rect,
                on: &canvas
            )
            return
        }
        canvas.draw(styledTitle.sanitizedForTerminal, at: rect.origin, style: theme.title, clip: rect)
        var y = rect.y + 1
        for line in Self.lines(shown.description ?? "", theme: theme) where shown.description != nil && y < rect.maxY {
            canvas.draw(line.sanitizedForTerminal, at: Point(x: rect.x, y: y), clip: rect)
            y += 1
        }
        if !shown.next.isEmpty, y < rect.maxY {
            canvas.draw(" \(shown.next.sanitizedForTerminal) ", at: Point(x: rect.x, y: y), style: theme.button, clip: rect)
        }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        guard answer == nil, !isCancelled else { return .ignored }
        switch event {
        case .key(.enter), .key(.tab), .key(.character(" ")):
            answer = ()
            return .quit(status: 0)
        case .key(.escape):
            isCancelled = true
            return .quit(status: 1)
        default:
            return .ignored
        }
    }
}

extension NotePrompt: WordsFollowAnswers {
    func refreshWords() { question.refresh { self.description = $0 } }
}
