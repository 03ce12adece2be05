import CommandIndicator
import Foundation
import NcursesTerminal
import ProgramShapes
import Prompts

// A program with a synchronous `main`: `sync-main SHAPE HOW`, HOW one of:
// - `sync`: the synchronous call at the top level;
// - `queue`: the synchronous call in a block on the main queue, served by `dispatchMain()`;
// - `runloop`: the same, served by the main thread's run loop.

let arguments = CommandLine.arguments.dropFirst()
guard let shape = arguments.first.flatMap(Shape.init(rawValue:)), let how = arguments.dropFirst().first,
    ["sync", "queue", "runloop"].contains(how)
else {
    say("usage: sync-main confirm|inline|fullscreen|command|loading sync|queue|runloop")
    exit(2)
}

@MainActor func runShape() -> Never {
    let status: Int32
    switch shape {
    case .confirm:
        let answer = Result { () throws(PromptError) in try ConfirmPrompt("Go on?").ask() }
        let ended = outcome(answer)
        say(ended.line)
        exit(ended.status)
    case .inline:
        status = (try? TerminalApp.run(TickingApp(), inline: 1)) ?? 2
    case .fullscreen:
        status = (try? TerminalApp.run(TickingApp())) ?? 2
    case .command:
        status = commandRunner().run()
    case .loading:
        status = (try? TerminalApp.run(Saving.screen())) ?? 2
    case .spinner:
        say("sync-main: spinner is async only")
        exit(2)
    }
    say("done \(shape) \(status)")
    exit(status)
}

switch how {
case "sync":
    runShape()
case "queue":
    DispatchQueue.main.async { MainActor.assumeIsolated { () -> Void in runShape() } }
    dispatchMain()
default:
    DispatchQueue.main.async { MainActor.assumeIsolated { () -> Void in runShape() } }
    while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
}
