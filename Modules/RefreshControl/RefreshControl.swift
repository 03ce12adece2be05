import CellPictures
import Widgets

/// Pull-to-refresh for a `ListView` of any items, with any `FrameAnimation` as its
/// indicator — an animated GIF, or a glyph spinner.
///
/// Pull the list down while it is at its top — drag with the mouse, or press ↑ at the top
/// once per row and Enter to let go; `r` pulls all the way at once — past the threshold and
/// let go: the async `action` runs once and the items it returns replace the list's. A thrown error shows as a row at the top, above the items, until a refresh succeeds
/// (``failure``). While pulling, the GIF's frame follows the pull;
/// while refreshing it plays by itself (a uniform one-second cycle by default). Esc cancels
/// a running refresh. ``beginRefreshing()`` starts a refresh from code, running the action
/// as a pull would; ``endRefreshing()`` ends one early and is safe at any moment.
///
/// ```swift
/// let control = RefreshControl(list: ListView(items: songs) { $0.title }, animation: gif) {
///     try await api.fetchSongs()   // [Song]
/// }
/// ```
@MainActor
public final class RefreshControl<Item>: View {
    /// Loads the new items.
    public typealias Action = @MainActor () async throws -> [Item]

    /// The list the control is attached to.
    public let list: ListView<Item>
    /// The last refresh's failure as its row (`⚠ Refresh failed: …`), shown above the items
    /// until a refresh succeeds; nil when the last one did.
    public private(set) var failure: String?
    /// The indicator's animation: a GIF (GifDecoding's `AnimatedImage`), a spinner style
    /// or any other `FrameAnimation`.
    public var animation: any FrameAnimation { player.animation }
    /// How the animation plays while refreshing (a uniform 1 s cycle by default).
    public var timing: FrameTiming {
        get { player.timing }
        set { player.timing = newValue }
    }
    /// The cell box the animation is drawn in, centered: 14×5 cells keeps the
    /// 63×45 aspect ratio of the bundled GIF (126×90) with half-block cells (14 × 10 pixels).
    public var box = Size(width: 14, height: 5)
    /// Called whenever the control or its list should be drawn again.
    public var onNeedsDisplay: (@MainActor () -> Void)?
    private var host = HostLink()
    /// Whether the animation stands still (its still frame; the caption still says what is
    /// happening). Off unless asked for: an app passes on the user's wish (`ReducedMotion`).
    public var reducedMotion: Bool {
        get { player.reducedMotion }
        set { player.reducedMotion = newValue }
    }
    /// How the GIF is drawn: symbols, the terminal's background, contrast, colour (pass
    /// `ImageStyle(for: capabilities)`; half blocks on a dark background unless told). Where
    /// it leaves the contrast to the control, the GIF keeps 0.25 from the background.
    public var imageStyle: ImageStyle {
        get { player.imageStyle }
        set { player.imageStyle = newValue }
    }
    /// Colour and attributes of a glyph animation's frames.
    public var glyphStyle = Style(foreground: .cyan, attributes: .bold)
    /// Called when a refresh starts (for status lines).
    public var onRefreshStarted: (@MainActor () -> Void)?
    /// Called after a refresh's rows (or error) were applied.
    public var onRefreshFinished: (@MainActor (Result<[Item], any Error>) -> Void)?
    /// Called when a running refresh was cancelled (Esc, or ``cancelRefreshing()``): its
    /// result is dropped and the rows stay as they were.
    public var onRefreshCancelled: (@MainActor () -> Void)?
    /// Whether the refresh that ended last was cancelled (the caption then says so).
    public private(set) var lastRefreshWasCancelled = false
    /// When the last refresh finished, on the scheduler's clock.
    public private(set) var lastUpdated: Duration?

    /// The state machine.
    public private(set) var state: RefreshState
    private let scheduler: any Scheduler
    private let action: Action
    private var task: Task<Void, any Error>?
    private var dragStart: Int?
    /// Where the failure row and the list were last drawn.
    private var bodyFrame = Rect.zero
    private var keyPull = 0
    /// The player behind the animation (as `ActivityIndicator`'s): its image settings, its
    /// frame and state; the control tells it what the pull shows.
    public let player: FramePlayer
    private var retractTimer: ScheduledWork?

