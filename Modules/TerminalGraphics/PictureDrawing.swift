import Pixels

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How pictures are drawn on one terminal, decided once: the protocol, and what drawing by it
/// needs to know of the terminal. ``ask(told:environment:input:output:)`` asks the terminal
/// (one round trip) and tmux; ``decide(told:answers:tmux:windowPixels:cells:environment:)`` is
/// the same decision from answers already read, for a program that reads them itself (a
/// full-screen app asks in its own start-up round trip) and for tests.
///
/// ```swift
/// let drawing = PictureDrawing.ask(told: nil, environment: ProcessInfo.processInfo.environment)
/// if drawing.graphics == .kitty { … }
/// ```
public struct PictureDrawing: Sendable, Equatable {
    /// The protocol pictures are drawn with (`.symbols`: as text).
    public var graphics: GraphicsProtocol
    /// A cell's size in pixels, when the terminal says it plausibly
    /// (``GraphicsProbe/isPlausible(cell:)``).
    public var cellPixels: Size?
    /// The colour registers a sixel may use (``GraphicsProbe/sixelColors(_:)``).
    public var sixelColors: Int
    /// The largest sixel the terminal draws, when it says.
    public var sixelMaximum: Size?
    /// Whether kitty pictures are placed as text (``KittyPlaceholder``).
    public var kittyAsText: Bool
    /// Whether every command goes through tmux's passthrough.
    public var throughTmux: Bool

    /// A decision made by hand; the defaults draw as text. A `cellPixels` that is not
    /// plausible (``GraphicsProbe/isPlausible(cell:)``) is taken as unknown.
    public init(
        graphics: GraphicsProtocol = .symbols,
        cellPixels: Size? = nil,
        sixelColors: Int = 208,
        sixelMaximum: Size? = nil,
        kittyAsText: Bool = false,
        throughTmux: Bool = false
    ) {
        self.graphics = graphics
        self.cellPixels = cellPixels.flatMap { GraphicsProbe.isPlausible(cell: $0) ? $0 : nil }
        self.sixelColors = sixelColors
        self.sixelMaximum = sixelMaximum
        self.kittyAsText = kittyAsText
        self.throughTmux = throughTmux
    }

    /// The decision from answers already read: `told` (a `--graphics` flag) first, then
    /// ``GraphicsProbe/choose(_:environment:)`` on the terminal's answers — inside tmux, on
    /// what tmux says of the terminal it runs in (`tmux`) with the cell's pixels of the
    /// answers tmux gave itself. `windowPixels` and `cells` are the window's size by
    /// `TIOCGWINSZ`, when known.
    public static func decide(
        told: GraphicsProtocol?,
        answers: GraphicsAnswers?,
        tmux: GraphicsAnswers?,
        windowPixels: Size?,
        cells: Size?,
        environment: [String: String]
    ) -> PictureDrawing {
        let answers = told == nil ? GraphicsAnswers.seen(answers, throughTmux: tmux) : answers
        let graphics = told ?? GraphicsProbe.choose(answers, environment: environment)
        return PictureDrawing(
            graphics: graphics,
            cellPixels: cells.flatMap { GraphicsProbe.cellPixels(windowPixels: windowPixels, cells: $0, answers: answers) },  // plausible or nil
            sixelColors: GraphicsProbe.sixelColors(answers),
            sixelMaximum: answers?.sixelMaximum,
            kittyAsText: graphics == .kitty && GraphicsProbe.placesKittyImagesAsText(answers, environment: environment),
            throughTmux: GraphicsProbe.isInsideTmux(environment)
        )
    }

    /// Asks the terminal on `input` and `output` what it draws (one round trip, at most a
    /// second; not at all when `told` is `.symbols` or either is not a terminal) and, inside
    /// tmux, tmux; then decides as ``decide(told:answers:tmux:windowPixels:cells:environment:)``.
    /// `told` nil reads `INDICATORKIT_GRAPHICS` (`auto` asks).
    public static func ask(
        told: GraphicsProtocol?,
        environment: [String: String],
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO
    ) -> PictureDrawing {
        let told = told ?? environment["INDICATORKIT_GRAPHICS"].flatMap { GraphicsProtocol(rawValue: $0.lowercased()) }
        let cells = TerminalQuery.windowCells(of: output)
        let answers = cells != nil && told != .symbols ? TerminalQuery.graphics(input: input, output: output, environment: environment) : nil
        return decide(
            told: told,
            answers: answers,
            tmux: told == nil ? TerminalQuery.tmux(environment: environment) : nil,
            windowPixels: cells != nil ? TerminalQuery.windowPixels(of: output) : nil,
            cells: cells,
            environment: environment
        )
    }
}

extension GraphicsAnswers {
    /// The answers to decide by: inside tmux, what tmux says of the terminal it runs in
    /// (`tmux`), with the cell and window pixels of the answers tmux gave itself (a pane's
    /// cell is the terminal's); elsewhere `answers`.
    public static func seen(_ answers: GraphicsAnswers?, throughTmux tmux: GraphicsAnswers?) -> GraphicsAnswers? {
        guard var outside = tmux else { return answers }
        outside.cellPixels = answers?.cellPixels
        outside.windowPixels = answers?.windowPixels
        return outside
    }
}

extension PictureDrawing {
    /// The cell's pixels to draw by: the terminal's, else 10 × 20.
    public var cell: Size { cellPixels ?? Size(width: 10, height: 20) }

