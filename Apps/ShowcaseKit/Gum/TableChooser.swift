import IndicatorKit

/// `showcase table`'s question: the grid, a page of rows at a time, one selected; ↑/↓ (k/j),
/// PgUp/PgDn, Home/End move, Enter takes the selected row (quits 0), Esc or q cancels (1).
@MainActor
package final class TableChooser: View {
    package let command: TableCommand
    package let columns: [String]
    package let rows: [[String]]
    package let widths: [Int]
    /// The rows shown at once.
    package let pageRows: Int
    /// The selected row.
    package private(set) var selected = 0
    /// The first row shown.
    private var offset = 0
    /// The row taken, once Enter was pressed.
    package private(set) var chosen: Int?

    package init(_ command: TableCommand, columns: [String], rows: [[String]]) {
        self.command = command
        self.columns = columns
        self.rows = rows
        widths = command.columnWidths(columns, rows)
        pageRows = max(1, min(rows.count, command.height ?? 10))
    }

    /// The rows it draws on: the grid and a line for the keys.
    package var preferredHeight: Int { pageRows + (command.border == nil ? 1 : 4) + (command.showsHelp ? 1 : 0) }

    package func render(in rect: Rect, on canvas: inout Canvas) {
        let window = offset..<min(rows.count, offset + pageRows)
        let lines = command.grid(columns: columns, rows: rows, widths: widths, window: window, selected: selected)
        for (index, line) in lines.enumerated() where index < rect.height {
            canvas.draw(line, at: Point(x: rect.x, y: rect.y + index), clip: rect)
        }
        guard command.showsHelp, lines.count < rect.height else { return }
        let help = HelpView([
            KeyBinding(.up, label: "↑/↓", action: "move"), KeyBinding(.enter, label: "enter", action: "choose"),
            KeyBinding(.escape, label: "esc", action: "cancel"),
        ])
        let count = "\(selected + 1)/\(rows.count)"
        let row = Rect(x: rect.x, y: rect.y + lines.count, width: rect.width, height: 1)
        canvas.draw(count, at: row.origin, style: Theme.current.muted, clip: row)
        help.render(in: row.inset(left: count.count + 3), on: &canvas)
    }

    package func handle(_ event: InputEvent) -> EventResult {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .up, .character("k"): move(to: selected - 1)
        case .down, .character("j"): move(to: selected + 1)
        case .pageUp: move(to: selected - pageRows)
        case .pageDown: move(to: selected + pageRows)
        case .home, .character("g"): move(to: 0)
        case .end, .character("G"): move(to: rows.count - 1)
        case .enter:
            guard !rows.isEmpty else { return .quit(status: 1) }
            chosen = selected
            return .quit(status: 0)
        case .escape, .character("q"): return .quit(status: 1)
        default: return .ignored
        }
        return .handled
    }

    private func move(to row: Int) {
        selected = max(0, min(rows.count - 1, row))
        if selected < offset { offset = selected }
        if selected >= offset + pageRows { offset = selected - pageRows + 1 }
    }
}
