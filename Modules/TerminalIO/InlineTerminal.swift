internal import CTerminalIO
import Foundation
import KitSupport
import TerminalGraphics
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal, inline: an app drawn in a few rows below the cursor, in the flow of
/// the terminal (no alternate screen), the way a command-line tool shows a prompt, a picker
/// or progress. What was on the screen above stays as it was, lines can be printed above
/// the app while it runs (``printAbove(_:)``), and when it ends its last frame stays with the
/// cursor below it, or it is erased (``InlineEnding``).
///
/// It needs no terminfo and no ncurses: it writes the sequences every terminal of the last
/// thirty years reads (cursor up and down, erase in line and in display, SGR), so it works
/// where `TERM` names a terminal this machine does not know (ssh from kitty, say).
///
/// ```swift
/// let terminal = try InlineTerminal.open(rows: 5, environment: ProcessInfo.processInfo.environment)
/// let status = await TerminalApp.run(MyPrompt(), on: terminal)   // or TerminalApp.run(view, viewport: .inline(rows: 5))
/// ```
///
/// Input is raw while it runs: keys, Ctrl-C and Ctrl-Z arrive as keys (`TerminalApp` quits
/// with 130 and suspends on them when the view does not use them), pastes as one event. The
/// mouse only when asked (`mouse: true`): the terminal's own scrolling and selection then stop
/// while the app runs. Its reports are read against the block's place on the screen, which
/// a cursor report tells at the start and after each resize, and which is kept as the block
/// scrolls the screen and lines are printed above it; a report outside the block is dropped.
///
/// Before the first frame it asks the terminal, in one round trip, for its background (OSC 11)
/// and what it draws (the answers ``FullScreenTerminal`` reads too, DA1 last, so a terminal that
/// knows none of them costs only its DA1 answer). Faint text is then drawn in a colour that
/// reads on that background, and pictures are pixels where they scroll with the rows: kitty's
/// (as Unicode placeholders from kitty 0.28, else placed at their cells) and sixel; elsewhere
/// they are symbols. A frame left in the terminal keeps its pictures (kitty's under ids from a
/// random start; as placeholders with 256 colours they are deleted at the end, since the next
/// app takes the same ids).
///
/// The terminal is restored by ``close()``, and also on SIGINT, SIGTERM, SIGHUP and SIGQUIT
/// (the block ended as asked, then the signal raised again); SIGTSTP erases the block and
/// gives the terminal back, and the block is drawn again where the cursor is on `fg`.
@MainActor
public final class InlineTerminal: EventSourceBackend {
    /// The block's size: the window's width (at most `TerminalHost/largestSize`) and the rows
    /// asked, or the window's height when it has fewer.
    public private(set) var size: Size
    /// The window's width and the block's height: wider than ``size`` when the window is
    /// wider than the largest size drawn.
    public private(set) var windowSize: Size
    /// Colour depth (from the environment: `NO_COLOR`, `COLORTERM`, `TERM`), the mouse if asked, the
    /// terminal's name, the theme and background it said, symbols, and pixel pictures where
    /// it places them as text.
    public let capabilities: TerminalCapabilities
    /// The descriptor input is read from.
    public let inputDescriptor: Int32
    /// Readable when the window was resized (or the app continued after a stop).
    public let resizeDescriptor: Int32
    /// The most rows the block takes (the window's height at most). It takes as many as the
    /// view draws on — up to its last row with text, a background, a picture or the cursor —
    /// and at least ``minimumRows``: it grows and shrinks with the view, the lines above it
    /// staying where they are.
    public let rows: Int
    /// The fewest rows the block takes, whatever the view draws (1 by default; ``rows`` to
    /// keep the height fixed).
    public var minimumRows = 1
    /// What becomes of the rows when the app ends (``close()``) or a signal ends it.
    public var ending: InlineEnding {
        didSet { noteEndings() }
    }
    /// The last frame drawn at a width of its own (``uncutWidth``; nil: the frame as shown),
    /// for a window too narrow for it: when the app ends with ``InlineEnding/keepLastFrame`` and this frame holds
    /// text past the window's width, its rows are printed whole instead, as lines the terminal
    /// wraps (a prompt's summary on a 1-column window stays readable, not one `✓`).
    public var lastFrameUncut: (@MainActor (_ width: Int) -> Canvas?)?
    /// The width ``lastFrameUncut`` draws at.
    public static let uncutWidth = 512

