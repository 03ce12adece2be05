import Widgets

/// tui 0.19's `table` example: nineteen rows of three cells in a bordered table with a blue
/// header in red, a blank line under each row (the sixth row two lines tall), columns of 50 %,
/// 30 cells and at least 10; ↓ and ↑ select a row (wrapping round), marked `>> ` and reversed.
/// `q` quits.
@MainActor
public final class TableExample: View {
    let table: Table

    public init() {
        let rows = (1...19).map { row in (1...3).map { column in row == 6 && column == 2 ? "Row62\nTest" : "Row\(row)\(column)" } }
        table = Table(
            columns: [.init("Header1", width: .percentage(50)), .init("Header2", width: .fixed(30)), .init("Header3", width: .min(10))],
            rows: rows,
            selects: true
        )
        table.select(nil)  // as a fresh `TableState`: nothing selected until a key says
        table.columnSpacing = 1
        table.rowSpacing = 1
        table.showsRule = false
        table.headerStyle = Style(foreground: .red, background: .blue)
        table.highlightSymbol = ">> "
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        let area = Layout.vertical([.percentage(100)], margin: .all(5)).split(rect)[0]
        Box(table, titles: [Box.Title("Table")], lines: .square).render(in: area, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        let count = table.styledRows.count
        switch event {
        case .key(.character("q")): return .quit(status: 0)
        case .key(.down): table.select(table.selectedRow.map { $0 >= count - 1 ? 0 : $0 + 1 } ?? 0)
        case .key(.up): table.select(table.selectedRow.map { $0 == 0 ? count - 1 : $0 - 1 } ?? 0)
        default: return .ignored
        }
        return .handled
    }
}
