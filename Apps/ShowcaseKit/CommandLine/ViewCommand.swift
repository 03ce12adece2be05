import Foundation
import GifDecoding
import PhotoReaders
import PickerSelection
import TUICore
import TerminalGraphics

/// `showcase view FILE`: a GIF's first frame, a PNG or a JPEG printed inline — as pixels where
/// the terminal shows them (kitty's protocol, sixel, iTerm2's images), else in block symbols
/// and colour — fitted to the terminal's width in its true proportions (as chafa and timg
/// print a picture).
package struct ViewCommand: Equatable, Sendable {
    package var path: String
    /// Columns to fit in (default: the terminal's width, 80 when not a terminal).
    package var width: Int?
    package var symbols: SymbolChoice
    package var memory: MemoryBudget
    /// How the picture is drawn (`--graphics`; nil: as the terminal answers).
    package var graphics: GraphicsProtocol? = nil

    static func parse(_ arguments: [String]) throws(UsageError) -> ViewCommand {
        var words = ArgumentWords(arguments)
        let width = try words.value("--width").map { text throws(UsageError) -> Int in
            guard let number = Int(text), (1...1000).contains(number) else {
                throw UsageError("`--width` takes a number of columns from 1 to 1000, not `\(text.sanitizedForTerminal)`")
            }
            return number
        }
        let symbols = try SymbolChoice.parse(&words)
        let memory = try MemoryBudget.parse(&words)
        var graphics: GraphicsProtocol?
        if let name = try words.value("--graphics"), name != "auto" {
            guard let chosen = GraphicsProtocol(rawValue: name) else {
                throw UsageError("`--graphics` takes kitty, sixel, iterm, symbols or auto, not `\(name.sanitizedForTerminal)`")
            }
            graphics = chosen
        }
        try words.rejectOptions(for: "view")
        guard words.words.count == 1 else { throw UsageError("`view` needs exactly one FILE (a GIF, PNG or JPEG)") }
        return ViewCommand(path: words.words[0], width: width, symbols: symbols, memory: memory, graphics: graphics)
    }

    /// Prints the picture fitted into `box` (columns × rows, a cell `cellPixels` large when
    /// known) with `output`, drawn with `drawing`, or says why not with `errors`; returns the
    /// exit status (65 undecodable, 66 unreadable).
    package func run(
        box: Size,
        colorDepth: ColorDepth,
        environment: [String: String],
        drawing: GraphicsProtocol = .symbols,
        cellPixels: Size? = nil,
        sixelColors: Int = 208,
        sixelMaximum: Size? = nil,
        kittyAsText: Bool = false,
        throughTmux: Bool = false,
        output: (String) -> Void,
        errors: (String) -> Void
    ) -> Int32 {
        let name = path.sanitizedForTerminal
        // A cell's pixels: the terminal's when plausible, else 10 × 20.
        let cellPixels = cellPixels.flatMap { GraphicsProbe.isPlausible(cell: $0) ? $0 : nil }
        let cell = cellPixels ?? Size(width: 10, height: 20)
        guard FileManager.default.isReadableFile(atPath: path) else {
            errors("error: cannot read \(name): " + (FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))
            return GifCommand.unreadableStatus
        }
        let reader = ImageReader.photos(memory: memory)
        guard reader.fileExtensions.contains((path as NSString).pathExtension.lowercased()) else {
            errors("error: \(name) is not a GIF, PNG or JPEG file (by its name)")
            return GifCommand.undecodableStatus
        }
        let picture: RGBAImage
        do {
            // Read no larger than the cells can show: a JPEG comes at 1/2 to 1/8 scale.
            let (columns, rows) = drawing == .symbols ? symbols.resolved(environment: environment).grid : (cell.width, cell.height)
            picture = try reader.readForThumbnail(path, max(box.width * columns, box.height * rows)).image
        } catch {
            errors("error: \(name): " + ((error as? PhotoReadFailure).map(MemoryBudget.explain) ?? "\(error)"))
            return (error as? PhotoReadFailure)?.kind == .unreadable ? GifCommand.unreadableStatus : GifCommand.undecodableStatus
        }
        var cells = ImageLayout.cells(for: Size(width: picture.width, height: picture.height), in: box, cellPixels: cellPixels)
        if drawing == .sixel, let most = sixelMaximum, cells.width * cell.width > most.width || cells.height * cell.height > most.height {
            // No larger than the terminal draws a sixel (XTSMGRAPHICS), in the same proportions.
            let limit = Size(width: max(1, most.width / cell.width), height: max(1, most.height / cell.height))
            cells = ImageLayout.cells(
                for: Size(width: picture.width, height: picture.height),
                in: Size(width: min(box.width, limit.width), height: min(box.height, limit.height)),
                cellPixels: cellPixels
            )
        }
        // A sixel is as large as it shows: no more pixels than the budget.
        if drawing == .sixel { cells = Sixel.cellsWithinBudget(cells, cell: cell) }
        // An animated GIF in kitty: every frame sent once, and the terminal plays them.
        if drawing == .kitty, (path as NSString).pathExtension.lowercased() == "gif",
            let animation = try? AnimatedImage(contentsOfFile: path, limits: memory.limits), animation.frameCount > 1
        {
            output(Self.animation(animation, cells: cells, cell: cell, asText: kittyAsText, throughTmux: throughTmux))
            return 0
        }
        guard drawing == .symbols else {
            output(
                Self.pixels(picture, cells: cells, cell: cell, drawing: drawing, sixelColors: sixelColors, kittyAsText: kittyAsText, throughTmux: throughTmux)
            )
            return 0
        }
        let style = ImageStyle(
            symbols: symbols.resolved(environment: environment),
            theme: .detect(environment: environment),
            colorMode: colorDepth == .none ? .monochrome : .color
        )
        output(style.rasterize(picture, filling: cells).ansiText(colorDepth: colorDepth))
        return 0
    }

    /// An animated GIF for kitty to play over `cells`: its frames (no larger than the cells'
    /// pixels) sent once with their own gaps, then run as often as the GIF says. Nothing
    /// more is written: the terminal plays it, in the scrollback too.
    static func animation(_ animation: AnimatedImage, cells: Size, cell: Size, asText: Bool = false, throughTmux: Bool = false) -> String {
        let target = Size(width: cells.width * cell.width, height: cells.height * cell.height)
        let size =
            animation.width > target.width || animation.height > target.height
            ? ImageLayout.pixels(for: Size(width: animation.width, height: animation.height), in: target)
            : Size(width: animation.width, height: animation.height)
        func frame(_ index: Int) -> RGBAImage { animation.image(at: index).scaled(to: size) }
        let id = asText ? UInt32.random(in: 1...0xFF_FFFF) : UInt32.random(in: 1...0x7FFF_FFFF)
        var out = asText ? "" : String(repeating: "\n", count: cells.height) + "\u{1B}[\(cells.height)A\r"
        var commands =
            asText
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
        if asText { return (throughTmux ? TmuxPassthrough.wrap(commands) : commands) + placeholderRows(id: id, cells: cells) }
        out += commands
        if cells.height > 1 { out += "\u{1B}[\(cells.height - 1)B" }
        return out + "\r"
    }

    /// The lines of text that show image `id`'s virtual placement over `cells`: kitty's
    /// Unicode placeholders, the id in the foreground colour (24-bit), one line a row.
    static func placeholderRows(id: UInt32, cells: Size) -> String {
        let color = "\u{1B}[38;2;\(id >> 16 & 0xFF);\(id >> 8 & 0xFF);\(id & 0xFF)m"
        return (0..<min(cells.height, KittyPlaceholder.limit)).map { row in
            color + (0..<min(cells.width, KittyPlaceholder.limit)).map { KittyPlaceholder.cell(row: row, column: $0) }.joined() + "\u{1B}[39m\n"
        }.joined()
    }

    /// The picture as pixels over `cells`: room made below the cursor first (scrolling if
    /// need be), the image drawn at its top left, the cursor left on the line after it.
    static func pixels(
        _ picture: RGBAImage,
        cells: Size,
        cell: Size,
        drawing: GraphicsProtocol,
        sixelColors: Int = 208,
        kittyAsText: Bool = false,
        throughTmux: Bool = false
    ) -> String {
        let target = Size(width: cells.width * cell.width, height: cells.height * cell.height)
        // Never more pixels than the cells show: the bytes follow what is seen.
        let fitted = picture.width > target.width || picture.height > target.height || drawing == .sixel ? picture.scaled(to: target) : picture
        let room = String(repeating: "\n", count: cells.height) + "\u{1B}[\(cells.height)A\r"
        switch drawing {
        case .kitty where kittyAsText:
            // Placed as text (kitty ≥ 0.28, Ghostty, and through tmux): lines of placeholders.
            let id = UInt32.random(in: 1...0xFF_FFFF)  // any 24-bit colour names an id
            let commands = KittyGraphics.transmit(fitted, id: id) + KittyGraphics.placeVirtually(id: id, columns: cells.width, rows: cells.height)
            return (throughTmux ? TmuxPassthrough.wrap(commands) : commands) + placeholderRows(id: id, cells: cells)
        case .kitty:
            let id = UInt32.random(in: 1...0x7FFF_FFFF)  // a picture of its own, kept in the scrollback
            let below = cells.height > 1 ? "\u{1B}[\(cells.height - 1)B" : ""  // the last row; the line's end takes the cursor on
            return room + KittyGraphics.display(fitted, id: id, columns: cells.width, rows: cells.height) + below + "\r"
        case .sixel:
            return room + Sixel.encode(fitted, colors: sixelColors) + "\r"
        case .iterm:
            return room + ITermImage.display(fitted, columns: cells.width, rows: cells.height) + "\r"
        case .symbols:
            return ""
        }
    }

    /// The colour depth `environment` says a terminal has, without asking terminfo:
    /// `NO_COLOR` none, `COLORTERM=truecolor|24bit` true colour, a `…256color` TERM the 256
    /// palette, `dumb` or no TERM none, else the 16 ANSI colours.
    package static func colorDepth(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .none }
        return term.contains("256color") ? .palette256 : .ansi16
    }
}
