import IndicatorKit
import PickerSelection

/// The "Picker" scene (document 004): from its tab, `o` presents the image picker modally;
/// confirming returns the chosen images in selection order, which the scene shows — each
/// picture with its number, name and album — as the document's app would hand them on (it
/// attaches them, in this order, to a pin on a map).
@MainActor
final class PickerScene: View {
    private let context: SceneContext
    private weak var screen: Screen?
    private var picker: PickerView?
    private var result: String = "Your saved selection, if any, comes back when you open the picker."
    /// The pictures last confirmed, in order, with the albums that hold each.
    private var chosen: [(photo: Photo, albums: [String])] = []
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
        let picker = PickerView(store: library, clock: context.scheduler, limit: 20)
        picker.imageStyle = ImageStyle(for: context.capabilities())
        picker.onNeedsDisplay = context.setNeedsDisplay
        picker.onFinish = { [weak self] chosen in
            guard let self else { return }
            self.screen?.dismissPresented()
            self.picker = nil
            if let chosen {
                let names = chosen.map { $0.name.sanitizedForTerminal }
                self.result =
                    chosen.isEmpty
                    ? "Confirmed with nothing chosen."
                    : "Chosen in order: " + names.joined(separator: ", ") + ". An app would put these on a pin on a map, in this order:"
                self.chosen = chosen.map { ($0, (try? library.albumNames(of: $0.id)) ?? []) }
            } else {
                self.result = "Cancelled: nothing returned, and the saved selection is as it was when the picker opened."
                self.chosen = []
            }
            self.context.setNeedsDisplay()
        }
        self.picker = picker
        screen.present(Screen(title: "Picker", content: picker))
        picker.appear()
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        let area = rect.inset(top: 1, left: 2, bottom: 0, right: 1)
        canvas.draw(
            "Choose photos in order, with a tray and albums".truncated(toWidth: area.width),
            at: area.origin,
            style: Style(attributes: .bold),
            clip: area
        )
        let used = buttons.render(in: area.inset(top: 2), on: &canvas)
        var y = area.y + 3 + used
        let help =
            "In the picker: arrows or h/j/k/l move, space or Enter selects (numbers show the order), + and - change the pictures' size. "
            + "Tab goes to the tray (Enter removes), a or a click on the title opens the albums. "
            + "c or Done confirms, Esc cancels (from the tray, Esc goes back to the grid). The selection is saved and comes back next time."
        for line in help.wrapped(toWidth: area.width) {
            canvas.draw(line, at: Point(x: area.x, y: y), style: Style(attributes: .dim), clip: area)
            y += 1
        }
        y += 1
        for line in result.wrapped(toWidth: area.width) {
            canvas.draw(line, at: Point(x: area.x, y: y), clip: area)
            y += 1
        }
        y += drawChosen(in: Rect(x: area.x, y: y + 1, width: area.width, height: max(0, area.maxY - y - 1)), on: &canvas) + 1
        if let problem {
            y += 1
            for line in problem.sanitizedForTerminal.wrapped(toWidth: area.width) {
                canvas.draw(line, at: Point(x: area.x, y: y), style: Style(foreground: .red), clip: area)
                y += 1
            }
        }
    }

    /// The chosen pictures in a row: each thumbnail with its number on a badge, its name and
    /// album below; those that do not fit are counted. Returns the rows used.
    private func drawChosen(in rect: Rect, on canvas: inout Canvas) -> Int {
        guard !chosen.isEmpty, rect.height >= 6 else { return 0 }
        let style = ImageStyle(for: context.capabilities())
        let cell = Size(width: 8, height: 4)
        let pitch = 14  // the square thumbnail, room for its name
        let fits = max(1, (rect.width + 2) / pitch)
        let shown = chosen.count > fits ? fits - 1 : chosen.count
        let badge = Style(foreground: .rgb(255, 255, 255), background: .rgb(37, 99, 235), attributes: .bold)
        for (i, item) in chosen.prefix(shown).enumerated() {
            let x = rect.x + i * pitch
            let name = item.photo.name.sanitizedForTerminal.truncated(toWidth: pitch - 2)
            let album = (item.albums.first ?? "—").sanitizedForTerminal
            var albumIndent = 0  // with pixels, the number goes before the album
            if style.pixels {
                // The photo as the picker showed it; its number goes beside its album, below
                // it (text over a picture would take the picture away).
                let thumb = item.photo.thumbnail
                let cells = ImageLayout.cells(for: Size(width: thumb.width, height: thumb.height), in: cell, cellPixels: style.cellPixels)
                let area = Rect(x: x + (cell.width - cells.width) / 2, y: rect.y + (cell.height - cells.height) / 2, width: cells.width, height: cells.height)
                canvas.place(thumb, key: item.photo.id, in: area, clip: rect)
                let number = " \(i + 1) "
                canvas.draw(number, at: Point(x: x, y: rect.y + cell.height + 1), style: badge, clip: rect)
                albumIndent = number.count + 1
            } else {
                canvas.blit(style.rasterize(item.photo.thumbnail, filling: cell), at: Point(x: x, y: rect.y))
                canvas.draw(" \(i + 1) ", at: Point(x: x, y: rect.y), style: badge, clip: rect)
            }
            canvas.draw(name, at: Point(x: x, y: rect.y + cell.height), clip: rect)
            canvas.draw(
                album.truncated(toWidth: max(0, pitch - 1 - albumIndent)),
                at: Point(x: x + albumIndent, y: rect.y + cell.height + 1),
                style: Style(attributes: .dim),
                clip: rect
            )
        }
        if shown < chosen.count {
            canvas.draw("+\(chosen.count - shown) more", at: Point(x: rect.x + shown * pitch, y: rect.y + 1), style: Style(attributes: .bold), clip: rect)
        }
        return cell.height + 2
    }

    func handle(_ event: InputEvent) -> EventResult {
        buttons.handle(event) ? .handled : .ignored
    }
}

extension PickerScene: ExplainsKeys {
    var keyHints: [KeyHint] { buttons.keyHints }
}
