import KitSupport
import TerminalRuntime
import Widgets

/// Choose one of a list, or several in an order: ↑/↓ move, Space chooses or unchooses (the
/// order shows as numbers, renumbered when one is taken out, as the photo picker's tray),
/// `/` filters as one types (fuzzily, best match first, the matched letters highlighted),
/// Enter confirms (also while filtering: one Enter, as gum's filter and fzf), Esc cancels.
///
/// ```swift
/// let order = try await ChoicePrompt("Deploy in which order?", choices: services, mode: .multiple()).ask()
/// let one = try await ChoicePrompt("Branch?", choices: branches).ask().first
/// ```
///
/// Enter with nothing chosen takes the focused choice. A long list shows a page
/// (``pageSize``) and scrolls; the filter keeps the choices that hold its letters in order,
/// ignoring case (`FuzzyMatch`: `bry` finds "blueberry"), and what was chosen stays chosen
/// while hidden. While one types a filter, a space is text, Tab chooses and Esc clears the
/// filter; ``startsFiltering`` opens the prompt typing one (`gum filter`). Its look is its
/// ``theme``. A view beside the list may show the
/// focused choice (``preview``).
///
/// Made and set from any isolation (a nonisolated async function too); asked, drawn and
/// answered on the main actor.
public final class ChoicePrompt<Item: Sendable>: Sendable {
    /// One choice, or several in the order chosen.
    public enum Mode: Equatable, Sendable {
        /// Enter takes the focused choice.
        case single
        /// Space chooses; at most `limit` (nil: any number).
        case multiple(limit: Int? = nil)

        /// Space chooses; at most `limit`: `.multiple(4)` reads as `.multiple(limit: 4)`.
        public static func multiple(_ limit: Int) -> Mode { .multiple(limit: limit) }
    }

    private struct Settings {
        var description: StyledText?
        var theme: PromptTheme
        var startsFiltering = false
        var pageSize: Int
        var leavesSummary = true
        var preview: (@Sendable @MainActor (Item) -> (any View)?)?
        var previewWidth = 24
        var filterPlaceholder = ""
        var showsHelp = true
        var makeChoices: (@Sendable @MainActor () -> [Item])?
    }

    /// The question, in its own styles (``PromptTheme/title`` under them).
    public var styledTitle: StyledText { question.title }
    private let question: FieldText
    /// Choices made from earlier answers (huh's `OptionsFunc`): made again as a form's focus
    /// moves (``refresh()``); new ones replace the old.
    public var dynamicChoices: (@Sendable @MainActor () -> [Item])? {
        get { settings[\.makeChoices] }
        set { settings[\.makeChoices] = newValue }
    }
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
    /// What may be chosen, in the order shown (with those ``append(_:)`` added).
    public var choices: [Item] { storedChoices.withLock { $0 } }
    private let storedChoices: Locked<[Item]>
    /// One or several.
    public let mode: Mode
    /// The index in ``choices`` focused first.
    public let focusedFirst: Int
    let label: @Sendable @MainActor (Item) -> String
    private let settings: Locked<Settings>

    /// The indices in ``choices`` chosen so far, in the order chosen.
    @MainActor public private(set) var selection: OrderedSelection<Int>
    /// The choices taken, in the order chosen (one in ``Mode/single``); nil until Enter.
    @MainActor public private(set) var answer: [Item]?
    @MainActor private var answered: [Int]?
    /// Whether Esc cancelled it.
    @MainActor public private(set) var isCancelled = false
    /// Whether a filter is being typed, once a key said so (before: ``startsFiltering``).
    @MainActor private var filtering: Bool?
    /// The choice focused before the filter last changed (kept while it matches none).
    @MainActor private var lastFocused: Int?
    /// A word for the user after a key that could not do its work (the limit reached).
    @MainActor private var notice: String?
    @MainActor private var madeList: ListView<Int>?
    /// The host that draws it, asked for a frame when choices come (made when first drawn).
    @MainActor private var link: HostLink?
    /// Whether more choices are still to come (``append(_:)``): the count says so with `…`.
    @MainActor public var moreToCome = false {
        didSet { if moreToCome != oldValue { link?.request(nil) } }
    }
    @MainActor private var madeFilterField: TextField?
    /// The choices' labels as the filter reads them, made at the first filter.
    @MainActor private var madeIndex: FuzzyIndex?
    /// The filters typed so far, the current last, each with what it matched: a character
    /// typed searches only what the one before matched, and Backspace goes back to the one
    /// before without searching.
    @MainActor private var filters: [AppliedFilter] = []

