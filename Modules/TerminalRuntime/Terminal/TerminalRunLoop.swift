import Dispatch
import Foundation

/// A ``TerminalBackend`` the run loop can wait on: a descriptor that becomes readable when
/// input arrives, and one that does when the size may have changed. NcursesTerminal is one;
/// a backend over a socket or a test's pipes can be another.
@MainActor
public protocol EventSourceBackend: TerminalBackend {
    /// A descriptor that becomes readable when input arrives (``TerminalBackend/readEvents()``
    /// then has some).
    var inputDescriptor: Int32 { get }
    /// A descriptor that becomes readable when the size may have changed; -1 when the
    /// backend has none.
    var resizeDescriptor: Int32 { get }
    /// Takes in a change signalled on ``resizeDescriptor`` (drains it, adopts the new size
    /// and queues `.resize`).
    func applyResize()
    /// Restores the terminal. Safe to call more than once.
    func close()
    /// Whether the terminal has gone (its window closed, its connection dropped) without the
    /// signal that usually ends the program (SIGHUP ignored, as under `nohup`, or a terminal
    /// that is not the controlling one): nothing more will be read, and the app ends.
    var inputEnded: Bool { get }
}

extension EventSourceBackend {
    /// False: a backend that cannot tell never ends its app this way.
    public var inputEnded: Bool { false }
}

/// The loop of a terminal app, on ``MainLoop``: it wakes for input, for a resize, for
/// scheduled work (`LiveScheduler`) and for work posted to the main actor, and renders once
/// after each burst, only if something asked for it. With nothing animating it sleeps: no
/// periodic wake-ups. It runs any ``EventSourceBackend``, full-screen or inline.
///
/// Three ways to run it, the same app in each:
/// - `runUntilQuit()` from synchronous code: serves the loop on this thread until
///   the app quits (at the top of a synchronous `main`, in `MainActor.run { … }` after an
///   `await`, in a `Task`), never needing the main queue to be served.
/// - `await` `runUntilQuit()` from async code: the main actor stays free while
///   the app runs; cancelling the task quits the app with 130.
/// - ``start()``, then serve the main queue yourself (`dispatchMain()`, a run loop, `await`).
///
/// ```swift
/// let terminal = try NcursesTerminal.open(environment: env)
/// let host = TerminalHost(backend: terminal, root: app)
/// let loop = TerminalRunLoop(backend: terminal, host: host)
/// let status = loop.runUntilQuit()   // the app answers q with .quit(status: 0)
/// terminal.close()
/// ```
@MainActor
public final class TerminalRunLoop {
    private let backend: any EventSourceBackend
    private let host: TerminalHost
    private var watches: [ScheduledWork] = []
    private var renderPosted = false
    /// The shortest time between two frames that components ask for (a spinner's glyph, a
    /// timer's tick): 1/60 s. What they change between two frames is drawn together in the
    /// next; input is drawn at once. Zero: every request drawn as soon as the loop is free.
    public var frameInterval: Duration = .nanoseconds(16_666_667)
    /// When the last frame was drawn (the live clock: this loop runs only on the real terminal).
    private var lastFrame: ContinuousClock.Instant?
    private var pendingFrame: ScheduledWork?
    private var quitStatus: Int32?
    /// The `await`ing `runUntilQuit()`, resumed on quit.
    private var waiting: CheckedContinuation<Void, Never>?

    /// Creates a loop for a backend and the host that draws on it.
    public init(backend: any EventSourceBackend, host: TerminalHost) {
        self.backend = backend
        self.host = host
    }

    /// Whether the loop watches its backend (between ``start()`` and ``stop()``).
    public var isRunning: Bool { !watches.isEmpty }

    /// Starts watching input and resizes and draws the first frame, then returns: the main
    /// actor's ``MainLoop`` must be served (by `runUntilQuit()`, `dispatchMain()`,
    /// a run loop, or an `await` that frees the main actor) for anything to happen. Calling it
    /// while running does nothing.
    public func start() {
        guard watches.isEmpty else { return }
        host.onNeedsDisplay = { [weak self] in self?.postRender() }
        let loop = MainLoop.shared
        watches.append(loop.watch(readable: backend.inputDescriptor) { [weak self] in self?.deliverInput() })
        if backend.resizeDescriptor >= 0 {
            watches.append(
                loop.watch(readable: backend.resizeDescriptor) { [weak self] in
                    guard let self else { return }
                    self.backend.applyResize()
                    self.deliverInput()
                }
            )
        }
        host.setNeedsDisplay()
        render()
    }

