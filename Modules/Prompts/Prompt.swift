import Foundation
import TerminalIO
import TerminalRuntime
import Widgets

/// A question asked in a few rows of the terminal, answered with keys: a view (so a `Pilot`
/// drives it headless like any other) that knows its answer once it has one.
///
/// ```swift
/// let fruit = try await ChoicePrompt("Fruit?", choices: ["apples", "pears", "plums"]).ask().first
/// let sure = try await ConfirmPrompt("Delete 3 files?").ask()
/// let name = try await TextPrompt("Name:", placeholder: "your name").ask()
/// ```
///
/// Each answers Enter with its answer and Esc by cancelling (see `ask(interrupts:environment:)`); once answered it is drawn as one
/// line (`✓ Fruit? pears`) that stays in the terminal's flow, as the question and answer a
/// shell session keeps.
@MainActor
public protocol Prompt: View {
    /// What it asks for.
    associatedtype Answer
    /// The answer, once given; nil before and when cancelled.
    var answer: Answer? { get }
    /// Whether it was cancelled (Esc).
    var isCancelled: Bool { get }
    /// The rows it needs to be drawn whole.
    var preferredHeight: Int { get }
}

/// Why a prompt has no answer.
public enum PromptError: Error, Equatable, CustomStringConvertible {
    /// Esc: the user chose not to answer (thrown where the program asked for
    /// `.returnToProgram`; else the process ends with 1).
    case cancelled
    /// Ctrl-C (thrown where the program asked for `.returnToProgram`; else the process ends
    /// with 130, as a shell reports an interrupted program), or the task asking was
    /// cancelled, or the terminal went away while it was asked (its window closed).
    case interrupted
    /// There is no terminal to ask on; the error says what to do.
    case noTerminal(TerminalError)

    public var description: String {
        switch self {
        case .cancelled: "cancelled"
        case .interrupted: "interrupted"
        case .noTerminal(let error): error.description
        }
    }
}

