import CommandIndicator
import Foundation
import Indicator
import IndicatorKit
import Loading
import Prompts
import TerminalIO

#if canImport(Glibc)
import Glibc
#endif

/// The kit's entry points as the programs people write call them, one process a run: the
/// tests start `sync-main` and `async-main` on a pseudo-terminal, type, and read the screen.
/// Each names what it runs (a prompt, an inline app, a full-screen app, a command, a
/// spinner) and prints how it ended, `done …`.

/// An app whose line counts the ticks of a live timer: the timers run (`ticks 3` shows),
/// keys arrive (`q` quits with 0), and the line a key prints comes above it.
@MainActor
public final class TickingApp: View {
    private let scheduler = LiveScheduler()
    private var timer: ScheduledWork?
    private var host = HostLink()
    public private(set) var ticks = 0

    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        if timer == nil {
            timer = scheduler.scheduleRepeating(every: .milliseconds(20)) { [weak self] in
                guard let self else { return }
                self.ticks += 1
                self.host.request(nil)
            }
        }
        canvas.draw("ticks \(min(ticks, 3))\(ticks >= 3 ? "+" : "") · q quits", at: rect.origin, clip: rect)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.character("q")):
            timer?.cancel()
            return .quit(status: 0)
        case .key(.character("p")):
            host.print("printed")  // a print and a quit in one turn: both stay
            timer?.cancel()
            return .quit(status: 0)
        default:
            return .ignored
        }
    }
}

/// What a run of a program does.
public enum Shape: String, CaseIterable, Sendable {
    case confirm, form, inline, fullscreen, command, spinner, loading
}

/// A screen that saves under the loading overlay as it opens (a task on the main actor, as
/// an app's request is): `saved` once the work is done; q quits.
@MainActor
public final class Saving: View {
    private let center = LoadingCenter(clock: LiveScheduler())
    private var started = false
    private var saved = false
    private var host = HostLink()

    /// The screen to run: the overlay goes on it.
    public static func screen() -> Screen {
        let body = Saving()
        let screen = Screen(title: "Saving", content: body)
        body.center.root = screen
        body.center.presentation = .compact
        return screen
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        if !started {
            started = true
            Task { @MainActor in
                try await self.center.track("Saving") { try await Task.sleep(for: .milliseconds(300)) }
                self.saved = true
                self.host.request(nil)
            }
        }
        canvas.draw(saved ? "saved · q quits" : "saving", at: rect.origin, clip: rect)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        if case .key(.character("q")) = event { return .quit(status: 0) }
        return .ignored
    }
}

/// Prints `line` and a newline on standard output.
public func say(_ line: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))  // the terminal may be gone
}

/// How a question ended, as the programs print it.
public func outcome(_ answer: Result<Bool, PromptError>) -> (line: String, status: Int32) {
    switch answer {
    case .success(let yes): ("done confirm \(yes ? "yes" : "no")", 0)
    case .failure(.interrupted): ("done confirm interrupted", 130)
    case .failure(let error): ("done confirm \(error)", 1)
    }
}

/// A command that prints a line, works a moment and prints another.
@MainActor
public func commandRunner() -> CommandRunner {
    CommandRunner(
        arguments: ["sh", "-c", "echo started; sleep 0.2; echo finished"],
        label: "waiting",
        standardOutputIsTerminal: true,
        standardOutput: CommandRunner.sink(STDOUT_FILENO),
        standardError: CommandRunner.sink(STDERR_FILENO)
    )
}

/// A spinner and a bar moved from another thread until the work is done.
public func spinAndCount() async {
    let spinner = Spinner("spinning")
    let bar = ProgressBar(total: 50, message: "counting")
    await Task.detached {
        for _ in 0..<50 {
            bar.inc()
            try? await Task.sleep(for: .milliseconds(4))
        }
    }.value
    bar.finish()
    spinner.succeed("spun")
}

/// A blocking form refused where it would hold the main actor: says why and ends with 3.
public func refused(_ error: any Error) -> Never {
    say("refused: \(error)")
    exit(3)
}
