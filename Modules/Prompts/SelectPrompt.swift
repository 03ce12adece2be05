import Widgets

/// One of a list, answered as the item itself: ``ChoicePrompt`` in its single mode (↑/↓, the
/// fuzzy filter, a preview), for code that wants `Item`, not `[Item]`.
///
/// ```swift
/// let branch: String = try await SelectPrompt("Branch?", choices: ["main", "release", "dev"]).ask()
/// ```
///
/// Made and set from any isolation (a nonisolated async function too); asked, drawn and
/// answered on the main actor.
public final class SelectPrompt<Item: Sendable>: Sendable {
    /// The list it asks with: its filter, page size, preview and look are set here.
    public let list: ChoicePrompt<Item>

    /// A prompt for `title` among `choices`, written by `label`, `focused` (an index) focused first.
    public convenience init(
        _ title: String,
        choices: [Item],
        focused: Int = 0,
        pageSize: Int = 10,
        label: @escaping @Sendable @MainActor (Item) -> String
    ) {
        self.init(StyledText(title), choices: choices, focused: focused, pageSize: pageSize, label: label)
    }

    /// A prompt for a question in styles of its own, its choices as above.
    public init(
        _ title: StyledText,
        choices: [Item],
        focused: Int = 0,
        pageSize: Int = 10,
        label: @escaping @Sendable @MainActor (Item) -> String
    ) {
        list = ChoicePrompt(title, choices: choices, mode: .single, focused: focused, pageSize: pageSize, label: label)
    }

    public var title: String { list.title }
    /// The question in its own styles.
    public var styledTitle: StyledText { list.styledTitle }
    /// A line under the question that says more (nil: none).
    public var description: String? {
        get { list.description }
        set { list.description = newValue }
    }
    /// That line in styles of its own.
    public var styledDescription: StyledText? {
        get { list.styledDescription }
        set { list.styledDescription = newValue }
    }
    public var theme: PromptTheme {
        get { list.theme }
        set { list.theme = newValue }
    }
    public var leavesSummary: Bool {
        get { list.leavesSummary }
        set { list.leavesSummary = newValue }
    }
    /// A question made from earlier answers (huh's `TitleFunc`; see ``ChoicePrompt/dynamicTitle``).
    public var dynamicTitle: (@Sendable @MainActor () -> String)? {
        get { list.dynamicTitle }
        set { list.dynamicTitle = newValue }
    }
    /// A description made from earlier answers (huh's `DescriptionFunc`).
    public var dynamicDescription: (@Sendable @MainActor () -> String?)? {
        get { list.dynamicDescription }
        set { list.dynamicDescription = newValue }
    }
    /// Choices made from earlier answers (huh's `OptionsFunc`; see ``ChoicePrompt/dynamicChoices``).
    public var dynamicChoices: (@Sendable @MainActor () -> [Item])? {
        get { list.dynamicChoices }
        set { list.dynamicChoices = newValue }
    }
}

@MainActor
extension SelectPrompt: Prompt, FormField {
    /// The item chosen, once Enter took it.
    public var answer: Item? { list.answer?.first }
    public var isCancelled: Bool { list.isCancelled }
    public var isAnswered: Bool { list.isAnswered }
    public var preferredHeight: Int { list.preferredHeight }

    public func reopen() { list.reopen() }
    public func refresh() { list.refresh() }

    public func render(in rect: Rect, on canvas: inout Canvas) { list.render(in: rect, on: &canvas) }
    public func handle(_ event: InputEvent) -> EventResult { list.handle(event) }
}

extension SelectPrompt where Item: CustomStringConvertible {
    /// A prompt for `title` among `choices`, each written as its description.
    public convenience init(_ title: String, choices: [Item], focused: Int = 0, pageSize: Int = 10) {
        self.init(StyledText(title), choices: choices, focused: focused, pageSize: pageSize) { $0.description }
    }

    /// A prompt for a question in styles of its own among `choices`, each written as its description.
    public convenience init(_ title: StyledText, choices: [Item], focused: Int = 0, pageSize: Int = 10) {
        self.init(title, choices: choices, focused: focused, pageSize: pageSize) { $0.description }
    }
}

extension SelectPrompt: WordsFollowAnswers {
    func refreshWords() { list.refreshWords() }
}
