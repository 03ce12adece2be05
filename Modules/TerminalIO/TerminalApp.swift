import Foundation
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an app on the real terminal, full-screen or inline (`run(_:inline:ending:mouse:minimumSize:interrupts:environment:)`),
/// and returns once it has quit, the terminal restored, so the code after it runs (print a
/// result, go on with a command line). The main actor stays free while the app runs (its
/// tasks, `Task { @MainActor in … }`, go on), and cancelling the task quits the app with 130:
///
/// ```swift
/// let status = try await TerminalApp.run(MyView(), inline: 8)   // MyView answers q with .quit(status: 0)
/// print("the app ended with", status)
/// ```
///
/// A synchronous `main` calls the blocking form, `runBlocking`, which serves the main queue
/// itself until the app quits; anywhere else it throws at once, naming the async form.
///
/// One call opens the terminal (standard input and output), draws `root` at the window's
/// size (a notice below `minimumSize`, or when the window is too large), delivers keys,
/// mouse, pastes and resizes to it, and draws again whenever something asks: a component
/// given no `onNeedsDisplay` of its own asks the host that drew it (`HostLink`, ViewCore),
/// so nothing needs wiring. Ctrl-C, unless the root view uses it, restores the terminal and
/// ends the process with 130, as SIGINT does (``InterruptPolicy``); Ctrl-Z suspends. Signals
/// restore the terminal as the terminal's own handlers do. Time runs on the live clock. This
/// one call runs either: `viewport: .fullScreen` (the default) or `.inline(rows:ending:)`.
@MainActor
public final class TerminalApp {
    /// The app running now (nil before and after `run`).
    public private(set) static var current: TerminalApp?

    /// The terminal it runs on: a ``FullScreenTerminal`` or an ``InlineTerminal``.
    public let backend: any EventSourceBackend
    /// The host that draws the root view.
    public let host: TerminalHost
    private let loop: TerminalRunLoop
    /// Whether Ctrl-C (not a cancelled task, not a closed terminal) ended it.
    package private(set) var wasInterruptedByKey = false

    /// An app of `host` on `backend`; Ctrl-Z calls `suspend` (the backends' runners make it).
    package init(host: TerminalHost, backend: any EventSourceBackend, suspend: @escaping @MainActor () -> Void) {
        self.backend = backend
        self.host = host
        loop = TerminalRunLoop(backend: backend, host: host)
        let loop = loop
        host.onQuit = { status in loop.quit(status: status) }
        host.onUnhandled = { [weak self] event in
            switch event {
            case .key(.control("c")):
                self?.wasInterruptedByKey = true
                self?.quit(status: 130)  // as a shell reports an interrupted program
            case .key(.control("z")): suspend()
            default: break
            }
        }
    }

