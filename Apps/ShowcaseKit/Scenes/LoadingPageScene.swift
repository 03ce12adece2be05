import IndicatorKit
import Loading

/// The "Loading page" scene (document 001): a navigation stack inside the tab bar. Start
/// shows the loading page — the four wand images cycling every 0.3 s and a label over the
/// top-most screen shaded white at 30 % — and it hides by itself after 6 s; Stop hides it
/// at once. Push a screen or present a modal first to see the page follow the top-most
/// screen, and hide cleanly even after navigating away (B1.2, B1.4, B1.5).
@MainActor
final class LoadingPageScene {
    /// How long the page shows before it hides by itself.
    static let autoHide: Duration = .seconds(6)

    /// The scene's navigation stack (owned by the tab bar; its root screen's content owns
    /// this scene, so nothing holds a cycle).
    private(set) weak var stack: NavigationStack?
    let center: LoadingCenter
    let context: SceneContext
    private var handle: LoadingHandle?
    private var autoHideWork: ScheduledWork?
    private var depth = 0

    private init(context: SceneContext) {
        self.context = context
        center = LoadingCenter(clock: context.scheduler, state: LoadingState(graceDelay: .zero, minimumVisible: .zero, fadeDuration: .milliseconds(200)))
        center.presentation = .page
        center.stopTouch = false  // the Stop button must stay usable
        center.onNeedsDisplay = context.setNeedsDisplay
        center.reducedMotion = context.reducedMotion
    }

    /// The scene's screen: a navigation stack whose root shows the buttons.
    static func make(_ context: SceneContext) -> Screen {
        let scene = LoadingPageScene(context: context)
        let root = Screen(title: "Loading page")
        root.content = PageContent(owner: scene, title: "Loading page", detail: false)
        let stack = NavigationStack(root: root)
        stack.title = "Loading"  // the tab's title
        scene.stack = stack
        return stack
    }

    var isShowing: Bool { handle != nil }
    /// The title of the screen the page was shown on (it stays there when another is pushed
    /// over it, as the document's view stays in the controller it was added to).
    private(set) var shownOn: String?

    /// Shows the page on the top-most screen for 6 s; while it shows, Start moves it to the
    /// screen the user sees now (after Back, say) and gives it 6 s again.
    func start() {
        center.root = context.root() ?? stack
        if handle == nil {
            handle = center.begin("Loading…")
        } else {
            center.followTopMost()
        }
        shownOn = center.root?.topMost.title
        autoHideWork?.cancel()
        autoHideWork = context.scheduler.schedule(after: Self.autoHide) { [weak self] in self?.stop() }
    }

    /// Hides the page it showed (by handle: wherever it is) and cancels the timer.
    func stop() {
        autoHideWork?.cancel()
        autoHideWork = nil
        handle?.end()
        handle = nil
    }

    func push() {
        depth += 1
        let screen = Screen(title: "Detail \(depth)")
        screen.content = PageContent(scene: self, title: "Detail \(depth)", detail: true)
        stack?.push(screen)
    }

    func present() {
        let modal = Screen(title: "Modal")
        modal.content = PageContent(scene: self, title: "Modal", detail: true, modal: true)
        stack?.topMost.present(modal)
    }

    func dismissModal() {
        for screen in stack?.screens ?? [] where screen.presented != nil { screen.dismissPresented() }
    }

    /// The content of each screen in the stack: buttons and a note.
    @MainActor
    final class PageContent: View {
        unowned let scene: LoadingPageScene
        /// The root screen's content keeps the scene alive.
        private let owner: LoadingPageScene?
        let title: String
        let buttons: ButtonBar
        /// What kind of screen this is: the root, a pushed one, or a modal.
        enum Kind { case root, pushed, modal }
        let kind: Kind

        convenience init(owner: LoadingPageScene, title: String, detail: Bool) {
            self.init(scene: owner, title: title, detail: detail, owning: true)
        }

        init(scene: LoadingPageScene, title: String, detail: Bool, modal: Bool = false, owning: Bool = false) {
            self.scene = scene
            owner = owning ? scene : nil
            self.title = title
            kind = modal ? .modal : detail ? .pushed : .root
            var list: [ButtonBar.Button] = [
                .init(key: "s", title: "Start") { [unowned scene] in scene.start() },
                .init(key: "x", title: "Stop") { [unowned scene] in scene.stop() },
                .init(key: "p", title: "Push screen") { [unowned scene] in scene.push() },
                .init(key: "m", title: "Present modal") { [unowned scene] in scene.present() },
            ]
            if modal { list.append(.init(key: "d", title: "Dismiss") { [unowned scene] in scene.dismissModal() }) }
            if detail && !modal { list.append(.init(key: "b", title: "Back") { [unowned scene] in scene.stack?.pop() }) }
            buttons = ButtonBar(list)
        }

        /// How each kind of screen looks, so a pushed screen and a modal are told apart.
        var look: (heading: String, filler: String, color: Color) {
            switch kind {
            case .root: ("A loading page over the screen you see — the root screen", "░▒▓ content ", .blue)
            case .pushed: ("\(title) — a screen pushed onto the stack (b goes back)", "▚▞ \(title.lowercased()) ", .green)
            case .modal: ("Modal — presented over the stack (d dismisses it)", "◆◇ modal ", .magenta)
            }
        }

        func render(in rect: Rect, on canvas: inout Canvas) {
            scene.center.imageStyle = ImageStyle(for: scene.context.capabilities())  // shade what the terminal really shows
            var rect = rect
            if kind == .modal {  // a modal is a framed sheet over the stack
                canvas.fill(rect)
                canvas.drawBox(rect, style: Style(foreground: .magenta), title: "Modal")
                rect = rect.inset(by: 1)
            }
            let area = rect.inset(top: 1, left: 2, bottom: 0, right: 1)
            let heading = look.heading.wrapped(toWidth: area.width)
            for (i, line) in heading.enumerated() {
                canvas.draw(line, at: Point(x: area.x, y: area.y + i), style: Style(foreground: look.color, attributes: .bold), clip: area)
            }
            let used = buttons.render(in: area.inset(top: 1 + heading.count), on: &canvas) + heading.count - 1
            let notes =
                ("Start shows the loading page on the top-most screen for 6 s; Stop hides it. "
                + "Push or present first: the page follows, and hides even after you go back. Start while it shows "
                + "moves it to the screen you see.").wrapped(toWidth: area.width)
            var y = area.y + 3 + used
            for note in notes {
                canvas.draw(note, at: Point(x: area.x, y: y), style: Style(attributes: .dim), clip: area)
                y += 1
            }
            // Shown on another screen (one this was pushed over, or one left): said, with how to
            // bring it here.
            let status =
                !scene.isShowing ? "hidden" : scene.shownOn.map { $0 == title ? "showing" : "showing on “\($0)” (s brings it here)" } ?? "showing"
            canvas.draw("Status: " + status, at: Point(x: area.x, y: y), style: Style(attributes: .bold), clip: area)
            // Filler content, so the shade over it can be seen.
            y += 2
            while y < area.maxY - 1 {
                canvas.draw(String(repeating: look.filler, count: 12), at: Point(x: area.x, y: y), style: Style(foreground: look.color), clip: area)
                y += 1
            }
        }

        func handle(_ event: InputEvent) -> EventResult {
            buttons.handle(event) ? .handled : .ignored
        }
    }
}

extension LoadingPageScene.PageContent: ExplainsKeys {
    var keyHints: [KeyHint] { buttons.keyHints }
}
