import Pixels

/// How images reach the screen.
public enum GraphicsProtocol: String, CaseIterable, Sendable {
    /// kitty's graphics protocol.
    case kitty
    /// DEC sixel.
    case sixel
    /// iTerm2's inline images (OSC 1337).
    case iterm
    /// Block symbols in colour (ViewCore's rasterizers): every terminal.
    case symbols
}

/// What a terminal said of itself when asked: the answers to ``GraphicsProbe/queries``.
public struct GraphicsAnswers: Sendable, Equatable {
    /// It answered kitty's graphics query with OK.
    public var kitty = false
    /// Its DA1 answer lists sixel graphics (attribute 4).
    public var sixel = false
    /// The DA1 answer came (every terminal sends one; it ends the probe).
    public var answeredAttributes = false
    /// Its name and version, from XTVERSION (`kitty(0.26.5)`, `XTerm(379)`).
    public var version: String?
    /// A cell's size in pixels (`CSI 16 t`), if it said.
    public var cellPixels: Size?
    /// The text area's size in pixels (`CSI 14 t`), if it said.
    public var windowPixels: Size?
    /// The most sixel colour registers it offers (`XTSMGRAPHICS`).
    public var colorRegisters: Int?
    /// The largest sixel image it draws, in pixels (`XTSMGRAPHICS`).
    public var sixelMaximum: Size?
    /// Inside tmux: whether tmux passes escape sequences on to the terminal it runs in
    /// (`allow-passthrough`), the answers then being that terminal's.
    public var tmuxPassthrough = false

    /// Whether the terminal shows kitty images placed as text (``KittyPlaceholder``): kitty
    /// from 0.28, Ghostty.
    public var kittyPlaceholders: Bool {
        guard kitty, let version = version?.lowercased() else { return false }
        if version.hasPrefix("ghostty") { return true }
        guard version.hasPrefix("kitty("), let inside = version.dropFirst(6).split(separator: ")").first else { return false }
        let parts = inside.split(separator: ".").map { Int($0) ?? 0 }
        return (parts.first ?? 0, parts.dropFirst().first ?? 0) >= (0, 28)
    }

    /// Answers as given (tests; a terminal of known abilities).
    public init(kitty: Bool = false, sixel: Bool = false, version: String? = nil, cellPixels: Size? = nil, colorRegisters: Int? = nil) {
        self.kitty = kitty
        self.sixel = sixel
        self.version = version
        self.cellPixels = cellPixels
        self.colorRegisters = colorRegisters
    }
}

/// Asks a terminal what it can draw and reads its answers: kitty's graphics query, XTVERSION,
/// XTSMGRAPHICS (sixel colour registers and geometry), the cell and window sizes in pixels,
/// then DA1, which every terminal answers — so its answer, coming last, bounds the wait to one
/// round trip. A pure reader: feed it the bytes that came back (``read(_:)``); bytes that are
/// no answer are kept for the program (``leftover``), never taken as keys by it.
///
/// ```swift
/// var probe = GraphicsProbe()
/// write(GraphicsProbe.queries)
/// while !probe.isComplete { probe.read(readSomeBytes()) }
/// let chosen = GraphicsProbe.choose(probe.answers, environment: environment)
/// ```
public struct GraphicsProbe: Sendable, Equatable {
    /// The queries, DA1 last.
    public static let queries = KittyGraphics.query + answeredThroughTmux

    /// The queries to send: inside tmux (`insideTmux`) without kitty's graphics query, which
    /// tmux never answers and takes, an APC string, for the pane's title (tmux says what it
    /// runs in otherwise: ``answers(fromTmux:)``).
    public static func queries(insideTmux: Bool) -> String {
        insideTmux ? answeredThroughTmux : queries
    }

    /// The queries a multiplexer answers or passes on, DA1 last: XTVERSION, XTSMGRAPHICS
    /// (sixel's colours and size), the window's size in pixels and a cell's.
    private static let answeredThroughTmux = "\u{1B}[>0q" + "\u{1B}[?1;1;0S" + "\u{1B}[?2;1;0S" + "\u{1B}[16t" + "\u{1B}[14t" + "\u{1B}[c"

    /// What was learnt so far.
    public private(set) var answers = GraphicsAnswers()
    /// Bytes that were not part of an answer (typed keys), in order.
    public private(set) var leftover: [UInt8] = []
    private var pending: [UInt8] = []

    /// A probe that has read nothing yet.
    public init() {}

    /// Forgets the bytes kept as ``leftover`` (a reader that takes keys elsewhere and only
    /// wants the answers).
    package mutating func dropLeftover() { leftover = [] }

