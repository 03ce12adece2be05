import Foundation
import ViewCore

/// The lines of bars and spinners on one stream, and the thread that draws them.
///
/// On a terminal the running lines are a block at the bottom, redrawn in place by one
/// write each frame (only when a line changed, at most ``drawRate`` times a second, from a
/// thread of the group's own that runs while a line does); lines finish in any order, and a
/// finished line at the top of the block becomes ordinary output above it (kept or, with
/// ``LineIndicator/clear()``, gone). ``println(_:)-(String)`` writes above the block. The width
/// follows the terminal's, read at every frame.
///
/// Anywhere else — a pipe, a file, `CI` set, `TERM=dumb` — nothing moves and no carriage
/// return is written: a line when an indicator starts, one when it ends, and a progress
/// line for each running bar every ``logInterval``.
///
/// ``standardError`` is the group every indicator joins unless given another, so bars and
/// spinners made anywhere in a program share its lines.
///
/// ```swift
/// let group = ProgressGroup()
/// let download = ProgressBar(total: 1 << 20, message: "index.tar", unit: .bytes, group: group)
/// let unpack = Spinner("Waiting for the download", group: group)
/// group.println("mirror: example.org")
/// ```
public final class ProgressGroup: @unchecked Sendable {  // mutable state is only touched under `lock`
    /// Standard error's group, which indicators join by default.
    public static let standardError = ProgressGroup()

    /// A group that draws nothing (its indicators still count).
    public static var hidden: ProgressGroup { ProgressGroup(output: nil) }

    /// How the group writes.
    public enum Mode: Sendable, Equatable {
        /// Redrawn in place (a terminal); with `colors`, SGR colours.
        case animated(colors: Bool)
        /// Lines appended (a pipe, a file, CI).
        case log
        /// Nothing written.
        case hidden
    }

    /// How it writes, decided when it is made.
    public let mode: Mode
    /// The time elapsed times and rates are measured by.
    public let clock: any TimeSource
    /// The most redraws a second (15 by default): a busy bar costs that, an unchanged one nothing.
    public var drawRate: Int {
        get { lock.withLock { storedDrawRate } }
        set { lock.withLock { storedDrawRate = min(1000, max(1, newValue)) } }
    }
    /// What a signal that ends the program (Ctrl-C, SIGTERM, SIGHUP) or its exit with lines
    /// still running does to the block on a terminal: false (the default) leaves it whole as
    /// last drawn, the cursor below it, so the shell's prompt comes after it; true clears it.
    public var clearsWhenInterrupted: Bool {
        get { lock.withLock { storedClearsWhenInterrupted } }
        set {
            lock.withLock {
                storedClearsWhenInterrupted = newValue
                noteBlockLocked()
            }
        }
    }

    /// How often a log gets a progress line for each running bar (5 s by default; nil for
    /// none, only the start and end lines).
    public var logInterval: Duration? {
        get { lock.withLock { storedLogInterval } }
        set { lock.withLock { storedLogInterval = newValue } }
    }

    /// Where the running lines sit in the rows the block has taken (indicatif's
    /// `MultiProgressAlignment`).
    public enum Alignment: Sendable, Equatable {
        /// At the top: when a line leaves, the rows below it close up (the default).
        case top
        /// At the bottom: the block keeps the rows it has taken while lines run, a line that
        /// leaves turning into a blank row above the others, so they stay where they are
        /// (as a status area at the foot of the output).
        case bottom
    }

    /// Where the running lines sit (see ``Alignment``).
    public var alignment: Alignment {
        get { lock.withLock { storedAlignment } }
        set { lock.withLock { storedAlignment = newValue } }
    }