    /// Creates a control on `list` whose indicator plays `animation` (a uniform one-second
    /// cycle while refreshing).
    public init(
        list: ListView<Item>,
        animation: any FrameAnimation,
        timing: FrameTiming = .uniformOneSecond,
        state: RefreshState = RefreshState(),
        clock scheduler: any Scheduler = LiveScheduler(),
        action: @escaping Action
    ) {
        self.list = list
        player = FramePlayer(animation: animation, timing: timing, clock: scheduler)
        player.defaultMinimumContrast = 0.25  // a GIF's dim strokes stay visible at indicator size
        self.state = state
        self.scheduler = scheduler
        self.action = action
        player.onNeedsDisplay = { [weak self] in self?.host.request(self?.onNeedsDisplay) }
    }

    /// Starts a refresh from code: the control shows and the action runs, as after a pull.
    /// Does nothing while a refresh runs or retracts.
    public func beginRefreshing() { send(.begin) }

    /// Ends the running refresh (after its minimum visible time). Safe at any moment.
    public func endRefreshing() { send(.end) }

    /// Cancels the running refresh: its action is cancelled and its result ignored.
    public func cancelRefreshing() { send(.cancel) }

    /// How long the current refresh has been running; nil when none runs.
    public var refreshingFor: Duration? {
        if case .refreshing(let since, _) = state.phase { return scheduler.now - since }
        return nil
    }

    /// How many cycles of the animation the current refresh has played (about three
    /// for a 3 s action at a 1 s cycle); nil when none runs.
    public var cyclesPlayed: Double? {
        guard let running = refreshingFor else { return nil }
        let cycle = animation.cycleDuration(timing: timing)
        return cycle > .zero ? running / cycle : nil
    }

    // MARK: Events

    private func send(_ event: RefreshState.Event) {
        let effects = state.handle(event, at: scheduler.now)
        for effect in effects {
            switch effect {
            case .startAction(let generation):
                lastRefreshWasCancelled = false
                onRefreshStarted?()
                task?.cancel()
                task = scheduler.startTask { @MainActor [weak self, action] in
                    let result: Result<[Item], any Error>
                    do { result = .success(try await action()) } catch { result = .failure(error) }
                    self?.finished(generation: generation, result: result)
                }
            case .cancelAction:
                task?.cancel()
                task = nil
                lastRefreshWasCancelled = true
                onRefreshCancelled?()
            case .scheduleTick(let delay):
                scheduler.schedule(after: delay) { [weak self] in self?.send(.tick) }
            }
        }
        switch state.phase {
        case .pulling, .armed:
            break
        default:
            keyPull = 0  // a pull ended, by whatever path
        }
        if !state.isRefreshing, let running = task {
            running.cancel()  // ended early or cancelled: its result would be dropped anyway
            task = nil
        }
        animate()
        host.request(onNeedsDisplay)
    }

    private func finished(generation: Int, result: Result<[Item], any Error>) {
        guard generation == state.generation, state.isRefreshing else { return }  // stale or cancelled
        switch result {
        case .success(let items):
            list.items = items
            failure = nil
        case .failure(let error):
            failure = "⚠ Refresh failed: \(String(describing: error))"
        }
        list.scroll(to: 0)
        lastUpdated = scheduler.now
        onRefreshFinished?(result)
        send(.end)
    }

