import Widgets

/// rich's `table_movie` example: a table of the Star Wars films' box office built a step at a
/// time on a beat of 40 ms — its columns, title, caption, rows, footer, alignments, colours
/// and row styles — then widened to the terminal's width and narrowed back, drawn in place
/// and centred; it ends on the whole table.
///
/// Where it differs: rich's boxes with lines between the columns (`SQUARE`, `MINIMAL`,
/// `SIMPLE`) are not drawn; every step shows the table as rich's `SIMPLE_HEAD` draws it (the
/// box it ends on): a line under the header, the rest blank.
@MainActor
public final class TableMovieExample: View {
    let table = Table(columns: [])
    var title: StyledText?
    var caption: StyledText?
    /// The table's width while it is widened (nil: its own); the Title column takes the room
    /// a wider table has over (rich widens every column; the port, the title's).
    var width: Int? {
        didSet { if table.columns.indices.contains(1) { table.columns[1].width = width == nil ? .content : .fill } }
    }
    var steps: [(beats: Int, change: @MainActor (TableMovieExample) -> Void)] = []
    var next = 0
    var beatsLeft = 0
    /// Whether the last step has been shown.
    public private(set) var isFinished = false
    private var work: ScheduledWork?
    private var host = HostLink()

    static let rows: [[StyledText]] = [
        ["May 25, 1977", "Star Wars Ep. \(bold("IV")): \(italic("A New Hope"))", "$11,000,000", "$1,554,475", "$775,398,007"],
        ["May 21, 1980", "Star Wars Ep. \(bold("V")): \(italic("The Empire Strikes Back"))", "$23,000,000", "$4,910,483", "$547,969,004"],
        ["May 25, 1983", "Star Wars Ep. \(bold("VI")): \(italic("Return of the Jedi"))", "$32,500,000", "$23,019,618", "$475,106,177"],
        ["May 19, 1999", "Star Wars Ep. \(bold("I")): \(italic("The phantom Menace"))", "$115,000,000", "$64,810,870", "$1,027,044,677"],
        ["May 16, 2002", "Star Wars Ep. \(bold("II")): \(italic("Attack of the Clones"))", "$115,000,000", "$80,027,814", "$656,695,615"],
        ["May 19, 2005", "Star Wars Ep. \(bold("III")): \(italic("Revenge of the Sith"))", "$115,500,000", "$380,270,577", "$848,998,877"],
    ]

    static func bold(_ text: String) -> StyledText { StyledText(text, style: Style(attributes: .bold)) }
    static func italic(_ text: String) -> StyledText { StyledText(text, style: Style(attributes: .italic)) }
    static func underlined(_ text: String) -> StyledText { StyledText(text, style: Style(attributes: .underline)) }

    /// The movie, a beat every 40 ms of `clock`, for a terminal `terminalWidth` wide.
    public init(clock: any Scheduler = LiveScheduler(), terminalWidth: Int = 80) {
        table.columnSpacing = 3  // rich's padding of a cell each side and the box's blank line between
        table.ruleStyle = Style(foreground: .brightYellow)
        table.showsFooterRule = false
        table.headerStyle = Style(attributes: .bold)
        steps = Self.script(terminalWidth: terminalWidth)
        work = clock.scheduleRepeating(every: .milliseconds(40)) { [weak self] in self?.beat() }
    }

    /// A beat: the next step once the last one's beats have passed; the end after the last.
    func beat() {
        guard beatsLeft <= 1 else {
            beatsLeft -= 1
            return
        }
        guard next < steps.count else {
            isFinished = true
            work?.cancel()
            host.quit(status: 0)
            return
        }
        let step = steps[next]
        step.change(self)
        next += 1
        beatsLeft = step.beats
        host.request(nil)
    }

