internal import CNcursesw
internal import CTerminalIO
import Foundation
import TerminalGraphics
@_exported import TerminalIO
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal, drawn with ncursesw: wide characters, colours down-sampled to
/// what the terminal shows, colour pairs on demand, keys, mouse and resizes.
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

    private var shown: Canvas
    private var pairs: ColorPairTable
    private let directColor: Bool
    private let colorCount: Int
    private var isOpen = true
    private var pendingResize = false
    /// Input is read and decoded here, not by ncurses: in chunks, the terminal's answers
    /// taken out, pastes bounded.
    private var reader: TerminalInputReader
    /// How many rows the last frame changed: ncurses may move lines that moved by scrolling
    /// a region, and a terminal moves its pictures with them.
    private var changedRows = 0
    /// The columns of each row the last frame wrote, first to last changed cell.
    private var changedSpans: [Int: ClosedRange<Int>] = [:]
    /// Whether ncurses was given a description without region scrolling (sixel).
    private let neverScrolls: Bool
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
    /// Dim styles as the explicit colours they are drawn in.
    private var readable: ReadableColors
    /// How pictures are drawn: kitty's protocol, sixel, or symbols (chosen at start-up).
    public var graphics: GraphicsProtocol { pixels?.graphics ?? .symbols }

    private init(
        input: Int32,
        capabilities: TerminalCapabilities,
        colorCount: Int,
        directColor: Bool,
        pairCapacity: Int,
        pixels: PixelImages? = nil,
        neverScrolls: Bool = false,
        background: RGBA? = nil
    ) {
        self.pixels = pixels
        readable = ReadableColors(theme: capabilities.theme, background: background, depth: capabilities.colorDepth)
        self.neverScrolls = neverScrolls
        inputDescriptor = input
        reader = TerminalInputReader(descriptor: input)
        self.capabilities = capabilities
        self.colorCount = colorCount
        self.directColor = directColor
        pairs = ColorPairTable(capacity: pairCapacity)
        var rows: Int32 = 0
        var cols: Int32 = 0
        ik_size(&rows, &cols)
        size = Size(width: Int(cols), height: Int(rows))
        ik_window_size(&rows, &cols)
        windowSize = Size(width: Int(cols), height: Int(rows))
        shown = Canvas(size: .zero)
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
            answers.read(BackgroundQuery.ask(input: input, output: output, measuring: texts), measuring: texts, backgroundTold: told.background)
        }
        guard ik_use_utf8_locale() == 1 else { throw .noUTF8Locale }
        let term = ColorDepthDetector.terminfoName(for: told.term, environment: environment) { ik_check_terminal($0, output) == 0 }
        if told.graphics == nil {
            // Inside tmux, the terminal's answers are tmux's own; tmux tells what it runs in.
            answers.graphics = GraphicsAnswers.seen(answers.graphics, throughTmux: TerminalQuery.tmux(environment: environment))
        }
        // Pixels where the terminal draws them and ncurses can leave room: kitty's protocol and
        // sixel (iTerm2's images scroll the screen, so symbols there).
        let chosen = GraphicsProbe.choose(answers.graphics, environment: environment)
        let openName = try startNcurses(input: input, output: output, term: term, withoutScrolling: chosen == .sixel, mouse: mouse, environment: environment)
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
            pixelImagesMayMove: chosen == .kitty || (chosen == .sixel && openName != term)
        )
        caps.measuredWidths = answers.measured
        caps.background = answers.background
        let terminal = NcursesTerminal(
            input: input,
            capabilities: caps,
            colorCount: colors,
            directColor: direct,
            pairCapacity: Int(ik_color_pairs()),
            pixels: pixels,
            neverScrolls: openName != term,
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

    /// Starts ncurses with the terminfo entry `term`; returns the name it runs under.
    /// `withoutScrolling` (sixels): ncurses must never move lines by scrolling a region — that
    /// carries the pictures along and leaves copies behind — so it is given the terminal's own
    /// description without the scrolling capabilities, and writes moved lines out instead;
    /// where ncurses refuses that description, the terminal's own, scrolling as usual.
    private static func startNcurses(
        input: Int32,
        output: Int32,
        term: String,
        withoutScrolling: Bool,
        mouse: Bool,
        environment: [String: String]
    ) throws(TerminalError) -> String {
        var noScroll = withoutScrolling ? NoScrollTerminfo.prepare(term, in: NoScrollTerminfo.temporaryFolder(environment)) : nil
        var message = [CChar](repeating: 0, count: 256)
        let largest = TerminalHost.largestSize
        var opened = NoScrollTerminfo.with(folder: noScroll?.folder) {
            ik_open(input, output, noScroll?.name ?? term, mouse ? 1 : 0, Int32(largest.height), Int32(largest.width), &message, message.count)
        }
        if opened != 0, noScroll != nil {
            noScroll = nil
            opened = ik_open(input, output, term, mouse ? 1 : 0, Int32(largest.height), Int32(largest.width), &message, message.count)
        }
        guard opened == 0 else {
            throw .startFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return noScroll?.name ?? term
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

    /// How many times the colour-pair table filled up and was reset.
    public var colorPairResets: Int { pairs.resets }

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
        shown = Canvas(size: .zero)
        pendingResize = true
    }

    /// Shows `canvas`: only the cells that changed are written, then the pictures placed on it.
    public func present(_ canvas: Canvas) {
        guard isOpen else { return }
        // A signal taken on another thread comes here: this write is the one to interrupt.
        ik_draw_begin()
        defer { ik_draw_end() }
        // kitty pictures placed as text become cells like any other.
        let canvas = pixels?.placingAsText(canvas) ?? canvas
        // Cells a picture left are drawn again as text (a sixel's pixels stay until written over).
        var repainted = shown.size != size
        var rewrittenRows = IndexSet()
        if let pixels {
            for rect in pixels.staleRects(for: canvas) where pixels.graphics == .sixel {
                ik_redraw_lines(Int32(rect.y), Int32(rect.height))  // its rows are written whole again
                rewrittenRows.insert(integersIn: rect.y..<rect.maxY)
            }
        }
        if !draw(canvas, mayResetPairs: true) {
            // The pair table filled up mid-frame and was emptied: repaint everything with
            // fresh pairs. A frame needing more pairs than exist shows the rest in default colours.
            ik_reset_pairs()
            ik_force_repaint()
            shown = Canvas(size: .zero)
            _ = draw(canvas, mayResetPairs: false)
            repainted = true
        }
        shown = canvas
        if let cursor = canvas.cursor, canvas.bounds.contains(cursor) {
            ik_cursor(Int32(cursor.y), Int32(cursor.x), 1)
        } else {
            ik_cursor(0, 0, 0)
        }
        ik_refresh()
        // A sixel on a row written again was erased with it: it is sent again.
        if neverScrolls {
            // No line moved: a sixel is sent again only where ncurses wrote over it.
            let spans = changedSpans
            pixels?.present(canvas, repainted: repainted, textMoved: false) { rect in
                rewrittenRows.intersects(integersIn: rect.y..<rect.maxY)
                    || (rect.y..<rect.maxY).contains { spans[$0]?.overlaps(rect.x...(rect.maxX - 1)) == true }
            }
        } else {
            pixels?.present(canvas, repainted: repainted, textMoved: changedRows >= 2) { rect in rewrittenRows.intersects(integersIn: rect.y..<rect.maxY) }
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

    /// Sends the cells that differ from `shown`; false when the pair table had to be reset.
    private func draw(_ canvas: Canvas, mayResetPairs: Bool) -> Bool {
        if shown.size != size { shown = Canvas(size: size, fill: Cell("\u{0}")) }  // forces every cell to be drawn
        let sameShape = canvas.size == shown.size
        changedRows = 0
        changedSpans = [:]
        // The cells are read in place: a frame compares every cell with the last one's, so a
        // copy of each (and of its grapheme's string) was a good part of a frame.
        return canvas.cells.withUnsafeBufferPointer { newCells in
            shown.cells.withUnsafeBufferPointer { oldCells in
                drawChanged(newCells, over: oldCells, width: canvas.size.width, rows: canvas.size.height, sameShape: sameShape, mayResetPairs: mayResetPairs)
            }
        }
    }

    private func drawChanged(
        _ newCells: UnsafeBufferPointer<Cell>,
        over oldCells: UnsafeBufferPointer<Cell>,
        width canvasWidth: Int,
        rows canvasHeight: Int,
        sameShape: Bool,
        mayResetPairs: Bool
    ) -> Bool {
        var wide = [wchar_t](repeating: 0, count: 6)
        for y in 0..<min(size.height, canvasHeight) {
            var rowChanged = false
            var first = -1
            var last = -1
            defer {
                if rowChanged {
                    changedRows += 1
                    if neverScrolls { changedSpans[y] = first...last }  // only sixels ask where a frame wrote
                }
            }
            for x in 0..<min(size.width, canvasWidth) {
                let index = y * canvasWidth + x
                if newCells[index].width == 0 { continue }  // the right half of a wide grapheme
                if sameShape, newCells[index] == oldCells[index] { continue }  // a few integers (see Cell)
                let cell = newCells[index]
                rowChanged = true
                if first < 0 { first = x }
                last = x + max(0, Int(cell.width) - 1)
                let style = drawnStyle(cell.style, for: cell.character)
                guard let pair = colorPair(for: style, mayReset: mayResetPairs) else { return false }
                var count: Int32 = 0
                cell.grapheme.withUTF8 { bytes in
                    var decoder = UTF8()
                    var iterator = bytes.makeIterator()
                    while count < 5, case .scalarValue(let scalar) = decoder.decode(&iterator) {
                        wide[Int(count)] = wchar_t(bitPattern: scalar.value)
                        count += 1
                    }
                }
                var flags = attributeFlags(style)
                if pair.boldForBright { flags |= UInt32(IK_ATTR_BOLD) }
                ik_put(Int32(y), Int32(x), &wide, count, Int32(cell.width), flags, pair.number)
            }
        }
        return true
    }

    /// `style` as this terminal shows it for `character`: down-sampled to its colours, faint
    /// text and ANSI accents in colours that stay readable on its background (``ReadableColors``).
    private func drawnStyle(_ style: Style, for character: Character) -> Style {
        readable.readable(style, for: character).resolved(for: capabilities.colorDepth)
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
        // ncurses was opened with a description that scrolls regions: moved sixels would
        // leave copies, so pictures that move are drawn as symbols.
        capabilities.pixelImagesMayMove = chosen == .kitty
        shown = Canvas(size: .zero)  // everything is drawn again
        return [.resize(size)]
    }

    private struct Pair {
        let number: Int32
        let boldForBright: Bool
    }

    /// nil when the table was exhausted and reset (only when `mayReset`).
    private func colorPair(for style: Style, mayReset: Bool) -> Pair? {
        guard capabilities.colorDepth != .none else { return Pair(number: 0, boldForBright: false) }
        let (fg, bright) = colorNumber(style.foreground)
        let (bg, _) = colorNumber(style.background)
        switch pairs.pair(foreground: fg, background: bg, mayReset: mayReset) {
        case .existing(let number): return Pair(number: number, boldForBright: bright)
        case .new(let number):
            ik_init_pair(number, fg, bg)
            return Pair(number: number, boldForBright: bright)
        case .exhausted: return nil
        }
    }

    /// The ncurses colour number; on 8-colour terminals bright colours become bold. On a
    /// direct-colour terminal numbers from 8 up are packed RGB, so bright ANSI and palette
    /// colours are sent as their RGB values.
    private func colorNumber(_ color: Color) -> (Int32, Bool) {
        Self.colorNumber(color, directColor: directColor, colorCount: colorCount)
    }

    /// ``colorNumber(_:)`` for a terminal of `colorCount` colours, direct or not.
    nonisolated static func colorNumber(_ color: Color, directColor: Bool, colorCount: Int) -> (Int32, Bool) {
        if directColor {
            switch color {
            case .default: return (-1, false)
            case .ansi(let n) where n < 8: return (Int32(n), false)
            default:
                let (r, g, b) = color.rgbComponents(default: (0, 0, 0))
                // Below 8 a direct-colour terminfo sends the ANSI colour of that number, which
                // terminals brighten when bold (xterm showed bold black as grey): near-black
                // goes as (0, 0, 8) instead, the same to the eye.
                return (max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b)), false)
            }
        }
        switch color {
        case .default: return (-1, false)
        case .ansi(let n):
            if colorCount < 16, n >= 8 { return (Int32(n - 8), true) }
            return (Int32(n), false)
        case .palette(let n):
            return (Int32(n) < colorCount ? Int32(n) : Int32(n % 8), false)
        case .rgb(let r, let g, let b):
            return (directColor ? Int32(r) << 16 | Int32(g) << 8 | Int32(b) : -1, false)
        }
    }

    private func attributeFlags(_ style: Style) -> UInt32 {
        var flags: UInt32 = 0
        let a = style.attributes
        if a.contains(.bold) { flags |= UInt32(IK_ATTR_BOLD) }
        if a.contains(.dim) { flags |= UInt32(IK_ATTR_DIM) }
        if a.contains(.reverse) { flags |= UInt32(IK_ATTR_REVERSE) }
        if a.contains(.underline) { flags |= UInt32(IK_ATTR_UNDERLINE) }
        if a.contains(.italic) { flags |= UInt32(IK_ATTR_ITALIC) }
        return flags
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