    /// A prompt for `title` among `choices`, written by `label`; `chosen` (indices) are
    /// chosen at the start, `focused` (an index) focused first.
    public convenience init(
        _ title: String,
        choices: [Item],
        mode: Mode = .single,
        chosen: [Int] = [],
        focused: Int = 0,
        pageSize: Int = 10,
        label: @escaping @Sendable @MainActor (Item) -> String
    ) {
        self.init(StyledText(title), choices: choices, mode: mode, chosen: chosen, focused: focused, pageSize: pageSize, label: label)
    }

    /// A prompt for a question in styles of its own, its choices as above.
    public init(
        _ title: StyledText,
        choices: [Item],
        mode: Mode = .single,
        chosen: [Int] = [],
        focused: Int = 0,
        pageSize: Int = 10,
        label: @escaping @Sendable @MainActor (Item) -> String
    ) {
        question = FieldText(title)
        storedChoices = Locked(choices)
        self.mode = mode
        self.label = label
        focusedFirst = max(0, min(focused, choices.count - 1))
        settings = Locked(Settings(theme: PromptTheme.current, pageSize: max(1, pageSize)))
        var limit: Int?
        if case .multiple(let most) = mode { limit = most }
        selection = OrderedSelection(chosen.filter { choices.indices.contains($0) }, limit: limit)
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
    /// Whether it opens typing a filter, as `gum filter` (set before it is asked).
    public var startsFiltering: Bool {
        get { settings[\.startsFiltering] }
        set { settings[\.startsFiltering] = newValue }
    }
    /// The most rows of choices shown at once; a longer list scrolls.
    public var pageSize: Int {
        get { settings[\.pageSize] }
        set { settings[\.pageSize] = max(1, newValue) }
    }
    /// Whether the question and its answer stay as one line once answered (or cancelled);
    /// false leaves nothing, for a tool that prints the answer itself.
    public var leavesSummary: Bool {
        get { settings[\.leavesSummary] }
        set { settings[\.leavesSummary] = newValue }
    }
    /// A view that shows the focused choice beside the list (a picture's thumbnail, a
    /// file's first lines), ``previewWidth`` columns wide; nil: none.
    public var preview: (@Sendable @MainActor (Item) -> (any View)?)? {
        get { settings[\.preview] }
        set { settings[\.preview] = newValue }
    }
    /// The columns the preview takes when there is one.
    public var previewWidth: Int {
        get { settings[\.previewWidth] }
        set { settings[\.previewWidth] = max(0, newValue) }
    }
    /// Whether the keys' line shows under the choices (gum's `--show-help`, the default).
    public var showsHelp: Bool {
        get { settings[\.showsHelp] }
        set { settings[\.showsHelp] = newValue }
    }
    /// What the filter shows while nothing is typed in it (gum filter's `--placeholder`).
    public var filterPlaceholder: String {
        get { settings[\.filterPlaceholder] }
        set { settings[\.filterPlaceholder] = newValue }
    }
}

@MainActor
extension ChoicePrompt: Prompt, FormField {
    /// The answer as indices in ``choices``, in the order chosen: what tells apart choices
    /// that are equal.
    public var answerIndices: [Int]? { answered }

    /// The list shows indices into ``choices``: the filter's matches.
    private var list: ListView<Int> {
        if let madeList { return madeList }
        let made = ListView(items: Array(choices.indices), selects: true) { [unowned self] index, state in
            self.row(for: index, state: state)
        }
        made.select(focusedFirst)
        madeList = made
        return made
    }

    private var filterField: TextField {
        if let madeFilterField { return madeFilterField }
        let made = TextField()
        madeFilterField = made
        return made
    }

    private var isFiltering: Bool {
        get { filtering ?? startsFiltering }
        set { filtering = newValue }
    }

    /// The focused choice (nil when the filter matches none).
    public var focusedChoice: Item? { list.selectedItem.map { choices[$0] } }
    /// What the filter holds (empty: every choice shown).
    public var filter: String { filterField.text }
    /// The indices in ``choices`` shown now, top first (best match first while filtered).
    public var shownIndices: [Int] { list.items }
    /// The choices' labels as the filter reads them, made once.
    private var index: FuzzyIndex {
        if let madeIndex { return madeIndex }
        var made = FuzzyIndex()
        for choice in choices { made.append(label(choice)) }
        madeIndex = made
        return made
    }

