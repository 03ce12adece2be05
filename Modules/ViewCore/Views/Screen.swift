/// A screen of an app: a content view, overlays laid over it (such as a loading page),
/// and optionally a screen presented modally on top of it.
///
/// Screens form a hierarchy with `NavigationStack` and `TabContainer`;
/// ``topMost`` finds the screen the user sees, where overlays belong.
///
/// ```swift
/// let tabs = TabContainer(tabs: [Screen(title: "Home", content: home), settings])
/// tabs.topMost.addOverlay(loadingPage)   // lands on the selected tab's visible screen
/// ```
@MainActor
open class Screen: View {
    /// The title shown in tab bars and navigation headers.
    public var title: String
    /// What the screen shows.
    public var content: (any View)?
    /// Views drawn over the content, last on top; the top-most gets input first.
    public private(set) var overlays: [any View] = []
    /// The screen presented modally over this one, if any.
    public private(set) var presented: Screen?
    /// The screen that presented this one.
    public private(set) weak var presenter: Screen?

    /// Creates a screen.
    public init(title: String, content: (any View)? = nil) {
        self.title = title
        self.content = content
    }

    /// The child screen currently shown (the selected tab, the top of a stack); `nil` for a leaf.
    open var visibleChild: Screen? { nil }

    /// The screen the user sees: through a presented screen (recursively), a navigation
    /// stack's visible screen and a tab container's selected screen, otherwise this one.
    public var topMost: Screen {
        if let presented { return presented.topMost }
        if let child = visibleChild { return child.topMost }
        return self
    }

    /// Presents `screen` modally over this one (replacing any screen presented before).
    public func present(_ screen: Screen) {
        presented?.presenter = nil
        presented = screen
        screen.presenter = self
    }

    /// Dismisses the screen presented over this one, if any.
    public func dismissPresented() {
        presented?.presenter = nil
        presented = nil
    }

    /// Lays `view` over this screen. Adding a view that is already there does nothing.
    public func addOverlay(_ view: any View) {
        guard !overlays.contains(where: { $0 === view }) else { return }
        overlays.append(view)
    }

    /// Removes `view` from the overlays; returns whether it was there.
    @discardableResult
    public func removeOverlay(_ view: any View) -> Bool {
        guard let index = overlays.firstIndex(where: { $0 === view }) else { return false }
        overlays.remove(at: index)
        return true
    }

    /// Whether `view` is among this screen's overlays.
    public func hasOverlay(_ view: any View) -> Bool { overlays.contains { $0 === view } }

    /// Draws the screen's own body (subclasses draw children here); the default draws `content`.
    open func renderBody(in rect: Rect, on canvas: inout Canvas) {
        content?.render(in: rect, on: &canvas)
    }

    /// Handles input for the body; the default passes it to `content`.
    open func handleBody(_ event: InputEvent) -> EventResult {
        content?.handle(event) ?? .ignored
    }

    /// Asks the host that last drew this screen for its next frame (nothing before it was
    /// drawn: its first frame is coming). What shows on a screen without being one of its
    /// views (an overlay a coordinator attaches) asks through it.
    public func requestDisplay() { host.request(nil) }
    private var host = HostLink()

    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        renderBody(in: rect, on: &canvas)
        for overlay in overlays { overlay.render(in: rect, on: &canvas) }
        if let presented {
            // The screen beneath shows dimmed around the sheet, its colours only: text cut
            // by the sheet's edges would read as stray letters. Its own colours are darkened;
            // the terminal's background stays as it is, dark or light (darkened as black, it
            // made a heavy black frame on a white terminal).
            let sheet = rect.inset(top: 1, left: 2, bottom: 1, right: 2)
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX where !sheet.contains(Point(x: x, y: y)) {
                    let beneath = canvas[x, y].style.background
                    let dimmed = beneath == .default ? beneath : beneath.blended(with: .black, amount: 0.5, default: (0, 0, 0))
                    canvas[x, y] = Cell(" ", style: Style(background: dimmed))
                }
            }
            canvas.fill(sheet)
            presented.render(in: sheet, on: &canvas)
        }
    }

    /// A presented screen gets input first, then the overlays (top-most first), then the body.
    public func handle(_ event: InputEvent) -> EventResult {
        if let presented {
            if case let result = presented.handle(event), result != .ignored { return result }
            if event == .key(.escape) {
                dismissPresented()
                return .handled
            }
            return .handled  // a modal screen keeps input from the screens beneath
        }
        for overlay in overlays.reversed() { if case let result = overlay.handle(event), result != .ignored { return result } }
        return handleBody(event)
    }
}
