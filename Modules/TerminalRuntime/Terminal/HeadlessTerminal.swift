/// An in-memory terminal for tests and the headless runner: it keeps the last canvas
/// presented (down-sampled to its colour depth, as a real terminal would show it)
/// and reads it back as plain text or with styles.
///
/// ```swift
/// let terminal = HeadlessTerminal(size: Size(width: 40, height: 10))
/// let host = TerminalHost(backend: terminal, root: myView)
/// host.renderIfNeeded()
/// #expect(terminal.text.contains("Ready"))
/// ```
@MainActor
public final class HeadlessTerminal: TerminalBackend {
    /// The current size; change it with ``resize(to:)``.
    public private(set) var size: Size
    /// Reported capabilities.
    public var capabilities: TerminalCapabilities
    /// What the terminal shows now.
    public private(set) var screen: Canvas
    /// How many times a canvas was presented.
    public private(set) var presentCount = 0
    /// How many cells differed from the previous screen at the last present.
    public private(set) var lastChangedCells = 0
    /// Told of every frame presented, once it is on the screen (a recording's frames).
    public var onPresent: ((Canvas) -> Void)?
    private var queue: [InputEvent] = []

    /// Creates a blank terminal.
    public init(size: Size, colorDepth: ColorDepth = .trueColor) {
        self.size = size
        capabilities = TerminalCapabilities(colorDepth: colorDepth, mouse: true, name: "headless")
        screen = Canvas(size: size)
    }

    public func present(_ canvas: Canvas) {
        var shown = Canvas(size: size)
        let depth = capabilities.colorDepth
        for y in 0..<min(size.height, canvas.size.height) {
            for x in 0..<min(size.width, canvas.size.width) {
                var cell = canvas[x, y]
                cell.style = cell.style.resolved(for: depth)
                shown[x, y] = cell
            }
        }
        shown.placements = canvas.placements.compactMap { $0.moved(by: .zero, within: shown.bounds) }
        shown.cursor = canvas.cursor.flatMap { shown.bounds.contains($0) ? $0 : nil }
        lastChangedCells = zip(shown.cells, screen.size == size ? screen.cells : Canvas(size: size).cells).count { $0 != $1 }
        screen = shown
        onPresent?(shown)
        presentCount += 1
    }

    /// Queues an event, as if the user had typed or clicked.
    public func send(_ event: InputEvent) { queue.append(event) }

    public func readEvents() -> [InputEvent] {
        defer { queue.removeAll() }
        return queue
    }

    /// Changes the size and queues the `.resize` event a real terminal would deliver.
    public func resize(to newSize: Size) {
        size = newSize
        queue.append(.resize(newSize))
    }

    /// The screen as lines of plain text, trailing spaces kept (every line `size.width` cells);
    /// the cells of a picture placed as pixels (`ImagePlacement`) read `▒`.
    public var lines: [String] { marked.lines }
    /// Where the terminal's cursor shows, if anywhere (the last frame's `Canvas.cursor`).
    public var cursor: Point? { screen.cursor }

    /// The pictures placed as pixels on the screen now.
    public var placements: [ImagePlacement] { screen.placements }

    /// The screen with its placements' cells as `▒`.
    private var marked: Canvas {
        guard !screen.placements.isEmpty else { return screen }
        var copy = screen
        for placement in screen.placements { copy.fill(placement.rect, with: Cell("▒")) }
        return copy
    }

    /// The screen as text, one line per row.
    public var text: String { lines.joined(separator: "\n") }

    /// The text inside `rect`, one line per row.
    public func text(in rect: Rect) -> String {
        let area = rect.intersection(screen.bounds)
        guard !area.isEmpty else { return "" }
        return (area.y..<area.maxY).map { y in
            var line = ""
            let shown = marked
            for x in area.x..<area.maxX where !shown[x, y].isContinuation { line.append(shown[x, y].character) }
            return line
        }.joined(separator: "\n")
    }

    /// The screen with styles: each change of style is marked `«…»` before the text it
    /// applies to (`«»` for the plain style), e.g. `«fg=1 bold»Error«» ok`.
    public var styledLines: [String] {
        (0..<size.height).map { y in
            var line = ""
            var current = Style.plain
            for x in 0..<size.width {
                let cell = screen[x, y]
                if cell.isContinuation { continue }
                if cell.style != current {
                    line += "«" + Self.describe(cell.style) + "»"
                    current = cell.style
                }
                line.append(cell.character)
            }
            return line
        }
    }

    /// A short description of a style: `fg=… bg=…` and attribute names.
    public static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if style.foreground != .default { parts.append("fg=" + describe(style.foreground)) }
        if style.background != .default { parts.append("bg=" + describe(style.background)) }
        let names: [(Style.Attributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"), (.italic, "italic"), (.strikethrough, "strikethrough"),
        ]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }

    private static func describe(_ color: Color) -> String {
        switch color {
        case .default: "default"
        case .ansi(let i): "\(i)"
        case .palette(let i): "p\(i)"
        case .rgb(let r, let g, let b): "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}
