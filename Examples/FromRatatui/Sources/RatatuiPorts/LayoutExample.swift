import Widgets

/// tui 0.19's `layout` example: a block in the top tenth, another in the bottom tenth. `q` quits.
@MainActor
public final class LayoutExample: View {
    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) {
        let (top, _, bottom) = Layout.vertical([.percentage(10), .percentage(80), .percentage(10)]).split(rect).triple
        for (area, title) in [(top, "Block"), (bottom, "Block 2")] {
            let block = Box(lines: .square)
            block.titles = [Box.Title(StyledText(title))]
            block.render(in: area, on: &canvas)
        }
    }

    public func handle(_ event: InputEvent) -> EventResult { event == .key(.character("q")) ? .quit(status: 0) : .ignored }
}
