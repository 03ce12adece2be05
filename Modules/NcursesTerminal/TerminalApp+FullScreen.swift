import Foundation
import TerminalIO
import TerminalRuntime

/// The full-screen forms of ``TerminalIO/TerminalApp``: on an ``NcursesTerminal``.
extension TerminalApp {
    /// The full-screen terminal it runs on (nil for an inline app).
    public var terminal: NcursesTerminal? { backend as? NcursesTerminal }

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

    /// Opens the terminal, runs `root` until it quits, restores the terminal and returns the
    /// status given to `quit(status:)`, leaving the main actor free meanwhile; cancelling the
    /// task quits with 130. Throws, touching nothing, when there is no usable terminal.
    @discardableResult
    public static func run(
        _ root: any View,
        minimumSize: Size = Size(width: 1, height: 1),
        mouse: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(TerminalError) -> Int32 {
        let terminal = try NcursesTerminal.open(environment: environment, mouse: mouse)
        return await run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal)
    }

    /// Runs `root` on a terminal already open until it quits; the terminal is closed then.
    @discardableResult
    public static func run(_ root: any View, on terminal: NcursesTerminal, minimumSize: Size = Size(width: 1, height: 1)) -> Int32 {
        run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal)
    }

    /// Runs a host made by the app (on `terminal`) until it quits; the terminal is closed
    /// then, and what the app printed meanwhile (`HostLink.print`) goes to standard output.
    @discardableResult
    public static func run(_ host: TerminalHost, on terminal: NcursesTerminal) -> Int32 {
        let status = TerminalApp(host: host, backend: terminal, suspend: { terminal.suspend() }).runUntilQuit()
        printAfterEnd(host.takePrinted(), colorDepth: terminal.capabilities.colorDepth)
        return status
    }

    /// Runs a host made by the app (on `terminal`) until it quits, leaving the main actor free
    /// meanwhile; the terminal is closed then, and what the app printed goes to standard output.
    @discardableResult
    public static func run(_ host: TerminalHost, on terminal: NcursesTerminal) async -> Int32 {
        let status = await TerminalApp(host: host, backend: terminal, suspend: { terminal.suspend() }).runUntilQuit()
        printAfterEnd(host.takePrinted(), colorDepth: terminal.capabilities.colorDepth)
        return status
    }
}
