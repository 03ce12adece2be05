import KitSupport
import Widgets

/// A question that can be one of a ``Form``'s fields: every prompt of this module is one.
/// A form shows it being asked while it has the focus and as its answered line after, and
/// goes back to it (``reopen()``) on Shift-Tab.
///
/// Its question, look and summary are read and set from any isolation (a form is made
/// anywhere); the rest is the main actor's, where it is asked.
@MainActor
public protocol FormField: AnyObject, View, Sendable {
    /// The question.
    nonisolated var title: String { get }
    /// How it looks (a form gives its fields its own).
    nonisolated var theme: PromptTheme { get set }
    /// Whether its answered line stays once answered.
    nonisolated var leavesSummary: Bool { get set }
    /// The rows it needs while it is being asked.
    var preferredHeight: Int { get }
    /// Whether it has been answered.
    var isAnswered: Bool { get }
    /// Whether Esc cancelled it.
    var isCancelled: Bool { get }
    /// Takes keys again after it was answered, its last answer as the start.
    func reopen()
    /// Recomputes what follows earlier answers (a dynamic title, description or choices); a
    /// form calls it as its focus moves.
    func refresh()
    /// Whether Tab is its own now (a choice of several being filtered: Tab chooses), not the
    /// form's (the next field). False unless a field says otherwise.
    var usesTab: Bool { get }
}

extension FormField {
    public var usesTab: Bool { false }
}

extension FormField {
    /// Nothing follows earlier answers unless a field says otherwise.
    public func refresh() {}
}

/// A field's question, given or made from earlier answers (huh's `TitleFunc`), and the
/// function that makes its description (huh's `DescriptionFunc`).
final class FieldText: Sendable {
    private struct State {
        var given: StyledText
        var made: StyledText?
        var makeTitle: (@Sendable @MainActor () -> String)?
        var makeDescription: (@Sendable @MainActor () -> String?)?
    }

    private let state: Locked<State>

    init(_ title: StyledText) { state = Locked(State(given: title)) }

    /// The question now: the one last made, or the one given.
    var title: StyledText { state.withLock { $0.made ?? $0.given } }

    var makeTitle: (@Sendable @MainActor () -> String)? {
        get { state.withLock { $0.makeTitle } }
        set { state.withLock { $0.makeTitle = newValue } }
    }

    var makeDescription: (@Sendable @MainActor () -> String?)? {
        get { state.withLock { $0.makeDescription } }
        set { state.withLock { $0.makeDescription = newValue } }
    }

    /// Makes the title (and the description, handed to `setDescription`) again.
    @MainActor
    func refresh(setDescription: (String?) -> Void) {
        let (makeTitle, makeDescription) = state.withLock { ($0.makeTitle, $0.makeDescription) }
        if let makeTitle {
            let made = StyledText(makeTitle())
            state.withLock { $0.made = made }
        }
        if let makeDescription { setDescription(makeDescription()) }
    }
}

/// A field whose words (title, description, placeholder) follow earlier answers as they are
/// typed: a form makes them again after every key, its choices only as the focus moves.
@MainActor
protocol WordsFollowAnswers: AnyObject {
    func refreshWords()
}
