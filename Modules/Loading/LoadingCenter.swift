import CellPictures
import Indicator
import ViewCore

/// Shows one loading overlay for any number of overlapping activities (documents 001, 003).
///
/// `begin` returns a handle to end; `track` wraps an async operation and ends it on success,
/// on a thrown error and on cancellation alike. The overlay hides only when the last
/// activity ends. It appears only for work that outlasts the grace delay (no flash for
/// quick work), stays at least a minimum time once shown (no flicker), and fades in and out
/// on the scheduler (see ``LoadingState``). It is attached to the top-most screen when it
/// appears and removed from that same screen when it hides, whatever happened to the
/// navigation in between.
///
/// ```swift
/// LoadingCenter.shared.root = tabs
/// let items = try await LoadingCenter.shared.track("Loading items") { try await api.items() }
/// ```
@MainActor
public final class LoadingCenter {
    /// The instance an app shares: a center on a
    /// `Motion/LiveScheduler` unless the app puts another here (one on its own scheduler,
    /// say, or a test's on a virtual clock). `APIClient` uses it unless given a center.
    public static var shared = LoadingCenter(clock: LiveScheduler())

    struct Activity {
        var label: String?
        var cancel: (@MainActor () -> Void)?
        var progress: Double?
        var message: String?
    }

    /// The timing state machine.
    public private(set) var state: LoadingState
    /// The screen hierarchy the overlay attaches to (through ``attachment``).
    public weak var root: Screen?
    /// Top-most screen (default) or the whole window.
    public var attachment = LoadingAttachment.topMostScreen
    /// Page, full-screen or compact.
    public var presentation = LoadingPresentation.fullScreen
    /// Whether the overlay swallows every key and click while shown — all but
    /// ``passingKeys``.
    public var stopTouch = true
    /// Keys that reach the app while the overlay shows, even with ``stopTouch``: Ctrl-C and
    /// Ctrl-Z by default, so the user can always quit or suspend; add the app's own quit key.
    public var passingKeys: Set<Key> = [.control("c"), .control("z")]
    /// Called when the overlay should be drawn again (nil: the host that last drew
    /// ``root`` is asked).
    public var onNeedsDisplay: (@MainActor () -> Void)?
    /// What the ``LoadingPresentation/page`` presentation animates: the four wand
    /// images, 0.3 s each, by default. Takes effect when the overlay next appears.
    public var pageAnimation: any FrameAnimation = ImageCycle.wand
    /// What the full-screen and compact presentations animate: a glyph spinner by default;
    /// an app may pass a GIF (GifDecoding's `AnimatedImage.spinner()`) or any other
    /// `FrameAnimation`. Takes effect when the overlay next appears.
    public var spinnerAnimation: any FrameAnimation = SpinnerStyle.compass
    /// How ``spinnerAnimation`` plays (its own timing by default).
    public var spinnerTiming = FrameTiming.own
    /// Whether the overlay's animations stand still (see `ReducedMotion`); off unless asked for.
    public var reducedMotion = false
    /// How the overlay's images are drawn, and over which background its shades are laid
    /// (pass `ImageStyle(for: capabilities)`; half blocks on a dark background unless told).
    public var imageStyle = ImageStyle()

    let scheduler: any Scheduler
    private(set) var activities: [Int: Activity] = [:]
    private var order: [Int] = []
    private var nextID = 1
    private var tickWork: ScheduledWork?
    private var fadeWork: ScheduledWork?
    private(set) lazy var overlay = LoadingOverlay(center: self)
    /// The screen the overlay was put on, so it is removed from there.
    private weak var attachedTo: Screen?

    /// Creates a center on `scheduler` with the given timing.
    public init(clock scheduler: any Scheduler = LiveScheduler(), state: LoadingState = LoadingState()) {
        self.scheduler = scheduler
        self.state = state
    }

    /// How many activities are running.
    public var activeCount: Int { activities.count }

    /// Whether the overlay is on a screen now.
    public var isOverlayShown: Bool { attachedTo != nil }

    /// The overlay's opacity now (0 when hidden).
    public var opacity: Double { state.opacity(at: scheduler.now) }

    /// The label of the most recent activity that has one, and how many others run with
    /// it: `Request: third (+2)`.
    public var currentLabel: String? {
        guard let label = order.reversed().lazy.compactMap({ self.activities[$0]?.label }).first else { return nil }
        let others = activities.count - 1
        return others > 0 ? "\(label) (+\(others))" : label
    }

