import TUICore

/// A row of buttons, each with a key: `[s] Start  [x] Stop`. A key press or a click on a
/// button's text runs its action.
@MainActor
final class ButtonBar {
    struct Button {
        let key: Character
        let title: String
        let action: @MainActor () -> Void
    }

    var buttons: [Button]
    private var hitRanges: [(Range<Int>, Int)] = []
    private var row = -1

    init(_ buttons: [Button]) {
        self.buttons = buttons
    }

    /// Draws the buttons on `rect`'s first row, wrapping to the next rows as needed.
    /// Returns the rows used.
    @discardableResult
    func render(in rect: Rect, on canvas: inout Canvas) -> Int {
        hitRanges = []
        row = rect.y
        var x = rect.x
        var y = rect.y
        for (index, button) in buttons.enumerated() {
            let text = "[\(button.key)] \(button.title)"
            if x + text.displayWidth > rect.maxX, x > rect.x {
                x = rect.x
                y += 1
            }
            guard y < rect.maxY else { break }
            canvas.draw("[\(button.key)]", at: Point(x: x, y: y), style: Style(foreground: .cyan, attributes: .bold), clip: rect)
            canvas.draw(" " + button.title, at: Point(x: x + 3, y: y), clip: rect)
            hitRanges.append(((y * 10_000 + x)..<(y * 10_000 + x + text.displayWidth), index))
            x += text.displayWidth + 2
        }
        return y - rect.y + 1
    }

    /// Runs the button for a key or a click; says whether one ran.
    func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(.character(let c)):
            guard let button = buttons.first(where: { $0.key == c }) else { return false }
            button.action()
            return true
        case .mouse(let mouse) where mouse.action == .press:
            let key = mouse.position.y * 10_000 + mouse.position.x
            guard let hit = hitRanges.first(where: { $0.0.contains(key) }) else { return false }
            buttons[hit.1].action()
            return true
        default:
            return false
        }
    }
}
