import Foundation
import TUICore

/// An activity indicator on one line of a plain stream, for command-line tools.
///
/// On a terminal it hides the cursor and redraws the spinner in place (only the glyph is
/// rewritten each frame); text printed meanwhile appears above it; at the end one line
/// says ✓ or ✗ with the elapsed time, and the cursor comes back. When the stream is not a
/// terminal (a CI log) it writes one line when it starts and one when it ends, no frames.
///
/// ```swift
/// let line = InlineIndicator(label: "Building", output: standardError, scheduler: scheduler)
/// line.start()
/// line.print("compiled 12 files")
/// line.finish(success: true)          // ✓ Building (3.2 s)
/// ```
@MainActor
public final class InlineIndicator {
    /// The spinner style.
    public let style: SpinnerStyle
    /// What is going on (sanitised before it is written).
    public let label: String
    private let output: any LineOutput
    private let scheduler: any Scheduler
    private let reducedMotion: Bool
    private var startedAt: Duration = .zero
    private var timer: ScheduledWork?
    private var shownFrame = -1
    private var shownSeconds = 0
    /// Whether ``start()`` was called and ``finish(success:detail:)`` not yet.
    public private(set) var isRunning = false
    /// Whether the indicator has stepped aside for a line of someone else's (see
    /// ``stepAside()``).
    public private(set) var isAside = false
    /// Whether ✓ and ✗ are written in green and red (on a terminal only). Off unless asked
    /// for: pass `true` when colour is allowed (no `NO_COLOR`).
    public var usesColor = false

    /// Creates an indicator on `output`. Reduced motion (a still glyph) is off unless asked
    /// for: pass `ReducedMotion.isRequested(in: ProcessInfo.processInfo.environment)` to
    /// follow the environment.
    public init(
        style: SpinnerStyle = .comet, label: String, output: any LineOutput, scheduler: any Scheduler = LiveScheduler(),
        reducedMotion: Bool = false
    ) {
        self.style = style
        self.label = label.sanitizedForTerminal
        self.output = output
        self.scheduler = scheduler
        self.reducedMotion = reducedMotion
    }

    /// Shows the indicator (or, off a terminal, writes `label…`).
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        startedAt = scheduler.now
        guard output.isTerminal else {
            output.write("\(label)…\n")
            return
        }
        output.write("\u{1B}[?25l")
        drawLine()
        scheduleTick()
    }

    /// Writes `text` (a line or more) above the indicator line.
    public func print(_ text: String) {
        guard !text.isEmpty else { return }
        let ending = text.hasSuffix("\n") ? "" : "\n"
        withLineCleared { output.write(text + ending) }
    }

    /// Clears the indicator line, runs `body` (which may write to this or another stream
    /// of the same terminal), then draws the indicator again below what it wrote.
    public func withLineCleared(_ body: () -> Void) {
        guard output.isTerminal, isRunning, !isAside else { return body() }
        output.write("\r\u{1B}[2K")
        body()
        drawLine()
    }

    /// Gives the line to someone else: a prompt waiting for an answer, a progress bar that
    /// rewrites itself with `\r`. The indicator line is cleared, the cursor shown, and
    /// nothing is drawn until ``comeBack()``, which draws it again on the line the cursor is
    /// on (after the other's line has ended).
    public func stepAside() {
        guard output.isTerminal, isRunning, !isAside else { return }
        isAside = true
        output.write("\r\u{1B}[2K\u{1B}[?25h")
    }

    /// Draws the indicator again after ``stepAside()``.
    public func comeBack() {
        guard isAside else { return }
        isAside = false
        guard isRunning else { return }
        output.write("\u{1B}[?25l")
        drawLine()
    }

    /// Ends with `✓ label (1.2 s)` or `✗ label (detail, 1.2 s)`; shows the cursor again.
    public func finish(success: Bool, detail: String? = nil) {
        guard isRunning else { return }
        isRunning = false
        timer?.cancel()
        timer = nil
        let seconds = String(format: "%.1f s", (scheduler.now - startedAt).seconds)
        let facts = [detail?.sanitizedForTerminal, seconds].compactMap { $0 }.joined(separator: ", ")
        var mark = success ? "✓" : "✗"
        if output.isTerminal && usesColor { mark = (success ? "\u{1B}[32m" : "\u{1B}[31m") + mark + "\u{1B}[0m" }
        let line = "\(mark) \(label) (\(facts))\n"
        if isAside {
            isAside = false
            output.write("\n")  // the other's line ends here; the last line goes below it
        }
        output.write(output.isTerminal ? "\r\u{1B}[2K" + line + "\u{1B}[?25h" : line)
    }

    private var frame: Int {
        reducedMotion ? 0 : style.position(at: scheduler.now - startedAt, timing: .own).frame
    }

    private var glyph: String { reducedMotion ? style.still : style.frames[frame] }

    /// Whole seconds since the start.
    private var elapsedSeconds: Int { Int((scheduler.now - startedAt).seconds) }

    /// The whole line: glyph, space, label cut to the terminal's width, and the elapsed
    /// time from the first second on (`label · 3 s`).
    private func drawLine() {
        shownFrame = frame
        shownSeconds = elapsedSeconds
        let time = shownSeconds > 0 ? " · \(shownSeconds) s" : ""
        let room = max(0, output.columns - style.width - 2 - time.count)
        output.write("\r\u{1B}[2K" + glyph + " " + label.truncated(toWidth: room) + time)
    }

    private func scheduleTick() {
        guard !reducedMotion, let wait = style.timeUntilNextFrame(at: scheduler.now - startedAt, timing: .own) else { return }
        timer = scheduler.schedule(after: wait) { [weak self] in self?.tick() }
    }

    private func tick() {
        guard isRunning else { return }
        if !isAside {
            if elapsedSeconds != shownSeconds {
                drawLine()  // the elapsed time changed: the whole line
            } else if frame != shownFrame {
                shownFrame = frame
                output.write("\r" + glyph)  // the label beside it is unchanged
            }
        }
        scheduleTick()
    }
}
