/// Rows of text in columns, as bubbles' table and rich's: a header, columns sized to what
/// they hold or given a width, wide characters measured by their cells and cut with `…`. It
/// selects nothing unless asked (as ratatui's, rich's and lipgloss's tables): with `selects`,
/// a selected row the keys and the mouse move, scrolling to keep it in view.
///
/// ```swift
/// let table = Table(columns: [.init("City"), .init("Country"), .init("Population", alignment: .right)],
///                   rows: [["Tokyo", "Japan", "37,274,000"], ["Delhi", "India", "32,065,760"]], selects: true)
/// table.onActivate = { row in print(table.rows[row][0]) }
/// ```
///
/// A column of ``Column/Width/content`` takes the width of its widest cell (header included);
/// ``Column/Width/fixed(_:)`` takes what it is given; ``Column/Width/fill`` shares what is left.
/// When the content is wider than the table, the widest columns give way first, never below
/// their header's width. Columns are two cells apart.
@MainActor
public final class Table: MeasuredView {
    /// A column: its header, how wide, which side its cells keep to.
    public struct Column: Equatable, Sendable {
        /// How a column's width is decided.
        public enum Width: Equatable, Sendable {
            /// The widest cell's (the header's included).
            case content
            /// This many cells.
            case fixed(Int)
            /// What the other columns leave, shared between such columns.
            case fill
        }
        /// Which side a column's cells keep to.
        public enum Alignment: Equatable, Sendable { case left, right }

        /// The header.
        public var title: String
        /// How wide.
        public var width: Width
        /// Which side the cells keep to (numbers read best on the right).
        public var alignment: Alignment

        /// A column headed `title`.
        public init(_ title: String, width: Width = .content, alignment: Alignment = .left) {
            self.title = title
            self.width = width
            self.alignment = alignment
        }
    }

    /// The columns.
    public var columns: [Column] {
        didSet { widthsCache = nil }
    }
    /// The rows, a cell a column (missing cells are blank).
    public var rows: [[String]] {
        didSet {
            widthsCache = nil
            if let selected = selectedRow { selectedRow = rows.isEmpty ? nil : min(selected, rows.count - 1) }
            if selectedRow == nil, selects, !rows.isEmpty { selectedRow = 0 }
        }
    }
    /// Whether it has a selected row that the keys move.
    public let selects: Bool
    /// The selected row (nil without a selection or rows).
    public private(set) var selectedRow: Int?
    /// The first row in view.
    public private(set) var offset = 0
    /// Whether the header and the rule under it are shown.
    public var showsHeader = true
    /// The header's style.
    public var headerStyle = Style(attributes: .bold)
    /// The style of the rule under the header.
    public var ruleStyle = Style(attributes: .dim)
    /// The selected row's style (reversed by default).
    public var selectedStyle = Style(attributes: .reverse)
    /// The other rows' style.
    public var rowStyle = Style.plain
    /// Called with the selected row on Enter, or on a click on it.
    public var onActivate: (@MainActor (Int) -> Void)?
    /// The rectangle of the last render.
    public private(set) var frame = Rect.zero

    /// Each column's widest cell, measured once per change of the rows.
    private var widthsCache: [Int]?

    /// A table of `columns` and `rows`, with a selected row when `selects` (none by default: a
    /// table printed or shown as data has no row picked out).
    public init(columns: [Column], rows: [[String]] = [], selects: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.selects = selects
        selectedRow = selects && !rows.isEmpty ? 0 : nil
    }

    /// The columns' widths in `width` cells.
    public func columnWidths(in width: Int) -> [Int] {
        let natural = naturalWidths()
        var widths = columns.enumerated().map { index, column -> Int in
            switch column.width {
            case .content: natural[index]
            case .fixed(let cells): max(0, cells)
            case .fill: 0
            }
        }
        // Widths a program passes are any numbers (`.fixed(Int.max)`): the sum saturates.
        let used = widths.reduce(max(0, columns.count - 1) * 2) { sum, cells in
            let added = sum.addingReportingOverflow(cells)
            return added.overflow ? Int.max : added.partialValue
        }
        var room = used > width ? -min(used - max(width, 0), Int.max / 2) : width - used
        let filling = columns.indices.filter { columns[$0].width == .fill }
        if room > 0, !filling.isEmpty {
            for (n, index) in filling.enumerated() { widths[index] = room / filling.count + (n < room % filling.count ? 1 : 0) }
            room = 0
        }
        if room < 0 { giveWay(-room, of: &widths) }
        return widths
    }

    /// Too wide by `excess` cells: the widest content columns give way, a cell at a time (the
    /// leftmost of equals first), down to their header. Worked out as a level the widest are
    /// cut to, found by bisection: a table of thousands of columns costs their number times
    /// the bisection's steps, not the excess times the columns.
    private func giveWay(_ excess: Int, of widths: inout [Int]) {
        let floors = columns.indices.map { index -> Int? in
            guard columns[index].width == .content else { return nil }
            let floor = max(1, columns[index].title.displayWidth)
            return widths[index] > floor ? floor : nil
        }
        // What cutting every shrinkable column to `level` gives back.
        func freed(at level: Int) -> Int {
            var sum = 0
            for index in widths.indices {
                guard let floor = floors[index] else { continue }
                sum += max(0, widths[index] - max(level, floor))
            }
            return sum
        }
        let shrinkable = widths.indices.filter { floors[$0] != nil }
        guard let top = shrinkable.map({ widths[$0] }).max() else { return }
        // The lowest level that frees no more than the excess.
        var low = 0
        var high = top
        while low < high {
            let middle = (low + high) / 2
            if freed(at: middle) <= excess { high = middle } else { low = middle + 1 }
        }
        let level = low
        var remaining = excess - freed(at: level)
        for index in shrinkable {
            let cut = min(widths[index], max(level, floors[index] ?? 0))
            // Still too wide: the leftmost columns at the level give one more cell.
            if remaining > 0, cut == level, level > (floors[index] ?? 0), widths[index] >= level {
                widths[index] = level - 1
                remaining -= 1
            } else {
                widths[index] = cut
            }
        }
    }

