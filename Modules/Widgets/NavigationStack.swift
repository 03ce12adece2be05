/// A stack of screens of which only the top one is visible, with a header line that
/// shows the path; Esc or Backspace goes back when the top screen does not use them.
@MainActor
public final class NavigationStack: Screen {
    /// The screens, root first.
    public private(set) var screens: [Screen]

    /// Creates a stack with a root screen.
    public init(root: Screen) {
        screens = [root]
        super.init(title: root.title)
    }

    /// The top screen.
    public override var visibleChild: Screen? { screens.last }

    /// Pushes a screen on top.
    public func push(_ screen: Screen) { screens.append(screen) }

    /// Pops the top screen unless it is the root; returns it.
    @discardableResult
    public func pop() -> Screen? {
        guard screens.count > 1 else { return nil }
        return screens.popLast()
    }

    public override func renderBody(in rect: Rect, on canvas: inout Canvas) {
        guard let top = screens.last else { return }
        if screens.count > 1 {
            let (header, body) = rect.splitTop(1)
            let path = screens.map { $0.title.sanitizedForTerminal }.joined(separator: " › ")
            canvas.fill(header, with: Cell(" ", style: Style(attributes: .reverse)))
            canvas.draw("‹ " + path, at: header.origin, style: Style(attributes: .reverse), clip: header)
            top.render(in: body, on: &canvas)
        } else {
            top.render(in: rect, on: &canvas)
        }
    }

    public override func handleBody(_ event: InputEvent) -> EventResult {
        if let top = screens.last, case let result = top.handle(event), result != .ignored { return result }
        if screens.count > 1, event == .key(.escape) || event == .key(.backspace) {
            pop()
            return .handled
        }
        return .ignored
    }
}
