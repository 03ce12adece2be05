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

/// The real terminal, full screen: the alternate screen, entered and left with the strings
/// the terminal's terminfo entry gives (``Terminfo``, read by the kit: no ncurses), input
/// raw; the kit's own `ScreenWriter` draws each frame (only the cells that changed, colours
/// down-sampled to what the terminal shows), and the kit reads keys, mouse, pastes and
/// resizes. The same hold on the terminal as an ``InlineTerminal``'s (one C layer takes the
/// signals for both).
///
/// The terminal is restored (cursor shown, echo on, main screen back) by ``close()``,
/// and also on SIGINT, SIGTERM, SIGHUP, SIGQUIT and a fault, after which the signal goes on
/// as it would have; Ctrl-Z gives the terminal back and `fg` enters the app's screen again.
///
/// ```swift
/// let terminal = try FullScreenTerminal.open(environment: ProcessInfo.processInfo.environment)
/// defer { terminal.close() }
/// terminal.present(canvas)
/// ```
@MainActor
public final class FullScreenTerminal: EventSourceBackend {
    /// The current size in cells: the window's, at most `TerminalHost/largestSize`.
    public private(set) var size: Size
    /// The window's own size in cells.
    public private(set) var windowSize: Size
    /// Colour depth, mouse, terminal name and how pictures are drawn. Pictures turn to
    /// pixels later when the terminal's graphics answers come after the start-up's wait (an
    /// `InputEvent/resize(_:)` then says to draw again).
    public private(set) var capabilities: TerminalCapabilities
    /// The descriptor input is read from (watch it for readability).
    public let inputDescriptor: Int32
    /// A descriptor that becomes readable when the terminal was resized (or the app continued
    /// after a stop).
    public let resizeDescriptor: Int32

    /// The descriptor frames are written to.
    private let output: Int32
    /// What enters the app's screen and modes (the alternate screen, keypad, cursor hidden,
    /// paste and mouse reports) and what leaves them, the terminal as it was.
    private let entering: String
    private let leaving: String
    /// The bytes of each frame.
    private var writer: ScreenWriter
    private var isOpen = true
    private var pendingResize = false
    /// Input is read and decoded here: in chunks, the terminal's answers
    /// taken out, pastes bounded.
    private var reader: TerminalInputReader
    /// The pictures drawn as pixels, where the terminal draws them (kitty's protocol, sixel).
    private var pixels: PixelImages? {
        didSet {
            // The deletions are told before a picture's bytes go out, so a signal that comes
            // as soon as they are read finds them.
            pixels?.beforeWriting = { [weak self] in self?.noteEndings() }
        }
    }
    /// The deletions last told to the signal handlers.
    private var notedDeletions: [String] = []
    private var notedOnce = false
    /// The start-up's graphics answers when they did not come in time: read on as they come.
    private var lateGraphics: LateGraphics?
    /// The measuring's cursor reports when they did not all come in the start-up's wait.
    private var lateWidths: LateWidths?
    /// How pictures are drawn: kitty's protocol, sixel, or symbols (chosen at start-up).
    public var graphics: GraphicsProtocol { pixels?.graphics ?? .symbols }

    private init(
        input: Int32,
        output: Int32,
        pipe: Int32,
        entry: Terminfo,
        mouse: Bool,
        capabilities: TerminalCapabilities,
        pixels: PixelImages? = nil,
        background: RGBA? = nil
    ) {
        self.pixels = pixels
        writer = ScreenWriter(
            colorDepth: capabilities.colorDepth,
            brightAsBold: entry.colors < 16,
            italics: entry.enterItalics != nil,
            readable: ReadableColors(theme: capabilities.theme, background: background, depth: capabilities.colorDepth)
        )
        inputDescriptor = input
        resizeDescriptor = pipe
        self.output = output
        reader = TerminalInputReader(descriptor: input)
        self.capabilities = capabilities
        let paste = ("\u{1B}[?2004h", "\u{1B}[?2004l")
        let reports = mouse ? ("\u{1B}[?1002h\u{1B}[?1006h", "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l") : ("", "")
        entering = (entry.enterAlternateScreen ?? "") + (entry.keypadTransmit ?? "") + (entry.cursorInvisible ?? "") + paste.0 + reports.0
        // Without an alternate screen (vt100, say) the app's last frame is cleared, as a user
        // of such a terminal expects.
        let clear = entry.enterAlternateScreen == nil ? entry.clearScreen ?? "\u{1B}[H\u{1B}[2J" : ""
        leaving =
            paste.1 + reports.1 + (entry.exitAttributes ?? "\u{1B}[0m") + clear + (entry.cursorNormal ?? "") + (entry.keypadLocal ?? "")
            + (entry.exitAlternateScreen ?? "")
        (size, windowSize) = Self.sizes(of: output)
        pixels?.beforeWriting = { [weak self] in self?.noteEndings() }
    }

