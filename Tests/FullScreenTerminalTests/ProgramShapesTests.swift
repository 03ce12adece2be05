import Foundation
import IndicatorKit
import TerminalIO
import TerminalScreen
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The kit's entry points in the programs people write (`Tests/Programs`): a synchronous
/// `main` calling the blocking forms, and an async `main` that awaits before it uses the kit,
/// calling the async form from the main actor and from a detached task — and the blocking
/// forms where they would hold the main actor, which refuse. Each runs as its own process on
/// a pseudo-terminal, is answered by a typed key, and ends; the screen it leaves is compared
/// whole.
@Suite(.serialized)
struct ProgramShapesTests {
    /// A run of `sync-main` or `async-main` on a pseudo-terminal.
    final class Run {
        let process = Process()
        let pty: PseudoTerminal
        var screen: ScreenModel
        private var fed = 0

        init(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws {
            let size = Size(width: 50, height: 8)
            pty = try PseudoTerminal(size: size)
            screen = ScreenModel(size: size)
            let terminal = FileHandle(fileDescriptor: pty.secondary, closeOnDealloc: false)
            var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            if url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
            process.executableURL = url.appendingPathComponent(program)
            process.arguments = arguments
            process.environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"].merging(environment) { $1 }
            process.standardInput = terminal
            process.standardOutput = terminal
            process.standardError = terminal
            try process.run()
        }

        /// Reads what reached the terminal until `condition` holds for the screen (the
        /// test's time limit is the net).
        func waitFor(_ condition: (ScreenModel) -> Bool) {
            var fed = 0
            _ = pty.output(until: { text in
                self.screen.feed(String(text.dropFirst(fed)))
                fed = text.count
                return condition(self.screen)
            })
        }

        func type(_ text: String) { pty.send(Array(text.utf8)) }

        /// Waits for the process to end and reads the rest of the screen; its status.
        func finish() -> Int32 {
            process.waitUntilExit()
            screen.feed(String(decoding: pty.readAvailable(), as: UTF8.self))
            return process.terminationStatus
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Every way a program here calls an entry point that works: the blocking form at the top
    /// of a synchronous `main`, the async form.
    static let ways: [(program: String, how: String)] = [
        ("sync-main", "sync"), ("async-main", "await"), ("async-main", "detached"),
    ]
    static let wayNames = ways.map { "\($0.program) \($0.how)" }

    static func way(_ name: String) -> (program: String, how: String) { ways[wayNames.firstIndex(of: name)!] }

    static func asks(_ screen: ScreenModel) -> Bool { screen.rows.contains { $0.hasPrefix("? Go on?") } }
    static func ticking(_ screen: ScreenModel) -> Bool { screen.rows.contains("ticks 3+ · q quits") }

    /// Runs `shape` the way `way` names, types `key` once `ready` shows, and waits for the end.
    static func typed(_ key: String, into shape: String, _ way: String, once ready: (ScreenModel) -> Bool) throws -> (status: Int32, run: Run) {
        let (program, how) = Self.way(way)
        let run = try Run(program, [shape, how])
        run.waitFor(ready)
        run.type(key)
        return (run.finish(), run)
    }

    /// Each key typed, the status it ends with and the screen it leaves (every row): Esc and
    /// Ctrl-C end the process (1, 130) once the terminal is restored, the program's own
    /// `done` line never printed.
    static let endings: [String: [(key: String, status: Int32, rows: [String])]] = [
        "confirm": [
            ("n\r", 0, ["✓ Go on? no", "done confirm no"]),
            ("\u{03}", 130, ["? Go on?  Yes   No  (Y/n)"]),
            ("\u{1B}", 1, ["✗ Go on? cancelled"]),
        ],
        "inline": [
            ("q", 0, ["ticks 3+ · q quits", "done inline 0"]),
            ("\u{03}", 130, ["ticks 3+ · q quits"]),
        ],
    ]

    @Test(
        "A prompt is answered by a typed key, an inline app runs its timers and is quit by q; Ctrl-C ends each, the terminal restored",
        .timeLimit(.minutes(1)),
        arguments: ["confirm", "inline"],
        wayNames
    )
    func answeredAndInterrupted(shape: String, way: String) throws {
        for ending in Self.endings[shape]! {
            let (status, run) = try Self.typed(ending.key, into: shape, way, once: shape == "confirm" ? Self.asks : Self.ticking)
            #expect(status == ending.status)
            #expect(run.screen.rows == ending.rows + Array(repeating: "", count: 8 - ending.rows.count))
            Self.expectRestored(run)
        }
    }

    /// A timer set for the far future (2^60 s) while a prompt is asked: the deadline is waited
    /// for in steps (it overflowed a millisecond count and trapped, leaving the terminal raw).
    @Test(.timeLimit(.minutes(1)))
    func aFarOffTimerLeavesABlockingPromptAsItIs() throws {
        let run = try Run("sync-main", ["confirm", "sync"], environment: ["FAR_TIMER": "1"])
        run.waitFor(Self.asks)
        run.type("y")
        #expect(run.finish() == 0)
        #expect(run.screen.rows.prefix(2) == ["✓ Go on? yes", "done confirm yes"])
        Self.expectRestored(run)
    }

    @Test(
        "A program that asks for it goes on after Esc and Ctrl-C: a prompt throws, an app returns 130",
        .timeLimit(.minutes(1)),
        arguments: [
            ("confirm", "\u{03}", Int32(130), ["? Go on?  Yes   No  (Y/n)", "done confirm interrupted"]),
            ("confirm", "\u{1B}", 1, ["✗ Go on? cancelled", "done confirm cancelled"]),
            ("inline", "\u{03}", 130, ["ticks 3+ · q quits", "done inline 130"]),
            ("fullscreen", "\u{03}", 130, ["done fullscreen 130"]),
        ]
    )
    func returnedToTheProgram(shape: String, key: String, expected: Int32, rows: [String]) throws {
        let run = try Run("async-main", [shape, "returns"])
        run.waitFor { shape == "confirm" ? Self.asks($0) : Self.ticking($0) }
        run.type(key)
        #expect(run.finish() == expected)
        #expect(run.screen.rows == rows + Array(repeating: "", count: 8 - rows.count))
        Self.expectRestored(run)
    }

    @Test(
        "A nonisolated async function makes, sets and asks a confirm and a form; Esc ends the form as it ends a prompt",
        .timeLimit(.minutes(1)),
        arguments: [
            ("confirm", "n\r", Int32(0), ["✓ Go on? no", "done confirm no"]),
            ("form", "\r\rAda\r", 0, ["✓ Go on? sure", "✓ Name? Ada", "done form sure Ada"]),
            ("form", "\r\u{1B}", 1, ["✓ Go on? sure", "✗ Name? cancelled"]),
        ]
    )
    func askedFromANonisolatedFunction(shape: String, keys: String, expected: Int32, rows: [String]) throws {
        let run = try Run("async-main", [shape, "nonisolated"])
        run.waitFor(Self.asks)
        run.type(keys)
        #expect(run.finish() == expected)
        #expect(run.screen.rows == rows + Array(repeating: "", count: 8 - rows.count))
        Self.expectRestored(run)
    }

    @Test(
        "A blocking form where it would hold the main actor refuses at once, naming the async form, the terminal untouched",
        .timeLimit(.minutes(1)),
        arguments: ["sync-main queue", "sync-main runloop", "async-main sync", "async-main task"],
        ["confirm", "inline", "fullscreen"]
    )
    func blockingFormsRefuse(way: String, shape: String) throws {
        let parts = way.split(separator: " ").map(String.init)
        let run = try Run(parts[0], [shape, parts[1]])
        #expect(run.finish() == 3)
        let asyncForms = [
            "confirm": "try await prompt.ask()", "inline": "try await TerminalApp.run(view, viewport: .inline(rows: rows))",
            "fullscreen": "try await TerminalApp.run(view)",
        ]
        let asyncForm = asyncForms[shape]!
        let message = "refused: \(TerminalError.wouldBlockMainActor(asyncForm: asyncForm))"
        // The message wraps at the window's edge: compared without its spaces.
        #expect(run.screen.rows.joined().filter { $0 != " " }.hasPrefix(message.filter { $0 != " " }), "\(run.screen.rows)")
        #expect(!run.screen.showsAlternateScreen)
        Self.expectRestored(run)
    }

    @Test(
        "A line printed and a quit in one turn keep the line and the last frame",
        .timeLimit(.minutes(1)),
        arguments: ["sync-main sync", "async-main await"]
    )
    func printAndQuitInOneTurn(way: String) throws {
        let (status, run) = try Self.typed("p", into: "inline", way, once: Self.ticking)
        #expect(status == 0)
        #expect(run.screen.rows.prefix(4) == ["printed", "ticks 3+ · q quits", "done inline 0", ""])
    }

    @Test("A full-screen app runs its timers and is quit by q; Ctrl-C ends the process with 130", .timeLimit(.minutes(1)), arguments: wayNames)
    func fullScreen(way: String) throws {
        for (key, expected) in [("q", Int32(0)), ("\u{03}", 130)] {
            let (status, run) = try Self.typed(key, into: "fullscreen", way) { $0.showsAlternateScreen && Self.ticking($0) }
            #expect(status == expected)
            #expect(!run.screen.showsAlternateScreen)
            #expect(run.screen.rows.prefix(2) == (expected == 0 ? ["done fullscreen 0", ""] : ["", ""]))
            Self.expectRestored(run)
        }
    }

    @Test(
        "A command runs under its spinner to its end",
        .timeLimit(.minutes(1)),
        arguments: ["sync-main sync", "async-main await", "async-main detached"]
    )
    func command(way: String) throws {
        let (program, how) = Self.way(way)
        let run = try Run(program, ["command", how])
        #expect(run.finish() == 0)
        let rows = run.screen.rows
        #expect(rows.prefix(2) == ["started", "finished"] && rows[3...].prefix(2) == ["done command 0", ""], "\(rows)")
        #expect(rows[2].hasPrefix("✓ waiting (0."), "\(rows)")  // its elapsed time varies
    }

    @Test(
        "Cancelling the task of an async form once it runs ends it as Ctrl-C does, the terminal restored",
        .timeLimit(.minutes(1)),
        arguments: ["confirm", "inline", "fullscreen"]
    )
    func cancelled(shape: String) throws {
        let run = try Run("async-main", [shape, "cancel"])
        #expect(run.finish() == 130)
        #expect(run.screen.rows.contains(shape == "confirm" ? "done confirm interrupted" : "done \(shape) 130"), "\(run.screen.rows)")
        #expect(!run.screen.showsAlternateScreen)
        Self.expectRestored(run)
    }

    @Test(
        "The loading overlay's work, a task on the main actor, ends while the app runs",
        .timeLimit(.minutes(1)),
        arguments: ["sync-main sync", "async-main await", "async-main detached"]
    )
    func loading(way: String) throws {
        let (program, how) = Self.way(way)
        let run = try Run(program, ["loading", how])
        run.waitFor { $0.rows.contains { $0.hasPrefix("saved · q quits") } }
        run.type("q")
        #expect(run.finish() == 0)
        #expect(run.screen.rows.prefix(2) == ["done loading 0", ""])
    }

    @Test("Spinners and bars move from any task", .timeLimit(.minutes(1)), arguments: ["async-main await", "async-main detached"])
    func spinner(way: String) throws {
        let (program, how) = Self.way(way)
        let run = try Run(program, ["spinner", how])
        #expect(run.finish() == 0)
        let rows = run.screen.rows
        #expect(rows[0].hasPrefix("✓ spun ("), "\(rows)")
        #expect(rows[1].hasPrefix("counting ██████████") && rows[1].contains("█ 100% 50/50 · "), "a whole bar: \(rows)")
        #expect(rows[2...].prefix(2) == ["done spinner 0", ""], "\(rows)")
    }

    @Test(
        "A prompt or an app whose terminal goes away without a SIGHUP ends with 129 rather than waking for nothing",
        .timeLimit(.minutes(1)),
        arguments: ["confirm", "inline", "fullscreen"]
    )
    func terminalGone(shape: String) throws {
        let run = try Run("sync-main", [shape, "sync"])
        run.waitFor { shape == "confirm" ? Self.asks($0) : Self.ticking($0) }
        run.pty.hangUp()  // the program is not in the terminal's session: no SIGHUP comes
        run.process.waitUntilExit()
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == TerminalRunLoop.hangUpStatus)
    }

    /// The terminal is as the shell left it: echo and lines on, the cursor shown.
    @Test(
        "A signal ends a prompt or an app with the terminal restored and no backtrace: SIGQUIT, which the Swift runtime takes for its own, as SIGTERM",
        .timeLimit(.minutes(1)),
        arguments: ["confirm", "inline", "fullscreen"],
        [SIGQUIT, SIGTERM]
    )
    func endedBySignal(shape: String, signal: Int32) throws {
        let run = try Run("async-main", [shape, "await"])
        run.waitFor(shape == "confirm" ? Self.asks : Self.ticking)
        kill(run.process.processIdentifier, signal)
        #expect(run.finish() == signal)
        #expect(run.process.terminationReason == .uncaughtSignal)
        #expect(!run.screen.rows.joined().contains("Crash"), "no backtrace: \(run.screen.rows)")
        Self.expectRestored(run)
    }

    @Test(
        "A fault while an app runs gives the terminal back, then Swift's crash report shows on it",
        .timeLimit(.minutes(1)),
        arguments: ["inline", "fullscreen"]
    )
    func aFaultGivesTheTerminalBackBeforeTheCrashReport(shape: String) throws {
        let run = try Run("async-main", [shape, "crash"], environment: ["SWIFT_BACKTRACE": "interactive=no,color=no"])
        let status = run.finish()
        #expect(run.process.terminationReason == .uncaughtSignal)
        #expect([SIGILL, SIGTRAP].contains(status), "ended by its trap: \(status)")
        let text = run.screen.rows.joined(separator: "\n")
        #expect(text.contains("Backtrace took"), "the crash report is shown, to its end: \(run.screen.rows)")
        Self.expectRestored(run)
    }

    static func expectRestored(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        var modes = termios()
        tcgetattr(run.pty.secondary, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON), sourceLocation: sourceLocation)
        #expect(run.screen.cursorVisible, sourceLocation: sourceLocation)
    }
}
