import Foundation
import TerminalRuntime

extension TerminalApp {
    /// Where an app draws on the terminal, as ratatui's `Viewport`: one call runs either
    /// (`TerminalApp.run(_:viewport:…)`), and the same view runs in both unchanged. (Widgets'
    /// `Viewport` is another thing: a view that scrolls text.)
    public enum Viewport: Sendable, Equatable {
        /// The whole window, on the terminal's alternate screen; the shell's screen comes back
        /// as it was when the app ends (``FullScreenTerminal``).
        case fullScreen
        /// Below the cursor, in the flow of the terminal: as many rows as the view draws on,
        /// `rows` at most; when the app ends its last frame stays, the cursor below it, or its
        /// rows are erased (`ending`) (``InlineTerminal``).
        case inline(rows: Int, ending: InlineEnding = .keepLastFrame)
    }
}

extension TerminalApp {
    /// The full-screen terminal it runs on (nil for an inline app).
    public var terminal: FullScreenTerminal? { backend as? FullScreenTerminal }

    /// Opens the terminal, runs `root` until it quits, restores the terminal and returns the
    /// status given to `quit(status:)`, leaving the main actor free meanwhile; cancelling the
    /// task quits with 130. Throws, touching nothing, when there is no usable terminal (the
    /// error says what to do). Ctrl-C, unless the view uses it, ends the process with 130
    /// once the terminal is restored (`interrupts`).
    ///
    /// `viewport`: the whole window (the default), or rows below the cursor
    /// (`.inline(rows: 8)`), drawn on standard output when it is a terminal, else on the
    /// controlling terminal, so a tool's output can go to a pipe while it asks.
    /// `mouse`: clicks, drags and the wheel reach the view; nil takes the mouse full screen
    /// and leaves it inline (there the terminal's own selection and scrolling would stop).
    ///
    /// ```swift
    /// let status = try await TerminalApp.run(MyView())
    /// let picked = try await TerminalApp.run(Chooser(items), viewport: .inline(rows: 8, ending: .clear))
    /// ```
    @discardableResult
    public static func run(
        _ root: any View,
        viewport: Viewport = .fullScreen,
        minimumSize: Size = Size(width: 1, height: 1),
        mouse: Bool? = nil,
        interrupts: InterruptPolicy = .exitProcess,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(TerminalError) -> Int32 {
        switch viewport {
        case .fullScreen:
            let terminal = try FullScreenTerminal.open(environment: environment, mouse: mouse ?? true)
            return await run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal, interrupts: interrupts)
        case .inline(let rows, let ending):
            let terminal = try InlineTerminal.openForTool(rows: rows, ending: ending, environment: environment, mouse: mouse ?? false)
            return await run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal, interrupts: interrupts)
        }
    }

    /// `run(_:viewport:minimumSize:mouse:interrupts:environment:)` for a synchronous `main`:
    /// blocks until the app quits, serving the main queue on the main thread meanwhile.
    /// Elsewhere — in async code, in a block the main queue runs, in another blocking call —
    /// it throws `TerminalError.wouldBlockMainActor(asyncForm:)` at once.
    @discardableResult
    public static func runBlocking(
        _ root: any View,
        viewport: Viewport = .fullScreen,
        minimumSize: Size = Size(width: 1, height: 1),
        mouse: Bool? = nil,
        interrupts: InterruptPolicy = .exitProcess,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TerminalError) -> Int32 {
        let asyncForm = viewport == .fullScreen ? "try await TerminalApp.run(view)" : "try await TerminalApp.run(view, viewport: .inline(rows: rows))"
        return try blocking(asyncForm: asyncForm) { () async throws(TerminalError) -> Int32 in
            try await run(root, viewport: viewport, minimumSize: minimumSize, mouse: mouse, interrupts: interrupts, environment: environment)
        }
    }

    /// Runs `root` on a full-screen terminal already open until it quits; the terminal is closed then.
    @discardableResult
    public static func run(
        _ root: any View,
        on terminal: FullScreenTerminal,
        minimumSize: Size = Size(width: 1, height: 1),
        interrupts: InterruptPolicy = .exitProcess
    ) async -> Int32 {
        await run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal, interrupts: interrupts)
    }

    /// Runs a host made by the app (on `terminal`) until it quits, leaving the main actor free
    /// meanwhile; the terminal is closed then, and what the app printed goes to standard output.
    @discardableResult
    public static func run(_ host: TerminalHost, on terminal: FullScreenTerminal, interrupts: InterruptPolicy = .exitProcess) async -> Int32 {
        let app = TerminalApp(host: host, backend: terminal, suspend: { terminal.suspend() })
        let status = await app.runUntilQuit()
        printAfterEnd(host.takePrinted(), colorDepth: terminal.capabilities.colorDepth)
        app.endProcessIfInterrupted(interrupts)
        return status
    }
}
