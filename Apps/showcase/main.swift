// The showcase executable: parses the command line and wires the real parts
// (ncurses terminal, live scheduler) or the headless runner. No logic of its own.
import ChildProcess
import CommandIndicator
import Foundation
import GifDecoding
import Indicator
import NcursesTerminal
import PickerSelection
import ShowcaseKit
import TUICore
import TerminalGraphics

/// The command line; words that are not valid UTF-8 reach their files through descriptors.
nonisolated let arguments = RawArguments.fromProcess()

func printError(_ line: String) {
    _ = ChildProcessIO.write(Data((arguments.showing(line) + "\n").utf8), to: STDERR_FILENO)
}

/// Why writing standard output failed, if it did (a full disk, a closed pipe).
var outputFailure: String?

/// Writes a line to standard output, remembering a failure instead of losing it silently.
@MainActor func say(_ line: String) {
    guard outputFailure == nil else { return }
    outputFailure = ChildProcessIO.write(Data((arguments.showing(line) + "\n").utf8), to: STDOUT_FILENO)?.description
}

/// Serves the main queue from the main thread's run loop, for good.
func serveMainQueueForever() -> Never {
    while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
}

/// Ends with `status`, or with 74 and a message when standard output could not be written.
@MainActor func finish(_ status: Int32) -> Never {
    if let outputFailure {
        printError("showcase: cannot write standard output: \(outputFailure)")
        exit(74)
    }
    exit(status)
}

let command: ShowcaseCommand
do {
    command = try ShowcaseCommand.parse(arguments.words)
} catch {
    printError("showcase: \(error.message.sanitizedForTerminal)\n")
    printError(ShowcaseCommand.shortUsage)
    exit(64)
}