    /// What is drawn (the window, at most `TerminalHost/largestSize`) and the window's own size.
    private static func sizes(of output: Int32) -> (drawn: Size, window: Size) {
        let window = TerminalHold.window(of: output)
        let largest = TerminalHost.largestSize
        return (Size(width: min(window.width, largest.width), height: min(window.height, largest.height)), window)
    }

    /// Checks, without touching the screen, that the descriptors are a terminal whose type
    /// terminfo knows and that can move the cursor.
    public static func preflight(
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        environment: [String: String]
    ) -> TerminalError? {
        guard isatty(input) == 1, isatty(output) == 1 else { return .notATerminal }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .dumbTerminal(term) }
        guard let entry = Terminfo.load(term, environment: environment) else { return .unknownTerminal(term) }
        return entry.addressesCursor ? nil : .dumbTerminal(term)
    }

    /// Takes the terminal (by default standard input and output) and enters its alternate
    /// screen. With `measuringWidths`, each text is written once at the start of the line
    /// before the screen is entered (the line erased after) and the cells the terminal moved the cursor for it are
    /// read back in the same round trip as its other answers: `TerminalCapabilities/measuredWidths`.
    public static func open(
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        environment: [String: String],
        mouse: Bool = true,
        asksBackground: Bool = true,
        measuringWidths texts: [String] = []
    ) throws(TerminalError) -> FullScreenTerminal {
        if let problem = preflight(input: input, output: output, environment: environment) { throw problem }
        let told = StartupSettings(environment: environment)
        var answers = StartupAnswers(theme: TerminalTheme.detect(environment: environment))
        var widthsSoFar: [Int]?
        if asksBackground, !told.background || told.graphics == nil || !texts.isEmpty {
            let asked = BackgroundQuery.ask(input: input, output: output, measuring: texts, insideTmux: GraphicsProbe.isInsideTmux(environment))
            answers.read(asked, measuring: texts, backgroundTold: told.background)
            widthsSoFar = asked.widths
        }
        let term = ColorDepthDetector.terminfoName(for: told.term, environment: environment) { Terminfo.load($0, environment: environment) != nil }
        guard let entry = Terminfo.load(term, environment: environment) else { throw .unknownTerminal(term) }
        if told.graphics == nil {
            // Inside tmux, the terminal's answers are tmux's own; tmux tells what it runs in.
            answers.graphics = GraphicsAnswers.seen(answers.graphics, throughTmux: TerminalQuery.tmux(environment: environment))
        }
        // Pixels where the terminal draws them and leaves room for them: kitty's protocol and
        // sixel (iTerm2's images scroll the screen, so symbols there).
        let chosen = GraphicsProbe.choose(answers.graphics, environment: environment)
        let pipe = try TerminalHold.begin(input)
        let direct = entry.directColor
        let depth = ColorDepth.detect(environment: environment, colors: entry.colors, directColor: direct)
        let drawing = PixelDrawing(
            output: output,
            cells: sizes(of: output).drawn,
            theme: answers.theme,
            background: answers.background,
            directColor: direct,
            depth: depth,
            environment: environment
        )
        let (pixels, cellPixels) = drawing.images(chosen, answers: answers.graphics) ?? (nil, nil)
        var caps = TerminalCapabilities(
            colorDepth: depth,
            mouse: mouse,
            name: term == told.term ? term : "\(told.term), as \(term)",
            theme: answers.theme,
            symbols: depth == .none ? .half : SymbolSet.automatic(environment: environment),
            pixelImages: pixels != nil,
            cellPixels: cellPixels,
            pixelImagesMayMove: true  // text never moves by a scrolled region: a moved picture is sent again
        )
        caps.measuredWidths = answers.measured
        caps.background = answers.background
        let terminal = FullScreenTerminal(
            input: input,
            output: output,
            pipe: pipe,
            entry: entry,
            mouse: mouse,
            capabilities: caps,
            pixels: pixels,
            background: answers.background
        )
        terminal.write(terminal.entering)
        terminal.noteEndings()
        if let probe = answers.unfinishedProbe, told.graphics == nil, !GraphicsProbe.isInsideTmux(environment), depth != .none {
            terminal.lateGraphics = LateGraphics(probe: probe, until: .now + Self.lateGraphicsWait, drawing: drawing)
        }
        if let widthsSoFar, widthsSoFar.count < texts.count {
            // The measuring's cursor reports still to come (a terminal slow on its first start):
            // taken as they come, within the same wait.
            terminal.lateWidths = LateWidths(texts: texts, widths: widthsSoFar, until: .now + Self.lateGraphicsWait)
        }
        if !answers.typedMeanwhile.isEmpty {
            // Kept here and decoded first, however many; the reader is woken to take them.
            terminal.reader = TerminalInputReader(descriptor: input, typedAhead: answers.typedMeanwhile)
            TerminalHold.wake()
        }
        return terminal
    }

    /// Leaves the app's screen and gives the terminal back as it was. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        pixels?.deleteAll()
        write(InlineBlock.updateEnd + leaving)
        isOpen = false
        TerminalHold.end()
        // Closed once the loop's read source on it has handled its cancellation.
        EventLoop.close(resizeDescriptor)
    }

    /// Stops the process as Ctrl-Z does in a shell: the terminal is given back as on exit;
    /// on `fg` the app's screen and modes (mouse, keypad, paste) are entered again and the
    /// screen is repainted (a `.resize` is queued). Returns once the process is continued.
    public func suspend() {
        guard isOpen else { return }
        TerminalHold.suspend()
    }

    /// Call when ``resizeDescriptor`` is readable: adopts the new size and queues `.resize`.
    public func applyResize() {
        let told = TerminalHold.drain()
        guard told != .woken else { return }  // only woken: input waits
        if told.contains(.continued) {
            // Entering the alternate screen again cleared it, and kitty freed the pictures on
            // it (0.26). Each is sent again when next shown.
            pixels?.deleteAll()
        }
        (size, windowSize) = Self.sizes(of: output)
        writer.forget()
        pendingResize = true
    }

    /// Shows `canvas`: only the cells that changed are written (`ScreenWriter`), then the
    /// pictures placed on it.
    public func present(_ canvas: Canvas) {
        guard isOpen else { return }
        // A signal taken on another thread comes here: this write is the one to interrupt.
        ik_draw_begin()
        defer { ik_draw_end() }
        // kitty pictures placed as text become cells like any other.
        var canvas = pixels?.placingAsText(canvas) ?? canvas
        if canvas.size != size {
            // Cut (or padded) to the screen: a row wider than it would wrap and scroll it.
            var fitted = Canvas(size: size)
            fitted.blit(canvas, at: .zero)
            fitted.cursor = canvas.cursor
            canvas = fitted
        }
        // Cells a sixel left are written again as text: its pixels stay until written over.
        var rewritten = Set<Int>()
        if let pixels, pixels.graphics == .sixel {
            for rect in pixels.staleRects(for: canvas) { rewritten.formUnion(rect.y..<rect.maxY) }
        }
        let bytes = writer.frame(canvas, rewriting: rewritten)
        if !bytes.isEmpty { _ = bytes.withUnsafeBytes { Descriptor.writeAll($0, to: output) } }  // a terminal gone takes nothing more
        // Text never moves, so a picture is sent again only where the frame wrote over it (a
        // sixel: text erases its pixels) or erased the screen.
        let spans = writer.writtenSpans
        let sixel = pixels?.graphics == .sixel
        pixels?.present(canvas, repainted: writer.drewWhole, textMoved: false) { rect in
            sixel && (rect.y..<rect.maxY).contains { spans[$0]?.overlaps(rect.x...(rect.maxX - 1)) == true }
        }
    }

    /// Tells the signal handlers what to write: on an ending, the deletions of the kitty
    /// pictures sent (as many whole commands as fit), as ``close()`` writes them, so a SIGTERM
    /// or SIGHUP leaves none in the terminal's memory, then the terminal given back; on a stop
    /// the terminal given back, and on a continue the app's screen entered again. Called at
    /// the start and before the pictures' bytes go out (``PixelImages/beforeWriting``), which
    /// every sending and deleting of a picture does: nothing is worked out on a frame that
    /// sends none.
    private func noteEndings() {
        guard isOpen else { return }
        var deletions: [String] = []
        if let pixels, pixels.graphics == .kitty { deletions = pixels.deletions(keepingShown: false) }
        guard deletions != notedDeletions || !notedOnce else { return }
        notedDeletions = deletions
        notedOnce = true
        let stop = InlineBlock.updateEnd + leaving
        var ending = InlineBlock.updateEnd
        let capacity = TerminalHold.capacity - leaving.utf8.count
        for deletion in deletions {
            guard ending.utf8.count + deletion.utf8.count <= capacity else { break }
            ending += deletion
        }
        TerminalHold.tell(ending: ending + leaving, stop: stop, resume: entering)
    }

    /// Writes all of `text`, through interruptions.
    private func write(_ text: String) {
        ik_draw_begin()
        defer { ik_draw_end() }
        _ = Descriptor.writeAll(text, to: output)
    }

    /// Whether the terminal has gone (a read found its end): the run loop then ends the app.
    public var inputEnded: Bool { reader.hasEnded }

    /// The input that arrived since the last call: keys, mouse events, pastes and resizes,
    /// the terminal's answers taken out (`TerminalInputParser`). At most
    /// `TerminalInputReader.readChunk` bytes are taken at a time; the reader is called again for the rest.
    public func readEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        if pendingResize {
            pendingResize = false
            events.append(.resize(size))
        }
        events += reader.events(wake: { TerminalHold.wake() }, observing: { readLateWidths($0) + readLateGraphics($0) })
        return events
    }

    /// How long graphics answers that missed the start-up's wait are awaited.
    static let lateGraphicsWait: Duration = .seconds(10)

    /// Reads `bytes` for the measuring's cursor reports still awaited; when the last has come,
    /// the widths are known (``TerminalCapabilities/measuredWidths``) and everything is drawn
    /// again (a resize to the same size).
    private func readLateWidths(_ bytes: [UInt8]) -> [InputEvent] {
        guard var late = lateWidths, bytes.contains(0x1B) else { return [] }
        guard ContinuousClock.now < late.until else {
            lateWidths = nil
            return []
        }
        var rest = bytes
        late.widths += BackgroundQuery.takeCursorReports(from: &rest).map(\.x)
        guard late.widths.count >= late.texts.count else {
            lateWidths = late
            return []
        }
        lateWidths = nil
        capabilities.measuredWidths = Dictionary(zip(late.texts, late.widths), uniquingKeysWith: { first, _ in first })
        writer.forget()
        return [.resize(size)]
    }

    /// Reads `bytes` for the start-up's graphics answers still awaited; when the last (DA1)
    /// has come and they say the terminal draws pixels, turns pixels on and asks for a full
    /// drawing (a resize to the same size).
    private func readLateGraphics(_ bytes: [UInt8]) -> [InputEvent] {
        guard var late = lateGraphics else { return [] }
        guard ContinuousClock.now < late.until else {
            lateGraphics = nil
            return []
        }
        late.probe.read(bytes)
        late.probe.dropLeftover()  // keys are the parser's
        guard late.probe.isComplete else {
            lateGraphics = late
            return []
        }
        lateGraphics = nil
        let answers = late.probe.answers
        let chosen = GraphicsProbe.choose(answers, environment: late.drawing.environment)
        guard pixels == nil, let (images, cellPixels) = late.drawing.images(chosen, answers: answers) else { return [] }
        pixels = images
        capabilities.pixelImages = true
        capabilities.cellPixels = cellPixels
        writer.forget()  // everything is drawn again
        return [.resize(size)]
    }
}

