import GifDecoding
import TUICore

/// The root view of `showcase gif play FILE`: the player, filling the terminal; `q`,
/// Esc or Ctrl-C quit.
@MainActor
public final class GifPlayerApp: View {
    let player: GifPlayerView
    /// Called when the user asks to quit.
    public var onQuit: (@MainActor () -> Void)?
    /// Called on Ctrl-Z: stop the process as a shell job.
    public var onSuspend: (@MainActor () -> Void)?

    init(player: GifPlayerView) {
        self.player = player
    }

    /// Builds the player on `backend`, timed by `scheduler`, and the host that draws it.
    public static func hosted(image: AnimatedImage, name: String, on backend: any TerminalBackend, scheduler: any Scheduler, symbols: SymbolSet? = nil) -> (app: GifPlayerApp, host: TerminalHost) {
        weak var hostReference: TerminalHost?
        let context = SceneContext(scheduler: scheduler, capabilities: { backend.capabilities }, setNeedsDisplay: { hostReference?.setNeedsDisplay() })
        let app = GifPlayerApp(player: GifPlayerView(image: image, name: name, rendersInBackground: true, symbols: symbols, context: context))
        let host = TerminalHost(backend: backend, root: app, minimumSize: Size(width: 10, height: 3))
        hostReference = host
        return (app, host)
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        player.render(in: rect, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.character("q")), .key(.escape), .key(.control("c")):
            onQuit?()
            return .handled
        case .key(.control("z")) where onSuspend != nil:
            onSuspend?()
            return .handled
        default:
            return player.handle(event)
        }
    }
}