    /// Takes a pull (a drag, ↑ at the top, `r`), Enter to let go, Esc to cancel a refresh; the rest goes to the list.
    public func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .mouse(let mouse):
            switch mouse.action {
            case .press where list.isAtTop && bodyFrame.contains(mouse.position) && !busy:
                dragStart = mouse.position.y
                _ = list.handle(event)  // a click without a pull still selects
                return .handled
            case .drag where dragStart != nil:
                send(.pull(rows: mouse.position.y - (dragStart ?? 0)))
                return .handled
            case .release where dragStart != nil:
                dragStart = nil
                send(.release)
                return .handled
            default:
                return list.handle(event)
            }
        case .key(.up) where list.isAtTop && !busy:
            keyPull += 1
            send(.pull(rows: keyPull))
            return .handled
        case .key(.down) where keyPull > 0:
            keyPull -= 1
            send(.pull(rows: keyPull))
            return .handled
        case .key(.enter) where keyPull > 0, .key(.character(" ")) where keyPull > 0:
            keyPull = 0
            send(.release)
            return .handled
        case .key(.character("r")) where list.isAtTop && !busy:
            send(.pull(rows: state.threshold))
            send(.release)
            return .handled
        case .key(.escape):
            guard isPullingOrRefreshing else { return .ignored }
            keyPull = 0
            dragStart = nil
            send(.cancel)
            return .handled
        default:
            return list.handle(event)
        }
    }

    /// A refresh runs or retracts: new pulls wait.
    private var busy: Bool {
        switch state.phase {
        case .refreshing, .ending: true
        default: false
        }
    }

    private var isPullingOrRefreshing: Bool {
        switch state.phase {
        case .pulling, .armed, .refreshing: true
        default: false
        }
    }

    // MARK: Drawing

    /// Rows the control takes above the list now.
    public var visibleHeight: Int {
        let full = box.height + 2
        switch state.phase {
        case .idle: return 0
        case .pulling(let progress): return max(1, Int((Double(full) * progress).rounded()))
        case .armed, .refreshing: return full
        case .ending(let since):
            return Tween(from: full, to: 0, duration: state.retractDuration, easing: .easeIn, start: since).value(at: scheduler.now)
        }
    }

    /// The frame of the animation showing now: it follows the pull while pulling and plays
    /// by itself while refreshing (0 with reduced motion).
    public var currentFrame: Int { player.currentFrame }

    /// The caption under the animation.
    public var caption: String {
        switch state.phase {
        case .idle: ""
        case .pulling(let progress):
            // How far there is still to pull, in rows (the threshold's).
            switch max(1, state.threshold - Int((progress * Double(state.threshold)).rounded())) {
            case 1: "Pull 1 more row to refresh"
            case let rows: "Pull \(rows) more rows to refresh"
            }
        case .armed: "Release to refresh"
        case .refreshing: "Refreshing…"
        case .ending: lastRefreshWasCancelled ? "Cancelled" : "Done"
        }
    }

    /// Draws the pull header (the animation and its caption) above the list.
    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        let height = min(visibleHeight, rect.height)
        let (header, body) = rect.splitTop(height)
        if height > 0 {
            let cells = player.cells(fitting: box, textStyle: glyphStyle)
            let (art, captionRow) = header.splitBottom(min(1, header.height))
            let place = art.centered(cells.size)
            var visible = Canvas(size: place.size)
            visible.blit(cells, at: Point(x: 0, y: place.height - cells.size.height))  // the bottom of the art shows first
            canvas.overlay(visible, at: place.origin)
            let text = caption.truncated(toWidth: captionRow.width)
            canvas.draw(
                text,
                at: Point(x: captionRow.x + (captionRow.width - text.displayWidth) / 2, y: captionRow.y),
                style: Style(attributes: .dim),
                clip: captionRow
            )
        }
        bodyFrame = body
        var items = body
        if let failure, !body.isEmpty {
            let (row, rest) = body.splitTop(1)
            canvas.draw(failure.sanitizedForTerminal.truncated(toWidth: row.width), at: row.origin, style: list.rowStyle, clip: row)
            items = rest
        }
        list.render(in: items, on: &canvas)
    }

    /// Tells the player what the phase shows: the frame the pull reached, the last frame
    /// when armed, playing by itself while refreshing, the frame it stopped at while the
    /// header retracts (one timer steps the retraction).
    private func animate() {
        retractTimer?.cancel()
        retractTimer = nil
        let frames = max(1, animation.frameCount)
        switch state.phase {
        case .idle:
            player.stop()
        case .pulling(let progress):
            player.hold(frame: min(frames - 1, Int(progress * Double(frames))))
        case .armed:
            player.hold(frame: frames - 1)
        case .refreshing(let since, _):
            if player.state != .playing(start: since) { player.play(from: since) }
        case .ending:
            if player.isPlaying { player.hold(frame: player.currentFrame) }
            retractTimer = scheduler.schedule(after: .milliseconds(40)) { [weak self] in
                guard let self else { return }
                self.host.request(self.onNeedsDisplay)
                self.animate()
            }
        }
    }
}
