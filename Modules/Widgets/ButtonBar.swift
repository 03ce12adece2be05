import ViewCore

/// A row of buttons, each with a key: `[s] Start  [x] Stop`. A key press or a click on a
/// button's text runs its action.
///
/// It is drawn inside a view's own `render(into:in:)` and handed the view's events:
///
/// ```swift
/// let bar = ButtonBar([.init(key: "s", title: "Start") { start() }])
/// bar.render(in: footer, on: &canvas)   // in render
/// if bar.handle(event) { return true }  // in handle
/// ```
@MainActor
public final class ButtonBar {
    /// One button: the key that presses it, its title and what it does.
    public struct Button {
        public let key: Character
        public let title: String
        public let action: @MainActor () -> Void

        public init(key: Character, title: String, action: @escaping @MainActor () -> Void) {
            self.key = key
            self.title = title
            self.action = action
        }
    }

    /// The buttons, in the order drawn; change them at any time (the next render shows it).
    public var buttons: [Button]
    /// Where each button was drawn at the last render, for clicks.
    private var drawn: [(rect: Rect, index: Int)] = []

    public init(_ buttons: [Button]) {
        self.buttons = buttons
    }

    /// Draws the buttons on `rect`'s first row, wrapping to the next rows as needed.
    /// Returns the rows used.
    @discardableResult
    public func render(in rect: Rect, on canvas: inout Canvas) -> Int {
        drawn = []
        var x = rect.x
        var y = rect.y
        for (index, button) in buttons.enumerated() {
            let text = "[\(button.key)] \(button.title)"
            let width = text.displayWidth
            if x + width > rect.maxX, x > rect.x {
                x = rect.x
                y += 1
            }
            guard y < rect.maxY else { break }
            canvas.draw("[\(button.key)]", at: Point(x: x, y: y), style: Style(foreground: .cyan, attributes: .bold), clip: rect)
            canvas.draw(" " + button.title, at: Point(x: x + 3, y: y), clip: rect)
            drawn.append((Rect(x: x, y: y, width: width, height: 1), index))
            x += width + 2
        }
        return y - rect.y + 1
    }

    /// Runs the button for a key or a click on its text; says whether one ran.
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(.character(let c)):
            guard let button = buttons.first(where: { $0.key == c }) else { return false }
            button.action()
            return true
        case .mouse(let mouse) where mouse.action == .press:
            guard let hit = drawn.first(where: { $0.rect.contains(mouse.position) }) else { return false }
            buttons[hit.index].action()
            return true
        default:
            return false
        }
    }
}