    /// The progress of the most recent activity that reports one.
    var currentProgress: (fraction: Double, message: String?)? {
        for id in order.reversed() {
            if let activity = activities[id], let fraction = activity.progress { return (fraction, activity.message) }
        }
        return nil
    }

    /// Whether an activity can be cancelled with Esc.
    var hasCancellable: Bool { activities.values.contains { $0.cancel != nil } }

    // MARK: Activities

    /// Begins an activity. End the handle when the work is done.
    public func begin(_ label: String? = nil, cancel: (@MainActor () -> Void)? = nil) -> LoadingHandle {
        let id = nextID
        nextID += 1
        activities[id] = Activity(label: label?.sanitizedForTerminal, cancel: cancel)
        order.append(id)
        send(.begin)
        return LoadingHandle(id: id, center: self)
    }

    /// Runs `operation` as one activity, ending it however the operation ends: success, a
    /// thrown error or cancellation of the calling task. With `cancellable`, Esc on the
    /// overlay cancels the operation too (it then runs in a task of its own).
    public func track<T: Sendable>(
        _ label: String? = nil,
        cancellable: Bool = false,
        _ operation: @escaping @MainActor () async throws -> T
    ) async throws -> T {
        guard cancellable else {
            let handle = begin(label)
            defer { handle.end() }
            return try await operation()
        }
        let task = scheduler.startTask { @MainActor in try await operation() }
        let handle = begin(label, cancel: { @MainActor in task.cancel() })
        defer { handle.end() }
        return try await withTaskCancellationHandler {
            try await scheduler.value(of: task)
        } onCancel: {
            task.cancel()
        }
    }

    /// Cancels every cancellable activity (what Esc on the overlay does).
    public func cancelCancellable() {
        for activity in activities.values { activity.cancel?() }
    }

    func finish(_ id: Int) {
        guard activities.removeValue(forKey: id) != nil else { return }
        order.removeAll { $0 == id }
        send(.end)
    }

    func report(_ id: Int, progress: Double, message: String?) {
        activities[id]?.progress = min(1, max(0, progress))
        activities[id]?.message = message?.sanitizedForTerminal
        requestDisplay()
    }

    // MARK: State

    private func send(_ event: LoadingState.Event) {
        let wasShown = state.isShown
        for effect in state.handle(event, at: scheduler.now) {
            switch effect {
            case .scheduleTick(let delay):
                tickWork?.cancel()
                tickWork = scheduler.schedule(after: delay) { [weak self] in self?.send(.tick) }
            }
        }
        if state.phase == .hidden {
            tickWork?.cancel()  // nothing is pending once hidden: leave no timer behind
            tickWork = nil
        }
        if state.isShown && !wasShown { attach() }
        if !state.isShown && wasShown { detach() }
        animateFade()
        requestDisplay()
    }

    /// Moves a showing overlay to the screen the user sees now (after a push, a pop or a
    /// modal since it appeared); nothing when it is hidden, already there, or on the window.
    public func followTopMost() {
        guard state.isShown, attachment == .topMostScreen, let root, root.topMost !== attachedTo else { return }
        detach()
        attach()
    }

    /// Asks for the overlay's next frame: ``onNeedsDisplay``, else the host drawing ``root``.
    func requestDisplay() {
        if let onNeedsDisplay { onNeedsDisplay() } else { root?.requestDisplay() }
    }

    private func attach() {
        guard let root else { return }
        let screen = attachment == .window ? root : root.topMost
        screen.addOverlay(overlay)
        attachedTo = screen
        overlay.startAnimating()
    }

    private func detach() {
        attachedTo?.removeOverlay(overlay)
        attachedTo = nil
        overlay.stopAnimating()
    }

    /// Redraws every 40 ms while a fade runs.
    private func animateFade() {
        fadeWork?.cancel()
        fadeWork = nil
        let opacity = state.opacity(at: scheduler.now)
        let fading: Bool =
            switch state.phase {
            case .fadingOut: true
            case .visible, .lingering: opacity < 1
            default: false
            }
        guard fading else { return }
        fadeWork = scheduler.schedule(after: .milliseconds(40)) { [weak self] in
            self?.requestDisplay()
            self?.animateFade()
        }
    }
}
