import PickerSelection
import TUICore

/// The "Picker" scene (document 004): from its tab, `o` presents the image picker modally;
/// confirming returns the chosen images in selection order, which the scene lists as the
/// document's next step would use them (a map pin with these photos).
@MainActor
final class PickerScene: View {
    private let context: SceneContext
    private weak var screen: Screen?
    private var picker: PickerView?
    private var result: String = "Your saved selection, if any, comes back when you open the picker."
    private var problem: String?
    private let buttons: ButtonBar

    private init(context: SceneContext) {
        self.context = context
        buttons = ButtonBar([])
        buttons.buttons = [.init(key: "o", title: "Open the picker") { [unowned self] in self.open() }]
    }

    static func make(_ context: SceneContext) -> Screen {
        let scene = PickerScene(context: context)
        let screen = Screen(title: "Picker", content: scene)
        scene.screen = screen
        return screen
    }

    func open() {
        guard picker == nil, let screen else { return }
        let library: PhotoLibrary
        switch context.library() {
        case .success(let opened): library = opened
        case .failure(let error):
            problem = "\(error)"
            context.setNeedsDisplay()
            return
        }
        let picker = PickerView(store: library, scheduler: context.scheduler, limit: 20)
        picker.imageStyle = ImageStyle(for: context.capabilities())
        picker.onNeedsDisplay = context.setNeedsDisplay
        picker.onFinish = { [weak self] chosen in
            guard let self else { return }
            self.screen?.dismissPresented()
            self.picker = nil
            if let chosen {
                let names = chosen.map { $0.name.sanitizedForTerminal }
                self.result = chosen.isEmpty ? "Confirmed with nothing chosen." : "Chosen in order: " + names.joined(separator: ", ") + " — ready for a map pin."
            } else {
                self.result = "Cancelled: nothing returned, and the saved selection is as it was when the picker opened."
            }
            self.context.setNeedsDisplay()
        }
        self.picker = picker
        screen.present(Screen(title: "Picker", content: picker))
        picker.appear()
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        let area = rect.inset(top: 1, left: 2, bottom: 0, right: 1)
        canvas.draw("Choose photos in order (document 004)", at: area.origin, style: Style(attributes: .bold), clip: area)
        let used = buttons.render(in: area.inset(top: 2), on: &canvas)
        var y = area.y + 3 + used
        let help = "In the picker: arrows or h/j/k/l move, space or Enter selects (numbers show the order). "
            + "Tab goes to the tray (Enter removes), a or a click on the title opens the albums. "
            + "c or Done confirms, Esc cancels. The selection is saved and comes back next time."
        for line in help.wrapped(toWidth: area.width) {
            canvas.draw(line, at: Point(x: area.x, y: y), style: Style(attributes: .dim), clip: area)
            y += 1
        }
        y += 1
        for line in result.wrapped(toWidth: area.width) {
            canvas.draw(line, at: Point(x: area.x, y: y), clip: area)
            y += 1
        }
        if let problem {
            y += 1
            for line in problem.sanitizedForTerminal.wrapped(toWidth: area.width) {
                canvas.draw(line, at: Point(x: area.x, y: y), style: Style(foreground: .red), clip: area)
                y += 1
            }
        }
    }

    func handle(_ event: InputEvent) -> EventResult {
        buttons.handle(event) ? .handled : .ignored
    }
}

extension PickerScene: ExplainsKeys {
    var keyHints: [KeyHint] { buttons.keyHints }
}