    private let output: Int32
    private var block: InlineBlock
    /// Pictures as kitty placeholders or sixels, where the terminal takes them.
    private var pixels: PixelImages?
    /// Whether the kitty pictures of a last frame left behind can stay (their ids apart from
    /// the next app's; not as text on a 256-colour terminal).
    private var picturesOutlive = false
    private var readable: ReadableColors
    private var reader: TerminalInputReader
    private var pendingResize = false
    private var isOpen = true
    /// Descriptors opened here (the controlling terminal), closed by ``close()``.
    private let ownedDescriptor: Int32?

    /// The bytes that turn the app's modes on: bracketed paste (a paste arrives as one event),
    /// and the mouse's reports (buttons, drags, the wheel; SGR coordinates) when asked.
    private let modesOn: String
    /// The bytes that turn them back off.
    private let modesOff: String
    /// Whether a cursor report was asked (after a resize) and has not come.
    private var awaitingCursorReport = false
    /// Whether the terminal re-wraps its lines when its width changes and keeps the cursor's
    /// screen row when they no longer fit (kitty, outside tmux): the block's place is then
    /// asked at the start and after each resize, so the rows a resize scrolled up are found.
    private let rewraps: Bool
    /// Rows kept free below the block (one where sixels are drawn).
    private let reserve: Int

    private init(
        input: Int32,
        output: Int32,
        owned: Int32?,
        rows: Int,
        ending: InlineEnding,
        pipe: Int32,
        answers: StartupAnswers,
        mouse: Bool,
        environment: [String: String]
    ) {
        inputDescriptor = input
        self.output = output
        ownedDescriptor = owned
        resizeDescriptor = pipe
        self.rows = rows
        self.ending = ending
        let window = TerminalHold.window(of: output)
        rewraps = Self.rewrapsLines(environment)
        modesOn = "\u{1B}[?2004h" + (mouse ? "\u{1B}[?1002h\u{1B}[?1006h" : "")
        modesOff = "\u{1B}[?2004l" + (mouse ? "\u{1B}[?1002l\u{1B}[?1006l" : "")
        let term = environment["TERM"] ?? ""
        let depth = ColorDepth.detect(environment: environment)
        let drawing = PictureDrawing.decide(
            told: StartupSettings(environment: environment).graphics,
            answers: answers.graphics,
            tmux: nil,
            windowPixels: TerminalQuery.windowPixels(of: output),
            cells: window,
            environment: environment
        )
        // Pictures that scroll with the rows: kitty's (as text where it takes placeholders,
        // else placed at their cells, where kitty keeps them) and sixels (pixels of the screen).
        if depth != .none, drawing.graphics == .kitty || drawing.graphics == .sixel {
            pixels = PixelImages(
                graphics: drawing.graphics,
                output: output,
                cellPixels: drawing.cellPixels,
                theme: answers.theme,
                background: answers.background,
                sixelColors: drawing.sixelColors,
                placesAsText: drawing.kittyAsText,
                directColor: depth == .trueColor,
                throughTmux: drawing.throughTmux
            )
            pixels?.colorDepth = depth
            picturesOutlive = pixels?.idsApart() ?? false
        }
        // A sixel reaching the screen's last row scrolls the screen (the cursor goes below
        // it): with sixels, a row is kept free below the block.
        reserve = pixels?.graphics == .sixel ? 1 : 0
        (size, windowSize) = Self.sizes(window: window, rows: rows, reserve: reserve)
        var caps = TerminalCapabilities(
            colorDepth: depth,
            mouse: mouse,
            name: term,
            theme: answers.theme,
            symbols: depth == .none ? .half : SymbolSet.automatic(environment: environment),
            pixelImages: pixels != nil,
            cellPixels: pixels != nil ? drawing.cellPixels : nil
        )
        caps.background = answers.background
        capabilities = caps
        readable = ReadableColors(theme: answers.theme, background: answers.background, depth: depth)
        block = InlineBlock(size: size, colorDepth: depth, screenRows: window.height, reserve: reserve)
        reader = TerminalInputReader(descriptor: input, typedAhead: answers.typedMeanwhile)
    }