    /// Runs `root` inline: below the cursor, in the flow of the terminal (``InlineTerminal``),
    /// in as many rows as it draws on, `rows` at most, until it quits; then the last frame stays with the cursor below
    /// it, or the rows are erased (`ending`), and the status is returned. It draws on standard
    /// output when that is a terminal, else on the controlling terminal (`/dev/tty`), so a
    /// tool's output can go to a pipe while it asks (`vim $(pick *.swift)`). The same view
    /// runs full-screen and under a headless `Pilot` unchanged. `mouse`: clicks, drags and the
    /// wheel in the rows reach the view (the terminal's own selection and scrolling stop while
    /// it runs, so it is off by default). The main actor is free while it runs; cancelling
    /// the task quits with 130.
    ///
    /// ```swift
    /// let status = try await TerminalApp.run(Chooser(items), inline: 8, ending: .clear)
    /// ```
    @available(*, deprecated, message: "use run(_:viewport:…) with viewport: .inline(rows:ending:)")
    @discardableResult
    public static func run(
        _ root: any View,
        inline rows: Int,
        ending: InlineEnding = .keepLastFrame,
        mouse: Bool = false,
        minimumSize: Size = Size(width: 1, height: 1),
        interrupts: InterruptPolicy = .exitProcess,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(TerminalError) -> Int32 {
        try await run(
            root,
            viewport: .inline(rows: rows, ending: ending),
            minimumSize: minimumSize,
            mouse: mouse,
            interrupts: interrupts,
            environment: environment
        )
    }

    /// `run(_:inline:ending:mouse:minimumSize:interrupts:environment:)` for a synchronous
    /// `main`: blocks until the app quits, serving the main queue on the main thread
    /// meanwhile. Elsewhere — in async code, in a block the main queue runs, in another
    /// blocking call — it throws `TerminalError.wouldBlockMainActor(asyncForm:)` at once.
    @available(*, deprecated, message: "use runBlocking(_:viewport:…) with viewport: .inline(rows:ending:)")
    @discardableResult
    public static func runBlocking(
        _ root: any View,
        inline rows: Int,
        ending: InlineEnding = .keepLastFrame,
        mouse: Bool = false,
        minimumSize: Size = Size(width: 1, height: 1),
        interrupts: InterruptPolicy = .exitProcess,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TerminalError) -> Int32 {
        try runBlocking(
            root,
            viewport: .inline(rows: rows, ending: ending),
            minimumSize: minimumSize,
            mouse: mouse,
            interrupts: interrupts,
            environment: environment
        )
    }

    /// Runs `root` on an inline terminal already open until it quits; the terminal is closed then.
    @discardableResult
    public static func run(
        _ root: any View,
        on terminal: InlineTerminal,
        minimumSize: Size = Size(width: 1, height: 1),
        interrupts: InterruptPolicy = .exitProcess
    ) async -> Int32 {
        await run(TerminalHost(backend: terminal, root: root, minimumSize: minimumSize), on: terminal, interrupts: interrupts)
    }

    /// Runs a host made by the app (on an inline `terminal`) until it quits, leaving the main
    /// actor free meanwhile; the terminal is closed then. What the app prints
    /// (`HostLink.print`) goes above its rows as it runs.
    @discardableResult
    public static func run(_ host: TerminalHost, on terminal: InlineTerminal, interrupts: InterruptPolicy = .exitProcess) async -> Int32 {
        let app = TerminalApp(host: host, backend: terminal, suspend: { terminal.suspend() })
        let status = await app.runUntilQuit()
        app.endProcessIfInterrupted(interrupts)
        return status
    }

    /// Runs the app until it quits and closes its terminal; the status it quit with.
    package func runUntilQuit() async -> Int32 {
        let outer = Self.current
        Self.current = self
        defer { Self.current = outer }
        let status = await loop.runUntilQuit()
        backend.close()
        return status
    }

    /// Once the terminal is restored: ends the process with 130 where Ctrl-C ended the app
    /// and `interrupts` leaves that to the kit.
    package func endProcessIfInterrupted(_ interrupts: InterruptPolicy) {
        if wasInterruptedByKey, interrupts == .exitProcess { Self.endProcess(130) }
    }

    /// Runs `body`, an async form, from a synchronous `main` (see `EventLoop.runBlocking`);
    /// throws `TerminalError.wouldBlockMainActor(asyncForm:)` where that cannot be done.
    package static func blocking<T>(asyncForm: String, _ body: @escaping @MainActor () async throws(TerminalError) -> T) throws(TerminalError) -> T {
        let outcome = try EventLoop.runBlocking(asyncForm: asyncForm) { () async -> Result<T, TerminalError> in
            do throws(TerminalError) { return .success(try await body()) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// Ends the process with `status` once the terminal is restored: what the kit does for a
    /// Ctrl-C that the program left to it. Standard output is flushed first.
    package static func endProcess(_ status: Int32) -> Never {
        fflush(nil)  // every stream: what the program printed goes out before it ends
        exit(status)
    }

    /// Ends the app with `status`: `run` returns it once
    /// the terminal is restored. (A view quits through its `HostLink`, which works under a
    /// headless `Pilot` too.)
    public func quit(status: Int32 = 0) {
        host.quit(status: status)
    }

    /// Ends the running app, if there is one (see ``quit(status:)``).
    public static func quit(status: Int32 = 0) {
        current?.quit(status: status)
    }

    /// Prints `text` as a line of the terminal's flow: above an inline app's rows at once, or
    /// once a full-screen app has ended (`HostLink.print` from a view does the same), its
    /// styles kept where the terminal shows colours.
    public func print(_ text: StyledText) {
        host.print(text)
    }

    /// Prints `text` in no style of its own (see `print(_:)`).
    public func print(_ text: String) {
        host.print(text)
    }

    /// What a full-screen app printed, on standard output once it has ended: in colour when
    /// that is the terminal.
    package static func printAfterEnd(_ texts: [StyledText], colorDepth: ColorDepth) {
        let depth = isatty(STDOUT_FILENO) == 1 ? colorDepth : .none
        for text in texts {
            let lines = text.ansiLines(colorDepth: depth)
            for line in lines.count > 1 && lines.last == "" ? lines.dropLast() : lines[...] { Swift.print(line) }
        }
    }
}

/// What Ctrl-C does to an app or a prompt that does not use the key itself, and Esc to a prompt.
public enum InterruptPolicy: Sendable, Equatable {
    /// The terminal is restored and the process ends, as a shell ends an interrupted program:
    /// 130 for Ctrl-C, 1 for Esc at a prompt (gum's statuses). The default: a program that
    /// handles neither never ends in an uncaught error.
    case exitProcess
    /// The call returns: an app with status 130, a prompt by throwing (`PromptError.interrupted`,
    /// `PromptError.cancelled`), for a program that goes on (a menu that goes back, a REPL).
    case returnToProgram
}