    /// Starts (see ``start()``), serves ``MainLoop`` on this thread until ``quit(status:)``,
    /// draws the last frame asked for, stops and returns that status. The backend stays open:
    /// close it (or let `TerminalApp` do all of this). It holds the main actor meanwhile: from
    /// async code, `await` the async form.
    public func runUntilQuit() -> Int32 {
        quitStatus = nil
        start()
        MainLoop.shared.run { quitStatus != nil }
        return finish()
    }

    /// Starts (see ``start()``), and returns once the app has quit: the main actor is free
    /// meanwhile. Then draws the last frame asked for and stops; the backend stays open.
    /// Cancelling the task quits with 130, as Ctrl-C does.
    public func runUntilQuit() async -> Int32 {
        quitStatus = nil
        start()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if quitStatus != nil { continuation.resume() } else { waiting = continuation }
            }
        } onCancel: {
            MainLoop.shared.post { [weak self] in self?.quit(status: 130) }
        }
        return finish()
    }

    /// After quit: the frame the last turn asked for (a print and a quit in one turn keep
    /// both), then the watches stop.
    private func finish() -> Int32 {
        host.renderIfNeeded()
        stop()
        return quitStatus ?? 0
    }

    /// Ends `runUntilQuit()` with `status` once the work running now returns.
    public func quit(status: Int32) {
        guard quitStatus == nil else { return }
        quitStatus = status
        if let waiting {
            self.waiting = nil
            waiting.resume()
        }
    }

    /// Starts (see ``start()``) and serves ``MainLoop`` on this thread for good.
    ///
    /// Not `dispatchMain()`: that parks the main thread and drains the main queue on a worker
    /// thread, which blocks SIGINT, SIGTERM and SIGHUP. Served here, the thread that writes
    /// frames is the one those signals interrupt, so a terminal that stopped reading cannot
    /// hold a frame's write, and with it the signal's restore of the terminal.
    public func run() -> Never {
        start()
        while true { MainLoop.shared.run { false } }
    }

    /// Stops watching the backend (it stays open). Safe to call at any time.
    public func stop() {
        for watch in watches { watch.cancel() }
        watches = []
        pendingFrame?.cancel()
        pendingFrame = nil
        renderPosted = false
        host.onNeedsDisplay = nil
    }

    /// Stops, restores the terminal and ends the process with `status`.
    public func exit(status: Int32) -> Never {
        stop()
        backend.close()
        endProcess(status)
    }

    private func deliverInput() {
        host.pumpEvents()
        render()
        // A terminal that went away stays readable for ever: the app ends as SIGHUP would
        // end it (129), rather than waking for nothing at full speed.
        if backend.inputEnded {
            stop()
            host.quit(status: Self.hangUpStatus)
            quit(status: Self.hangUpStatus)
        }
    }

    /// The status an app ends with when its terminal went away: 128 + SIGHUP, as a shell
    /// reports a hung-up program.
    nonisolated public static let hangUpStatus: Int32 = 129

    /// Draws what changed, noting when a frame went out.
    private func render() {
        let before = host.renderCount
        host.renderIfNeeded()
        if host.renderCount != before { lastFrame = .now }
    }

    /// A component asked for a frame: drawn as soon as the loop is free, or — a frame having
    /// gone out less than ``frameInterval`` ago — once that has passed, with whatever else
    /// changed meanwhile. (Eight spinners and a list updated 60 times a second drew half as
    /// many frames again as updates; now one frame an interval: `bench frames`.)
    private func postRender() {
        guard !renderPosted else { return }
        renderPosted = true
        if let last = lastFrame, frameInterval > .zero, last + frameInterval > .now {
            pendingFrame = MainLoop.shared.schedule(at: last + frameInterval) { [weak self] in self?.drawAskedFrame() }
            return
        }
        MainLoop.shared.post { [weak self] in self?.drawAskedFrame() }
    }

    private func drawAskedFrame() {
        renderPosted = false
        pendingFrame = nil
        render()
    }
}

/// `exit(3)`, under a name the loop's own `exit(status:)` does not shadow.
private func endProcess(_ status: Int32) -> Never {
    exit(status)
}
