import ViewCore

/// A scrolling list of items of any type, each drawn as one row of text by `row`: ↑/↓
/// scroll a row, PgUp/PgDn a page, Home/End to the ends, the mouse wheel three rows. With
/// `selects`, ↑/↓ (and the pages and ends) move a selection instead, kept in view and drawn
/// reversed; Enter or a click on the selected row activates it (``onActivate``), a click on
/// another row selects it. A scroll bar shows on the right when the rows do not fit. Rows
/// are sanitised before drawing.
///
/// ```swift
/// struct Song { let title: String; let seconds: Int }
/// let songs = ListView(items: [Song(title: "Intro", seconds: 61)], selects: true) { "\($0.title) — \($0.seconds) s" }
/// songs.onActivate = { song in print("play", song.title) }
/// let lines = ListView(rows: (1...50).map { "Item \($0)" })   // rows of text
/// lines.scroll(to: 10)
///
/// // Rows that know where they are: a cursor on the selected one, a colour of their own.
/// let todo = ListView(items: ["Buy milk", "Write tests"], selects: true) { item, row in
///     ListView<String>.Row(row.isSelected ? "> \(item)" : "  \(item)",
///                          style: row.isSelected ? Style(foreground: .magenta) : nil)
/// }
/// ```
@MainActor
public final class ListView<Item>: View {
    /// The items, top first. Setting them keeps the scroll position (and the selection's
    /// index) where possible.
    public var items: [Item] {
        didSet {
            if let selectedIndex { self.selectedIndex = items.isEmpty ? nil : min(selectedIndex, items.count - 1) }
            applyFilter(keepingSelectionInView: false)
        }
    }
    /// Only the items whose row text contains this, ignoring case, are shown (a search as
    /// one types); empty shows them all. A selection filtered out moves to the first shown.
    public var filter = "" {
        didSet { applyFilter(keepingSelectionInView: true) }
    }
    /// The indices in ``items`` of the rows shown, top first (all of them without a filter).
    public private(set) var shownIndices: [Int] = []
    /// Where a row is and what it is: what an app's row drawing is told.
    public struct RowState: Equatable, Sendable {
        /// The item's index in ``items`` (whatever the filter shows).
        public let index: Int
        /// Whether it is the list's selection.
        public let isSelected: Bool
        /// Whether the list has the keyboard focus (``isFocused``).
        public let isFocused: Bool
    }

    /// A row as the app writes it: its text and, when given, its style. Without one, the
    /// list's ``rowStyle`` is used, reversed on the selected row of a focused list.
    public struct Row: Equatable, Sendable {
        /// The row's text (made safe and cut to the width when drawn).
        public var text: String
        /// Its style; nil for the list's.
        public var style: Style?
        /// Parts of the text in styles of their own, laid over the row's (a filter's matched
        /// letters); nil: the text in one style.
        public var runs: StyledText?
        /// A row of `text`, in `style` or the list's.
        public init(_ text: String, style: Style? = nil) {
            self.text = text
            self.style = style
        }
        /// A row of styled text: each run's colours and attributes over the row's `style`.
        public init(_ text: StyledText, style: Style? = nil) {
            self.text = text.plain
            self.style = style
            runs = text
        }
    }

    /// How an item is written as its row, knowing the row's state.
    private let drawRow: @MainActor (Item, RowState) -> Row
    /// How an item is written as its row (its text, as on a row that is not selected).
    public func row(_ item: Item) -> String { drawRow(item, RowState(index: 0, isSelected: false, isFocused: isFocused)).text }
    /// Whether the list has a selection that the keys move.
    public let selects: Bool
    /// The selected item's index (nil without a selection or items).
    public private(set) var selectedIndex: Int?
    /// Called with the selected item on Enter, or on a click on it.
    public var onActivate: (@MainActor (Item) -> Void)?
    /// The index of the first visible row.
    public private(set) var offset = 0
    /// The rectangle of the last render.
    public private(set) var frame = Rect.zero
    /// Style of the rows.
    public var rowStyle = Style()
    /// Whether the list has the keyboard focus: a list beside other views that take keys
    /// is told so by its container. Unfocused, it ignores keys and its selection is drawn
    /// without reversing (rows are told, ``RowState/isFocused``).
    public var isFocused = true
    /// The selected row's style while the list has the focus, over the row's own
    /// (``Theme/selected``: reversed in the standard theme).
    public var selectedStyle = Theme.current.selected
    /// The selected row's style while it has not (``Theme/blurred``).
    public var blurredStyle = Theme.current.blurred
    /// The title's, the scroll bar's and the page dots' styles (``Theme/title``, ``Theme/muted``).
    public var titleStyle = Theme.current.title
    public var mutedStyle = Theme.current.muted
    /// A title drawn on the first row, above the items (none by default).
    public var title: String?

