/// How text is placed across its area.
public enum TextAlignment: Hashable, Sendable {
    /// Against the left edge.
    case left
    /// In the middle.
    case center
    /// Against the right edge.
    case right
}

/// How lines are placed down an area taller than they are.
public enum VerticalAlignment: Hashable, Sendable {
    /// From the top (the room below).
    case top
    /// In the middle.
    case center
    /// Down to the bottom.
    case bottom
}

/// A rectangle of styled text, every line as wide as the widest, as lipgloss's rendered
/// strings are: what Widgets' `BlockStyle.render(_:theme:)` gives. Blocks join side by side or one
/// above another; a block prints as plain text (`print(block)`), in colour
/// (``ansiText(colorDepth:)``, TerminalIO's `TerminalApp.print(_:)`), or draws on a canvas.
///
/// ```swift
/// let row = TextBlock.joined(horizontally: [left, right], alignment: .center)
/// print(TextBlock.joined(vertically: [title, row], alignment: .center))
/// ```
public struct TextBlock: Hashable, Sendable, CustomStringConvertible {
    /// Its lines, top to bottom, each ``width`` cells wide.
    public private(set) var lines: [StyledText]
    /// Its width in cells.
    public let width: Int

    /// The lines of `text` (made safe to print), each padded with blanks to the widest.
    public init(_ text: StyledText) {
        let lines = text.lines
        self.init(lines: lines.count == 1 && lines[0].isEmpty ? [] : lines)
    }

    /// `lines` (made safe to print: nothing in them moves the cursor), each padded with
    /// blanks to the widest.
    public init(lines: [StyledText]) {
        let lines = lines.map(\.sanitizedForTerminal)
        let width = lines.map(\.displayWidth).max() ?? 0
        self.lines = lines.map { $0.displayWidth < width ? $0 + StyledText(String(repeating: " ", count: width - $0.displayWidth)) : $0 }
        self.width = width
    }

    /// The cells of `canvas`, a line a row (what a view drew, as text).
    public init(canvas: Canvas) {
        var lines: [StyledText] = []
        for y in 0..<canvas.size.height {
            var line = StyledText()
            for x in 0..<canvas.size.width where !canvas[x, y].isContinuation { line.append(String(canvas[x, y].character), style: canvas[x, y].style) }
            lines.append(line)
        }
        self.lines = lines
        width = canvas.size.width
    }

    /// Its number of lines.
    public var height: Int { lines.count }

    /// Its text without colours, a line break between two lines.
    public var description: String { lines.map(\.plain).joined(separator: "\n") }

    /// Its text with its colours as SGR sequences for `colorDepth` (none: plain), a line
    /// break between two lines.
    public func ansiText(colorDepth: ColorDepth) -> String {
        lines.map { $0.ansiLines(colorDepth: colorDepth).first ?? "" }.joined(separator: "\n")
    }

    /// `blocks` side by side, the shorter ones placed down the tallest's height as `alignment`
    /// says (lipgloss's `JoinHorizontal`: in the middle, the odd blank line goes above).
    public static func joined(horizontally blocks: [TextBlock], alignment: VerticalAlignment = .top) -> TextBlock {
        let height = blocks.map(\.height).max() ?? 0
        let placed = blocks.map { block -> [StyledText] in
            let blank = StyledText(String(repeating: " ", count: block.width))
            let room = height - block.height
            let above =
                switch alignment {
                case .top: 0
                case .center: (room + 1) / 2
                case .bottom: room
                }
            return Array(repeating: blank, count: above) + block.lines + Array(repeating: blank, count: room - above)
        }
        return TextBlock(lines: (0..<height).map { row in placed.map { $0[row] }.joined() })
    }

    /// `blocks` one above another, each placed across the widest's width as `alignment` says
    /// (lipgloss's `JoinVertical`: in the middle, the odd blank cell goes on the left).
    public static func joined(vertically blocks: [TextBlock], alignment: TextAlignment = .left) -> TextBlock {
        let width = blocks.map(\.width).max() ?? 0
        return TextBlock(lines: blocks.flatMap { $0.lines(across: width, alignment: alignment, oddLeft: true) })
    }

    /// The block placed in a `width` × `height` area (lipgloss's `Place`): across as
    /// `alignment` says, down as `verticalAlignment` says (in the middle, the odd blank cell
    /// goes right and the odd blank line below), the room round it filled with `filler`
    /// repeated (blanks by default; lipgloss's `WithWhitespaceChars` and its style). An area
    /// smaller than the block leaves it as it is that way.
    public func placed(
        width: Int,
        height: Int,
        alignment: TextAlignment = .left,
        verticalAlignment: VerticalAlignment = .top,
        filler: StyledText = " "
    ) -> TextBlock {
        let filler = filler.sanitizedForTerminal
        let across = lines(across: Swift.min(width, 1 << 16), alignment: alignment, oddLeft: false, filler: filler)
        let room = Swift.max(0, Swift.min(height, 1 << 16) - across.count)
        let above =
            switch verticalAlignment {
            case .top: 0
            case .center: room / 2
            case .bottom: room
            }
        let blank = Self.whitespace(Swift.max(self.width, Swift.min(width, 1 << 16)), filler: filler)
        return TextBlock(lines: Array(repeating: blank, count: above) + across + Array(repeating: blank, count: room - above))
    }

    /// `width` cells of `filler` repeated from its start, blanks where a wide character of it
    /// would not fit.
    private static func whitespace(_ width: Int, filler: StyledText) -> StyledText {
        let pieces = filler.runs.flatMap { run in run.text.map { (character: $0, style: run.style) } }.filter { $0.character.displayWidth > 0 }
        guard !pieces.isEmpty, width > 0 else { return StyledText(String(repeating: " ", count: Swift.max(0, width))) }
        var filled = StyledText()
        var used = 0
        var index = 0
        while used < width {
            let piece = pieces[index % pieces.count]
            let cells = piece.character.displayWidth
            guard used + cells <= width else { break }
            filled.append(String(piece.character), style: piece.style)
            used += cells
            index += 1
        }
        return filled + StyledText(String(repeating: " ", count: width - used))
    }

    /// Its lines each placed across `width` cells (at least its own) as `alignment` says,
    /// the odd cell of the middle on the left or the right.
    private func lines(across width: Int, alignment: TextAlignment, oddLeft: Bool, filler: StyledText = " ") -> [StyledText] {
        let room = Swift.max(0, width - self.width)
        guard room > 0 else { return lines }
        let left =
            switch alignment {
            case .left: 0
            case .center: oddLeft ? (room + 1) / 2 : room / 2
            case .right: room
            }
        let before = Self.whitespace(left, filler: filler)
        let after = Self.whitespace(room - left, filler: filler)
        return lines.map { before + $0 + after }
    }
}

extension Canvas {
    /// Draws `block` with its top left corner at `point`, clipped to `clip` (or the canvas).
    public mutating func draw(_ block: TextBlock, at point: Point, clip: Rect? = nil) {
        for (row, line) in block.lines.enumerated() { draw(line, at: Point(x: point.x, y: point.y + row), clip: clip) }
    }
}
