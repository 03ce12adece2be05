import Foundation
import TerminalRuntime

/// Runs a full-screen app on the real terminal and returns once it has quit, the terminal
/// restored, so the code after it runs (print a result, go on with a command line):
///
/// ```swift
/// let status = try TerminalApp.run(MyView())   // MyView answers q with .quit(status: 0)
/// print("the app ended with", status)
/// ```
///
/// One call opens the terminal (standard input and output), draws `root` at the window's
/// size (a notice below `minimumSize`, or when the window is too large), delivers keys,
/// mouse, pastes and resizes to it, and draws again whenever something asks: a component
/// given no `onNeedsDisplay` of its own asks the host that drew it (`HostLink`, ViewCore),
/// so nothing needs wiring. Ctrl-C quits with status 130 and Ctrl-Z suspends, unless the
/// root view uses those keys itself; signals restore the terminal as ``NcursesTerminal``
/// does. Time runs on the live clock.
@MainActor
public final class TerminalApp {
    /// The app running now (nil before and after ``run(_:minimumSize:mouse:environment:)``).
    public private(set) static var current: TerminalApp?

    /// The terminal it runs on.
    public let terminal: NcursesTerminal
    /// The host that draws the root view.
    public let host: TerminalHost
    private let loop: TerminalRunLoop

    private init(host: TerminalHost, terminal: NcursesTerminal) {
        self.terminal = terminal
        self.host = host
        loop = TerminalRunLoop(backend: terminal, host: host)
        let loop = loop
        host.onQuit = { status in loop.quit(status: status) }
        host.onUnhandled = { [weak self] event in
            switch event {
            case .key(.control("c")): self?.quit(status: 130)  // as a shell reports an interrupted program
            case .key(.control("z")): self?.terminal.suspend()
            default: break
            }
        }
    }

    /// Opens the terminal, runs `root` until it quits, restores the terminal and returns
    /// the status given to `quit(status:)`. Throws, touching nothing, when there is no
    /// usable terminal (the error says what to do).
    @discardableResult
    public static func run(
        _ root: any View,
        minimumSize: Size = Size(width: 1, height: 1),
        mouse: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TerminalError) -> Int32 {
        let terminal = try NcursesTerminal.open(environment: environment, mouse: mouse)
        return run(root, on: terminal, minimumSize: minimumSize)
    }

    /// Runs `root` on a terminal already open until it quits; the terminal is closed then.
    @discardableResult
    public static func run(_ root: any View, on terminal: NcursesTerminal, minimumSize: Size = Size(width: 1, height: 1)) -> Int32 {
        run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal)
    }

    /// Runs a host made by the app (on `terminal`) until it quits; the terminal is closed then.
    @discardableResult
    public static func run(_ host: TerminalHost, on terminal: NcursesTerminal) -> Int32 {
        let app = TerminalApp(host: host, terminal: terminal)
        let outer = current
        current = app
        defer { current = outer }
        let status = app.loop.runUntilQuit()
        terminal.close()
        return status
    }

    /// Ends the app with `status`: ``run(_:minimumSize:mouse:environment:)`` returns it once
    /// the terminal is restored. (A view quits through its `HostLink`, which works under a
    /// headless `Pilot` too.)
    public func quit(status: Int32 = 0) {
        host.quit(status: status)
    }

    /// Ends the running app, if there is one (see ``quit(status:)``).
    public static func quit(status: Int32 = 0) {
        current?.quit(status: status)
    }
}
