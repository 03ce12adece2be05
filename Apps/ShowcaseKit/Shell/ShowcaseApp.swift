import IndicatorKit
import PickerSelection

/// The showcase's root view: a tab bar of scenes, a help overlay on `?`, and quitting
/// on `q` or Ctrl-C. It is wired to the real terminal by the `showcase` executable and
/// to a ``HeadlessTerminal`` by the scenario runner.
@MainActor
package final class ShowcaseApp: View {
    /// The smallest terminal the scenes are drawn in; below it a notice is shown.
    package static let minimumSize = Size(width: 40, height: 10)

    /// The tab container holding one screen per scene.
    package let tabs: TabContainer
    /// Whether the help overlay is shown.
    package private(set) var isShowingHelp = false
    /// Called when the user asks to quit.
    package var onQuit: (@MainActor () -> Void)?
    /// Called on Ctrl-Z: stop the process as a shell job (the terminal is given back, and
    /// taken again on `fg`).
    package var onSuspend: (@MainActor () -> Void)?
    package let entries: [SceneEntry]

    /// Builds every scene of `entries` with `context`.
    package init(context: SceneContext, entries: [SceneEntry] = SceneCatalog.all) {
        self.entries = entries
        tabs = TabContainer(title: "IndicatorKit", tabs: entries.map { $0.make(context) })
    }

    /// Selects the scene with identifier `id`; returns false when there is none.
    @discardableResult
    package func selectScene(id: String) -> Bool {
        let id = SceneCatalog.formerNames[id] ?? id
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        tabs.select(index)
        return true
    }

    /// The identifier of the selected scene.
    package var selectedSceneID: String? {
        entries.indices.contains(tabs.selectedIndex) ? entries[tabs.selectedIndex].id : nil
    }

    /// The keys of what has the focus now: the top-most screen of the selected scene.
    var currentKeyHints: [KeyHint] {
        (tabs.visibleChild?.topMost.content as? ExplainsKeys)?.keyHints ?? []
    }

    /// Whether the picker is open: it takes Tab and the digits for itself.
    private var isPickerOpen: Bool { tabs.visibleChild?.topMost.content is PickerView }

    package func render(in rect: Rect, on canvas: inout Canvas) {
        let (body, status) = rect.splitBottom(1)
        tabs.render(in: body, on: &canvas)
        canvas.fill(status, with: Cell(" ", style: Style(attributes: .dim)))
        canvas.draw(Self.statusLine(hints: currentKeyHints, width: status.width), at: status.origin, style: Style(attributes: .dim), clip: status)
        // Help below the tab bar, which stays in view.
        if isShowingHelp { renderHelp(in: body.inset(top: 1, left: 0, bottom: 0, right: 0), on: &canvas) }
    }

    /// ` ? help · k quick · s slow …` with as many whole hints as fit, and `q quit` when it fits.
    static func statusLine(hints: [KeyHint], width: Int) -> String {
        var line = " ? help"
        let tail = " · q quit "
        for hint in hints {
            let piece = " · \(hint.keys) \(hint.action)"
            guard line.displayWidth + piece.displayWidth + tail.displayWidth <= width else { break }
            line += piece
        }
        return line.displayWidth + tail.displayWidth <= width ? line + tail : line
    }

    private func renderHelp(in rect: Rect, on canvas: inout Canvas) {
        let width = min(rect.width, 76)
        let inner = width - 4
        var lines: [(String, Style)] = []
        let sceneTitle = entries.indices.contains(tabs.selectedIndex) ? entries[tabs.selectedIndex].title : ""
        let here = currentKeyHints
        let everywhere =
            isPickerOpen
            ? [
                KeyHint("Esc", "close the picker first: Tab and 1…9 are the picker's while it is open"),
                KeyHint("q or Ctrl-C", "quit"), KeyHint("Ctrl-Z", "suspend (fg to come back)"), KeyHint("?", "show or hide this help"),
            ]
            : [
                KeyHint("Tab / Shift-Tab", "next / previous scene"), KeyHint("1…9 or click", "go to a scene"),
                KeyHint("?", "show or hide this help"), KeyHint("q or Ctrl-C", "quit"), KeyHint("Ctrl-Z", "suspend (fg to come back)"),
            ]
        // One column for the keys of every table, the scenes' too.
        let labels = entries.enumerated().map { "\($0.offset + 1) \($0.element.title)" }
        let column = min(20, ((here + everywhere).map(\.keys.displayWidth) + labels.map(\.displayWidth)).max().map { $0 + 2 } ?? 2)
        func keys(_ hints: [KeyHint]) {
            for hint in hints {
                let wrapped = hint.action.wrapped(toWidth: max(8, inner - column))
                for (n, part) in wrapped.enumerated() {
                    lines.append(((n == 0 ? hint.keys : "").padded(toWidth: column) + part, .plain))
                }
            }
        }
        if !here.isEmpty {
            lines.append(("Keys here (\(sceneTitle))", Style(attributes: .bold)))
            keys(here)
            lines.append(("", .plain))
        }
        lines.append(("Everywhere", Style(attributes: .bold)))
        keys(everywhere)
        var scenes: [(String, Style)] = [("", .plain), ("Scenes", Style(attributes: .bold))]
        for (entry, label) in zip(entries, labels) {
            for (n, part) in entry.summary.wrapped(toWidth: max(8, inner - column)).enumerated() {
                scenes.append(((n == 0 ? label : "").padded(toWidth: column) + part, .plain))
            }
        }
        // The scenes' descriptions when they fit whole; else where to find them.
        if lines.count + scenes.count + 2 <= rect.height {
            lines += scenes
        } else if lines.count + 4 <= rect.height {
            lines += [("", .plain), ("Every scene is described by `showcase --help`.", Style(attributes: .dim))]
        }
        // The posts the scenes rebuild, credited here once, where there is room.
        let credits = [("", Style.plain)] + SceneCatalog.credits.wrapped(toWidth: inner).map { ($0, Style(attributes: .dim)) }
        if lines.count + credits.count + 2 <= rect.height { lines += credits }
        let box = rect.centered(Size(width: width, height: min(rect.height, lines.count + 2)))
        canvas.fill(box)
        canvas.drawBox(box, style: Style(foreground: .cyan), title: "Help — any key closes")
        let area = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        for (i, line) in lines.enumerated() where i < area.height {
            canvas.draw(line.0.truncated(toWidth: area.width), at: Point(x: area.x, y: area.y + i), style: line.1, clip: area)
        }
    }

    package func handle(_ event: InputEvent) -> EventResult {
        if isShowingHelp, case .key(let key) = event, key != .control("c") {
            isShowingHelp = false  // the key that closes help does nothing else
            return .handled
        }
        switch event {
        case .key(.control("c")), .key(.character("q")):
            onQuit?()
            return .handled
        case .key(.control("z")) where onSuspend != nil:
            onSuspend?()
            return .handled
        case .key(.character("?")):
            isShowingHelp.toggle()
            return .handled
        default:
            return tabs.handle(event)
        }
    }
}
