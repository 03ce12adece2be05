import Widgets

/// tui 0.19's `popup` example: a centred line over a blue block; `p` shows or hides a popup
/// over it (cleared beneath, 60 % wide and 20 % high), `q` quits.
@MainActor
public final class PopupExample: View {
    /// Whether the popup shows.
    public var showsPopup = false

    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) {
        let (top, rest) = Layout.vertical([.percentage(20), .percentage(80)]).split(rect).pair
        let text = showsPopup ? "Press p to close the popup" : "Press p to show the popup"
        Paragraph(StyledText(text), wrapping: .words(), alignment: .center).render(in: top, on: &canvas)
        let content = Box(lines: .square)
        content.titles = [Box.Title("Content")]
        content.style = Style(background: .blue)
        content.render(in: rest, on: &canvas)
        guard showsPopup else { return }
        let area = Self.centered(width: 60, height: 20, in: rect)
        Clear().render(in: area, on: &canvas)
        let popup = Box(lines: .square)
        popup.titles = [Box.Title("Popup")]
        popup.render(in: area, on: &canvas)
    }

    /// The example's `centered_rect`: `width` and `height` percent of `rect`, in its middle.
    static func centered(width: Int, height: Int, in rect: Rect) -> Rect {
        let rows = Layout.vertical([.percentage((100 - height) / 2), .percentage(height), .percentage((100 - height) / 2)]).split(rect)
        return Layout.horizontal([.percentage((100 - width) / 2), .percentage(width), .percentage((100 - width) / 2)]).split(rows[1])[1]
    }

    public func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.character("q")): return .quit(status: 0)
        case .key(.character("p")):
            showsPopup.toggle()
            return .handled
        default: return .ignored
        }
    }
}
