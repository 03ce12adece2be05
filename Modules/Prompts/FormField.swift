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
    /// Whether Tab is its own now (a choice of several being filtered: Tab chooses), not the
    /// form's (the next field). False unless a field says otherwise.
    var usesTab: Bool { get }
}

extension FormField {
    public var usesTab: Bool { false }
}