    /// How a list longer than its rows is moved through.
    public enum Paging: Equatable, Sendable {
        /// A row at a time, with a scroll bar on the right (the default).
        case scrolls
        /// A page at a time, ←/→ turning pages too, and the page shown on the last row: dots
        /// (`● ○ ○`), or `2/5` where the dots do not fit (as bubbles' paginator).
        case pages
    }
    /// Whether a list longer than its rows shows a scroll bar on the right (with
    /// ``Paging/scrolls``; true by default).
    public var showsScrollBar = true
    /// How a list longer than its rows is moved through (``Paging/scrolls`` by default).
    public var paging = Paging.scrolls {
        didSet { clampOffset() }
    }
    /// The page shown (0 first), when ``paging`` is ``Paging/pages``.
    public var page: Int { offset / pageHeight }
    /// How many pages the rows shown make (at least 1).
    public var pageCount: Int { max(1, (shownIndices.count + pageHeight - 1) / pageHeight) }

    /// A list of `items` written as rows by `row`, with a selection when `selects`.
    public convenience init(items: [Item] = [], selects: Bool = false, row: @escaping @MainActor (Item) -> String) {
        self.init(items: items, selects: selects) { item, _ in Row(row(item)) }
    }

    /// A list of `items` whose rows are drawn knowing their state (index, selected, focused):
    /// a cursor or a colour on the selected row needs nothing drawn over the list.
    public init(items: [Item] = [], selects: Bool = false, row: @escaping @MainActor (Item, RowState) -> Row) {
        self.items = items
        self.drawRow = row
        self.selects = selects
        selectedIndex = selects && !items.isEmpty ? 0 : nil
        shownIndices = Array(items.indices)
    }

    private func applyFilter(keepingSelectionInView: Bool) {
        let needle = filter.lowercased()
        shownIndices = needle.isEmpty ? Array(items.indices) : items.indices.filter { row(items[$0]).lowercased().contains(needle) }
        if selects, selectedIndex.map({ !shownIndices.contains($0) }) ?? true { selectedIndex = shownIndices.first }
        clampOffset()
        if keepingSelectionInView, let selectedIndex { select(selectedIndex) }
    }

    /// The selected item.
    public var selectedItem: Item? { selectedIndex.map { items[$0] } }

    /// Whether the first row is visible (the list is scrolled to its top).
    public var isAtTop: Bool { offset == 0 }

    /// The rows under the title.
    private var rowsHeight: Int { max(1, frame.height - (title == nil ? 0 : 1)) }
    /// The rows of items at once: paged, a row is kept for the page indicator when there
    /// is more than one page.
    private var pageHeight: Int { paging == .pages && shownIndices.count > rowsHeight ? max(1, rowsHeight - 1) : rowsHeight }
    /// What Page Up and Down move: a page, or a page less a row of context when scrolling.
    private var pageStep: Int { paging == .pages ? pageHeight : max(1, pageHeight - 1) }
    private var maxOffset: Int {
        paging == .pages ? (max(1, (shownIndices.count + pageHeight - 1) / pageHeight) - 1) * pageHeight : max(0, shownIndices.count - pageHeight)
    }

    /// Scrolls so that the `index`-th row shown is the first visible one (clamped); paged,
    /// to the start of the page that row is on.
    public func scroll(to index: Int) {
        let clamped = min(max(0, index), maxOffset)
        offset = paging == .pages ? clamped / pageHeight * pageHeight : clamped
    }

    /// Selects the item at `index` of ``items`` (clamped) and scrolls it into view; nothing
    /// without `selects`, or when the filter hides it.
    public func select(_ index: Int) {
        guard selects, !items.isEmpty else { return }
        let chosen = min(max(0, index), items.count - 1)
        guard let position = position(of: chosen) else { return }
        selectedIndex = chosen
        if position < offset || paging == .pages { scroll(to: position) }
        if position >= offset + pageHeight { scroll(to: position - pageHeight + 1) }
    }

    /// Moves the selection `rows` rows among those shown (clamped to the first and last).
    private func moveSelection(by rows: Int) {
        guard let selectedIndex, let position = position(of: selectedIndex), !shownIndices.isEmpty else { return }
        select(shownIndices[min(max(0, position + rows), shownIndices.count - 1)])
    }

    private func clampOffset() { scroll(to: offset) }