    /// Whether the DA1 answer came: every answer before it has been read.
    public var isComplete: Bool { answers.answeredAttributes }

    /// The most bytes an answer string (APC, DCS) may take before it is taken as no answer:
    /// its bytes are then kept as ``leftover``.
    static let stringLimit = 4096
    /// The most bytes a CSI answer may take, likewise.
    static let sequenceLimit = 256

    /// Reads bytes that came back from the terminal, in time linear in their number however
    /// they are cut.
    public mutating func read(_ bytes: [UInt8]) {
        pending += bytes
        var i = 0
        defer { pending.removeFirst(i) }
        while i < pending.count {
            let first = pending[i]
            guard first == 0x1B else {
                leftover.append(first)
                i += 1
                continue
            }
            guard i + 1 < pending.count else { return }
            switch pending[i + 1] {
            case 0x5F, 0x50:  // APC (kitty) or DCS (XTVERSION): up to ESC \
                guard let end = stringTerminator(from: i + 2) else {
                    if pending.count - i <= Self.stringLimit { return }  // the rest may come
                    leftover.append(first)  // too long for an answer of ours
                    i += 1
                    continue
                }
                take(stringAnswer: Array(pending[(i + 2)..<end]))
                i = end + 2
            case 0x5B:  // CSI: up to a final byte
                var j = i + 2
                while j < pending.count, j - i < Self.sequenceLimit, !(0x40...0x7E).contains(pending[j]) { j += 1 }
                guard j < pending.count, j - i < Self.sequenceLimit else {
                    if j - i < Self.sequenceLimit { return }  // the rest may come
                    leftover.append(first)
                    i += 1
                    continue
                }
                let parameters = String(decoding: pending[(i + 2)..<j], as: UTF8.self)
                if !take(csi: parameters, final: pending[j]) { leftover += pending[i...j] }
                i = j + 1
            default:
                leftover.append(first)
                i += 1
            }
        }
    }

    /// The index of the `ESC \` that ends a string begun before `start`, if it came.
    private func stringTerminator(from start: Int) -> Int? {
        var i = start
        while i + 1 < pending.count {
            if pending[i] == 0x1B && pending[i + 1] == 0x5C { return i }
            i += 1
        }
        return nil
    }

    private mutating func take(stringAnswer body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
        if text.hasPrefix("G") {
            // kitty: `Gi=31;OK` (or an error, `Gi=31;ENOTSUPPORTED:…`).
            if text.contains("i=31"), text.hasSuffix(";OK") { answers.kitty = true }
        } else if text.hasPrefix(">|") {
            answers.version = String(text.dropFirst(2))
        }
    }

    /// Takes a CSI answer; false when it is none of the awaited ones.
    private mutating func take(csi parameters: String, final: UInt8) -> Bool {
        let numbers = parameters.drop { $0 == "?" }.split(separator: ";").map { Int($0) }
        switch final {
        case 0x63 where parameters.hasPrefix("?"):  // DA1: ESC [ ? 62 ; 4 ; … c
            answers.answeredAttributes = true
            answers.sixel = numbers.dropFirst().contains(4)
            return true
        case 0x53 where parameters.hasPrefix("?") && numbers.count >= 3:  // XTSMGRAPHICS
            guard numbers[1] == 0 else { return true }  // the terminal refused: nothing learnt
            if numbers[0] == 1, let registers = numbers[2] { answers.colorRegisters = registers }
            if numbers[0] == 2, numbers.count >= 4, let w = numbers[2], let h = numbers[3] { answers.sixelMaximum = Size(width: w, height: h) }
            return true
        case 0x74 where numbers.count == 3:  // ESC [ 6 ; h ; w t  or  ESC [ 4 ; h ; w t
            guard let kind = numbers[0], let h = numbers[1], let w = numbers[2], w > 0, h > 0 else { return true }
            if kind == 6 { answers.cellPixels = Size(width: w, height: h) }
            if kind == 4 { answers.windowPixels = Size(width: w, height: h) }
            return true
        default:
            return false
        }
    }