    /// The example's steps, each with the beats it lasts.
    static func script(terminalWidth: Int) -> [(beats: Int, change: @MainActor (TableMovieExample) -> Void)] {
        var steps: [(beats: Int, change: @MainActor (TableMovieExample) -> Void)] = []
        func add(_ beats: Int = 10, _ change: @escaping @MainActor (TableMovieExample) -> Void) { steps.append((beats, change)) }
        add { $0.table.columns.append(.init("Release Date")) }
        add { $0.table.columns.append(.init("Title", footer: "Total", footerAlignment: .right)) }
        add { $0.table.columns.append(.init("Budget", footer: underlined("$412,000,000"))) }
        add { $0.table.columns.append(.init("Opening Weekend", footer: underlined("$577,703,455"))) }
        add { $0.table.columns.append(.init("Box Office", footer: underlined("$4,331,212,357"))) }
        add { $0.title = "Star Wars Box Office" }
        add { $0.title = "\("🍿", style: Style()) Star Wars Box Office \("🍿", style: Style())" }
        add { $0.caption = "Made with Rich" }
        add { $0.caption = "Made with \(bold("Rich"))" }
        add { $0.caption = "Made with \("Rich", style: Style(foreground: .magenta, attributes: .bold))" }
        for row in rows { add { $0.table.styledRows.append(row) } }
        add { $0.table.showsFooter = true }
        for column in 2...4 { add { $0.table.columns[column].alignment = .right } }
        let colours: [Color] = [.cyan, .magenta, .red, .green, .blue]
        for column in 2...4 { add { $0.table.columns[column].headerStyle = Style(foreground: colours[column]) } }
        for column in 2...4 { add { $0.table.columns[column].style = Style(foreground: colours[column]) } }
        for column in 0...1 {
            add {
                $0.table.columns[column].style = Style(foreground: colours[column])
                $0.table.columns[column].headerStyle = Style(foreground: colours[column])
            }
        }
        let footers: [Color] = [.brightRed, .brightGreen, .brightBlue]
        for column in 2...4 { add { $0.table.columns[column].footerStyle = Style(foreground: footers[column - 2]) } }
        add { $0.table.rowStyles = [.plain, Style(attributes: .dim)] }
        add { $0.table.ruleStyle = Style(foreground: .brightYellow) }
        // rich's boxes SQUARE, MINIMAL, SIMPLE and SIMPLE_HEAD in turn, then no padding at
        // the edges: the port draws SIMPLE_HEAD without edge padding throughout.
        for _ in 0..<5 { add { _ in } }
        // Widened by two cells a beat to the terminal's width, and back.
        let natural = naturalWidth
        for width in stride(from: natural, to: terminalWidth, by: 2) { add(1) { $0.width = width } }
        for width in stride(from: terminalWidth, to: natural, by: -2) { add(1) { $0.width = width } }
        add(2) { $0.width = nil }
        return steps
    }

    /// The whole table's width: its columns' widest cells, three cells apart, a blank cell each side.
    static let naturalWidth = 1 + 12 + 3 + 40 + 3 + 12 + 3 + 15 + 3 + 14 + 1

    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        guard !table.columns.isEmpty else { return }
        let own = table.preferredSize(within: Size(width: rect.width, height: rect.height))
        let width = Swift.min(rect.width, self.width.map { Swift.max($0, own.width + 2) } ?? own.width + 2)
        let x = rect.x + (rect.width - width) / 2
        var y = rect.y
        if let title {
            let line = TextBlock(title).placed(width: width, height: 1, alignment: .center).lines[0]
            canvas.draw(line, at: Point(x: x, y: y), style: Style(attributes: .italic), clip: rect)
            y += 1
        }
        y += 1  // the box's blank top edge
        table.render(in: Rect(x: x + 1, y: y, width: width - 2, height: own.height), on: &canvas)
        y += own.height + 1  // the box's blank bottom edge
        if let caption {
            let line = TextBlock(caption).placed(width: width, height: 1, alignment: .center).lines[0]
            canvas.draw(line, at: Point(x: x, y: y), style: Style(attributes: [.dim, .italic]), clip: rect)
        }
    }

    /// The rows the whole table takes at most: title, edges, header, rule, rows, footer, caption.
    public static let rowsNeeded = 1 + 1 + 2 + rows.count + 2 + 1 + 1
}
