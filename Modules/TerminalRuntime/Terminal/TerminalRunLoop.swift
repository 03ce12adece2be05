import Dispatch
import Foundation
import Motion

/// A ``TerminalBackend`` the run loop can wait on: a descriptor that becomes readable when
/// input arrives, and one that does when the size may have changed. TerminalIO's FullScreenTerminal is one;
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

/// The loop of a terminal app, on ``EventLoop``: it wakes for input, for a resize, for
/// scheduled work (`LiveScheduler`) and for work posted to the main actor, and renders once
/// after each burst, only if something asked for it. With nothing animating it sleeps: no
/// periodic wake-ups. It runs any ``EventSourceBackend``, full-screen or inline; `TerminalApp`
/// is how a program runs one. On a backend it cannot watch (a headless terminal) and a
/// virtual clock it is a test's loop: `Pilot` hands it input (``deliverInput()``) and its
/// frames are paced on the virtual clock, as the real terminal's are on the live one.
@MainActor
package final class TerminalRunLoop {
    private let backend: any TerminalBackend
    private let host: TerminalHost
    /// The clock frames are paced by (the live one for a real terminal).
    private let clock: any Scheduler
    private var watches: [ScheduledWork] = []
    private var renderPosted = false
    /// The shortest time between two frames that components ask for (a spinner's glyph, a
    /// timer's tick): 1/60 s. What they change between two frames is drawn together in the
    /// next; input is drawn at once. Zero: every request drawn as soon as the loop is free.
    package var frameInterval: Duration = .nanoseconds(16_666_667)
    /// When the last frame was drawn, by ``clock``.
    private var lastFrame: Duration?
    private var pendingFrame: ScheduledWork?
    private var quitStatus: Int32?
    /// The `await`ing `runUntilQuit()`, resumed on quit.
    private var waiting: CheckedContinuation<Void, Never>?

    /// Whether ``start()`` was called and ``stop()`` not since.
    private var started = false

    /// Creates a loop for a backend and the host that draws on it; frames are paced by
    /// `clock`. An ``EventSourceBackend`` is watched for input and resizes; another backend is
    /// handed its input by whoever feeds it (``deliverInput()``).
    package init(backend: any TerminalBackend, host: TerminalHost, clock: any Scheduler = LiveScheduler()) {
        self.backend = backend
        self.host = host
        self.clock = clock
    }

    /// Whether the loop runs (between ``start()`` and ``stop()``).
    package var isRunning: Bool { started }

    /// Starts watching input and resizes and draws the first frame, then returns: the main
    /// queue must be served for anything to happen. Calling it while running does nothing.
    package func start() {
        guard !started else { return }
        started = true
        host.onNeedsDisplay = { [weak self] in self?.postRender() }
        if let backend = backend as? any EventSourceBackend {
            watches.append(EventLoop.watch(readable: backend.inputDescriptor) { [weak self] in self?.deliverInput() })
            if backend.resizeDescriptor >= 0 {
                watches.append(
                    EventLoop.watch(readable: backend.resizeDescriptor) { [weak self] in
                        guard let self else { return }
                        backend.applyResize()
                        self.deliverInput()
                    }
                )
            }
        }
        host.setNeedsDisplay()
        render()
    }

    /// Starts (see ``start()``), and returns once the app has quit: the main actor is free
    /// meanwhile. Then draws the last frame asked for and stops; the backend stays open.
    /// Cancelling the task quits with 130, as Ctrl-C does.
    package func runUntilQuit() async -> Int32 {
        quitStatus = nil
        start()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if quitStatus != nil { continuation.resume() } else { waiting = continuation }
            }
        } onCancel: {
            EventLoop.post { [weak self] in self?.quit(status: 130) }
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
    package func quit(status: Int32) {
        guard quitStatus == nil else { return }
        quitStatus = status
        if let waiting {
            self.waiting = nil
            waiting.resume()
        }
    }

    /// Stops watching the backend (it stays open). Safe to call at any time.
    package func stop() {
        started = false
        for watch in watches { watch.cancel() }
        watches = []
        pendingFrame?.cancel()
        pendingFrame = nil
        renderPosted = false
        host.onNeedsDisplay = nil
    }

    /// Gives the backend's input to the view and draws at once: input is never held back a frame.
    package func deliverInput() {
        host.pumpEvents()
        render()
        // A terminal that went away stays readable for ever: the app ends as SIGHUP would
        // end it (129), rather than waking for nothing at full speed.
        if let backend = backend as? any EventSourceBackend, backend.inputEnded {
            stop()
            host.quit(status: Self.hangUpStatus)
            quit(status: Self.hangUpStatus)
        }
    }

    /// The status an app ends with when its terminal went away: 128 + SIGHUP, as a shell
    /// reports a hung-up program.
    nonisolated package static let hangUpStatus: Int32 = 129

    /// Draws a frame now, asked for or not (a test's pilot keeps its screen current so), in
    /// place of any frame waiting for its interval.
    package func drawNow() {
        host.setNeedsDisplay()
        render()
    }

    /// Draws what changed, noting when a frame went out.
    private func render() {
        let before = host.renderCount
        host.renderIfNeeded()
        guard host.renderCount != before else { return }
        lastFrame = clock.now
        // A frame asked for and not drawn yet is in this one.
        pendingFrame?.cancel()
        pendingFrame = nil
        renderPosted = false
    }

    /// A component asked for a frame: drawn as soon as the loop is free, or — a frame having
    /// gone out less than ``frameInterval`` ago — once that has passed, with whatever else
    /// changed meanwhile. (Eight spinners and a list updated 60 times a second drew half as
    /// many frames again as updates; now one frame an interval: `bench frames`.)
    private func postRender() {
        guard !renderPosted else { return }
        renderPosted = true
        if let last = lastFrame, frameInterval > .zero, last + frameInterval > clock.now {
            pendingFrame = clock.schedule(after: last + frameInterval - clock.now) { [weak self] in self?.drawAskedFrame() }
        } else if clock is LiveScheduler {
            EventLoop.post { [weak self] in self?.drawAskedFrame() }
        } else {
            pendingFrame = clock.schedule(after: .zero) { [weak self] in self?.drawAskedFrame() }
        }
    }

    private func drawAskedFrame() {
        renderPosted = false
        pendingFrame = nil
        render()
    }
}
