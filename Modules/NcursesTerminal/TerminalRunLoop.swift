import Dispatch
import TUICore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The main loop of a full-screen terminal app, on the main dispatch queue: it wakes for
/// input, for a resize, for scheduled work (``LiveScheduler``) and for work posted to the
/// main actor, and renders once after each burst, only if something asked for it. With
/// nothing animating it sleeps: no periodic wake-ups.
///
/// ```swift
/// let terminal = try NcursesTerminal.open(environment: env)
/// let host = TerminalHost(backend: terminal, root: app)
/// let loop = TerminalRunLoop(terminal: terminal, host: host)
/// app.onQuit = { loop.exit(status: 0) }
/// loop.run()
/// ```
@MainActor
public final class TerminalRunLoop {
    private let terminal: NcursesTerminal
    private let host: TerminalHost
    private var sources: [any DispatchSourceProtocol] = []
    private var renderPosted = false

    /// Creates a loop for a terminal and the host that draws on it.
    public init(terminal: NcursesTerminal, host: TerminalHost) {
        self.terminal = terminal
        self.host = host
    }

    /// Starts watching input and resizes, draws the first frame, and never returns.
    public func run() -> Never {
        host.onNeedsDisplay = { [weak self] in self?.postRender() }
        let input = DispatchSource.makeReadSource(fileDescriptor: terminal.inputDescriptor, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.deliverInput() }
        }
        input.resume()
        sources.append(input)
        let resizeFD = terminal.resizeDescriptor
        if resizeFD >= 0 {
            let resize = DispatchSource.makeReadSource(fileDescriptor: resizeFD, queue: .main)
            resize.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.terminal.applyResize()
                    self.deliverInput()
                }
            }
            resize.resume()
            sources.append(resize)
        }
        host.setNeedsDisplay()
        host.renderIfNeeded()
        dispatchMain()
    }

    /// Restores the terminal and ends the process with `status`.
    public func exit(status: Int32) -> Never {
        for source in sources { source.cancel() }
        terminal.close()
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