    let lock = NSLock()
    private var storedAlignment = Alignment.top
    /// The most rows the block took since it started (kept with bottom alignment).
    private var tallestBlock = 0
    private let output: (any LineOutput)?
    private let drawsOnItsOwnThread: Bool
    private var storedDrawRate = 15
    private var storedLogInterval: Duration? = .seconds(5)
    private var storedClearsWhenInterrupted = false
    /// Rows the group wrote above the block (lines that ended and left it, a last block) with
    /// no other text after them: ``clear()`` takes them away too.
    private var rowsAbove = 0
    /// When the block was last written whole (see ``fullFrameInterval``).
    private var lastFullFrame = Duration.zero
    /// How often the block is written whole rather than by its changed cells.
    static let fullFrameInterval: Duration = .seconds(1)
    private var lines: [LineIndicator] = []
    /// The block's lines as last drawn.
    private var drawn: [[LineCell]] = []
    private var drawnColumns = 0
    private var cursorHidden = false {
        // While the cursor is hidden an indicator is drawing: Ctrl-C echoes no `^C` into it.
        didSet { if cursorHidden != oldValue { (output as? LineTerminal)?.quietControlEcho(cursorHidden) } }
    }
    /// How many ``pause()`` calls wait for their ``resume()``: nothing is drawn meanwhile.
    private var pauses = 0
    private var paused: Bool { pauses > 0 }
    private var drawing = false
    private var lastLog: Duration = .zero
    private var guarded = false
    /// How many frames were written (for tests and benchmarks).
    package var redrawCount: Int { lock.withLock { storedRedraws } }
    private var storedRedraws = 0

    /// A group on `output` (standard error by default; nil draws nothing). `environment`
    /// decides the mode: a terminal that is not `TERM=dumb`, with no `CI`, is animated,
    /// coloured unless `NO_COLOR`. With `drawsOnItsOwnThread` false nothing draws until
    /// ``tick()`` is called (tests on a `VirtualScheduler`'s `Scheduler/time` or a
    /// `ManualTime`).
    public convenience init(
        output: (any LineOutput)? = LineTerminal.standardError,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: any TimeSource = MonotonicTime(),
        drawsOnItsOwnThread: Bool = true
    ) {
        self.init(
            output: output,
            mode: Self.mode(for: output, environment: environment),
            colorDepth: ColorDepth.detect(environment: environment),
            clock: clock,
            drawsOnItsOwnThread: drawsOnItsOwnThread
        )
    }

    /// The colours styled text is drawn in (``LineIndicator/styledMessage``,
    /// ``println(_:)-(StyledText)``): as the environment says for a group made from one, else 256.
    let colorDepth: ColorDepth

    /// A group on `output` in the mode given (``Mode/hidden`` when `output` is nil).
    public convenience init(output: (any LineOutput)?, mode: Mode, clock: any TimeSource = MonotonicTime(), drawsOnItsOwnThread: Bool = true) {
        self.init(output: output, mode: mode, colorDepth: .palette256, clock: clock, drawsOnItsOwnThread: drawsOnItsOwnThread)
    }

    private init(output: (any LineOutput)?, mode: Mode, colorDepth: ColorDepth, clock: any TimeSource, drawsOnItsOwnThread: Bool) {
        self.output = output
        self.clock = clock
        self.drawsOnItsOwnThread = drawsOnItsOwnThread
        self.mode = output == nil ? .hidden : mode
        self.colorDepth = colorDepth
    }

    /// The mode `environment` asks for on `output`: animated on a terminal that is not
    /// `TERM=dumb` with no `CI` (coloured unless `NO_COLOR`), a log elsewhere.
    public static func mode(for output: (any LineOutput)?, environment: [String: String]) -> Mode {
        if let output {
            let ci = environment["CI"].map { !$0.isEmpty && $0 != "0" && $0.lowercased() != "false" } ?? false
            let dumb = environment["TERM"] == "dumb"
            if output.isTerminal && !ci && !dumb {
                let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
                return .animated(colors: !noColor)
            }
            return .log
        }
        return .hidden
    }

    /// A bar in this group (see ``ProgressBar/init(total:message:unit:style:group:placement:)``).
    public func bar(
        total: Int?,
        message: String = "",
        unit: ProgressUnit = .count,
        style: ProgressStyle? = nil,
        placement: LinePlacement = .last
    )
        -> ProgressBar
    {
        ProgressBar(total: total, message: message, unit: unit, style: style, group: self, placement: placement)
    }

    /// A spinner in this group, placed among its lines as `placement` says.
    public func spinner(_ message: String, style: SpinnerStyle = .comet, placement: LinePlacement = .last) -> Spinner {
        Spinner(message, style: style, group: self, placement: placement)
    }