    /// The protocol to draw with: `INDICATORKIT_GRAPHICS` when set (`kitty`, `sixel`, `iterm`,
    /// `symbols`; `auto` or anything else asks), then what the terminal said — kitty, then
    /// iTerm2's images where the terminal is iTerm2 or WezTerm (`TERM_PROGRAM`), then sixel —
    /// else symbols. Inside tmux, kitty images placed as text where tmux passes them on
    /// (``GraphicsAnswers/tmuxPassthrough``) to a terminal that shows them
    /// (``GraphicsAnswers/kittyPlaceholders``), else symbols; inside screen, symbols.
    public static func choose(_ answers: GraphicsAnswers?, environment: [String: String]) -> GraphicsProtocol {
        if let asked = environment["INDICATORKIT_GRAPHICS"].flatMap({ GraphicsProtocol(rawValue: $0.lowercased()) }) { return asked }
        let term = environment["TERM"] ?? ""
        if isInsideTmux(environment) { return answers.map { $0.tmuxPassthrough && $0.kittyPlaceholders } == true ? .kitty : .symbols }
        if term.hasPrefix("screen") { return .symbols }
        guard let answers else { return .symbols }
        if answers.kitty { return .kitty }
        let program = environment["TERM_PROGRAM"] ?? ""
        if program == "iTerm.app" || program == "WezTerm" { return .iterm }
        if answers.sixel { return .sixel }
        return .symbols
    }

    /// Whether kitty images are placed as text (``KittyPlaceholder``) rather than at the
    /// cursor: `INDICATORKIT_KITTY_PLACEHOLDERS=1` or `0` when set, else where the terminal
    /// shows them (always inside tmux, where nothing else works).
    public static func placesKittyImagesAsText(_ answers: GraphicsAnswers?, environment: [String: String]) -> Bool {
        switch environment["INDICATORKIT_KITTY_PLACEHOLDERS"] {
        case "1": return true
        case "0": return false
        default: return isInsideTmux(environment) || answers?.kittyPlaceholders == true
        }
    }

    /// Whether the program runs inside tmux (`TMUX`, or a `tmux` `TERM`).
    public static func isInsideTmux(_ environment: [String: String]) -> Bool {
        environment["TMUX"] != nil || (environment["TERM"] ?? "").hasPrefix("tmux")
    }

    /// What tmux says of the terminal it runs in, from `tmux display-message -p
    /// '#{allow-passthrough} #{client_termtype}'` (`1 kitty(0.35.2)`): passthrough and the
    /// terminal's XTVERSION, which tmux asked. kitty's protocol is taken to be there when that
    /// terminal is kitty or Ghostty (tmux does not pass the kitty query's answer back).
    public static func answers(fromTmux text: String) -> GraphicsAnswers {
        let words = text.split(whereSeparator: \.isWhitespace)
        var answers = GraphicsAnswers()
        answers.tmuxPassthrough = words.first.map { $0 == "1" || $0 == "on" || $0 == "all" } ?? false
        answers.version = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
        let name = answers.version?.lowercased() ?? ""
        answers.kitty = name.hasPrefix("kitty") || name.hasPrefix("ghostty")
        return answers
    }

    /// The colour registers a sixel may use on this terminal: 208 (the default, see
    /// ``Sixel/encode(_:colors:background:)``), or fewer when the terminal says it has fewer.
    public static func sixelColors(_ answers: GraphicsAnswers?) -> Int {
        guard let registers = answers?.colorRegisters, registers >= 2 else { return 208 }
        return min(208, registers)
    }

    /// The cell sizes taken from a terminal: 2 to 64 pixels wide and 4 to 128 high (a cell of a
    /// 4K screen at twice the scale is about 20 × 40). A terminal that says anything else is
    /// not believed: the next source is asked, and without one a cell is taken to be 10 × 20.
    /// So no answer, however large, zero or odd, can make a picture huge or empty.
    public static let plausibleCellWidths = 2...64
    /// See ``plausibleCellWidths``.
    public static let plausibleCellHeights = 4...128

    /// Whether `cell` is a size a real terminal's cell has (``plausibleCellWidths``, ``plausibleCellHeights``).
    public static func isPlausible(cell: Size) -> Bool {
        plausibleCellWidths.contains(cell.width) && plausibleCellHeights.contains(cell.height)
    }

    /// The size of a cell in pixels: from the window's pixel size when the terminal gives it
    /// (`TIOCGWINSZ`), else its `CSI 16 t` answer, else the `CSI 14 t` window divided by the
    /// cells; a source whose cell is not plausible (``isPlausible(cell:)``) is passed over;
    /// nil when nothing says.
    public static func cellPixels(windowPixels ioctlPixels: Size?, cells: Size, answers: GraphicsAnswers?) -> Size? {
        func divided(_ window: Size?) -> Size? {
            guard let window, window.width > 0, window.height > 0, cells.width > 0, cells.height > 0 else { return nil }
            return Size(width: window.width / cells.width, height: window.height / cells.height)
        }
        return [divided(ioctlPixels), answers?.cellPixels, divided(answers?.windowPixels)].lazy.compactMap { $0 }.first(where: isPlausible)
    }
}
