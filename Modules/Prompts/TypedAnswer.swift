import Widgets

/// What a prompt of typed text knows of its answer — the text once Enter took it, whether
/// Esc cancelled it, what its validation said of the last Enter — and how its keys go:
/// Enter answers once `validate` finds nothing wrong, Esc cancels, the rest edit.
struct TypedAnswer {
    private(set) var answer: String?
    private(set) var isCancelled = false
    private(set) var problem: String?

    /// Takes `text` as typed and answered, if `validate` finds nothing wrong; what it found else.
    @MainActor
    mutating func take(_ text: String, validate: (String) -> String?) -> String? {
        problem = validate(text)
        if problem == nil { answer = text }
        return problem
    }

    /// Takes keys again, the text kept.
    mutating func reopen() {
        answer = nil
        isCancelled = false
    }

    /// `event` for a prompt whose text `text` gives (read on Enter only: a key costs what
    /// the edit does, not the whole text), edited by `edit`.
    @MainActor
    mutating func handle(
        _ event: InputEvent,
        text: () -> String,
        validate: (String) -> String?,
        validatesAsTyped: Bool = false,
        edit: (InputEvent) -> EventResult
    ) -> EventResult {
        guard answer == nil, !isCancelled else { return .ignored }
        switch event {
        case .key(.enter):
            let typed = text()
            problem = validate(typed)
            guard problem == nil else { return .handled }
            answer = typed
            return .quit(status: 0)
        case .key(.escape):
            isCancelled = true
            return .quit(status: 1)
        case .pasteCut(let dropped):
            _ = edit(event)  // the cut paste taken back
            problem = "paste too long (\(dropped) bytes over the limit): nothing pasted"
            return .handled
        default:
            let result = edit(event)
            // As typed: what is wrong shows at once (and goes once put right); else only on Enter.
            if result == .handled { problem = validatesAsTyped ? validate(text()) : nil }
            return result
        }
    }
}