    /// Ends every line leaving none, and on a terminal takes away what the group drew that no
    /// other text has followed since: the block, and the lines that ended above it (so
    /// "finish each, then clear them all" leaves nothing). Text printed with ``println(_:)-(String)``
    /// stays, and so does what came before it. In a log, nothing written can be taken back.
    public func clear() {
        lock.withLock {
            for line in lines where line.ending == nil { line.ending = .cleared }
            lines.removeAll()
            guard case .animated = mode, let output else { return }
            var text = ""
            if !drawn.isEmpty || rowsAbove > 0 {
                // The cursor is on the block's last row, or below what ended when nothing runs.
                let up = (drawn.isEmpty ? 0 : drawnRows - 1) + rowsAbove
                text = "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J"
            }
            drawn = []
            rowsAbove = 0
            if cursorHidden {
                text += "\u{1B}[?25h"
                cursorHidden = false
            }
            if !text.isEmpty { output.write(text) }
            noteBlockLocked()
        }
    }

    /// Writes `text` (a line or more) above the running lines, which are drawn again below it.
    public func println(_ text: String) {
        let ending = text.hasSuffix("\n") ? "" : "\n"
        lock.withLock {
            guard let output, mode != .hidden else { return }
            rowsAbove = 0  // text of another's now stands below what the group drew
            guard case .animated = mode, !drawn.isEmpty, !paused else { return output.write(text + ending) }
            output.write(eraseBlock() + text + ending + frame(at: clock.now()))
        }
    }

    /// Writes `text` (a line or more) above the running lines in its own colours (on a
    /// terminal, unless `NO_COLOR`; as plain text in a log), drawn again below it.
    ///
    /// ```swift
    /// group.println("\("✔", style: Style(foreground: .green)) fetched \(name)")
    /// ```
    public func println(_ text: StyledText) {
        let colors: Bool
        if case .animated(colors: true) = mode { colors = true } else { colors = false }
        println(text.ansiLines(colorDepth: colors ? colorDepth : .none).joined(separator: "\n"))
    }

    /// Clears the running lines, runs `body` (which may write to the terminal as it likes),
    /// then draws them again below what it wrote (unless a ``pause()`` still holds).
    public func suspend<T>(_ body: () throws -> T) rethrows -> T {
        pause()
        defer { resume() }
        return try body()
    }

    /// Gives the terminal to someone else — a prompt waiting for an answer, a line a command
    /// rewrites with `\r`: the running lines are cleared, the cursor shown, and nothing is
    /// drawn until ``resume()``, which draws them again on the line the cursor is on. Pauses
    /// nest: each needs its resume.
    public func pause() {
        lock.withLock {
            pauses += 1
            rowsAbove = 0  // someone else writes now
            guard pauses == 1 else { return }
            guard case .animated = mode, let output, !drawn.isEmpty || cursorHidden else { return }
            output.write(eraseBlock() + "\u{1B}[?25h")
            cursorHidden = false
        }
    }

    /// Draws the running lines again after ``pause()``.
    public func resume() {
        lock.withLock {
            guard pauses > 0 else { return }
            pauses -= 1
            if pauses == 0 { drawLocked() }
        }
    }

    /// Draws now what a frame of the drawing thread would (tests call it on a manual clock).
    public func tick() {
        lock.withLock { drawLocked() }
    }

    // MARK: Lines

    func add(_ line: LineIndicator, _ placement: LinePlacement) {
        lock.withLock {
            switch placement {
            case .last: lines.append(line)
            case .index(let index): lines.insert(line, at: min(max(0, index), lines.count))
            case .before(let other): lines.insert(line, at: lines.firstIndex { $0 === other } ?? lines.count)
            case .after(let other): lines.insert(line, at: lines.firstIndex { $0 === other }.map { $0 + 1 } ?? lines.count)
            }
            if mode == .log, let output {
                line.announced = true
                if let start = line.logStartLine { output.write(start + "\n") }
            }
            if case .animated = mode {
                if !guarded {
                    guarded = true
                    (output as? LineTerminal)?.restoreCursorOnSignals(onlyUnhandled: true)
                    ExitGuard.watch(self)
                }
                drawLocked()
            }
            startThreadIfNeeded()
        }
    }