switch command {
case .help:
    say(ShowcaseCommand.usage)
    finish(0)
case .commandHelp(let name):
    say(ShowcaseCommand.help(for: name))
    finish(0)
case .version:
    say(ShowcaseCommand.versionText)
    finish(0)
case .headless(let paths, let svg):
    finish(await HeadlessCommand.run(paths: paths, svgDirectory: svg, output: say, errors: printError))
case .gif(.play(let path, let memory, let symbols)):
    let image: AnimatedImage
    switch GifCommand.load(path, memory: memory) {
    case .success(let loaded): image = loaded
    case .failure(let failure):
        printError(failure.message)
        exit(failure.status)
    }
    let terminal: NcursesTerminal
    do {
        terminal = try NcursesTerminal.open(environment: ProcessInfo.processInfo.environment)
    } catch {
        printError("showcase: \(error)" + (error == .notATerminal ? " (`showcase headless` runs the scenes without one)" : ""))
        exit(2)
    }
    let (player, host) = GifPlayerApp.hosted(
        image: image,
        name: (arguments.showing(path) as NSString).lastPathComponent,
        on: terminal,
        scheduler: LiveScheduler(),
        symbols: symbols.resolved(environment: ProcessInfo.processInfo.environment)
    )
    player.onQuit = { TerminalApp.quit(status: 0) }
    player.onSuspend = { terminal.suspend() }
    finish(TerminalApp.run(host, on: terminal))
case .run(let runCommand):
    let stream = LineTerminal.standardError
    stream.restoreCursorOnSignals()  // SIGQUIT; SIGINT, SIGTERM and SIGHUP go to the command
    ChildProcessIO.prepareToForwardInterruptions()
    let runner = CommandRunner(
        arguments: runCommand.command,
        label: runCommand.label,
        style: runCommand.style.flatMap(SpinnerStyle.named) ?? .comet,
        group: ProgressGroup(output: stream),
        standardOutputIsTerminal: LineTerminal(descriptor: STDOUT_FILENO).isTerminal,
        standardOutput: CommandRunner.sink(STDOUT_FILENO),
        standardError: CommandRunner.sink(STDERR_FILENO),
        reducedMotion: ReducedMotion.isRequested(in: ProcessInfo.processInfo.environment),
        showingLastLines: runCommand.lines
    )
    runner.start { status in exit(status) }
    // Not dispatchMain(): it leaves the main thread in a sigsuspend that lets every signal
    // in, and an interruption kept alive there (to pass on to the command) upsets
    // libdispatch. The run loop serves the main queue on a main thread that keeps them out.
    serveMainQueueForever()
case .gif(let gifCommand):
    finish(GifCommand.run(gifCommand, output: say, errors: printError, progress: .standardError))
case .view(let view):
    // The terminal's size when standard output is one (a row left for the prompt), else 80
    // columns and as many rows as the picture needs.
    var window = winsize()
    let onTerminal = isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0
    let columns = view.width ?? (onTerminal ? Int(window.ws_col) : 80)
    let rows = onTerminal ? max(1, Int(window.ws_row) - 1) : columns
    let environment = ProcessInfo.processInfo.environment
    // Pixels where the terminal shows them: asked once (one round trip) unless told.
    let told = view.graphics ?? environment["INDICATORKIT_GRAPHICS"].flatMap { GraphicsProtocol(rawValue: $0.lowercased()) }
    var answers = onTerminal && (told == nil || told != .symbols) ? TerminalQuery.graphics() : nil
    if told == nil, var outside = TerminalQuery.tmux(environment: environment) {
        // Inside tmux: what tmux says of the terminal it runs in (the cell's pixels are tmux's).
        outside.cellPixels = answers?.cellPixels
        outside.windowPixels = answers?.windowPixels
        answers = outside
    }
    let drawing = told ?? GraphicsProbe.choose(answers, environment: environment)
    let cellPixels =
        onTerminal
        ? GraphicsProbe.cellPixels(
            windowPixels: TerminalQuery.windowPixels(),
            cells: Size(width: Int(window.ws_col), height: Int(window.ws_row)),
            answers: answers
        ) : nil
    let status = view.run(
        box: Size(width: columns, height: rows),
        colorDepth: ViewCommand.colorDepth(environment: environment),
        environment: environment,
        drawing: drawing,
        cellPixels: cellPixels,
        sixelColors: GraphicsProbe.sixelColors(answers),
        sixelMaximum: answers?.sixelMaximum,
        kittyAsText: drawing == .kitty && GraphicsProbe.placesKittyImagesAsText(answers, environment: environment),
        throughTmux: GraphicsProbe.isInsideTmux(environment),
        output: { say(String($0.dropLast())) },
        errors: printError
    )
    finish(status)
case .library(let libraryCommand):
    let status = libraryCommand.run(
        environment: ProcessInfo.processInfo.environment,
        output: say,
        errors: printError,
        progress: .standardError
    )
    finish(status)
case .interactive(let scene, let libraryPath, let symbols, let graphics):
    var environment = ProcessInfo.processInfo.environment
    if case .set(let chosen) = symbols { environment["INDICATORKIT_SYMBOLS"] = chosen.rawValue }
    if let graphics { environment["INDICATORKIT_GRAPHICS"] = graphics.rawValue }
    let terminal: NcursesTerminal
    do {
        terminal = try NcursesTerminal.open(environment: environment, measuringWidths: ShowcaseApp.widthSamples)
    } catch {
        printError("showcase: \(error)" + (error == .notATerminal ? " (`showcase headless` runs the scenes without one)" : ""))
        exit(2)
    }
    let reducedMotion = ReducedMotion.isRequested(in: environment)
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    var network: SceneNetwork?
    let (app, host) = ShowcaseApp.hosted(
        on: terminal,
        scheduler: LiveScheduler(),
        reducedMotion: reducedMotion,
        timeOfDay: { formatter.string(from: Date()) },
        network: {
            // Started on first use: a real server on 127.0.0.1, reached with URLSession.
            if network == nil { network = try? SceneNetwork.loopback() }
            return network
        },
        library: ShowcaseApp.libraryOpener(path: libraryPath, environment: environment)  // on first use; an empty one gets the sample
    )
    if let scene { app.selectScene(id: scene) }
    app.onQuit = { TerminalApp.quit(status: 0) }
    app.onSuspend = { terminal.suspend() }
    finish(TerminalApp.run(host, on: terminal))
}