    /// Adds `more` choices after the others, shown at once: at the end of the list, or where
    /// they rank among the filter's matches. Items arriving while the prompt is up (a tool
    /// reading its standard input) are shown as they come, as fzf does.
    public func append(_ more: [Item]) {
        guard !more.isEmpty else { return }
        let first = storedChoices.withLock { choices in
            defer { choices += more }
            return choices.count
        }
        let added = Array(first..<(first + more.count))
        link?.request(nil)
        if madeIndex != nil {
            for choice in more { madeIndex?.append(label(choice)) }
        } else if isFiltering {
            _ = index  // made now, while they come, not at the first key
        }
        guard madeList != nil else { return }
        guard !filters.isEmpty else {
            list.items += added
            return
        }
        // Each filter kept ranks the new choices and takes them in.
        let index = index
        filters = filters.map { applied in
            var applied = applied
            applied.ranking.merge(index.ranking(applied.pattern, among: added))
            applied.matched = applied.ranking.indices
            return applied
        }
        let focused = list.selectedItem
        list.items = filters[filters.count - 1].matched
        if let focused, let position = list.items.firstIndex(of: focused) { list.select(position) }
    }

    public var preferredHeight: Int { (showsHelp ? 2 : 1) + descriptionRows + min(max(1, choices.count), pageSize) }

    private var descriptionRows: Int { (description?.isEmpty ?? true) ? 0 : 1 }

    var isMultiple: Bool { mode != .single }

    private func row(for index: Int, state: ListView<Int>.RowState) -> ListView<Int>.Row {
        let theme = theme
        var lead = theme.cursor(focused: state.isSelected) + " "
        if isMultiple { lead += theme.choiceMark(order: selection.order(of: index), digits: String(choices.count).count) + " " }
        let style = state.isSelected ? theme.focused : selection.contains(index) ? theme.chosen : theme.choice
        let match = filters.last.flatMap { self.index.match($0.pattern, at: index) }
        // No row is wider than the largest screen: a label of megabytes costs what shows.
        let text = String(label(choices[index]).prefix(TerminalHost.largestSize.width))
        return ListView<Int>.Row(StyledText(lead) + highlighted(text, match, style: theme.matched), style: style)
    }

    /// `text` with the letters `match` found in the theme's ``PromptTheme/matched`` style.
    private func highlighted(_ text: String, _ match: FuzzyMatch?, style: Style) -> StyledText {
        guard let match, !match.positions.isEmpty else { return StyledText(text) }
        var runs: [StyledText.Run] = []
        var plain = ""
        var next = match.positions.makeIterator()
        var wanted = next.next()
        for (offset, character) in text.enumerated() {
            if offset == wanted {
                if !plain.isEmpty { runs.append(.init(plain)) }
                plain = ""
                runs.append(.init(String(character), style: style))
                wanted = next.next()
            } else {
                plain.append(character)
            }
        }
        if !plain.isEmpty { runs.append(.init(plain)) }
        return StyledText(runs: runs)
    }

