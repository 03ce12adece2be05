import GifDecoding
import IndicatorKit

/// Plays an ``AnimatedImage`` fitted to its area (aspect ratio kept, half-block cells) with
/// a ``FramePlayer``: timed from the animation's start so late frames are skipped, never
/// slowed down; the loop count is honoured. Space pauses, ←/→ step a frame (and pause).
///
/// The player keeps one timer for the next frame change, and only while it is being drawn:
/// a player on a hidden tab stops waking the process until it is shown again.
@MainActor
final class GifPlayerView: View {
    let image: AnimatedImage
    let name: String
    private let player: FramePlayer
    private let capabilities: @MainActor () -> TerminalCapabilities
    /// The play a step was taken in, so resuming keeps counting plays from there.
    private var steppedInPlay = 0

    /// `rendersInBackground`: decode off the main actor, so keys act at once however long a
    /// frame takes (`gif play`; the showcase's own scene plays small GIFs in step with its clock).
    /// The symbols asked for (`gif play --symbols`), else the terminal's.
    private let symbols: SymbolSet?

    /// Whether the status row lists the keys too (`gif play`, which has no status line of
    /// the showcase's below it).
    var showsKeys = false

    init(image: AnimatedImage, name: String, timing: FrameTiming = .own, rendersInBackground: Bool = false, symbols: SymbolSet? = nil, context: SceneContext) {
        self.symbols = symbols
        self.image = image
        self.name = name
        player = FramePlayer(animation: image, timing: timing, clock: context.scheduler)
        player.rendersInBackground = rendersInBackground
        player.sleepsWhenNotDrawn = true
        player.onNeedsDisplay = context.setNeedsDisplay
        capabilities = context.capabilities
    }

    /// Whether it has been drawn: it plays from when it is first shown, so the scene opens at
    /// its first loop however long after the app's start it is visited.
    private var shown = false

    var timing: FrameTiming { player.timing }

    var isPaused: Bool { !player.isPlaying }

    /// Time into the animation (frozen while paused).
    var elapsed: Duration { player.elapsed }

    /// The frame shown now.
    var currentFrame: Int { player.currentFrame }

    func render(in rect: Rect, on canvas: inout Canvas) {
        if !shown {
            shown = true
            player.play()
        }
        let (area, status) = rect.splitBottom(1)
        var style = ImageStyle(for: capabilities())
        if let symbols { style.symbols = symbols }
        player.imageStyle = style
        let cells = player.cells(fitting: area.size)
        canvas.overlay(cells, at: area.centered(cells.size).origin)
        let position = player.position
        let play: Int
        if case .holding = player.state { play = steppedInPlay } else { play = position.play }
        let loops =
            switch image.plays {
            case .infinite: "∞"
            case .count(let count): "\(count)"
            }
        var text = "\(name.sanitizedForTerminal) · frame \(player.currentFrame + 1) of \(image.frameCount) · loop \(play + 1) of \(loops)"
        if isPaused { text += " · paused" } else if position.isFinished { text += " · done" }
        if player.isBehind { text += " · decoding…" }
        // The key says what it does now: resume while paused.
        let space = isPaused ? "space resume" : "space pause"
        if showsKeys, status.width >= text.displayWidth + 36 { text += " · \(space) · ←/→ step · q quit" }
        canvas.draw(text.truncated(toWidth: status.width), at: status.origin, style: Style(attributes: .dim), clip: status)
    }

    func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.character(" ")):
            switch player.state {
            case .playing: player.pause()
            case .holding(let frame): player.resume(atFrame: frame, play: steppedInPlay)  // from the frame stepped to, same play
            case .paused, .stopped: player.resume()
            }
            return .handled
        case .key(.left), .key(.right):
            if case .holding = player.state {} else { steppedInPlay = player.position.play }
            player.step(by: event == .key(.right) ? 1 : -1)
            return .handled
        default:
            return .ignored
        }
    }
}
