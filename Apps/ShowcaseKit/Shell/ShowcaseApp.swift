import TUICore

/// The showcase's root view: a tab bar of scenes, a help overlay on `?`, and quitting
/// on `q` or Ctrl-C. It is wired to the real terminal by the `showcase` executable and
/// to a ``HeadlessTerminal`` by the scenario runner.
@MainActor
public final class ShowcaseApp: View {
    /// The smallest terminal the scenes are drawn in; below it a notice is shown.
    public static let minimumSize = Size(width: 40, height: 10)

    /// The tab container holding one screen per scene.
    public let tabs: TabContainer
    /// Whether the help overlay is shown.
    public private(set) var isShowingHelp = false
    /// Called when the user asks to quit.
    public var onQuit: (@MainActor () -> Void)?
    /// Called on Ctrl-Z: stop the process as a shell job (the terminal is given back, and
    /// taken again on `fg`).
    public var onSuspend: (@MainActor () -> Void)?
    private let entries: [SceneEntry]

    /// Builds every scene of `entries` with `context`.
    public init(context: SceneContext, entries: [SceneEntry] = SceneCatalog.all) {
        self.entries = entries
        tabs = TabContainer(title: "IndicatorKit", tabs: entries.map { $0.make(context) })
    }

    /// Selects the scene with identifier `id`; returns false when there is none.
    @discardableResult
    public func selectScene(id: String) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        tabs.select(index)
        return true
    }

    /// The identifier of the selected scene.
    public var selectedSceneID: String? {
        entries.indices.contains(tabs.selectedIndex) ? entries[tabs.selectedIndex].id : nil
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        let (body, status) = rect.splitBottom(1)
        tabs.render(in: body, on: &canvas)
        let hint = " ?: help  Tab: next scene  q: quit "
        canvas.fill(status, with: Cell(" ", style: Style(attributes: .dim)))
        canvas.draw(hint, at: status.origin, style: Style(attributes: .dim), clip: status)
        if isShowingHelp { renderHelp(in: body, on: &canvas) }
    }

    private func renderHelp(in rect: Rect, on canvas: inout Canvas) {
        var lines = [
            "Tab / Shift-Tab   next / previous scene",
            "1…9 or click      go to a scene",
            "?                 show or hide this help",
            "q or Ctrl-C       quit",
            "",
        ]
        for (index, entry) in entries.enumerated() { lines.append("\(index + 1) \(entry.title): \(entry.summary)") }
        let width = min(rect.width, (lines.map(\.displayWidth).max() ?? 0) + 4)
        let box = rect.centered(Size(width: width, height: lines.count + 2))
        canvas.fill(box)
        canvas.drawBox(box, style: Style(foreground: .cyan), title: "Help")
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        for (i, line) in lines.enumerated() where i < inner.height {
            canvas.draw(line.truncated(toWidth: inner.width), at: Point(x: inner.x, y: inner.y + i), clip: inner)
        }
    }

    public func handle(_ event: InputEvent) -> EventResult {
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
        case .key(.escape) where isShowingHelp:
            isShowingHelp = false
            return .handled
        default:
            if isShowingHelp, case .key = event { isShowingHelp = false }
            return tabs.handle(event)
        }
    }
}
