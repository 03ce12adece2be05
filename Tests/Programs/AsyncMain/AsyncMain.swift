import CommandIndicator
import Foundation
import ProgramShapes
import Prompts
import TerminalIO

/// A program written as Swift programs are today: an async `main` that awaits before it uses
/// the kit. `async-main SHAPE HOW`, HOW one of:
/// - `sync`: the blocking form, inside `MainActor.run { … }` after an await (refused: it would
///   hold the main actor, which an async `main` runs on a worker thread);
/// - `await`: the async form;
/// - `task`: the blocking form in a `Task` on the main actor (refused too);
/// - `detached`: the async form from a detached task;
/// - `nonisolated`: a nonisolated async function (the shape of `AsyncParsableCommand.run()`)
///   makes, sets and asks the prompt or form;
/// - `returns`: the async form asked to return on Esc and Ctrl-C (`.returnToProgram`);
/// - `cancel`: the async form in a task cancelled once it runs (it ends as Ctrl-C does);
/// - `crash`: the program traps while the app runs (inline and fullscreen).
@main
struct AsyncMain {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let shape = arguments.first.flatMap(Shape.init(rawValue:)), let how = arguments.dropFirst().first else {
            say("usage: async-main confirm|form|inline|fullscreen|command|spinner|loading sync|await|task|detached|nonisolated|returns|cancel|crash")
            exit(2)
        }
        try await Task.sleep(for: .milliseconds(20))  // as a network call would: the main actor is now a queue's
        let status: Int32
        switch (shape, how) {
        case (.confirm, "sync"):
            let answer = await MainActor.run { Result { () throws(PromptError) in try ConfirmPrompt("Go on?").askBlocking() } }
            if case .failure(.noTerminal(let error)) = answer { refused(error) }
            status = report(outcome(answer))
        case (.confirm, "await"):
            let answer: Result<Bool, PromptError>
            do throws(PromptError) { answer = .success(try await ConfirmPrompt("Go on?").ask()) } catch { answer = .failure(error) }
            status = report(outcome(answer))
        case (.confirm, "task"):
            let answer = await Task { @MainActor in Result { () throws(PromptError) in try ConfirmPrompt("Go on?").askBlocking() } }.value
            if case .failure(.noTerminal(let error)) = answer { refused(error) }
            status = report(outcome(answer))
        case (.confirm, "returns"):
            let answer: Result<Bool, PromptError>
            do throws(PromptError) { answer = .success(try await ConfirmPrompt("Go on?").ask(interrupts: .returnToProgram)) } catch {
                answer = .failure(error)
            }
            status = report(outcome(answer))
        case (.confirm, "detached"):
            let answer = await Task.detached { await askElsewhere() }.value
            status = report(outcome(answer))
        case (.confirm, "nonisolated"):
            status = report(outcome(await askElsewhere()))
        case (.form, "nonisolated"):
            status = report(await fillInFormElsewhere())
        case (.confirm, "cancel"):
            let asking = Task { @MainActor () -> Result<Bool, PromptError> in
                do throws(PromptError) { return .success(try await ConfirmPrompt("Go on?").ask()) } catch { return .failure(error) }
            }
            await untilRunning()
            asking.cancel()
            status = report(outcome(await asking.value))
        case (.inline, "returns"):
            status = try await TerminalApp.run(TickingApp(), viewport: .inline(rows: 1), interrupts: .returnToProgram)
        case (.fullscreen, "returns"):
            status = try await TerminalApp.run(TickingApp(), interrupts: .returnToProgram)
        case (.inline, "cancel"):
            let running = Task { try await TerminalApp.run(TickingApp(), viewport: .inline(rows: 1)) }
            await untilRunning()
            running.cancel()
            status = try await running.value
        case (.fullscreen, "cancel"):
            let running = Task { try await TerminalApp.run(TickingApp()) }
            await untilRunning()
            running.cancel()
            status = try await running.value
        case (.inline, "sync"):
            do { status = try await MainActor.run { try TerminalApp.runBlocking(TickingApp(), viewport: .inline(rows: 1)) } } catch { refused(error) }
        case (.inline, "await"):
            status = try await TerminalApp.run(TickingApp(), viewport: .inline(rows: 1))
        case (.inline, "task"):
            do { status = try await Task { @MainActor in try TerminalApp.runBlocking(TickingApp(), viewport: .inline(rows: 1)) }.value } catch {
                refused(error)
            }
        case (.inline, "detached"):
            status = try await Task.detached { try await TerminalApp.run(TickingApp(), viewport: .inline(rows: 1)) }.value
        case (.fullscreen, "sync"):
            do { status = try await MainActor.run { try TerminalApp.runBlocking(TickingApp()) } } catch { refused(error) }
        case (.fullscreen, "await"):
            status = try await TerminalApp.run(TickingApp())
        case (.inline, "crash"), (.fullscreen, "crash"):
            // A fault (a trap: Swift's fatalError) once the app holds the terminal.
            let running = Task { try await TerminalApp.run(TickingApp(), viewport: shape == .inline ? .inline(rows: 1) : .fullScreen) }
            await untilRunning()
            _ = running
            fatalError("a fault while the app runs")
        case (.fullscreen, "task"):
            do { status = try await Task { @MainActor in try TerminalApp.runBlocking(TickingApp()) }.value } catch { refused(error) }
        case (.fullscreen, "detached"):
            status = try await Task.detached { try await TerminalApp.run(TickingApp()) }.value
        case (.command, "sync"):
            do { status = try await MainActor.run { try commandRunner().runBlocking() } } catch { refused(error) }
        case (.command, "await"):
            status = await commandRunner().run()
        case (.command, "detached"):
            status = await Task.detached { await commandRunner().run() }.value
        case (.loading, "await"):
            status = try await TerminalApp.run(Saving.screen())
        case (.loading, "detached"):
            status = try await Task.detached { try await TerminalApp.run(Saving.screen()) }.value
        case (.spinner, "await"):
            await spinAndCount()
            status = 0
        case (.spinner, "detached"):
            await Task.detached { await spinAndCount() }.value
            status = 0
        default:
            say("async-main: no \(how) for \(shape)")
            exit(2)
        }
        if shape != .confirm, shape != .form { say("done \(shape) \(status)") }
        exit(status)
    }

    static func report(_ outcome: (line: String, status: Int32)) -> Int32 {
        say(outcome.line)
        return outcome.status
    }
}

/// Returns once an app (a prompt is one) runs: the main actor is free while it does, so
/// yielding lets it start.
@MainActor
func untilRunning() async {
    while TerminalApp.current == nil { await Task.yield() }
}

/// The async question made, set and asked from off the main actor.
nonisolated func askElsewhere() async -> Result<Bool, PromptError> {
    let prompt = ConfirmPrompt("Go on?")
    prompt.theme = .standard
    do throws(PromptError) { return .success(try await prompt.ask()) } catch { return .failure(error) }
}

/// A form made, set and asked from off the main actor: a question, then a name that must
/// not be empty; `done form ANSWER NAME`.
nonisolated func fillInFormElsewhere() async -> (line: String, status: Int32) {
    let sure = ConfirmPrompt("Go on?")
    sure.affirmative = "Sure"
    let name = TextPrompt("Name?", placeholder: "who you are")
    name.description = "as the log shows it"
    name.validate = { $0.isEmpty ? "a name, please" : nil }
    do throws(PromptError) {
        try await Form(sure, name).ask()
        let answers = await (sure.answer, name.answer)
        return ("done form \(answers.0 == true ? "sure" : "no") \(answers.1 ?? "")", 0)
    } catch {
        return ("done form \(error)", 1)
    }
}