    // MARK: Drawing

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let shown = settings.withLock { $0 }
        let theme = shown.theme
        let summary = answer.map { $0.map(label).joined(separator: ", ") }
        if theme.drawOutcome(title: styledTitle, answer: summary, isCancelled: isCancelled, leavesSummary: shown.leavesSummary, in: rect, on: &canvas) {
            return
        }
        let restStyle = notice == nil ? theme.hint : theme.problem
        if link == nil { link = HostLink() }
        link?.note()
        let restX = theme.drawAsking(title: styledTitle, rest: isFiltering ? "" : status, restStyle: restStyle, in: rect, on: &canvas)
        // How many match of how many, while filtering or while more are coming (as fzf's).
        let count = isFiltering || moreToCome ? countText : ""
        let countX = rect.maxX - count.count
        if !count.isEmpty, countX > restX + 4 {
            canvas.draw(count, at: Point(x: countX, y: rect.y), style: theme.hint, clip: rect)
        }
        let fieldEnd = count.isEmpty || countX <= restX + 4 ? rect.maxX : countX - 1
        if isFiltering, restX + 2 < fieldEnd {
            filterField.prompt = "/"
            filterField.placeholder = shown.filterPlaceholder
            filterField.render(in: Rect(x: restX, y: rect.y, width: fieldEnd - restX, height: 1), on: &canvas)
        }
        let top = 1 + theme.drawDescription(shown.description, in: rect, on: &canvas)
        let hasHelp = shown.showsHelp && rect.height >= top + 2
        let body = Rect(x: rect.x, y: rect.y + top, width: rect.width, height: max(0, rect.height - top - (hasHelp ? 1 : 0)))
        let previewView = shown.preview.flatMap { make in focusedChoice.flatMap(make) }
        let previewWidth = shown.previewWidth
        let showsPreview = previewView != nil && body.width > previewWidth + 20
        let listRect = showsPreview ? body.inset(right: previewWidth + 1) : body
        if list.items.isEmpty, body.height > 0 {
            canvas.draw("  no choice matches “\(shownFilter(body.width).sanitizedForTerminal)”", at: body.origin, style: theme.hint, clip: body)
        }
        list.render(in: listRect, on: &canvas)
        if showsPreview, let previewView {
            previewView.render(in: Rect(x: body.maxX - previewWidth, y: body.y, width: previewWidth, height: body.height), on: &canvas)
        }
        if hasHelp {
            HelpView(bindings).render(in: Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1), on: &canvas)
        }
    }

    /// `12/3456`: the choices shown of all (all of them with no filter), `…` after while more
    /// are coming.
    private var countText: String {
        let total = storedChoices.withLock { $0.count }
        return (filters.isEmpty ? "\(total)" : "\(list.items.count)/\(total)") + (moreToCome ? "…" : "")
    }

    /// What the question's line says after it: a notice, how many are chosen, the filter.
    private var status: String {
        if let notice { return notice }
        var parts: [String] = []
        if isMultiple { parts.append("\(selection.count) chosen") }
        // 500: wider than any line; what fits is drawn.
        if !filterField.input.characters.isEmpty { parts.append("/\(shownFilter(500))") }
        return parts.joined(separator: "  ")
    }

    /// The filter as a line shows it, `width` characters at most: its end, after an ellipsis
    /// when it is longer (a frame costs what it shows, however long the filter typed).
    private func shownFilter(_ width: Int) -> String {
        let characters = filterField.input.characters
        guard characters.count > width else { return String(characters) }
        return "…" + String(characters.suffix(max(0, width - 1)))
    }

    /// The keys that work now, as the help line says them.
    private var bindings: [KeyBinding] {
        if isFiltering {
            return [
                KeyBinding(.up, .down, label: "↑/↓", action: "move"),
                KeyBinding(.tab, label: "tab", action: "choose", isEnabled: isMultiple),
                KeyBinding(.enter, action: "confirm"),
                KeyBinding(.escape, action: "clear filter"),
            ]
        }
        return [
            KeyBinding(.up, .down, label: "↑/↓", action: "move"),
            KeyBinding(.character(" "), label: "space", action: "choose", isEnabled: isMultiple),
            KeyBinding(.character("/"), action: "filter"),
            KeyBinding(.enter, action: "confirm"),
            KeyBinding(.escape, action: "cancel"),
        ]
    }

    // MARK: Keys

    public func handle(_ event: InputEvent) -> EventResult {
        guard answer == nil, !isCancelled else { return .ignored }
        notice = nil
        switch event {
        case .key(.up), .key(.down), .key(.pageUp), .key(.pageDown), .key(.control("p")), .key(.control("n")):
            return list.handle(Self.arrow(event))
        case .key(.home),
            .key(.end) where !isFiltering:
            return list.handle(event)
        default: break
        }
        if isFiltering { return handleWhileFiltering(event) }
        switch event {
        case .key(.character(" ")), .key(.tab):
            return choose()
        case .key(.character("/")):
            isFiltering = true
            return .handled
        case .key(.enter):
            return confirm()
        case .key(.escape):
            isCancelled = true
            return .quit(status: 1)
        default:
            return .ignored
        }
    }

    public var isAnswered: Bool { answer != nil }

    /// Makes its dynamic title, description and choices again (a form calls it as its focus
    /// moves). New choices (their labels differ) replace the old: what was chosen or
    /// answered among them is forgotten, the first is focused.
    public func refresh() {
        question.refresh { self.description = $0 }
        guard let make = dynamicChoices else { return }
        let made = make()
        guard made.map(label) != choices.map(label) else { return }
        storedChoices.withLock { $0 = made }
        madeList = nil
        madeIndex = nil
        filters = []
        filtering = nil
        var limit: Int?
        if case .multiple(let most) = mode { limit = most }
        selection = OrderedSelection([], limit: limit)
        answer = nil
        answered = nil
        link?.request(nil)
    }

    /// Tab chooses while a filter is typed into a choice of several.
    public var usesTab: Bool { isFiltering && isMultiple }

    public func reopen() {
        answer = nil
        answered = nil
        isCancelled = false
    }

    /// Ctrl-P and Ctrl-N as ↑ and ↓ (as readline and fzf).
    private static func arrow(_ event: InputEvent) -> InputEvent {
        switch event {
        case .key(.control("p")): .key(.up)
        case .key(.control("n")): .key(.down)
        default: event
        }
    }

    private func handleWhileFiltering(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.enter):
            return confirm()
        case .key(.tab):
            return choose()
        case .key(.escape):
            isFiltering = false
            filterField.input = TextInput()
            applyFilter()
        default:
            let before = filterField.input.characters.count
            let atEnd = filterField.input.position == before
            guard filterField.handle(event) == .handled else { return .ignored }
            // One character typed at the end (not a mark joined to the one before): the filter
            // grew by it alone.
            let after = filterField.input.characters.count
            if case .key(.character(let typed)) = event, atEnd, after == before + 1 {
                applyFilter(change: .appended(typed))
            } else if atEnd, after == before - 1, filterField.input.position == after {
                applyFilter(change: .erasedLast)  // Backspace at the end
            } else {
                applyFilter()
            }
        }
        return .handled
    }

    /// How the filter changed at its end, when that is all: the folded filter follows it.
    private enum FilterChange {
        case appended(Character)
        case erasedLast
    }

    /// A filter applied: its pattern, its matches ranked, and their indices best first (what
    /// the list shows, and the candidates of a longer filter: one array for both).
    private struct AppliedFilter {
        var pattern: FuzzyPattern
        var ranking: FuzzyRanking
        var matched: [Int]

        init(pattern: FuzzyPattern, ranking: FuzzyRanking) {
            self.pattern = pattern
            self.ranking = ranking
            matched = ranking.indices
        }
    }

    /// The most filters kept to go back to with Backspace (each holds its matches).
    private static var keptFilters: Int { 8 }

    /// Shows the choices the filter matches, best first; with an empty filter every choice
    /// in its order, the focus kept on its choice (or given back, after a filter that matched
    /// none). While typing, the best match is focused, as fzf and gum's filter do.
    private func applyFilter(change: FilterChange? = nil) {
        if let current = list.selectedItem { lastFocused = current }
        guard !filterField.input.characters.isEmpty else {
            filters = []
            list.items = Array(choices.indices)
            if let focused = lastFocused, let position = list.items.firstIndex(of: focused) { list.select(position) } else { list.select(0) }
            return
        }
        // A key that adds to the filter searches only the choices the filter before matched,
        // and Backspace goes back to the filter before: typing costs what is typed, not the
        // whole list again at every key (a million paths took 13 s for the first key).
        switch (change, filters.last) {
        case (.appended(let typed), let last?):
            let pattern = last.pattern.appending(typed)
            filters.append(AppliedFilter(pattern: pattern, ranking: index.ranking(pattern, among: last.matched)))
            if filters.count > Self.keptFilters { filters.removeFirst() }
        case (.erasedLast, let last?) where filters.count > 1 && filters[filters.count - 2].pattern == last.pattern.droppingLast():
            filters.removeLast()
        default:
            let pattern = FuzzyPattern(filter)
            filters = [AppliedFilter(pattern: pattern, ranking: index.ranking(pattern))]
        }
        list.items = filters[filters.count - 1].matched
        list.select(0)
    }

    /// Chooses the focused choice, or takes it out (several to choose only).
    private func choose() -> EventResult {
        guard isMultiple, let index = list.selectedItem else { return .ignored }
        if case .limitReached(let most) = selection.toggle(index) { notice = "at most \(most)" }
        return .handled
    }

    /// Takes the choices at `indices` as the answer (the accessible mode's typed numbers).
    func take(_ indices: [Int]) {
        answered = indices
        answer = indices.map { choices[$0] }
    }

    private func confirm() -> EventResult {
        let taken = isMultiple && !selection.isEmpty ? selection.items : list.selectedItem.map { [$0] } ?? []
        guard !taken.isEmpty else {
            notice = "nothing to choose"
            return .handled
        }
        answered = taken
        answer = taken.map { choices[$0] }
        return .quit(status: 0)
    }
}

extension ChoicePrompt where Item: CustomStringConvertible {
    /// A prompt for `title` among `choices`, each written as its description.
    public convenience init(_ title: String, choices: [Item], mode: Mode = .single, chosen: [Int] = [], focused: Int = 0, pageSize: Int = 10) {
        self.init(StyledText(title), choices: choices, mode: mode, chosen: chosen, focused: focused, pageSize: pageSize) { $0.description }
    }

    /// A prompt for a question in styles of its own among `choices`, each written as its description.
    public convenience init(_ title: StyledText, choices: [Item], mode: Mode = .single, chosen: [Int] = [], focused: Int = 0, pageSize: Int = 10) {
        self.init(title, choices: choices, mode: mode, chosen: chosen, focused: focused, pageSize: pageSize) { $0.description }
    }
}

extension ChoicePrompt: WordsFollowAnswers {
    func refreshWords() { question.refresh { self.description = $0 } }
}