    /// Ends `line` leaving no line; after it ended, takes its last line out of the block when
    /// it is still there.
    func clear(_ line: LineIndicator) {
        lock.withLock {
            guard line.ending != nil else { return }
            guard case .animated = mode, lines.contains(where: { $0 === line }) else { return }
            line.ending = .cleared
            drawLocked()
        }
        finish(line) { line, _ in line.ending = .cleared }
    }

    /// Ends `line` by `change` (unless it has ended) and draws at once, so the end line is
    /// out before the caller goes on.
    func finish(_ line: LineIndicator, _ change: (LineIndicator, Duration) -> Void) {
        lock.withLock { finishLocked(line, change) }
    }

    /// ``finish(_:_:)`` under the lock already held (a line ending as a frame is drawn).
    func finishLocked(_ line: LineIndicator, _ change: (LineIndicator, Duration) -> Void) {
        guard line.ending == nil else { return }
        change(line, clock.now())
        switch mode {
        case .log:
            if case .cleared? = line.ending {} else { output?.write(line.logLine(at: clock.now()) + "\n") }
            lines.removeAll { $0 === line }
        case .animated: drawLocked()
        case .hidden: lines.removeAll { $0 === line }
        }
    }

    // MARK: Drawing (under `lock`)

    private var thread: Thread?

    private func startThreadIfNeeded() {
        guard drawsOnItsOwnThread, thread == nil, mode != .hidden else { return }
        let thread = Thread { [weak self] in self?.drawLoop() }
        thread.name = "IndicatorKit progress"
        thread.qualityOfService = .userInteractive
        self.thread = thread
        thread.start()
    }

    /// The drawing thread: a frame every `1 / drawRate` (or the slowest spinner's frame, if
    /// slower, when only spinners run), until no line runs.
    private func drawLoop() {
        while true {
            let wait: Double? = lock.withLock {
                guard lines.contains(where: { $0.ending == nil }) else {
                    thread = nil
                    return nil
                }
                return frameInterval
            }
            guard let wait else { return }
            Thread.sleep(forTimeInterval: wait)
            tick()
        }
    }

    /// How long the thread sleeps between frames.
    private var frameInterval: Double {
        let fastest = 1 / Double(storedDrawRate)
        if mode == .log { return max(fastest, 0.25) }
        let running = lines.filter { $0.ending == nil }
        // Spinners alone wake at their own frame rate; anything that counts, at the draw rate.
        let spinnersOnly = running.allSatisfy { $0 is Spinner }
        guard spinnersOnly else { return fastest }
        let frames = running.map { $0.storedStyle.spinner.interval.seconds }
        return max(fastest, frames.min() ?? fastest)
    }

    private func drawLocked() {
        guard let output, !drawing else { return }
        drawing = true
        defer { drawing = false }
        let now = clock.now()
        for line in lines where line.ending == nil {
            (line as? ProgressBar)?.pollLocked()
            line.estimator.sample(position: line.position.current, at: (now - line.startedAt).seconds)
        }
        switch mode {
        case .hidden: return
        case .log:
            guard let interval = storedLogInterval, now - lastLog >= interval else { return }
            lastLog = now
            for line in lines where line.ending == nil && line is ProgressBar {
                output.write(line.logLine(at: now) + "\n")
            }
        case .animated:
            guard !paused else { return }
            let text = frame(at: now)
            guard !text.isEmpty else { return }
            output.write(text)
            noteBlockLocked()
            storedRedraws += 1
        }
    }