    private func naturalWidths() -> [Int] {
        if let widthsCache, widthsCache.count == columns.count { return widthsCache }
        var widths = columns.map { $0.title.sanitizedForTerminal.displayWidth }
        for row in rows {
            for (index, cell) in row.prefix(columns.count).enumerated() { widths[index] = max(widths[index], cell.sanitizedForTerminal.displayWidth) }
        }
        widthsCache = widths
        return widths
    }

    /// As wide as its columns' content and the gaps between them, as tall as its header and
    /// rows: within `space`.
    public func preferredSize(within space: Size) -> Size {
        let widths = columnWidths(in: space.width)  // a `.fill` column takes what the others leave
        let content = widths.reduce(2 * Swift.max(0, columns.count - 1)) { $0.addingReportingOverflow($1).partialValue }
        let height = (showsHeader ? 2 : 0) + rows.count
        return Size(width: Swift.max(0, Swift.min(space.width, content)), height: Swift.max(0, Swift.min(space.height, height)))
    }

    /// The rows of the body in `rect` (what the header leaves).
    private func bodyHeight(_ rect: Rect) -> Int { max(0, rect.height - (showsHeader ? 2 : 0)) }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        frame = rect
        guard !rect.isEmpty else { return }
        let widths = columnWidths(in: rect.width)
        var y = rect.y
        if showsHeader {
            drawRow(columns.map(\.title), widths: widths, y: y, style: headerStyle, in: rect, on: &canvas)
            canvas.draw(String(repeating: "─", count: rect.width), at: Point(x: rect.x, y: y + 1), style: ruleStyle, clip: rect)
            y += 2
        }
        let height = bodyHeight(rect)
        keepSelectionInView(height)
        for line in 0..<height where offset + line < rows.count {
            let index = offset + line
            let selected = index == selectedRow
            if selected {
                canvas.fill(Rect(x: rect.x, y: y + line, width: rect.width, height: 1), with: Cell(" ", style: selectedStyle))
            }
            drawRow(rows[index], widths: widths, y: y + line, style: selected ? selectedStyle : rowStyle, in: rect, on: &canvas)
        }
    }

    private func drawRow(_ cells: [String], widths: [Int], y: Int, style: Style, in rect: Rect, on canvas: inout Canvas) {
        var x = rect.x
        for (index, column) in columns.enumerated() where x < rect.maxX {
            let width = min(widths[index], rect.maxX - x)
            // What can show of it: a cell of a megabyte costs what its width does.
            let text = (index < cells.count ? String(cells[index].prefix(4 * width + 16)) : "").sanitizedForTerminal
            let shown = text.truncated(toWidth: width)  // cut with … where it does not fit
            let pad = width - shown.displayWidth
            let cellX = column.alignment == .right ? x + pad : x
            canvas.draw(shown, at: Point(x: cellX, y: y), style: style, clip: Rect(x: x, y: y, width: width, height: 1))
            x += width + 2  // clamped: a column past the edge ends the row (and .fixed(Int.max) adds nothing that overflows)
        }
    }

    private func keepSelectionInView(_ height: Int) {
        guard height > 0 else { return }
        if let selectedRow {
            if selectedRow < offset { offset = selectedRow }
            if selectedRow >= offset + height { offset = selectedRow - height + 1 }
        }
        offset = max(0, min(offset, rows.count - height))
    }

    /// Selects row `index` (kept within the rows).
    public func select(_ index: Int) {
        guard selects, !rows.isEmpty else { return }
        selectedRow = min(max(0, index), rows.count - 1)
    }

    /// ↑/↓ (and k/j), Page Up/Down, Home/End move the selection; Enter or a click activates
    /// it; the wheel scrolls.
    public func handle(_ event: InputEvent) -> EventResult {
        let page = max(1, bodyHeight(frame))
        guard selects, let selected = selectedRow else {
            if case .mouse(let mouse) = event, frame.contains(mouse.position) {
                if mouse.action == .wheelUp {
                    offset = max(0, offset - 3)
                } else if mouse.action == .wheelDown {
                    offset = max(0, min(offset + 3, rows.count - page))
                }
                return .handled
            }
            return .ignored
        }
        switch event {
        case .key(.up), .key(.character("k")): select(selected - 1)
        case .key(.down), .key(.character("j")): select(selected + 1)
        case .key(.pageUp): select(selected - page)
        case .key(.pageDown): select(selected + page)
        case .key(.home), .key(.character("g")): select(0)
        case .key(.end), .key(.character("G")): select(rows.count - 1)
        case .key(.enter): onActivate?(selected)
        case .mouse(let mouse) where frame.contains(mouse.position):
            switch mouse.action {
            case .wheelUp: select(selected - 3)
            case .wheelDown: select(selected + 3)
            case .press:
                let row = offset + mouse.position.y - frame.y - (showsHeader ? 2 : 0)
                guard row >= offset, row < rows.count else { return .handled }
                if row == selected { onActivate?(row) } else { select(row) }
            default: return .ignored
            }
        default: return .ignored
        }
        return .handled
    }
}
