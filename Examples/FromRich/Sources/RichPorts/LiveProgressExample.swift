import Widgets

/// rich's `live_progress` example: three jobs — Cooking (100 steps), Baking (200) and Mixing
/// (400) — each a step every 0.1 s until done, beside the progress of all of them, in two
/// panels side by side drawn in place; it ends when every job is done.
@MainActor
public final class LiveProgressExample: View {
    /// A job: its name's colour, its total, its steps done.
    public struct Job: Sendable {
        public let name: String
        public let color: Color
        public let total: Int
        public fileprivate(set) var completed = 0
        public var isFinished: Bool { completed >= total }
    }

    /// The jobs, and the seconds the example has run (a tick is 0.1 s).
    public private(set) var jobs = [
        Job(name: "Cooking", color: .green, total: 100), Job(name: "Baking", color: .magenta, total: 200), Job(name: "Mixing", color: .cyan, total: 400),
    ]
    public private(set) var ticks = 0
    private var work: ScheduledWork?
    private var host = HostLink()

    /// The example, its steps on `clock` (the live one when run, a virtual one in tests).
    public init(clock: any Scheduler = LiveScheduler()) {
        work = clock.scheduleRepeating(every: .milliseconds(100)) { [weak self] in self?.tick() }
    }

    /// All the jobs' steps done, and their total.
    public var completed: Int { jobs.reduce(0) { $0 + $1.completed } }
    public var total: Int { jobs.reduce(0) { $0 + $1.total } }

    /// A step: each job not done moves one; once all are done (and drawn so), it ends.
    func tick() {
        if completed >= total {
            work?.cancel()
            host.quit(status: 0)
            return
        }
        ticks += 1
        for index in jobs.indices where !jobs[index].isFinished { jobs[index].completed += 1 }
        host.request(nil)
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        let (left, right) = Layout.horizontal([.percentage(50), .percentage(50)]).split(Rect(x: rect.x, y: rect.y, width: rect.width, height: 7)).pair
        let overall = Box(lines: .rounded, borderStyle: Style(foreground: .green))
        overall.titles = [Box.Title(" Overall Progress ", alignment: .center)]
        overall.render(in: left, on: &canvas)
        let inside = overall.contentRect(in: left).inset(top: 2, left: 2, bottom: 2, right: 2)
        drawRow(
            description: "All Jobs",
            descriptionWidth: 8,
            spinner: nil,
            completed: completed,
            total: total,
            remaining: remainingText,
            in: Rect(x: inside.x, y: inside.y, width: inside.width, height: 1),
            on: &canvas
        )

        let jobsBox = Box(lines: .rounded, borderStyle: Style(foreground: .red))
        jobsBox.titles = [Box.Title(StyledText(" Jobs ", style: Style(attributes: .bold)), alignment: .center)]
        jobsBox.render(in: right, on: &canvas)
        let list = jobsBox.contentRect(in: right).inset(top: 1, left: 2, bottom: 1, right: 2)
        let nameWidth = jobs.map(\.name.count).max() ?? 0
        for (row, job) in jobs.enumerated() {
            let spinner: Character? = job.isFinished ? " " : Self.dots[ticks % Self.dots.count]
            drawRow(
                description: StyledText(job.name, style: Style(foreground: job.color)),
                descriptionWidth: nameWidth,
                spinner: spinner,
                completed: job.completed,
                total: job.total,
                remaining: nil,
                in: Rect(x: list.x, y: list.y + row, width: list.width, height: 1),
                on: &canvas
            )
        }
    }

    /// rich's `dots` spinner.
    static let dots: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Time left at the pace so far (rich's `TimeRemainingColumn`), `H:MM:SS`.
    var remainingText: String {
        guard completed > 0 else { return "-:--:--" }
        let seconds = completed >= total ? 0 : Int((Double(total - completed) * Double(ticks) / 10 / Double(completed)).rounded(.up))
        let minutes = seconds / 60
        return "\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
    }

    /// A progress row as rich lays its columns out, a space apart: the description, the
    /// spinner, a bar taking what is left, the percentage, the time left.
    private func drawRow(
        description: StyledText,
        descriptionWidth: Int,
        spinner: Character?,
        completed: Int,
        total: Int,
        remaining: String?,
        in row: Rect,
        on canvas: inout Canvas
    ) {
        var x = row.x
        canvas.draw(description, at: Point(x: x, y: row.y), clip: row)
        x += descriptionWidth + 1
        if let spinner {
            canvas.put(spinner, at: Point(x: x, y: row.y), style: Style(foreground: .green), clip: row)
            x += 2
        }
        let percent = String(Int((Double(completed) * 100 / Double(total)).rounded()))
        let percentText = String(repeating: " ", count: Swift.max(0, 3 - percent.count)) + percent + "%"
        let tail = 1 + percentText.count + (remaining.map { 1 + $0.count } ?? 0)
        let width = Swift.max(0, row.maxX - x - tail)
        Self.drawBar(completed: completed, total: total, width: width, at: Point(x: x, y: row.y), on: &canvas)
        x += width + 1
        canvas.draw(percentText, at: Point(x: x, y: row.y), style: Style(foreground: .magenta), clip: row)
        x += percentText.count + 1
        if let remaining { canvas.draw(remaining, at: Point(x: x, y: row.y), style: Style(foreground: .cyan), clip: row) }
    }

    /// rich's bar: whole cells `━` and a half `╸` done, `╺` where the rest begins on a whole
    /// cell; pink on grey while it runs, green when done.
    static func drawBar(completed: Int, total: Int, width: Int, at point: Point, on canvas: inout Canvas) {
        guard width > 0 else { return }
        if completed >= total {
            canvas.draw(String(repeating: "━", count: width), at: point, style: Style(foreground: .rgb(114, 156, 31)))
            return
        }
        let halves = width * 2 * completed / total
        let (whole, half) = (halves / 2, halves % 2)
        let done = String(repeating: "━", count: whole) + (half == 1 ? "╸" : "")
        canvas.draw(done, at: point, style: Style(foreground: .rgb(249, 38, 114)))
        let rest = width - whole - half
        guard rest > 0 else { return }
        let back = (half == 1 ? "" : "╺") + String(repeating: "━", count: rest - (half == 1 ? 0 : 1))
        canvas.draw(back, at: Point(x: point.x + whole + half, y: point.y), style: Style(foreground: .palette(237)))
    }
}
