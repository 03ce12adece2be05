import KitSupport
import Widgets

/// Questions asked together, as huh's forms: fields in groups (pages), one block on the
/// screen. The field being asked shows whole, those answered as their answered line above
/// it, those still to come as their question below; Enter or Tab answers a field (once its
/// validation passes) and goes to the next, Shift-Tab goes back to change the one before,
/// Esc cancels the form. When the last is answered, the answered lines stay in the terminal:
/// the summary.
///
/// ```swift
/// let burger = SelectPrompt("Choose your burger", choices: ["Classic", "Chickwich", "Fishwich"])
/// let toppings = ChoicePrompt("Toppings", choices: ["Lettuce", "Tomatoes", "Jalapeños"], mode: .multiple(limit: 2))
/// let name = TextPrompt("What's your name?") { $0.isEmpty ? "a name, please" : nil }
/// let notes = TextAreaPrompt("Special instructions?")
/// let discount = ConfirmPrompt("Would you like 15% off?")
/// try await Form(groups: [Form.Group(burger, toppings), Form.Group(name, notes, discount)]).ask()
/// print(burger.answer!, toppings.answer!, name.answer!)
/// ```
///
/// Each field is a prompt of this module (``FormField``), read after the form for its
/// answer, as it would be asked alone. Made and set from any isolation (a nonisolated async
/// function too); asked, drawn and answered on the main actor.
public final class Form: Sendable {
    /// Fields shown and answered together: a page of the form.
    public struct Group: Sendable {
        /// A line above the fields (nil: none).
        public var title: String?
        /// A line under the title that says more (nil: none).
        public var description: String?
        /// The fields, in the order asked.
        public var fields: [any FormField]
        /// Whether the page is skipped, from earlier answers (huh's `WithHideFunc`); asked again
        /// as the form moves. Nil: always shown.
        public var isHidden: (@Sendable @MainActor () -> Bool)?

        /// A group of `fields`, skipped while `hidden` says so.
        public init(title: String? = nil, description: String? = nil, fields: [any FormField], hidden: (@Sendable @MainActor () -> Bool)? = nil) {
            self.title = title
            self.description = description
            self.fields = fields
            self.isHidden = hidden
        }

        /// A group of the fields given.
        public init(title: String? = nil, description: String? = nil, _ fields: any FormField...) {
            self.init(title: title, description: description, fields: fields)
        }
    }

    /// The pages, in order.
    public let groups: [Group]
    private let chosenTheme: Locked<PromptTheme>
    /// The fields skipped while a condition holds (``hide(_:when:)``), by identity.
    private let hiddenFields = Locked<[ObjectIdentifier: @Sendable @MainActor () -> Bool]>([:])
    /// Whether the fields were first refreshed and the focus put on one shown.
    @MainActor private var started = false
    /// Done once every field is answered.
    @MainActor public private(set) var answer: Void?
    /// Whether Esc cancelled it.
    @MainActor public private(set) var isCancelled = false
    /// The group being asked.
    @MainActor public private(set) var group = 0
    /// The field being asked, in its group.
    @MainActor public private(set) var field = 0

    /// A form of `groups`, in ``PromptTheme/current`` or `theme`.
    public init(groups: [Group], theme: PromptTheme? = nil) {
        self.groups = groups.filter { !$0.fields.isEmpty }
        let theme = theme ?? PromptTheme.current
        chosenTheme = Locked(theme)
        for field in self.groups.flatMap(\.fields) { field.theme = theme }
        if self.groups.isEmpty { answer = () }  // nothing to ask: answered as it is made
    }

    /// A form of one group of the fields given.
    public convenience init(_ fields: any FormField..., theme: PromptTheme? = nil) {
        self.init(groups: [Group(fields: fields)], theme: theme)
    }

    /// How it looks; given to every field when set (and when the form is made).
    public var theme: PromptTheme {
        get { chosenTheme.withLock { $0 } }
        set {
            chosenTheme.withLock { $0 = newValue }
            for field in fields { field.theme = newValue }
        }
    }

    /// Every field of every group, in order.
    private var fields: [any FormField] { groups.flatMap(\.fields) }

    /// Skips `field` while `condition` holds (huh's `WithHideFunc` for a field), asked again
    /// as the form moves: a field that follows an earlier answer shows only when it matters.
    ///
    /// ```swift
    /// form.hide(address) { delivery.answer == false }
    /// ```
    public func hide(_ field: any FormField, when condition: @escaping @Sendable @MainActor () -> Bool) {
        hiddenFields.withLock { $0[ObjectIdentifier(field)] = condition }
    }
}

@MainActor
extension Form: Prompt {

    /// The field with the focus (nil once answered or cancelled).
    public var focusedField: (any FormField)? {
        guard answer == nil, !isCancelled, groups.indices.contains(group) else { return nil }
        return groups[group].fields[field]
    }

    private var answeredBefore: Int { groups[..<group].reduce(0) { $0 + $1.fields.count } }

    /// Whether page `page` is shown (its hide function, if any, says no).
    private func isShown(page: Int) -> Bool { !(groups[page].isHidden?() ?? false) }

    /// Whether `field` of page `page` is shown now.
    private func isShown(page: Int, field: Int) -> Bool {
        guard isShown(page: page) else { return false }
        let condition = hiddenFields.withLock { $0[ObjectIdentifier(groups[page].fields[field])] }
        return !(condition?() ?? false)
    }