    /// Where item `index` is among the rows shown, nil when the filter hides it: a binary
    /// search, the rows shown being in the items' order (a list of 10 000 rows selected 60
    /// times a second searched them all each time).
    private func position(of index: Int) -> Int? {
        var low = 0
        var high = shownIndices.count
        while low < high {
            let middle = (low + high) / 2
            if shownIndices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < shownIndices.count && shownIndices[low] == index ? low : nil
    }

    /// Draws the rows in view and a scroll bar when they do not all fit.
    public func render(in rect: Rect, on canvas: inout Canvas) {
        frame = rect
        clampOffset()
        guard !rect.isEmpty else { return }
        var rect = rect
        if let title {
            canvas.draw(title.sanitizedForTerminal.truncated(toWidth: rect.width), at: rect.origin, style: titleStyle, clip: rect)
            rect = rect.inset(top: 1)
            guard !rect.isEmpty else { return }
        }
        let needsBar = showsScrollBar && paging == .scrolls && shownIndices.count > rect.height
        let textArea = needsBar ? rect.inset(right: 1) : rect
        for line in 0..<min(rect.height, pageHeight) where offset + line < shownIndices.count {
            let index = shownIndices[offset + line]
            let state = RowState(index: index, isSelected: index == selectedIndex, isFocused: isFocused)
            let drawn = drawRow(items[index], state)
            let text = drawn.text.sanitizedForTerminal.truncated(toWidth: textArea.width)
            var style = drawn.style ?? rowStyle
            if drawn.style == nil, state.isSelected {
                style = (isFocused ? selectedStyle : blurredStyle).over(style)
                if style != rowStyle {
                    canvas.draw(String(repeating: " ", count: textArea.width), at: Point(x: textArea.x, y: rect.y + line), style: style, clip: textArea)
                }
            }
            if let runs = drawn.runs {
                var x = textArea.x
                for run in runs.runs where x < textArea.maxX {
                    let piece = run.text.sanitizedForTerminal.truncated(toWidth: textArea.maxX - x)
                    canvas.draw(piece, at: Point(x: x, y: rect.y + line), style: run.style.over(style), clip: textArea)
                    x += piece.displayWidth
                }
            } else {
                canvas.draw(text, at: Point(x: textArea.x, y: rect.y + line), style: style, clip: textArea)
            }
        }
        if paging == .pages, pageCount > 1, rect.height > pageHeight {
            drawPageIndicator(at: Point(x: rect.x, y: rect.y + pageHeight), width: rect.width, on: &canvas)
        }
        guard needsBar else { return }
        let bar = rect.maxX - 1
        let thumbHeight = max(1, rect.height * rect.height / shownIndices.count)
        let thumbTop = maxOffset == 0 ? 0 : (rect.height - thumbHeight) * offset / maxOffset
        for line in 0..<rect.height {
            let inThumb = line >= thumbTop && line < thumbTop + thumbHeight
            canvas.put(inThumb ? "┃" : "│", at: Point(x: bar, y: rect.y + line), style: inThumb ? .plain : mutedStyle)
        }
    }

    /// `● ○ ○` with the page shown filled, or `2/5` where the dots do not fit.
    private func drawPageIndicator(at point: Point, width: Int, on canvas: inout Canvas) {
        let clip = Rect(x: point.x, y: point.y, width: width, height: 1)
        guard pageCount * 2 - 1 <= width else {
            canvas.draw("\(page + 1)/\(pageCount)", at: point, style: mutedStyle, clip: clip)
            return
        }
        for index in 0..<pageCount {
            canvas.put(
                index == page ? "●" : "○",
                at: Point(x: point.x + index * 2, y: point.y),
                style: index == page ? .plain : mutedStyle,
                clip: clip
            )
        }
    }

    /// Takes the arrow keys, Page Up and Down, Home, End and the wheel to scroll (paged, ←/→ turn pages too); when it selects, they move the selection, a click selects and Enter activates.
    public func handle(_ event: InputEvent) -> EventResult {
        if case .key = event, !isFocused { return .ignored }
        if selects, let selectedIndex {
            switch event {
            case .key(.up): moveSelection(by: -1)
            case .key(.down): moveSelection(by: 1)
            case .key(.pageUp): moveSelection(by: -pageStep)
            case .key(.pageDown): moveSelection(by: pageStep)
            case .key(.home): moveSelection(by: -shownIndices.count)
            case .key(.end): moveSelection(by: shownIndices.count)
            case .key(.left) where paging == .pages: moveSelection(by: -pageHeight)
            case .key(.right) where paging == .pages: moveSelection(by: pageHeight)
            case .key(.enter): onActivate?(items[selectedIndex])
            case .mouse(let mouse) where mouse.action == .press && frame.contains(mouse.position):
                let position = offset + mouse.position.y - frame.y - (title == nil ? 0 : 1)
                guard shownIndices.indices.contains(position) else { return .ignored }
                let index = shownIndices[position]
                if index == selectedIndex { onActivate?(items[index]) } else { select(index) }
            default: return scrollByWheel(event)
            }
            return .handled
        }
        switch event {
        case .key(.up): scroll(to: offset - 1)
        case .key(.down): scroll(to: offset + 1)
        case .key(.pageUp): scroll(to: offset - pageStep)
        case .key(.pageDown): scroll(to: offset + pageStep)
        case .key(.home): scroll(to: 0)
        case .key(.end): scroll(to: maxOffset)
        case .key(.left) where paging == .pages: scroll(to: offset - pageHeight)
        case .key(.right) where paging == .pages: scroll(to: offset + pageHeight)
        default: return scrollByWheel(event)
        }
        return .handled
    }

    private func scrollByWheel(_ event: InputEvent) -> EventResult {
        switch event {
        case .mouse(let mouse) where mouse.action == .wheelUp: scroll(to: offset - 3)
        case .mouse(let mouse) where mouse.action == .wheelDown: scroll(to: offset + 3)
        default: return .ignored
        }
        return .handled
    }
}

extension ListView where Item == String {
    /// A list of text rows.
    public convenience init(rows: [String] = []) {
        self.init(items: rows) { $0 }
    }

    /// The rows, top first (the items themselves).
    public var rows: [String] {
        get { items }
        set { items = newValue }
    }
}
