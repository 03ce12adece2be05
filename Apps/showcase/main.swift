// The showcase executable: parses the command line and wires the real parts
// (ncurses terminal, live scheduler) or the headless runner. No logic of its own.
import Foundation
import NcursesTerminal
import GifDecoding
import PickerSelection
import ShowcaseKit
import TUICore

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

let command: ShowcaseCommand
do {
    command = try ShowcaseCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("showcase: \(error)\n")
    printError(ShowcaseCommand.shortUsage)
    exit(64)
}

switch command {
case .help:
    print(ShowcaseCommand.usage)
case .version:
    print(ShowcaseCommand.versionText)
case .headless(let paths):
    exit(await HeadlessCommand.run(paths: paths) { print($0) })
case .gif(.play(let path)):
    let image: AnimatedImage
    switch GifCommand.load(path) {
    case .success(let loaded): image = loaded
    case .failure(let failure):
        printError(failure.message)
        exit(failure.status)
    }
    let terminal: NcursesTerminal
    do {
        terminal = try NcursesTerminal.open(environment: ProcessInfo.processInfo.environment)
    } catch {
        printError("showcase: \(error)")
        exit(2)
    }
    let (player, host) = GifPlayerApp.hosted(image: image, name: (path as NSString).lastPathComponent, on: terminal, scheduler: LiveScheduler())
    let loop = TerminalRunLoop(terminal: terminal, host: host)
    player.onQuit = { loop.exit(status: 0) }
    loop.run()
case .run(let runCommand):
    let stream = LineTerminal.standardError
    stream.restoreCursorOnSignals()  // SIGQUIT; SIGINT, SIGTERM and SIGHUP go to the command
    ChildProcessIO.prepareToForwardInterruptions()
    let runner = CommandRunner(
        command: runCommand, output: stream, scheduler: LiveScheduler(),
        standardOutputIsTerminal: LineTerminal(descriptor: STDOUT_FILENO).isTerminal,
        standardOutput: { ChildProcessIO.write($0, to: STDOUT_FILENO) },
        standardError: { ChildProcessIO.write($0, to: STDERR_FILENO) }
    )
    runner.onStarted = { pid, ended in
        ChildProcessIO.forwardInterruptions(to: pid)
        return [ChildProcessIO.watchEnd(of: pid, ended)]
    }
    runner.readAvailable = { ChildProcessIO.readAvailable(from: $0) }
    runner.start { status in exit(status) }
    dispatchMain()
case .gif(let gifCommand):
    exit(GifCommand.run(gifCommand, output: { print($0) }, errors: printError))
case .library(let libraryCommand):
    let status = libraryCommand.run(
        environment: ProcessInfo.processInfo.environment,
        output: { print($0) }, errors: printError, progress: LineTerminal.standardError
    )
    exit(status)
case .interactive(let scene, let libraryPath):
    let environment = ProcessInfo.processInfo.environment
    let terminal: NcursesTerminal
    do {
        terminal = try NcursesTerminal.open(environment: environment)
    } catch {
        printError("showcase: \(error)")
        exit(2)
    }
    let reducedMotion = ReducedMotion.isRequested(in: environment)
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    var network: SceneNetwork?
    var library: PhotoLibrary?
    let (app, host) = ShowcaseApp.hosted(
        on: terminal, scheduler: LiveScheduler(), reducedMotion: reducedMotion,
        timeOfDay: { formatter.string(from: Date()) },
        network: {
            // Started on first use: a real server on 127.0.0.1, reached with URLSession.
            if network == nil { network = try? SceneNetwork.loopback() }
            return network
        },
        library: {
            // Opened on first use; an empty library gets the generated sample.
            if let library { return .success(library) }
            let path = libraryPath ?? PhotoLibrary.defaultPath(environment: environment)
            let result = Result { () throws(PhotoLibraryError) in try PhotoLibrary.openFillingSample(path: path) }
            library = try? result.get()
            return result
        }
    )
    if let scene { app.selectScene(id: scene) }
    let loop = TerminalRunLoop(terminal: terminal, host: host)
    app.onQuit = { loop.exit(status: 0) }
    loop.run()
}
