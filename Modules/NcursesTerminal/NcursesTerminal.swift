internal import CNcursesw
internal import CTerminalIO
import Foundation
import KitSupport
import TerminalGraphics
@_exported import TerminalIO
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal, full screen: ncursesw opens it (its terminfo description, modes and
/// the alternate screen) and restores it; the kit's own ``ScreenWriter`` draws each frame
/// (only the cells that changed, colours down-sampled to what the terminal shows), and the
/// kit reads keys, mouse, pastes and resizes.
///
/// The terminal is restored (cursor shown, echo on, main screen back) by ``close()``,
/// and also on SIGINT, SIGTERM, SIGHUP and fatal signals, after which the signal is
/// raised again.
///
/// ```swift
/// let terminal = try NcursesTerminal.open(environment: ProcessInfo.processInfo.environment)
/// defer { terminal.close() }
/// terminal.present(canvas)
/// ```
@MainActor
public final class NcursesTerminal: EventSourceBackend {
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
    /// A descriptor that becomes readable when the terminal was resized.
    public var resizeDescriptor: Int32 { ik_resize_fd() }

    /// The descriptor frames are written to.
    private let output: Int32
    /// The bytes of each frame.
    private var writer: ScreenWriter
    private var isOpen = true
    private var pendingResize = false
    /// Input is read and decoded here, not by ncurses: in chunks, the terminal's answers
    /// taken out, pastes bounded.
    private var reader: TerminalInputReader
    /// The pictures drawn as pixels, where the terminal draws them (kitty's protocol, sixel).
    private var pixels: PixelImages? {
        didSet {
            // The deletions are told before a picture's bytes go out, so a signal that comes
            // as soon as they are read finds them.
            pixels?.beforeWriting = { [weak self] in self?.noteDeletions() }
        }
    }
    /// The deletions last told to the signal handlers.
    private var notedDeletions: [String] = []
    /// The start-up's graphics answers when they did not come in time: read on as they come.
    private var lateGraphics: LateGraphics?
    /// How pictures are drawn: kitty's protocol, sixel, or symbols (chosen at start-up).
    public var graphics: GraphicsProtocol { pixels?.graphics ?? .symbols }

    private init(
        input: Int32,
        output: Int32,
        capabilities: TerminalCapabilities,
        colorCount: Int,
        pixels: PixelImages? = nil,
        background: RGBA? = nil
    ) {
        self.pixels = pixels
        writer = ScreenWriter(
            colorDepth: capabilities.colorDepth,
            brightAsBold: colorCount < 16,
            italics: ik_has_italics() == 1,
            readable: ReadableColors(theme: capabilities.theme, background: background, depth: capabilities.colorDepth)
        )
        inputDescriptor = input
        self.output = output
        reader = TerminalInputReader(descriptor: input)
        self.capabilities = capabilities
        var rows: Int32 = 0
        var cols: Int32 = 0
        ik_size(&rows, &cols)
        size = Size(width: Int(cols), height: Int(rows))
        ik_window_size(&rows, &cols)
        windowSize = Size(width: Int(cols), height: Int(rows))
        pixels?.beforeWriting = { [weak self] in self?.noteDeletions() }
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
        switch ik_check_terminal(term, output) {
        case 0: return nil
        case 2: return .dumbTerminal(term)
        default: return .unknownTerminal(term)
        }
    }

    /// Starts ncurses on the terminal (by default standard input and output). With
    /// `measuringWidths`, each text is written once at the start of the line before ncurses
    /// starts (the line erased after) and the cells the terminal moved the cursor for it are
    /// read back in the same round trip as its other answers: `TerminalCapabilities/measuredWidths`.
    public static func open(
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        environment: [String: String],
        mouse: Bool = true,
        installSignalHandlers: Bool = true,
        asksBackground: Bool = true,
        measuringWidths texts: [String] = []
    ) throws(TerminalError) -> NcursesTerminal {
        if let problem = preflight(input: input, output: output, environment: environment) { throw problem }
        let told = StartupSettings(environment: environment)
        var answers = StartupAnswers(theme: TerminalTheme.detect(environment: environment))
        if asksBackground, !told.background || told.graphics == nil || !texts.isEmpty {
            let asked = BackgroundQuery.ask(input: input, output: output, measuring: texts, insideTmux: GraphicsProbe.isInsideTmux(environment))
            answers.read(asked, measuring: texts, backgroundTold: told.background)
        }
        guard ik_use_utf8_locale() == 1 else { throw .noUTF8Locale }
        let term = ColorDepthDetector.terminfoName(for: told.term, environment: environment) { ik_check_terminal($0, output) == 0 }
        if told.graphics == nil {
            // Inside tmux, the terminal's answers are tmux's own; tmux tells what it runs in.
            answers.graphics = GraphicsAnswers.seen(answers.graphics, throughTmux: TerminalQuery.tmux(environment: environment))
        }
        // Pixels where the terminal draws them and leaves room for them: kitty's protocol and
        // sixel (iTerm2's images scroll the screen, so symbols there).
        let chosen = GraphicsProbe.choose(answers.graphics, environment: environment)
        try startNcurses(input: input, output: output, term: term, mouse: mouse)
        if installSignalHandlers { ik_install_signal_handlers() }
        let colors = Int(ik_colors())
        let direct = ik_direct_color() == 1
        let depth = ColorDepth.detect(environment: environment, colors: colors, directColor: direct)
        let drawing = PixelDrawing(
            output: output,
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
        let terminal = NcursesTerminal(
            input: input,
            output: output,
            capabilities: caps,
            colorCount: colors,
            pixels: pixels,
            background: answers.background
        )
        if let probe = answers.unfinishedProbe, told.graphics == nil, !GraphicsProbe.isInsideTmux(environment), depth != .none {
            terminal.lateGraphics = LateGraphics(probe: probe, until: .now + Self.lateGraphicsWait, drawing: drawing)
        }
        if !answers.typedMeanwhile.isEmpty {
            // Kept here and decoded first, however many; the reader is woken to take them.
            terminal.reader = TerminalInputReader(descriptor: input, typedAhead: answers.typedMeanwhile)
            ik_wake()
        }
        return terminal
    }

    /// Starts ncurses with the terminfo entry `term`: the terminal's modes, keypad and
    /// alternate screen; it draws nothing after.
    private static func startNcurses(input: Int32, output: Int32, term: String, mouse: Bool) throws(TerminalError) {
        var message = [CChar](repeating: 0, count: 256)
        let largest = TerminalHost.largestSize
        let opened = ik_open(input, output, term, mouse ? 1 : 0, Int32(largest.height), Int32(largest.width), &message, message.count)
        guard opened == 0 else {
            throw .startFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    /// Ends ncurses and restores the terminal. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        pixels?.deleteAll()
        ik_close()
    }

    /// Stops the process as Ctrl-Z does in a shell: the terminal is given back as on exit;
    /// on `fg` the app's modes (mouse, keypad, paste) are entered again and the screen is
    /// repainted (a `.resize` is queued). Returns once the process is continued.
    public func suspend() {
        guard isOpen else { return }
        ik_suspend()
    }

    /// Call when ``resizeDescriptor`` is readable: adopts the new size and queues `.resize`.
    public func applyResize() {
        let applied = ik_apply_resize()
        guard applied != 0 else { return }  // only a wake-up: input is waiting
        if applied == 2 {
            // Continued after a stop: entering the alternate screen again cleared it, and
            // kitty freed the pictures on it (0.26). Each is sent again when next shown.
            pixels?.deleteAll()
        }
        var rows: Int32 = 0
        var cols: Int32 = 0
        ik_size(&rows, &cols)
        size = Size(width: Int(cols), height: Int(rows))
        ik_window_size(&rows, &cols)
        windowSize = Size(width: Int(cols), height: Int(rows))
        writer.forget()
        pendingResize = true
    }

    /// Shows `canvas`: only the cells that changed are written (``ScreenWriter``), then the
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
        if !bytes.isEmpty { _ = bytes.withUnsafeBytes { Descriptor.writeAll($0, to: output) } }
        // Text never moves, so a picture is sent again only where the frame wrote over it (a
        // sixel: text erases its pixels) or erased the screen.
        let spans = writer.writtenSpans
        let sixel = pixels?.graphics == .sixel
        pixels?.present(canvas, repainted: writer.drewWhole, textMoved: false) { rect in
            sixel && (rect.y..<rect.maxY).contains { spans[$0]?.overlaps(rect.x...(rect.maxX - 1)) == true }
        }
    }

    /// Tells the signal handlers the deletions of the pictures sent, as ``close()`` writes
    /// them: a SIGTERM or SIGHUP leaves none in the terminal's memory. Called before the
    /// pictures' bytes go out (``PixelImages/beforeWriting``), which every sending and every
    /// deleting of a picture does: nothing is worked out on a frame that sends none.
    private func noteDeletions() {
        guard let pixels, pixels.graphics == .kitty else { return }
        let deletions = pixels.deletions(keepingShown: false)
        guard deletions != notedDeletions else { return }
        notedDeletions = deletions
        let capacity = Int(ik_signal_deletions_capacity())
        var bytes: [UInt8] = []
        for deletion in deletions {
            guard bytes.count + deletion.utf8.count <= capacity else { break }
            bytes += deletion.utf8
        }
        bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { ik_set_signal_deletions($0.baseAddress, $0.count) } }
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
        events += reader.events(wake: { ik_wake() }, observing: { readLateGraphics($0) })
        return events
    }

    /// How long graphics answers that missed the start-up's wait are awaited.
    static let lateGraphicsWait: Duration = .seconds(10)

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
    let theme: TerminalTheme
    let background: RGBA?
    let directColor: Bool
    let depth: ColorDepth
    let environment: [String: String]

    /// The pictures' sender for `chosen` and the cell size it draws by; nil where `chosen`
    /// draws no pixels here (symbols, iTerm2's images, no colour).
    func images(_ chosen: GraphicsProtocol, answers: GraphicsAnswers?) -> (PixelImages, Size?)? {
        guard depth != .none, chosen == .kitty || chosen == .sixel else { return nil }
        var rows: Int32 = 0
        var cols: Int32 = 0
        ik_size(&rows, &cols)
        // The same decision `showcase view` makes, from the answers of the start-up's round trip.
        let drawing = PictureDrawing.decide(
            told: chosen,
            answers: answers,
            tmux: nil,
            windowPixels: TerminalQuery.windowPixels(of: output),
            cells: Size(width: Int(cols), height: Int(rows)),
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

/// Graphics answers still awaited after the start-up's wait.
@MainActor
private struct LateGraphics {
    var probe: GraphicsProbe
    let until: ContinuousClock.Instant
    let drawing: PixelDrawing
}
