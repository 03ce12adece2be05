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
/// ``Column/Width/fixed(_:)`` takes what it is given, ``Column/Width/percentage(_:)`` that
/// share of the table's width; ``Column/Width/fill`` shares what is left, and
/// ``Column/Width/min(_:)`` grows into it from a floor when no column fills. When the content
/// is wider than the table, the widest content columns give way first, never below their
/// header's width; a column that still runs past the right edge is cut there. Columns are
/// ``columnSpacing`` cells apart (two by default; ratatui's are one).
///
/// Cells are `StyledText` in ``styledRows`` (a cell's colours kept, its text made safe to
/// print); a cell of several lines makes its row as tall, as ratatui's rows of `Text`.
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
            /// This percentage (0…100) of the table's width, as ratatui's `Percentage`.
            case percentage(Int)
            /// At least this many cells, sharing what is left with the other such columns when
            /// no column is `fill`, as ratatui's `Min`.
            case min(Int)
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
        /// The column's cells' style, under their own runs (rich's column `style`).
        public var style: Style?
        /// Its header's style, over the table's ``Table/headerStyle``.
        public var headerStyle: Style?
        /// Written in the footer row, when the table shows one (``Table/showsFooter``).
        public var footer: StyledText
        /// Its footer's style, over the table's ``Table/footerStyle``.
        public var footerStyle: Style?
        /// Which side its footer keeps to (nil: the cells' side).
        public var footerAlignment: Alignment?

        /// A column headed `title`.
        public init(
            _ title: String,
            width: Width = .content,
            alignment: Alignment = .left,
            style: Style? = nil,
            headerStyle: Style? = nil,
            footer: StyledText = StyledText(),
            footerStyle: Style? = nil,
            footerAlignment: Alignment? = nil
        ) {
            self.title = title
            self.width = width
            self.alignment = alignment
            self.style = style
            self.headerStyle = headerStyle
            self.footer = footer
            self.footerStyle = footerStyle
            self.footerAlignment = footerAlignment
        }
    }

    /// The columns.
    public var columns: [Column] {
        didSet { widthsCache = nil }
    }
    /// The rows as plain text, a cell a column (missing cells are blank); setting them sets
    /// ``styledRows`` to the same text in no style.
    public var rows: [[String]] {
        get { styledRows.map { $0.map(\.plain) } }
        set { styledRows = newValue.map { $0.map { StyledText($0) } } }
    }
    /// The rows, a cell a column (missing cells are blank), each cell in its own colours; a
    /// cell of several lines (`\n`) makes its row as tall.
    public var styledRows: [[StyledText]] {
        didSet {
            widthsCache = nil
            heightsCache = nil
            if let selected = selectedRow { selectedRow = styledRows.isEmpty ? nil : min(selected, styledRows.count - 1) }
            if selectedRow == nil, selects, !styledRows.isEmpty { selectedRow = 0 }
        }
    }
    /// Whether it has a selected row that the keys move.
    public let selects: Bool
    /// The selected row (nil without a selection or rows).
    public private(set) var selectedRow: Int?
    /// The first row in view.
    public private(set) var offset = 0
    /// Whether the header and the line under it are shown.
    public var showsHeader = true
    /// Whether the line under the header is a rule (else it is left blank).
    public var showsRule = true
    /// The header's style, over the whole header row (``Theme/header``).
    public var headerStyle = Theme.current.header
    /// The style of the rule under the header (``Theme/muted``).
    public var ruleStyle = Theme.current.muted
    /// The selected row's style while the table has the focus, over all its lines
    /// (``Theme/selected``: reversed in the standard theme).
    public var selectedStyle = Theme.current.selected
    /// The selected row's style while it has not (``Theme/blurred``).
    public var blurredStyle = Theme.current.blurred
    /// Whether it has the focus: its selected row in ``selectedStyle``, else ``blurredStyle``.
    public var isFocused = true
    /// The other rows' style, under their cells' own.
    public var rowStyle = Style.plain
    /// Styles the rows take in turn, under their cells' own (rich's `row_styles`: `[.plain,
    /// Style(attributes: .dim)]` dims every other row); empty: ``rowStyle`` for all.
    public var rowStyles: [Style] = []
    /// Whether the columns' footers show in a row under the rows, a line apart.
    public var showsFooter = false
    /// Whether that line is a rule (else it is left blank, as rich's `SIMPLE_HEAD` box).
    public var showsFooterRule = true
    /// The footer row's style (bold, as rich's).
    public var footerStyle = Style(attributes: .bold)
    /// Cells between two columns.
    public var columnSpacing = 2
    /// Blank lines under each row (ratatui's `bottom_margin`).
    public var rowSpacing = 0
    /// Written before the selected row, as ratatui's `highlight_symbol` (`">> "`): while a row
    /// is selected every row starts with as many cells, blank but the selected one's.
    public var highlightSymbol = ""
    /// Ends a cell cut to its column's width (`…`); `""` cuts it clean, as ratatui does.
    public var ellipsis = "…"
    /// Called with the selected row on Enter, or on a click on it.
    public var onActivate: (@MainActor (Int) -> Void)?
    /// The rectangle of the last render.
    public private(set) var frame = Rect.zero

    /// Each column's widest cell, measured once per change of the rows.
    private var widthsCache: [Int]?
    /// Each row's lines, counted once per change of the rows.
    private var heightsCache: [Int]?
    /// How many rows the last render showed.
    private var shownRowCount = 1

    /// A table of `columns` and plain `rows`, with a selected row when `selects` (none by
    /// default: a table printed or shown as data has no row picked out).
    public convenience init(columns: [Column], rows: [[String]] = [], selects: Bool = false) {
        self.init(columns: columns, styledRows: rows.map { $0.map { StyledText($0) } }, selects: selects)
    }

    /// A table of `columns` and rows of styled cells, with a selected row when `selects`.
    public init(columns: [Column], styledRows: [[StyledText]], selects: Bool = false) {
        self.columns = columns
        self.styledRows = styledRows
        self.selects = selects
        selectedRow = selects && !styledRows.isEmpty ? 0 : nil
    }

    /// The columns' widths in a table `width` cells wide.
    public func columnWidths(in width: Int) -> [Int] { columnWidths(in: width, leading: 0) }

    /// The columns' widths in `width` cells of which `leading` go before the first column.
    private func columnWidths(in width: Int, leading: Int) -> [Int] {
        let natural = naturalWidths()
        var widths = columns.enumerated().map { index, column -> Int in
            switch column.width {
            case .content: natural[index]
            case .fixed(let cells), .min(let cells): max(0, cells)
            case .percentage(let percent):
                // Cut down as ratatui's cells are; in two steps, so no width overflows.
                max(0, width) / 100 * min(max(0, percent), 100) + max(0, width) % 100 * min(max(0, percent), 100) / 100
            case .fill: 0
            }
        }
        // Widths a program passes are any numbers (`.fixed(Int.max)`): the sum saturates.
        let used = widths.reduce(saturatingSum(leading, max(0, columns.count - 1) * max(0, columnSpacing)), saturatingSum)
        var room = used > width ? -min(used - max(width, 0), Int.max / 2) : width - used
        var growing = columns.indices.filter { columns[$0].width == .fill }
        if growing.isEmpty { growing = columns.indices.filter { if case .min = columns[$0].width { true } else { false } } }
        if room > 0, !growing.isEmpty {
            for (n, index) in growing.enumerated() { widths[index] += room / growing.count + (n < room % growing.count ? 1 : 0) }
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
        var widths = columns.map { Swift.max($0.title.sanitizedForTerminal.displayWidth, $0.footer.sanitizedForTerminal.displayWidth) }
        for row in styledRows {
            for (index, cell) in row.prefix(columns.count).enumerated() {
                for line in cell.lines { widths[index] = max(widths[index], line.sanitizedForTerminal.displayWidth) }
            }
        }
        widthsCache = widths
        return widths
    }

    /// Each row's lines: its tallest cell's.
    private var rowHeights: [Int] {
        if let heightsCache, heightsCache.count == styledRows.count { return heightsCache }
        let heights = styledRows.map { row in
            row.reduce(1) { tallest, cell in
                max(tallest, cell.runs.reduce(1) { $0 + $1.text.reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" ? 1 : 0) } })
            }
        }
        heightsCache = heights
        return heights
    }

    /// The lines the header takes.
    private var headerHeight: Int { showsHeader ? 2 : 0 }

    /// The lines the footer takes.
    private var footerHeight: Int { showsFooter ? 2 : 0 }

    /// The cells before the first column: the highlight symbol's while a row is selected.
    private var leadingWidth: Int { selectedRow == nil ? 0 : highlightSymbol.sanitizedForTerminal.displayWidth }

    /// As wide as its columns' content and the gaps between them, as tall as its header and
    /// rows: within `space`.
    public func preferredSize(within space: Size) -> Size {
        let leading = leadingWidth
        let widths = columnWidths(in: space.width, leading: leading)  // a `.fill` column takes what the others leave
        let content = widths.reduce(saturatingSum(leading, max(0, columnSpacing) * max(0, columns.count - 1)), saturatingSum)
        let spacing = max(0, rowSpacing)
        let body = rowHeights.reduce(0) { saturatingSum($0, saturatingSum($1, spacing)) }
        let height = saturatingSum(saturatingSum(headerHeight, body), footerHeight)
        return Size(width: max(0, min(space.width, content)), height: max(0, min(space.height, height)))
    }

    /// The rows of the body in `rect` (what the header leaves).
    private func bodyHeight(_ rect: Rect) -> Int { max(0, rect.height - headerHeight - footerHeight) }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        frame = rect
        guard !rect.isEmpty else { return }
        let leading = min(leadingWidth, rect.width)
        let widths = columnWidths(in: rect.width, leading: leading)
        var y = rect.y
        if showsHeader {
            canvas.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), with: Cell(" ", style: headerStyle))
            let titles = columns.map { [StyledText($0.title, style: $0.headerStyle ?? .plain)] }
            drawRow(titles, widths: widths, from: rect.x + leading, y: y, height: 1, style: headerStyle, in: rect, on: &canvas)
            if showsRule {
                canvas.draw(String(repeating: "─", count: rect.width), at: Point(x: rect.x, y: y + 1), style: ruleStyle, clip: rect)
            }
            y += 2
        }
        let body = Rect(x: rect.x, y: y, width: rect.width, height: bodyHeight(rect))
        let shown = shownRows(in: body.height)
        shownRowCount = max(1, shown.count)
        let symbol = highlightSymbol.sanitizedForTerminal
        for index in shown {
            let height = rowHeights[index]
            let selected = index == selectedRow
            let base = rowStyles.isEmpty ? rowStyle : rowStyles[index % rowStyles.count]
            let style = selected ? (isFocused ? selectedStyle : blurredStyle.over(base)) : base
            let area = Rect(x: body.x, y: y, width: body.width, height: min(height, body.maxY - y))
            if selected || style != .plain { canvas.fill(area, with: Cell(" ", style: style)) }
            if selectedRow != nil, leading > 0 {
                canvas.draw(selected ? symbol : String(repeating: " ", count: leading), at: Point(x: body.x, y: y), style: style, clip: body)
            }
            let cells = styledRows[index].prefix(columns.count).enumerated().map { column, cell in
                // The column's style under the cell's own runs.
                cellLines(cell, count: height, widths: widths).map { line in
                    columns[column].style.map { style in StyledText(runs: line.runs.map { StyledText.Run($0.text, style: $0.style.over(style)) }) } ?? line
                }
            }
            drawRow(cells, widths: widths, from: body.x + leading, y: y, height: height, style: style, in: body, on: &canvas)
            y += saturatingSum(height, max(0, rowSpacing))
        }
        if showsFooter, rect.height >= headerHeight + 2 {
            let footerY = rect.maxY - 1
            if showsFooterRule {
                canvas.draw(String(repeating: "─", count: rect.width), at: Point(x: rect.x, y: footerY - 1), style: ruleStyle, clip: rect)
            }
            let footers = columns.map { column in
                [StyledText(runs: column.footer.runs.map { StyledText.Run($0.text, style: $0.style.over(column.footerStyle ?? .plain)) })]
            }
            drawRow(footers, widths: widths, from: rect.x + leading, y: footerY, height: 1, style: footerStyle, in: rect, on: &canvas, footer: true)
        }
    }

    /// The first `count` lines of `cell`, each read only as far as the widest column can show.
    private func cellLines(_ cell: StyledText, count: Int, widths: [Int]) -> [StyledText] {
        let most = 4 * min(widths.max() ?? 0, 1 << 20) + 16
        var lines: [[StyledText.Run]] = [[]]
        var taken = 0
        for run in cell.runs {
            var text = ""
            for character in run.text {
                if character == "\n" || character == "\r\n" {
                    if !text.isEmpty { lines[lines.count - 1].append(StyledText.Run(text, style: run.style)) }
                    text = ""
                    guard lines.count < count else { return lines.map { StyledText(runs: $0) } }
                    lines.append([])
                    taken = 0
                } else if taken < most {
                    text.append(character)
                    taken += 1
                }
            }
            if !text.isEmpty { lines[lines.count - 1].append(StyledText.Run(text, style: run.style)) }
        }
        return lines.map { StyledText(runs: $0) }
    }

    /// Draws a row's cells, a list of lines each, from `x`: each line cut to its column's
    /// width (ending in ``ellipsis``), the columns past the right edge of `rect` cut there.
    private func drawRow(
        _ cells: [[StyledText]],
        widths: [Int],
        from x: Int,
        y: Int,
        height: Int,
        style: Style,
        in rect: Rect,
        on canvas: inout Canvas,
        footer: Bool = false
    ) {
        var x = x
        let spacing = max(0, columnSpacing)
        for (index, column) in columns.enumerated() where x < rect.maxX {
            let width = widths[index]
            let clip = Rect(x: x, y: y, width: min(width, rect.maxX - x), height: min(height, rect.maxY - y))
            for (line, text) in (index < cells.count ? cells[index] : []).prefix(height).enumerated() {
                let shown = text.sanitizedForTerminal.truncated(toWidth: width, ellipsis: ellipsis.sanitizedForTerminal)
                let alignment = footer ? column.footerAlignment ?? column.alignment : column.alignment
                let cellX = alignment == .right ? x + width - shown.displayWidth : x
                canvas.draw(shown, at: Point(x: cellX, y: y + line), style: style, clip: clip)
            }
            x = saturatingSum(x, saturatingSum(width, spacing))  // a column past the edge ends the row
        }
    }

    /// The rows in view in `height` lines: from ``offset``, moved as little as keeps the
    /// selected row in view (as ratatui's row bounds), and no further down than fills them.
    private func shownRows(in height: Int) -> Range<Int> {
        let heights = rowHeights
        guard !heights.isEmpty, height > 0 else { return 0..<0 }
        let spacing = max(0, rowSpacing)
        var start = min(offset, heights.count - 1)
        var end = start
        var used = 0
        while end < heights.count, saturatingSum(used, heights[end]) <= height {
            used = saturatingSum(used, saturatingSum(heights[end], spacing))
            end += 1
        }
        // A table that selects and has no row selected goes back to the top, as ratatui's.
        let selected = min(selectedRow ?? (selects ? 0 : start), heights.count - 1)
        while selected >= end {
            used = saturatingSum(used, saturatingSum(heights[end], spacing))
            end += 1
            while used > height, start < end - 1 {
                used -= heights[start] + spacing
                start += 1
            }
        }
        while selected < start {
            start -= 1
            used = saturatingSum(used, saturatingSum(heights[start], spacing))
            while used > height, end > start + 1 {
                end -= 1
                used -= heights[end] + spacing
            }
        }
        // Rows above that fit in what is left below come into view (no blank end while rows are hidden above).
        while start > 0, end == heights.count, saturatingSum(used, heights[start - 1]) <= height {
            start -= 1
            used = saturatingSum(used, saturatingSum(heights[start], spacing))
        }
        offset = start
        return start..<end
    }

    /// Selects row `index` (kept within the rows), or no row for nil.
    public func select(_ index: Int?) {
        guard selects, !styledRows.isEmpty else { return }
        selectedRow = index.map { min(max(0, $0), styledRows.count - 1) }
    }

    /// ↑/↓ (and k/j), Page Up/Down, Home/End move the selection; Enter or a click activates
    /// it; the wheel scrolls.
    public func handle(_ event: InputEvent) -> EventResult {
        let page = shownRowCount
        guard selects, let selected = selectedRow else {
            if case .mouse(let mouse) = event, frame.contains(mouse.position) {
                if mouse.action == .wheelUp {
                    offset = max(0, offset - 3)
                } else if mouse.action == .wheelDown {
                    offset = max(0, min(offset + 3, styledRows.count - 1))
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
        case .key(.end), .key(.character("G")): select(styledRows.count - 1)
        case .key(.enter): onActivate?(selected)
        case .mouse(let mouse) where frame.contains(mouse.position):
            switch mouse.action {
            case .wheelUp: select(selected - 3)
            case .wheelDown: select(selected + 3)
            case .press:
                guard let row = row(at: mouse.position.y) else { return .handled }
                if row == selected { onActivate?(row) } else { select(row) }
            default: return .ignored
            }
        default: return .ignored
        }
        return .handled
    }

    /// The row drawn at line `y` of the screen (nil for the header, a gap or below the rows).
    private func row(at y: Int) -> Int? {
        var top = frame.y + headerHeight
        guard y >= top else { return nil }
        let heights = rowHeights
        for index in min(offset, heights.count)..<heights.count {
            if y < top + heights[index] { return index }
            top = saturatingSum(top, saturatingSum(heights[index], max(0, rowSpacing)))
            if y < top { return nil }
        }
        return nil
    }
}