    /// What brings the screen from the block last drawn to the block now: lines that ended
    /// at its top go above it for good; when the block keeps its lines, only the cells that
    /// changed are written; else it is rewritten from its start. Empty when nothing changed.
    /// The cursor is left on the block's last row.
    private func frame(at now: Duration) -> String {
        guard case .animated(let colors) = mode, let output else { return "" }
        let columns = max(2, output.columns)
        // Lines that ended at the top leave the block: kept ones as plain output.
        var settled: [[LineCell]] = []
        while let first = lines.first, let ending = first.ending {
            if case .cleared = ending {} else { settled += first.renderRows(at: now, columns: columns) }
            lines.removeFirst()
        }
        rowsAbove += settled.reduce(0) { $0 + max(1, ($1.width + columns - 1) / columns) }
        var block = lines.filter { if case .cleared = $0.ending { return false } else { return true } }
            .flatMap { $0.renderRows(at: now, columns: columns) }
        let allEnded = lines.allSatisfy { $0.ending != nil }
        // Lines that ended at the top went above for good: the block's rows they took with them.
        tallestBlock = max(0, tallestBlock - settled.count)
        if storedAlignment == .bottom, !allEnded {
            // The rows taken stay taken; blank ones above the lines left.
            if block.count < tallestBlock { block = Array(repeating: [], count: tallestBlock - block.count) + block }
            tallestBlock = block.count
        } else if allEnded {
            tallestBlock = 0
        }
        var text: String
        // Once a second the block is written whole again: a stray write to the terminal (a
        // `print` between frames) is healed then, since changed-cell frames build on the screen.
        if settled.isEmpty, columns == drawnColumns, block.count == drawn.count, !block.isEmpty, now - lastFullFrame < Self.fullFrameInterval {
            // The same lines: each row gets only its changed cells, from the last row up.
            text = ""
            var row = block.count - 1  // where the cursor is
            for index in block.indices where block[index] != drawn[index] {
                if index < row { text += "\u{1B}[\(row - index)A" } else if index > row { text += "\u{1B}[\(index - row)B" }
                row = index
                text += block[index].written(over: drawn[index], colors: colors)
            }
            if row < block.count - 1 { text += "\u{1B}[\(block.count - 1 - row)B" }
        } else {
            // From the block's start, cleared to the end of the screen: no line needs its own erase.
            lastFullFrame = now
            text = eraseBlock()
            for line in settled { text += line.written(colors: colors) + "\n" }
            text += block.map { $0.written(colors: colors) }.joined(separator: "\n")
        }
        drawn = block
        drawnColumns = columns
        if !block.isEmpty && !cursorHidden {
            text = "\u{1B}[?25l" + text
            cursorHidden = true
        }
        // Every line ended: the block is output now; the next line starts below it.
        if allEnded {
            if !block.isEmpty { text += "\n" }
            rowsAbove += drawnRows
            drawn = []
            lines.removeAll()
        }
        if (block.isEmpty || allEnded) && cursorHidden {
            text += "\u{1B}[?25h"
            cursorHidden = false
        }
        return text
    }

    /// At exit with lines still drawn (the program ended without finishing them): the
    /// cursor goes below them (or they are cleared: ``clearsWhenInterrupted``) and is shown again.
    func restoreAtExit() {
        lock.withLock {
            guard let output, cursorHidden || !drawn.isEmpty else { return }
            let leaving = storedClearsWhenInterrupted ? eraseBlock() : (drawn.isEmpty ? "" : "\n")
            output.write(leaving + "\u{1B}[?25h")
            drawn = []
            cursorHidden = false
            noteBlockLocked()
        }
    }

    /// The terminal rows the block takes as last drawn, at the width now.
    private var drawnRows: Int {
        let columns = max(1, output?.columns ?? 80)
        return drawn.reduce(0) { $0 + max(1, ($1.width + columns - 1) / columns) }
    }

    /// Tells the signal guard of a terminal output the block as now drawn.
    private func noteBlockLocked() {
        (output as? LineTerminal)?.noteBlock(rows: drawnRows, clears: storedClearsWhenInterrupted)
    }

    /// Moves to the start of the block last drawn and clears from there down. After a
    /// narrower resize a terminal that reflows has wrapped each line onto more rows: they
    /// are counted at the width now.
    private func eraseBlock() -> String {
        guard !drawn.isEmpty else { return "" }
        let up = drawnRows - 1
        let result = "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J"
        drawn = []
        return result
    }
}

/// The groups to put right when the process exits (`atexit`), held weakly.
private enum ExitGuard {
    private struct Weak { weak var group: ProgressGroup? }
    private static let watched = NSLock()
    nonisolated(unsafe) private static var groups: [Weak] = []
    nonisolated(unsafe) private static var registered = false

    static func watch(_ group: ProgressGroup) {
        watched.withLock {
            groups.removeAll { $0.group == nil }
            groups.append(Weak(group: group))
            guard !registered else { return }
            registered = true
            atexit { ExitGuard.restoreAll() }
        }
    }

    private static func restoreAll() {
        let all = watched.withLock { groups.compactMap(\.group) }
        for group in all { group.restoreAtExit() }
    }
}
