import Foundation
import TerminalIO
import TerminalRuntime

/// The full-screen forms of ``TerminalIO/TerminalApp``: on an ``NcursesTerminal``.
extension TerminalApp {
    /// The full-screen terminal it runs on (nil for an inline app).
    public var terminal: NcursesTerminal? { backend as? NcursesTerminal }

    /// Opens the terminal, runs `root` until it quits, restores the terminal and returns the
    /// status given to `quit(status:)`, leaving the main actor free meanwhile; cancelling the
    /// task quits with 130. Throws, touching nothing, when there is no usable terminal (the
    /// error says what to do). Ctrl-C, unless the view uses it, ends the process with 130
    /// once the terminal is restored (`interrupts`).
    ///
    /// ```swift
    /// let status = try await TerminalApp.run(MyView())
    /// ```
    @discardableResult
    public static func run(
        _ root: any View,
        minimumSize: Size = Size(width: 1, height: 1),
        mouse: Bool = true,
        interrupts: InterruptPolicy = .exitProcess,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(TerminalError) -> Int32 {
        let terminal = try NcursesTerminal.open(environment: environment, mouse: mouse)
        return await run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal, interrupts: interrupts)
    }

    /// `run(_:minimumSize:mouse:interrupts:environment:)` for a synchronous `main`: blocks
    /// until the app quits, serving the main queue on the main thread meanwhile. Elsewhere —
    /// in async code, in a block the main queue runs, in another blocking call — it throws
    /// `TerminalError.wouldBlockMainActor` at once.
    @discardableResult
    public static func runBlocking(
        _ root: any View,
        minimumSize: Size = Size(width: 1, height: 1),
        mouse: Bool = true,
        interrupts: InterruptPolicy = .exitProcess,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TerminalError) -> Int32 {
        try blocking(asyncForm: "try await TerminalApp.run(view)") { () async throws(TerminalError) -> Int32 in
            try await run(root, minimumSize: minimumSize, mouse: mouse, interrupts: interrupts, environment: environment)
        }
    }

    /// Runs `root` on a terminal already open until it quits; the terminal is closed then.
    @discardableResult
    public static func run(
        _ root: any View,
        on terminal: NcursesTerminal,
        minimumSize: Size = Size(width: 1, height: 1),
        interrupts: InterruptPolicy = .exitProcess
    ) async -> Int32 {
        await run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal, interrupts: interrupts)
    }

    /// Runs a host made by the app (on `terminal`) until it quits, leaving the main actor free
    /// meanwhile; the terminal is closed then, and what the app printed goes to standard output.
    @discardableResult
    public static func run(_ host: TerminalHost, on terminal: NcursesTerminal, interrupts: InterruptPolicy = .exitProcess) async -> Int32 {
        let app = TerminalApp(host: host, backend: terminal, suspend: { terminal.suspend() })
        let status = await app.runUntilQuit()
        printAfterEnd(host.takePrinted(), colorDepth: terminal.capabilities.colorDepth)
        app.endProcessIfInterrupted(interrupts)
        return status
    }
}