/// How pictures are sent to a terminal as pixels, once the protocol is known: at start-up,
/// or when its graphics answers come late.
@MainActor
private struct PixelDrawing {
    let output: Int32
    /// The cells drawn.
    let cells: Size
    let theme: TerminalTheme
    let background: RGBA?
    let directColor: Bool
    let depth: ColorDepth
    let environment: [String: String]

    /// The pictures' sender for `chosen` and the cell size it draws by; nil where `chosen`
    /// draws no pixels here (symbols, iTerm2's images, no colour).
    func images(_ chosen: GraphicsProtocol, answers: GraphicsAnswers?) -> (PixelImages, Size?)? {
        guard depth != .none, chosen == .kitty || chosen == .sixel else { return nil }
        // The same decision `showcase view` makes, from the answers of the start-up's round trip.
        let drawing = PictureDrawing.decide(
            told: chosen,
            answers: answers,
            tmux: nil,
            windowPixels: TerminalQuery.windowPixels(of: output),
            cells: cells,
            environment: environment
        )
        let images = PixelImages(
            graphics: chosen,
            output: output,
            cellPixels: drawing.cellPixels,
            theme: theme,
            background: background,
            sixelColors: drawing.sixelColors,
            placesAsText: drawing.kittyAsText,
            directColor: directColor,
            throughTmux: drawing.throughTmux
        )
        images.colorDepth = depth
        return (images, drawing.cellPixels)
    }
}

/// The measuring's cursor reports still awaited after the start-up's wait.
private struct LateWidths {
    let texts: [String]
    var widths: [Int]
    let until: ContinuousClock.Instant
}

/// Graphics answers still awaited after the start-up's wait.
@MainActor
private struct LateGraphics {
    var probe: GraphicsProbe
    let until: ContinuousClock.Instant
    let drawing: PixelDrawing
}
