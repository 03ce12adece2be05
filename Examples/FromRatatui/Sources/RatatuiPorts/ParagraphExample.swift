import Widgets

/// tui 0.19's `paragraph` example: the same six lines of styled text (one of them very long)
/// in four paragraphs, black on white — left without wrapping, left wrapped, centred wrapped
/// and scrolling a line a tick (round ten), right wrapped. `q` quits.
@MainActor
public final class ParagraphExample: View {
    /// The centred paragraph's scroll, 0 to 9.
    public private(set) var scroll = 0
    private var ticks: Ticks?

    public init(clock: any Scheduler = LiveScheduler()) {
        ticks = Ticks(clock: clock) { [weak self] in self?.tick() }
    }

    /// The example's `on_tick`.
    func tick() { scroll = (scroll + 1) % 10 }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        ticks?.note()
        let page = Style(foreground: .black, background: .brightWhite)
        let words = "Veeeeeeeeeeeeeeeery    loooooooooooooooooong   striiiiiiiiiiiiiiiiiiiiiiiiiing.   "
        // The original ends it with a line break inside the span, which tui draws as nothing.
        let longLine = String(repeating: words, count: rect.width / words.count + 4)
        let text: StyledText = [
            "This is a line ",
            StyledText("This is a line   ", style: Style(foreground: .red)),
            StyledText("This is a line", style: Style(background: .blue)),
            StyledText("This is a longer line", style: Style(attributes: .strikethrough)),
            StyledText(longLine, style: Style(background: .green)),
            StyledText("This is a line", style: Style(foreground: .green, attributes: .italic)),
        ].joined(separator: "\n")

        canvas.restyle(rect) { $0 = page.over($0) }
        let areas = Layout.vertical(Array(repeating: .percentage(25), count: 4), margin: .all(5)).split(rect)
        let paragraphs = [
            ("Left, no wrap", Paragraph(text, style: page)),
            ("Left, wrap", Paragraph(text, style: page, wrapping: .words(trim: true))),
            ("Center, wrap", Paragraph(text, style: page, wrapping: .words(trim: true), alignment: .center, scrollRows: scroll)),
            ("Right, wrap", Paragraph(text, style: page, wrapping: .words(trim: true), alignment: .right)),
        ]
        for ((title, paragraph), area) in zip(paragraphs, areas) {
            let box = Box(paragraph, titles: [Box.Title(StyledText(title, style: Style(attributes: .bold)))], lines: .square)
            box.style = page
            box.render(in: area, on: &canvas)
        }
    }

    public func handle(_ event: InputEvent) -> EventResult { event == .key(.character("q")) ? .quit(status: 0) : .ignored }
}
