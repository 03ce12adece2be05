import Widgets

/// tui 0.19's `list` example: 25 items of one to six lines (black on white, their lines of
/// lorem ipsum in italics) that ↓ and ↑ select (wrapping round; ← selects none), marked
/// `>> ` in bold on light green; beside them a log of events, newest at the bottom, turning
/// by one event each tick. `q` quits.
@MainActor
public final class ListExample: View {
    let items = Table(columns: [.init("", width: .fill)], rows: [], selects: true)
    /// The events, oldest first, and their levels.
    public private(set) var events: [(name: String, level: String)] =
        ["INFO", "INFO", "CRITICAL", "ERROR", "INFO", "INFO", "WARNING", "INFO", "INFO", "INFO", "CRITICAL", "INFO", "INFO"]
        .enumerated().map { ("Event\($0.offset + 1)", $0.element) }
        + ["INFO", "INFO", "INFO", "ERROR", "ERROR", "INFO", "INFO", "WARNING", "INFO", "INFO", "WARNING", "INFO", "INFO"]
        .enumerated().map { ("Event\($0.offset + 14)", $0.element) }
    private var ticks: Ticks?

    public init(clock: any Scheduler = LiveScheduler()) {
        let lorem = StyledText("Lorem ipsum dolor sit amet, consectetur adipiscing elit.", style: Style(attributes: .italic))
        let lines = [1, 2, 1, 3, 1, 4, 1, 3, 1, 6, 1, 3, 1, 2, 1, 1, 4, 1, 5, 4, 1, 2, 1, 3, 1]
        items.styledRows = lines.enumerated().map { index, count in
            [([StyledText("Item\(index)")] + Array(repeating: lorem, count: count)).joined(separator: "\n")]
        }
        items.select(nil)
        items.showsHeader = false
        items.ellipsis = ""
        items.rowStyle = Style(foreground: .black, background: .brightWhite)
        items.selectedStyle = Style(background: .brightGreen, attributes: .bold)
        items.highlightSymbol = ">> "
        ticks = Ticks(clock: clock) { [weak self] in self?.tick() }
    }

    /// The example's `on_tick`: the oldest event goes to the end.
    func tick() { events.append(events.removeFirst()) }

    /// The selected item (nil for none).
    public var selected: Int? { items.selectedRow }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        ticks?.note()
        let (left, right) = Layout.horizontal([.percentage(50), .percentage(50)]).split(rect).pair
        Box(items, titles: [Box.Title("List")], lines: .square).render(in: left, on: &canvas)

        // The log as the example's `Corner::BottomLeft` list: the newest event's four lines
        // at the bottom, each older one above it, as many whole ones as fit.
        let log = Box(titles: [Box.Title("List")], lines: .square)
        let inside = log.contentRect(in: right)
        let entries = events.reversed().prefix(inside.height / 4).map { event -> StyledText in
            let padded = event.level.padding(toLength: Swift.max(9, event.level.count), withPad: " ", startingAt: 0)
            let header = StyledText(padded, style: Self.style(of: event.level)) + " " + StyledText("2020-01-01 10:00:00", style: Style(attributes: .italic))
            return [StyledText(String(repeating: "-", count: right.width)), header, "", StyledText(event.name)].joined(separator: "\n")
        }
        log.content = Paragraph(entries.reversed().joined(separator: "\n"))
        log.padding = EdgeInsets(top: inside.height - 4 * entries.count)
        log.render(in: right, on: &canvas)
    }

    /// A level's colour.
    static func style(of level: String) -> Style {
        switch level {
        case "CRITICAL": Style(foreground: .red)
        case "ERROR": Style(foreground: .magenta)
        case "WARNING": Style(foreground: .yellow)
        case "INFO": Style(foreground: .blue)
        default: .plain
        }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        let count = items.styledRows.count
        switch event {
        case .key(.character("q")): return .quit(status: 0)
        case .key(.left): items.select(nil)
        case .key(.down): items.select(items.selectedRow.map { $0 >= count - 1 ? 0 : $0 + 1 } ?? 0)
        case .key(.up): items.select(items.selectedRow.map { $0 == 0 ? count - 1 : $0 - 1 } ?? 0)
        default: return .ignored
        }
        return .handled
    }
}
