import Widgets

/// tui 0.19's `custom_widget` example: a widget of its own, a label, written at the top left.
/// `q` quits.
@MainActor
public final class CustomWidgetExample: View {
    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) {
        Label(text: "Test").render(in: rect, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult { event == .key(.character("q")) ? .quit(status: 0) : .ignored }
}

/// The example's own widget: any class that draws on a canvas is a view.
final class Label: View {
    let text: String

    init(text: String) { self.text = text }

    func render(in rect: Rect, on canvas: inout Canvas) {
        canvas.draw(text, at: Point(x: rect.x, y: rect.y), clip: rect)
    }
}
