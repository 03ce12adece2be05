import Foundation
import TerminalIO
import TerminalRuntime
import Widgets

/// A question asked in a few rows of the terminal, answered with keys: a view (so a `Pilot`
/// drives it headless like any other) that knows its answer once it has one.
///
/// ```swift
/// let fruit = try ChoicePrompt("Fruit?", choices: ["apples", "pears", "plums"]).ask().first
/// let sure = try ConfirmPrompt("Delete 3 files?").ask()
/// let name = try TextPrompt("Name:", placeholder: "your name").ask()
/// ```
///
/// Each answers Enter with its answer and Esc by cancelling; once answered it is drawn as one
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
    /// Esc: the user chose not to answer.
    case cancelled
    /// Ctrl-C (the prompt quits with 130, as a shell reports an interrupted program), or the
    /// terminal went away while it was asked (its window closed).
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
    /// redirected), and returns the answer; the question and its answer stay as one line.
    /// Throws ``PromptError/cancelled`` on Esc, ``PromptError/interrupted`` on Ctrl-C and
    /// ``PromptError/noTerminal(_:)`` where there is no terminal (a pipe, a CI log): there a
    /// tool takes its answers from its arguments instead.
    public func ask(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PromptError) -> Answer {
        if let answer { return answer }  // answered already (asked before, or a form of no fields): nothing to wait for
        let status: Int32
        do {
            status = try TerminalApp.run(self, inline: preferredHeight, ending: .keepLastFrame, environment: environment)
        } catch {
            throw .noTerminal(error)
        }
        return try outcome(status)
    }

    /// ``ask(environment:)``, leaving the main actor free while the question waits: the form
    /// to call from async code (an async `main`, a `Task`). Cancelling the task ends the
    /// question as Ctrl-C does (``PromptError/interrupted``), the terminal restored.
    ///
    /// ```swift
    /// if try await ConfirmPrompt("Deploy now?").ask() { … }
    /// ```
    public func ask(environment: [String: String] = ProcessInfo.processInfo.environment) async throws(PromptError) -> Answer {
        if let answer { return answer }
        let status: Int32
        do {
            status = try await TerminalApp.run(self, inline: preferredHeight, ending: .keepLastFrame, environment: environment)
        } catch {
            throw .noTerminal(error)
        }
        return try outcome(status)
    }

    /// The answer, or why there is none, once the question has ended with `status`.
    private func outcome(_ status: Int32) throws(PromptError) -> Answer {
        if let answer { return answer }
        throw status == 130 || status == TerminalRunLoop.hangUpStatus ? .interrupted : .cancelled
    }
}

extension PromptTheme {
    /// Draws what stays of a prompt once answered (`✓ title answer`) or cancelled
    /// (`✗ title cancelled`), nothing of it without `leavesSummary`; false while it is still
    /// being asked (nothing drawn).
    func drawOutcome(title: String, answer: String?, isCancelled: Bool, leavesSummary: Bool, in rect: Rect, on canvas: inout Canvas) -> Bool {
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
    func drawAsking(title: String, rest: String = "", restStyle: Style? = nil, in rect: Rect, on canvas: inout Canvas) -> Int {
        drawQuestion(mark: mark, markStyle: markStyle, title: title, rest: rest, restStyle: restStyle ?? hint, in: rect, on: &canvas)
    }

    /// Draws the question's line: `mark title` then `rest` in `restStyle`; returns where the rest began.
    @discardableResult
    func drawQuestion(
        mark: String,
        markStyle: Style,
        title: String,
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
    func drawDescription(_ text: String?, in rect: Rect, on canvas: inout Canvas) -> Int {
        guard let text, !text.isEmpty, rect.height > 1 else { return 0 }
        let row = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: 1)
        let indent = mark.sanitizedForTerminal.displayWidth + 1
        let shown = text.sanitizedForTerminal.truncated(toWidth: max(0, row.width - indent))
        canvas.draw(shown, at: Point(x: row.x + indent, y: row.y), style: description, clip: row)
        return 1
    }
}
