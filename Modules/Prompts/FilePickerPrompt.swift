import KitSupport
import Widgets

/// A file chosen by moving through folders (huh's FilePicker field, `gum file`): the question,
/// then a ``Widgets/FilePicker`` — →/← open and leave folders, Enter chooses; Esc cancels.
///
/// ```swift
/// let picture = FilePickerPrompt("Which picture?", directory: "~/Pictures", extensions: ["gif", "png", "jpg"])
/// let path = try await picture.ask()
/// ```
///
/// Made and set from any isolation; asked, drawn and answered on the main actor.
public final class FilePickerPrompt: Sendable {
    private struct Settings {
        var description: String?
        var theme: PromptTheme
        var leavesSummary = true
    }

    public var styledTitle: StyledText { question.title }
    public var title: String { styledTitle.plain }
    /// The folder it starts in.
    public let directory: String
    /// The extensions of the files shown (empty: all).
    public let extensions: Set<String>
    /// Whether folders may be chosen instead of files.
    public let choosesFolders: Bool
    /// The rows of entries shown at once.
    public let rows: Int
    private let question: FieldText
    private let settings: Locked<Settings>
    @MainActor private var madePicker: FilePicker?
    /// The path chosen, once Enter took one.
    @MainActor public private(set) var answer: String?
    /// Whether Esc cancelled it.
    @MainActor public private(set) var isCancelled = false

    /// A question over `directory`'s files (`extensions`, lower case, no dot; empty: all),
    /// or its folders with `choosesFolders`, `rows` entries shown at once.
    public init(_ title: String, directory: String = ".", extensions: Set<String> = [], choosesFolders: Bool = false, rows: Int = 8) {
        question = FieldText(StyledText(title))
        self.directory = directory
        self.extensions = extensions
        self.choosesFolders = choosesFolders
        self.rows = max(1, rows)
        settings = Locked(Settings(theme: PromptTheme.current))
    }

    public var description: String? {
        get { settings[\.description] }
        set { settings[\.description] = newValue }
    }
    public var theme: PromptTheme {
        get { settings[\.theme] }
        set { settings[\.theme] = newValue }
    }
    public var leavesSummary: Bool {
        get { settings[\.leavesSummary] }
        set { settings[\.leavesSummary] = newValue }
    }
    /// A question made from earlier answers (see ``ChoicePrompt/dynamicTitle``).
    public var dynamicTitle: (@Sendable @MainActor () -> String)? {
        get { question.makeTitle }
        set { question.makeTitle = newValue }
    }
}

@MainActor
extension FilePickerPrompt: Prompt, FormField {
    /// The picker, made when first asked (it reads the folder then).
    public var picker: FilePicker {
        if let madePicker { return madePicker }
        let made = FilePicker(directory: directory)
        made.allowedExtensions = extensions
        made.allowsDirectories = choosesFolders
        made.allowsFiles = !choosesFolders
        made.height = rows
        made.cursorStyle = theme.markStyle
        made.selectedStyle = theme.focused
        madePicker = made
        return made
    }

    public var preferredHeight: Int { 1 + picker.preferredHeight }
    public var isAnswered: Bool { answer != nil }

    public func reopen() {
        answer = nil
        isCancelled = false
    }

    public func refresh() { question.refresh { self.description = $0 } }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let shown = settings.withLock { $0 }
        if shown.theme.drawOutcome(title: styledTitle, answer: answer, isCancelled: isCancelled, leavesSummary: shown.leavesSummary, in: rect, on: &canvas) {
            return
        }
        shown.theme.drawAsking(title: styledTitle, rest: shown.description ?? "", in: rect, on: &canvas)
        picker.render(in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: max(0, rect.height - 1)), on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        guard answer == nil, !isCancelled else { return .ignored }
        let result = picker.handle(event)
        switch result {
        case .quit(status: 0):
            answer = picker.chosen
            return result
        case .quit:
            isCancelled = true
            return result
        default:
            return result
        }
    }
}

extension FilePickerPrompt: WordsFollowAnswers {
    func refreshWords() { question.refresh { self.description = $0 } }
}
