import CommandIndicator
import Foundation
import ProgramShapes
import Prompts
import TerminalIO

// A program with a synchronous `main`: `sync-main SHAPE HOW`, HOW one of:
// - `sync`: the blocking form at the top level, which serves the main queue itself;
// - `queue`: the blocking form in a block on the main queue, served by `dispatchMain()`
//   (off the main thread: refused, naming the async form);
// - `runloop`: the same, served by the main thread's run loop (inside a block the main queue
//   runs: refused).

let arguments = CommandLine.arguments.dropFirst()
guard let shape = arguments.first.flatMap(Shape.init(rawValue:)), let how = arguments.dropFirst().first,
    ["sync", "queue", "runloop"].contains(how)
else {
    say("usage: sync-main confirm|inline|fullscreen|command|loading sync|queue|runloop")
    exit(2)
}

// `FAR_TIMER=1`: a timer the program set for the far future (2^60 s) waits while it asks.
if ProcessInfo.processInfo.environment["FAR_TIMER"] != nil { LiveScheduler().schedule(after: .seconds(1 << 60)) {} }

@MainActor func runShape() -> Never {
    let status: Int32
    do {
        switch shape {
        case .confirm:
            let answer = Result { () throws(PromptError) in try ConfirmPrompt("Go on?").askBlocking() }
            if case .failure(.noTerminal(let error)) = answer { throw error }
            let ended = outcome(answer)
            say(ended.line)
            exit(ended.status)
        case .inline:
            status = try TerminalApp.runBlocking(TickingApp(), viewport: .inline(rows: 1))
        case .fullscreen:
            status = try TerminalApp.runBlocking(TickingApp())
        case .command:
            status = try commandRunner().runBlocking()
        case .loading:
            status = try TerminalApp.runBlocking(Saving.screen())
        case .spinner, .form:
            say("sync-main: \(shape) is async only here")
            exit(2)
        }
    } catch {
        refused(error)
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