    /// The cells a picture of `size` pixels takes inline within `box` (columns × rows), in its
    /// true proportions by the cell's pixels; a sixel no larger than the terminal draws one
    /// (XTSMGRAPHICS) nor than ``Sixel/pixelBudget``.
    public func cells(for size: Size, in box: Size) -> Size {
        var cells = ImageLayout.cells(for: size, in: box, cellPixels: cellPixels)
        guard graphics == .sixel else { return cells }
        if let most = sixelMaximum, cells.width * cell.width > most.width || cells.height * cell.height > most.height {
            let limit = Size(width: max(1, most.width / cell.width), height: max(1, most.height / cell.height))
            cells = ImageLayout.cells(for: size, in: Size(width: min(box.width, limit.width), height: min(box.height, limit.height)), cellPixels: cellPixels)
        }
        return Sixel.cellsWithinBudget(cells, cell: cell)
    }

    /// The bytes that print `picture` inline over `cells` below the cursor, as a command-line
    /// tool prints a picture (chafa, timg, `showcase view`): room made first (scrolling if need
    /// be), the picture at its top left, no more pixels than the cells show, the cursor left
    /// on the line after it. Empty for ``GraphicsProtocol/symbols``: the caller draws text.
    public func inline(_ picture: RGBAImage, cells: Size) -> String {
        let target = Size(width: cells.width * cell.width, height: cells.height * cell.height)
        let fitted = picture.width > target.width || picture.height > target.height || graphics == .sixel ? picture.scaled(to: target) : picture
        let room = Self.room(cells)
        switch graphics {
        case .kitty where kittyAsText:
            // Placed as text (kitty ≥ 0.28, Ghostty, and through tmux): lines of placeholders.
            let id = UInt32.random(in: 1...0xFF_FFFF)  // any 24-bit colour names an id
            let commands = KittyGraphics.transmit(fitted, id: id) + KittyGraphics.placeVirtually(id: id, columns: cells.width, rows: cells.height)
            return passedOn(commands) + Self.placeholderRows(id: id, cells: cells)
        case .kitty:
            let id = UInt32.random(in: 1...0x7FFF_FFFF)  // a picture of its own, kept in the scrollback
            return room + KittyGraphics.display(fitted, id: id, columns: cells.width, rows: cells.height) + Self.toLastRow(cells) + "\r"
        case .sixel:
            return room + Sixel.encode(fitted, colors: sixelColors) + "\r"
        case .iterm:
            return room + ITermImage.display(fitted, columns: cells.width, rows: cells.height) + "\r"
        case .symbols:
            return ""
        }
    }

    /// The bytes that have kitty play `animation` inline over `cells`: every frame (no larger
    /// than the cells' pixels) sent once with its own gap, then run as often as it says.
    /// Nothing more is written: the terminal plays it, in the scrollback too. nil unless
    /// drawing with kitty's protocol an animation of more than one picture frame.
    public func inlineAnimation(_ animation: some FrameAnimation, cells: Size) -> String? {
        guard graphics == .kitty, animation.frameCount > 1, case .image(let first) = animation.frame(at: 0) else { return nil }
        let target = Size(width: cells.width * cell.width, height: cells.height * cell.height)
        let size =
            first.width > target.width || first.height > target.height
            ? ImageLayout.pixels(for: Size(width: first.width, height: first.height), in: target)
            : Size(width: first.width, height: first.height)
        func frame(_ index: Int) -> RGBAImage {
            guard case .image(let image) = animation.frame(at: index) else { return RGBAImage(width: size.width, height: size.height) }
            return image.scaled(to: size)
        }
        let id = kittyAsText ? UInt32.random(in: 1...0xFF_FFFF) : UInt32.random(in: 1...0x7FFF_FFFF)
        var commands =
            kittyAsText
            ? KittyGraphics.transmit(frame(0), id: id) + KittyGraphics.placeVirtually(id: id, columns: cells.width, rows: cells.height)
            : KittyGraphics.display(frame(0), id: id, columns: cells.width, rows: cells.height)
        commands += KittyGraphics.setFirstFrameGap(of: id, gap: animation.duration(ofFrame: 0))
        for index in 1..<animation.frameCount {
            commands += KittyGraphics.addFrame(frame(index), to: id, gap: animation.duration(ofFrame: index))
        }
        let loops: Int
        switch animation.plays {
        case .infinite: loops = 0
        case .count(let n): loops = max(1, n)
        }
        commands += KittyGraphics.animate(id: id, running: true, loops: loops)
        if kittyAsText { return passedOn(commands) + Self.placeholderRows(id: id, cells: cells) }
        return Self.room(cells) + commands + Self.toLastRow(cells) + "\r"
    }

    /// The lines of text that show image `id`'s virtual placement over `cells`: kitty's
    /// Unicode placeholders, the id in the foreground colour (24-bit), one line a row.
    public static func placeholderRows(id: UInt32, cells: Size) -> String {
        let color = "\u{1B}[38;2;\(id >> 16 & 0xFF);\(id >> 8 & 0xFF);\(id & 0xFF)m"
        return (0..<min(cells.height, KittyPlaceholder.limit)).map { row in
            color + (0..<min(cells.width, KittyPlaceholder.limit)).map { KittyPlaceholder.cell(row: row, column: $0) }.joined() + "\u{1B}[39m\n"
        }.joined()
    }

    /// Commands as the terminal gets them: through tmux's passthrough inside tmux.
    private func passedOn(_ commands: String) -> String { throughTmux ? TmuxPassthrough.wrap(commands) : commands }

    /// Room for `cells` below the cursor (the terminal scrolls if need be), the cursor back
    /// at its top left.
    private static func room(_ cells: Size) -> String { String(repeating: "\n", count: cells.height) + "\u{1B}[\(cells.height)A\r" }

    /// Down to the picture's last row (the line's end then takes the cursor on).
    private static func toLastRow(_ cells: Size) -> String { cells.height > 1 ? "\u{1B}[\(cells.height - 1)B" : "" }
}