extension Prompt {
    /// Asks on the terminal, inline below the cursor (on `/dev/tty` when standard output is
    /// redirected), and returns the answer; the question and its answer stay as one line. The
    /// main actor stays free while the question waits.
    ///
    /// ```swift
    /// if try await ConfirmPrompt("Deploy now?").ask() { … }
    /// ```
    ///
    /// Esc and Ctrl-C end the process once the terminal is restored (1 and 130, as gum
    /// does), the question left as `✗ Deploy now? cancelled`, unless `interrupts` is
    /// `.returnToProgram`: then they throw ``PromptError/cancelled`` and
    /// ``PromptError/interrupted``. Cancelling the task throws ``PromptError/interrupted``, the
    /// terminal restored. Where there is no terminal (a pipe, a CI log) it throws
    /// ``PromptError/noTerminal(_:)``: there a tool takes its answers from its arguments.
    public func ask(
        interrupts: InterruptPolicy = .exitProcess,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(PromptError) -> Answer {
        if let answer { return answer }  // answered already (asked before, or a form of no fields): nothing to wait for
        if AccessibleMode.isOn(environment: environment) { return try await askAccessibly() }
        let terminal: InlineTerminal
        do {
            terminal = try InlineTerminal.openForTool(rows: preferredHeight, ending: .keepLastFrame, environment: environment)
        } catch {
            throw .noTerminal(error)
        }
        // A window too narrow for the question's summary gets it printed whole, wrapped.
        terminal.lastFrameUncut = { width in
            guard self.answer != nil || self.isCancelled else { return nil }  // still asking: the frame as it is
            var canvas = Canvas(size: Size(width: width, height: max(1, self.preferredHeight)))
            self.render(in: Rect(x: 0, y: 0, width: width, height: canvas.size.height), on: &canvas)
            return canvas
        }
        let app = TerminalApp(host: TerminalHost(backend: terminal, root: self), backend: terminal, suspend: { terminal.suspend() })
        let status = await app.runUntilQuit()
        return try outcome(status, interruptedByKey: app.wasInterruptedByKey, interrupts: interrupts)
    }

    /// ``ask(interrupts:environment:)`` for a synchronous `main`: blocks until answered,
    /// serving the main queue on the main thread meanwhile. Elsewhere — in async code, in a
    /// block the main queue runs, in another blocking call — it throws at once
    /// (``PromptError/noTerminal(_:)`` with `TerminalError.wouldBlockMainActor`, naming
    /// `try await prompt.ask()`).
    public func askBlocking(
        interrupts: InterruptPolicy = .exitProcess,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PromptError) -> Answer {
        if let answer { return answer }
        let outcome: Result<Answer, PromptError>
        do {
            outcome = try TerminalApp.blocking(asyncForm: "try await prompt.ask()") { () async -> Result<Answer, PromptError> in
                do throws(PromptError) { return .success(try await self.ask(interrupts: interrupts, environment: environment)) } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw .noTerminal(error)
        }
        return try outcome.get()
    }

    /// The answer, or why there is none, once the question has ended with `status`; ends the
    /// process where the policy says so.
    private func outcome(_ status: Int32, interruptedByKey: Bool, interrupts: InterruptPolicy) throws(PromptError) -> Answer {
        if let answer { return answer }
        let interrupted = status == 130 || status == TerminalRunLoop.hangUpStatus
        if interrupts == .exitProcess, interruptedByKey || !interrupted || status == TerminalRunLoop.hangUpStatus {
            TerminalApp.endProcess(interrupted ? status : 1)
        }
        throw interrupted ? .interrupted : .cancelled
    }
}

extension PromptTheme {
    /// Draws what stays of a prompt once answered (`✓ title answer`) or cancelled
    /// (`✗ title cancelled`), nothing of it without `leavesSummary`; false while it is still
    /// being asked (nothing drawn).
    func drawOutcome(title: StyledText, answer: String?, isCancelled: Bool, leavesSummary: Bool, in rect: Rect, on canvas: inout Canvas) -> Bool {
        guard answer != nil || isCancelled else { return false }
        guard leavesSummary else { return true }
        if let answer {
            drawQuestion(mark: answeredMark, markStyle: answeredStyle, title: title, rest: answer, restStyle: self.answer, in: rect, on: &canvas)
        } else {
            drawQuestion(mark: cancelledMark, markStyle: cancelledStyle, title: title, rest: "cancelled", restStyle: hint, in: rect, on: &canvas)
        }
        return true
    }

    /// Draws the line of a question being asked: `? title` then `rest` in `restStyle`;
    /// returns where the rest began.
    @discardableResult
    func drawAsking(title: StyledText, rest: String = "", restStyle: Style? = nil, in rect: Rect, on canvas: inout Canvas) -> Int {
        drawQuestion(mark: mark, markStyle: markStyle, title: title, rest: rest, restStyle: restStyle ?? hint, in: rect, on: &canvas)
    }

    /// Draws the question's line: `mark title` then `rest` in `restStyle`; returns where the rest began.
    @discardableResult
    func drawQuestion(
        mark: String,
        markStyle: Style,
        title: StyledText,
        rest: String,
        restStyle: Style,
        in rect: Rect,
        on canvas: inout Canvas
    ) -> Int {
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let markText = mark.sanitizedForTerminal
        canvas.draw(markText, at: row.origin, style: markStyle, clip: row)
        let titleX = row.x + markText.displayWidth + 1
        let titleText = title.sanitizedForTerminal
        canvas.draw(titleText, at: Point(x: titleX, y: row.y), style: self.title, clip: row)
        let restX = titleX + titleText.displayWidth + 1
        canvas.draw(rest.sanitizedForTerminal.truncated(toWidth: max(0, row.maxX - restX)), at: Point(x: restX, y: row.y), style: restStyle, clip: row)
        return restX
    }

    /// Draws a question's description on the row under its line, indented as the title;
    /// the rows it took (0 without one).
    func drawDescription(_ text: StyledText?, in rect: Rect, on canvas: inout Canvas) -> Int {
        guard let text, !text.isEmpty, rect.height > 1 else { return 0 }
        let row = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: 1)
        let indent = mark.sanitizedForTerminal.displayWidth + 1
        let shown = text.sanitizedForTerminal.truncated(toWidth: max(0, row.width - indent))
        canvas.draw(shown, at: Point(x: row.x + indent, y: row.y), style: description, clip: row)
        return 1
    }
}
