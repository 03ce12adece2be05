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
}

/// The main loop of a full-screen terminal app, on the main dispatch queue: it wakes for
/// input, for a resize, for scheduled work (`LiveScheduler`) and for work posted to the
/// main actor, and renders once after each burst, only if something asked for it. With
/// nothing animating it sleeps: no periodic wake-ups. It runs any ``EventSourceBackend``.
///
/// ```swift
/// let terminal = try NcursesTerminal.open(environment: env)
/// let host = TerminalHost(backend: terminal, root: app)
/// let loop = TerminalRunLoop(backend: terminal, host: host)
/// app.onQuit = { loop.exit(status: 0) }
/// loop.run()
/// ```
@MainActor
public final class TerminalRunLoop {
    private let backend: any EventSourceBackend
    private let host: TerminalHost
    private var sources: [any DispatchSourceProtocol] = []
    private var renderPosted = false

    /// Creates a loop for a backend and the host that draws on it.
    public init(backend: any EventSourceBackend, host: TerminalHost) {
        self.backend = backend
        self.host = host
    }

    /// Whether the loop watches its backend (between ``start()`` and ``stop()``).
    public var isRunning: Bool { !sources.isEmpty }

    /// Starts watching input and resizes and draws the first frame, then returns: the main
    /// queue must be served (by ``run()``, `dispatchMain()` or a run loop) for anything to
    /// happen. Calling it while running does nothing.
    public func start() {
        guard sources.isEmpty else { return }
        host.onNeedsDisplay = { [weak self] in self?.postRender() }
        let input = DispatchSource.makeReadSource(fileDescriptor: backend.inputDescriptor, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.deliverInput() }
        }
        input.resume()
        sources.append(input)
        let resizeFD = backend.resizeDescriptor
        if resizeFD >= 0 {
            let resize = DispatchSource.makeReadSource(fileDescriptor: resizeFD, queue: .main)
            resize.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.backend.applyResize()
                    self.deliverInput()
                }
            }
            resize.resume()
            sources.append(resize)
        }
        host.setNeedsDisplay()
        host.renderIfNeeded()
    }

    /// Starts (see ``start()``), serves the main queue on the main thread until ``quit(status:)``,
    /// stops and returns that status. The backend stays open: close it (or let
    /// `TerminalApp` do all of this).
    public func runUntilQuit() -> Int32 {
        quitStatus = nil
        start()
        while quitStatus == nil { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        stop()
        return quitStatus ?? 0
    }

    /// Ends ``runUntilQuit()`` with `status` once the work running now returns.
    public func quit(status: Int32) {
        guard quitStatus == nil else { return }
        quitStatus = status
        DispatchQueue.main.async {}  // wakes the run loop, which then sees the status
    }

    private var quitStatus: Int32?

    /// Starts (see ``start()``) and serves the main queue for good, on the main thread.
    ///
    /// Not `dispatchMain()`: that parks the main thread and drains the main queue on a worker
    /// thread, which blocks SIGINT, SIGTERM and SIGHUP. Served here, the thread that writes
    /// frames is the one those signals interrupt, so a terminal that stopped reading cannot
    /// hold a frame's write, and with it the signal's restore of the terminal.
    public func run() -> Never {
        start()
        while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    }

    /// Stops watching the backend (it stays open). Safe to call at any time.
    public func stop() {
        for source in sources { source.cancel() }
        sources = []
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
        host.renderIfNeeded()
    }

    private func postRender() {
        guard !renderPosted else { return }
        renderPosted = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.renderPosted = false
                self.host.renderIfNeeded()
            }
        }
    }
}

/// `exit(3)`, under a name the loop's own `exit(status:)` does not shadow.
private func endProcess(_ status: Int32) -> Never {
    exit(status)
}
