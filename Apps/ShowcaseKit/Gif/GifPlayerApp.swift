import GifDecoding
import IndicatorKit

/// The root view of `showcase gif play FILE`: the player, filling the terminal; `q`,
/// Esc or Ctrl-C quit.
@MainActor
package final class GifPlayerApp: View {
    let player: GifPlayerView
    /// Called when the user asks to quit.
    package var onQuit: (@MainActor () -> Void)?
    /// Called on Ctrl-Z: stop the process as a shell job.
    package var onSuspend: (@MainActor () -> Void)?

    init(player: GifPlayerView) {
        self.player = player
    }

    /// Builds the player on `backend`, timed by `scheduler`, and the host that draws it.
    package static func hosted(
        image: AnimatedImage,
        name: String,
        on backend: any TerminalBackend,
        scheduler: any Scheduler,
        symbols: SymbolSet? = nil
    ) -> (app: GifPlayerApp, host: TerminalHost) {
        weak var hostReference: TerminalHost?
        let context = SceneContext(scheduler: scheduler, capabilities: { backend.capabilities }, setNeedsDisplay: { hostReference?.setNeedsDisplay() })
        let view = GifPlayerView(image: image, name: name, rendersInBackground: true, symbols: symbols, context: context)
        view.showsKeys = true
        let app = GifPlayerApp(player: view)
        let host = TerminalHost(backend: backend, root: app, minimumSize: Size(width: 10, height: 3))
        hostReference = host
        return (app, host)
    }

    package func render(in rect: Rect, on canvas: inout Canvas) {
        player.render(in: rect, on: &canvas)
    }

    package func handle(_ event: InputEvent) -> EventResult {
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