    /// Checks, without touching the terminal, that the descriptors are a terminal that can
    /// move the cursor (by `TERM`: not unset, not `dumb`).
    public static func preflight(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, environment: [String: String]) -> TerminalError? {
        guard isatty(input) == 1, isatty(output) == 1 else { return .notATerminal }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .dumbTerminal(term) }
        return nil
    }

    /// Takes the terminal on `input` and `output` (by default standard input and output) for
    /// an app in `rows` rows below the cursor. Throws, touching nothing, when they are not a
    /// usable terminal, or when another inline app holds one. Nothing is drawn until the
    /// first frame. `mouse`: whether the mouse's reports are asked for (the terminal's own
    /// selection and scrolling stop meanwhile). `asksBackground`: whether the terminal is asked
    /// its background and what it draws (not when `INDICATORKIT_BACKGROUND` or `COLORFGBG`, and
    /// `INDICATORKIT_GRAPHICS`, tell); with the mouse, where the cursor is is asked anyway.
    public static func open(
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        rows: Int,
        ending: InlineEnding = .keepLastFrame,
        environment: [String: String],
        mouse: Bool = false,
        asksBackground: Bool = true
    ) throws(TerminalError) -> InlineTerminal {
        try open(
            input: input,
            output: output,
            owned: nil,
            rows: rows,
            ending: ending,
            environment: environment,
            mouse: mouse,
            asksBackground: asksBackground
        )
    }

    /// ``open(input:output:rows:ending:environment:mouse:asksBackground:)`` on the process's controlling terminal
    /// (`/dev/tty`): the app is drawn and typed into there even when standard input and
    /// output are pipes or files, as a picker in `vim $(pick …)` must be.
    public static func openControllingTerminal(
        rows: Int,
        ending: InlineEnding = .keepLastFrame,
        environment: [String: String],
        mouse: Bool = false,
        asksBackground: Bool = true
    ) throws(TerminalError)
        -> InlineTerminal
    {
        let fd = openFile("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw .noControllingTerminal }
        do {
            return try open(
                input: fd,
                output: fd,
                owned: fd,
                rows: rows,
                ending: ending,
                environment: environment,
                mouse: mouse,
                asksBackground: asksBackground
            )
        } catch {
            closeFile(fd)
            throw error
        }
    }

    /// Opens where a command-line tool asks its questions: on standard input and output when
    /// both are a terminal, else on the controlling terminal (``openControllingTerminal(rows:ending:environment:mouse:asksBackground:)``),
    /// so its answers can go to a pipe. `TerminalApp.run(_:inline:ending:mouse:minimumSize:interrupts:environment:)`
    /// opens by it; open by it yourself to read ``capabilities`` before making the view.
    /// What ``openForTool(rows:ending:environment:mouse:asksBackground:)`` would refuse to
    /// open, said without touching the terminal: nil when it would find one (standard input
    /// and output, else the controlling terminal). A tool reading its items from a pipe asks
    /// this first, so that without a terminal it says so at once rather than after the input.
    public static func preflightForTool(environment: [String: String]) -> TerminalError? {
        if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 { return preflight(environment: environment) }
        let fd = openFile("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return .noControllingTerminal }
        defer { closeFile(fd) }
        return preflight(input: fd, output: fd, environment: environment)
    }

    public static func openForTool(
        rows: Int,
        ending: InlineEnding = .keepLastFrame,
        environment: [String: String],
        mouse: Bool = false,
        asksBackground: Bool = true
    ) throws(TerminalError) -> InlineTerminal {
        if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            return try open(rows: rows, ending: ending, environment: environment, mouse: mouse, asksBackground: asksBackground)
        }
        return try openControllingTerminal(rows: rows, ending: ending, environment: environment, mouse: mouse, asksBackground: asksBackground)
    }

    private static func open(
        input: Int32,
        output: Int32,
        owned: Int32?,
        rows: Int,
        ending: InlineEnding,
        environment: [String: String],
        mouse: Bool,
        asksBackground: Bool
    ) throws(TerminalError)
        -> InlineTerminal
    {
        if let problem = preflight(input: input, output: output, environment: environment) { throw problem }
        let pipe = try TerminalHold.begin(input)
        // One round trip, as FullScreenTerminal's start-up: the background and what it draws,
        // and where the cursor is for the mouse.
        let told = StartupSettings(environment: environment)
        var answers = StartupAnswers(theme: TerminalTheme.detect(environment: environment))
        var cursor: Point?
        let locating = mouse || rewrapsLines(environment)
        if (asksBackground && (!told.background || told.graphics == nil)) || locating {
            let answer = BackgroundQuery.ask(input: input, output: output, locating: locating, insideTmux: GraphicsProbe.isInsideTmux(environment))
            answers.read(answer, measuring: [], backgroundTold: told.background)
            cursor = answer.cursor
        }
        if asksBackground, told.graphics == nil {
            // Inside tmux, what tmux says of the terminal it runs in (a `tmux display-message`).
            answers.graphics = GraphicsAnswers.seen(answers.graphics, throughTmux: TerminalQuery.tmux(environment: environment))
        }
        let terminal = InlineTerminal(
            input: input,
            output: output,
            owned: owned,
            rows: max(1, rows),
            ending: ending,
            pipe: pipe,
            answers: answers,
            mouse: mouse,
            environment: environment
        )
        if let cursor { terminal.block.locate(cursorRow: cursor.y) }
        terminal.write(terminal.modesOn)
        terminal.noteEndings()
        // Keys typed during the round trip are kept in the reader; it is woken to take them,
        // or they would wait for the next key.
        if !answers.typedMeanwhile.isEmpty { TerminalHold.wake() }
        return terminal
    }

    /// Shows `canvas` in the block: only the rows that changed are written.
    public func present(_ canvas: Canvas) {
        guard isOpen else { return }
        // Pictures become placeholder cells (their pixels sent first), faint text and accents
        // colours readable on the background.
        let canvas = readable.readable(pixels?.placingAsText(canvas) ?? canvas)
        // The rows of sixels that went away are written again: that erases their pixels.
        let stale = pixels.map { $0.graphics == .sixel ? $0.staleRects(for: canvas) : [] } ?? []
        let frame = block.frame(canvas, rows: drawnRows(of: canvas), rewriting: Set(stale.flatMap { $0.y..<$0.maxY }))
        if let pixels, pixels.graphics == .sixel || !pixels.placesAsText, frame.hasSuffix(InlineBlock.updateEnd) {
            // A sixel goes where its cells are, found from where the frame left the cursor;
            // it is sent again when a row of it was written (the row's erase took its pixels).
            // Both are one synchronized update: a terminal never shows the rows without it.
            write(String(frame.dropLast(InlineBlock.updateEnd.count)))
            let block = block
            pixels.moveFromSaved = { block.moveFromRest(to: $0) }
            let written = block.writtenRows
            pixels.present(canvas, repainted: block.madeBlock) { rect in (rect.y..<rect.maxY).contains { written.contains($0) } }
            write(InlineBlock.updateEnd)
        } else {
            write(frame)
        }
        noteEndings()
    }

    /// The rows `canvas` draws on: up to its last one with something on it or the cursor, at
    /// least ``minimumRows``.
    private func drawnRows(of canvas: Canvas) -> Int {
        var last = (0..<canvas.size.height).last { !InlineBlock.isBlank($0, of: canvas) } ?? -1
        if let cursor = canvas.cursor { last = max(last, cursor.y) }
        return max(minimumRows, last + 1)
    }

    /// Prints `text` above the block, as `print` would before the app began; the next frame
    /// draws the block again below it (a host asks for one). A newline ends it whether or not
    /// it has one. False once closed.
    @discardableResult
    public func printAbove(_ text: StyledText) -> Bool {
        guard isOpen else { return false }
        write(block.print(text.ansiLines(colorDepth: capabilities.colorDepth)))
        noteEndings()
        return true
    }

    /// Whether the terminal has gone (a read found its end): the run loop then ends the app.
    public var inputEnded: Bool { reader.hasEnded }

    /// The keys, pastes and mouse events that arrived, and a resize when the window changed. A
    /// mouse event's position is in the block's cells; one outside the block, or before its
    /// place on the screen is known, is dropped.
    public func readEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        if pendingResize {
            pendingResize = false
            events.append(.resize(size))
        }
        let read = reader.events(wake: { TerminalHold.wake() }, observing: { self.takeCursorReport($0) })
        for event in read {
            guard case .mouse(var mouse) = event else {
                events.append(event)
                continue
            }
            guard let row = block.row(atScreenRow: mouse.position.y), mouse.position.x < size.width else { continue }
            mouse.position.y = row
            events.append(.mouse(mouse))
        }
        return events
    }

    /// Reads the cursor report asked after a resize out of input bytes (the parser drops it as
    /// an answer): where the block is made, so where the mouse's rows are.
    private func takeCursorReport(_ bytes: [UInt8]) -> [InputEvent] {
        guard awaitingCursorReport else { return [] }
        var rest = bytes
        if let report = BackgroundQuery.takeCursorReports(from: &rest).first {
            awaitingCursorReport = false
            block.locate(cursorRow: report.y)
        }
        return []
    }

    /// Call when ``resizeDescriptor`` is readable: adopts the window's size, or takes the
    /// block as gone after a stop, and queues `.resize` (the host draws the block again).
    public func applyResize() {
        let told = TerminalHold.drain()
        guard !told.isDisjoint(with: [.resized, .continued]) else { return }  // only woken: input waits
        if told.contains(.continued) { block.forget() }  // the stop erased it
        let window = TerminalHold.window(of: output)
        (size, windowSize) = Self.sizes(window: window, rows: rows, reserve: reserve)
        var out = block.resize(to: size, screenRows: window.height, rewrapping: rewraps)
        if told.contains(.continued) { out += modesOn }  // the stop turned them off
        if capabilities.mouse || rewraps {
            out += "\u{1B}[6n"  // where the block is made again: its report comes as input
            awaitingCursorReport = true
        }
        write(out)
        pendingResize = true
    }

    /// Whether the terminal `environment` describes re-wraps lines as kitty does: kitty's own
    /// `TERM` (kept through ssh) or its window, not inside a multiplexer (tmux, screen or
    /// zellij re-wrap their own way, and kitty's window variable reaches programs in them).
    static func rewrapsLines(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        guard !GraphicsProbe.isInsideTmux(environment), environment["ZELLIJ"] == nil, !term.hasPrefix("screen"), !term.hasPrefix("tmux") else {
            return false
        }
        return term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil
    }

    /// Stops the process as Ctrl-Z does in a shell: the block is erased and the terminal given
    /// back; on `fg` it is drawn again where the cursor is. Returns once continued.
    public func suspend() {
        guard isOpen else { return }
        TerminalHold.suspend()
    }

    /// Ends the block as ``ending`` says, restores the terminal's modes and the signals'
    /// handlers. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        if ending == .keepLastFrame, let uncut = lastFrameUncut?(Self.uncutWidth), let lines = linesWrapped(uncut) {
            write(block.end(.clear) + lines + modesOff)
        } else {
            write(block.end(ending) + modesOff)
        }
        if ending == .keepLastFrame, picturesOutlive {
            pixels?.deleteAllButShown()  // the frame left keeps its pictures, under ids no next app takes
        } else {
            pixels?.deleteAll()
        }
        isOpen = false
        TerminalHold.end()
        // Closed once the loop's read sources on them have handled their cancellation.
        EventLoop.close(resizeDescriptor)
        if let ownedDescriptor { EventLoop.close(ownedDescriptor) }
    }

    /// `canvas`'s rows as lines for the terminal to wrap, up to its last with something on it,
    /// when one holds text past the window's width; nil when the block shows it all.
    private func linesWrapped(_ canvas: Canvas) -> String? {
        guard let last = (0..<canvas.size.height).last(where: { !InlineBlock.isBlank($0, of: canvas) }) else { return nil }
        let beyond = (0...last).contains { y in (size.width..<canvas.size.width).contains { !canvas[$0, y].isBlankInDefaultColors } }
        guard beyond else { return nil }
        return (0...last).map { canvas.ansiLine($0, colorDepth: capabilities.colorDepth, trimmed: true) + "\r\n" }.joined()
    }

    /// What a signal writes, as the block is now: to end the app (`ending`) and to stop it
    /// (`stop`). Each first ends a synchronized update a frame cut short may have left on, and
    /// an ending deletes the kitty pictures ``close()`` would (as many whole commands as fit).
    var signalEndings: (ending: String, stop: String) {
        let capacity = TerminalHold.capacity
        var bytes = InlineBlock.updateEnd + block.endingBytes(ending) + modesOff
        for deletion in pixels?.deletions(keepingShown: ending == .keepLastFrame && picturesOutlive) ?? [] {
            guard bytes.utf8.count + deletion.utf8.count <= capacity else { break }
            bytes += deletion
        }
        return (bytes, InlineBlock.updateEnd + block.endingBytes(.clear) + modesOff)
    }

    /// Tells the signal handlers what to write, as the block is now.
    private func noteEndings() {
        guard isOpen else { return }
        let endings = signalEndings
        TerminalHold.tell(ending: endings.ending, stop: endings.stop)
    }

    /// Writes all of `text`, through interruptions.
    private func write(_ text: String) {
        guard !text.isEmpty else { return }
        // A signal taken on another thread comes here: this write is the one to interrupt.
        ik_draw_begin()
        defer { ik_draw_end() }
        _ = Descriptor.writeAll(text, to: output)  // a terminal gone takes nothing more
    }

    /// What is drawn and what the window has, for `rows` rows asked and `reserve` rows kept
    /// free below them.
    private static func sizes(window: Size, rows: Int, reserve: Int) -> (size: Size, window: Size) {
        let height = min(max(1, rows), max(1, window.height - reserve), TerminalHost.largestSize.height)
        let size = Size(width: min(window.width, TerminalHost.largestSize.width), height: height)
        return (size, Size(width: window.width, height: height))
    }
}

// The system's calls, under names the terminal's own methods do not shadow.
private func openFile(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func closeFile(_ fd: Int32) { close(fd) }