    /// Every field made again from the answers so far (titles, descriptions, choices).
    private func refreshFields() {
        for field in fields where !field.isAnswered { field.refresh() }
    }

    /// The fields of the pages shown (the accessible mode makes them again as it goes).
    func fieldsShown() -> [any FormField] {
        groups.indices.filter { isShown(page: $0) }.flatMap { groups[$0].fields }
    }

    /// Whether `field` of page `page` is asked now.
    func accessiblyShown(page: Int, field: Int) -> Bool { isShown(page: page, field: field) }

    /// Every field asked: the form is answered.
    func markAnswered() { answer = () }

    /// Once, before the first frame: the fields made from the answers so far (none yet),
    /// and the focus on the first field shown.
    private func startIfNeeded() {
        guard !started, answer == nil else { return }
        started = true
        refreshFields()
        if !isShown(page: group, field: field) { _ = goOn() }
    }

    /// The rows the tallest page needs (the answered lines of the pages before it above it),
    /// and the summary at the end.
    public var preferredHeight: Int {
        var tallest = fields.count
        var before = 0
        for page in groups {
            let heads = (page.title == nil ? 0 : 1) + (page.description == nil ? 0 : 1)
            let asking = page.fields.map(\.preferredHeight).max() ?? 1
            tallest = max(tallest, before + heads + page.fields.count - 1 + asking + 1)
            before += page.fields.count
        }
        return tallest
    }

    // MARK: Drawing

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        startIfNeeded()
        let theme = theme
        var y = rect.y
        func row(_ height: Int) -> Rect { Rect(x: rect.x, y: y, width: rect.width, height: max(0, min(height, rect.maxY - y))) }
        let finished = answer != nil || isCancelled
        for (index, page) in groups.enumerated() where (index <= group || finished) && isShown(page: index) {
            if index == group, !finished {
                for (text, style) in [(page.title, theme.title), (page.description, theme.description)] {
                    guard let text, y < rect.maxY else { continue }
                    canvas.draw(text.sanitizedForTerminal.truncated(toWidth: rect.width), at: Point(x: rect.x, y: y), style: style, clip: rect)
                    y += 1
                }
            }
            for (position, field) in page.fields.enumerated() where y < rect.maxY && isShown(page: index, field: position) {
                if field.isAnswered || field.isCancelled {
                    field.render(in: row(1), on: &canvas)
                    y += 1
                } else if finished || index != group {
                    continue
                } else if position == self.field {
                    let height = min(field.preferredHeight, rect.maxY - y - 1)
                    field.render(in: row(height), on: &canvas)
                    y += height
                } else {
                    theme.drawQuestion(
                        mark: theme.mark,
                        markStyle: theme.hint,
                        title: StyledText(field.title),
                        rest: "",
                        restStyle: theme.hint,
                        in: row(1),
                        on: &canvas
                    )
                    y += 1
                }
            }
        }
        guard !finished, y < rect.maxY else { return }
        HelpView(bindings).render(in: Rect(x: rect.x, y: y, width: rect.width, height: 1), on: &canvas)
    }

    /// The form's own keys, as its last line says them.
    private var bindings: [KeyBinding] {
        [
            KeyBinding(.tab, label: "tab", action: "next"),
            KeyBinding(.backTab, label: "shift-tab", action: "back", isEnabled: group > 0 || field > 0),
            KeyBinding(.escape, action: "cancel"),
        ]
    }

    // MARK: Keys

    public func handle(_ event: InputEvent) -> EventResult {
        startIfNeeded()
        guard let current = focusedField else { return .ignored }
        switch event {
        case .key(.backTab):
            goBack()
            return .handled
        case .key(.tab) where current.usesTab:
            return current.handle(event)
        case .key(.tab):
            _ = current.handle(.key(.enter))  // answered if it will be (its validation said nothing)
        default:
            let result = current.handle(event)
            guard case .quit = result else {
                // What is typed may be what later fields' words follow (huh's bindings).
                for field in fields where !field.isAnswered && field !== current { (field as? any WordsFollowAnswers)?.refreshWords() }
                return result
            }
        }
        if current.isCancelled {
            isCancelled = true
            return .quit(status: 1)
        }
        guard current.isAnswered else { return .handled }
        return goOn()
    }

    /// After an answer: the fields made again from it, then the next field shown (on this
    /// page or a later one), or the end.
    private func goOn() -> EventResult {
        refreshFields()
        var (page, position) = (group, field)
        repeat {
            if position + 1 < groups[page].fields.count {
                position += 1
            } else if page + 1 < groups.count {
                page += 1
                position = 0
            } else {
                answer = ()
                return .quit(status: 0)
            }
        } while !isShown(page: page, field: position)
        (group, field) = (page, position)
        groups[group].fields[field].reopen()
        return .handled
    }

    /// Back to the field shown before (on the page before, from a page's first), to change it.
    private func goBack() {
        var (page, position) = (group, field)
        repeat {
            if position > 0 {
                position -= 1
            } else if page > 0 {
                page -= 1
                position = groups[page].fields.count - 1
            } else {
                return
            }
        } while !isShown(page: page, field: position)
        (group, field) = (page, position)
        groups[group].fields[field].reopen()
    }
}
