import Widgets

/// tui 0.19's `tabs` example: black on white, a bordered bar of four tabs (each title's first
/// letter yellow, the rest green, the selected one bold on black) over a block named after
/// the selected tab. → and ← move between tabs (wrapping round); `q` quits.
@MainActor
public final class TabsExample: View {
    let titles = ["Tab0", "Tab1", "Tab2", "Tab3"]
    /// The selected tab.
    public private(set) var index = 0

    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) {
        let (top, rest) = Layout.vertical([.length(3), .min(0)], margin: .all(5)).split(rect).pair
        let page = Box(lines: nil)
        page.style = Style(foreground: .black, background: .white)
        page.render(in: rect, on: &canvas)
        let tabs = Tabs(
            titles.map { "\(String($0.prefix(1)), style: Style(foreground: .yellow))\(String($0.dropFirst()), style: Style(foreground: .green))" },
            selectedIndex: index,
            style: Style(foreground: .cyan),
            highlightStyle: Style(background: .black, attributes: .bold)
        )
        Box(tabs, titles: [Box.Title("Tabs")], lines: .square).render(in: top, on: &canvas)
        Box(titles: [Box.Title("Inner \(index)")], lines: .square).render(in: rest, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.character("q")): return .quit(status: 0)
        case .key(.right): index = (index + 1) % titles.count
        case .key(.left): index = index > 0 ? index - 1 : titles.count - 1
        default: return .ignored
        }
        return .handled
    }
}
