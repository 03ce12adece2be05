/// Boxes, shading and horizontal rules.
extension Canvas {
    /// Line characters for a box.
    public struct BoxStyle: Hashable, Sendable {
        /// The edges' characters.
        public let top: Character, bottom: Character, left: Character, right: Character
        /// The corners' characters.
        public let topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character
        /// Thin lines with round corners.
        public static let rounded = BoxStyle(horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯")
        /// Thin lines with square corners.
        public static let square = BoxStyle(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
        /// Plain ASCII, for terminals without line drawing.
        public static let ascii = BoxStyle(horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+")
        /// Thick lines.
        public static let thick = BoxStyle(horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛")
        /// Double lines.
        public static let double = BoxStyle(horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝")
        /// Full blocks (lipgloss's `BlockBorder`).
        public static let block = BoxStyle(horizontal: "█", vertical: "█", topLeft: "█", topRight: "█", bottomLeft: "█", bottomRight: "█")
        /// Blank cells: the room a border takes, nothing drawn (lipgloss's `HiddenBorder`).
        public static let hidden = BoxStyle(horizontal: " ", vertical: " ", topLeft: " ", topRight: " ", bottomLeft: " ", bottomRight: " ")

        /// Lines of one's own: the edges and the four corners.
        public init(
            horizontal: Character,
            vertical: Character,
            topLeft: Character,
            topRight: Character,
            bottomLeft: Character,
            bottomRight: Character
        ) {
            self.init(
                top: horizontal,
                bottom: horizontal,
                left: vertical,
                right: vertical,
                topLeft: topLeft,
                topRight: topRight,
                bottomLeft: bottomLeft,
                bottomRight: bottomRight
            )
        }

        /// Lines of one's own, each edge its own (as lipgloss's `Border`: a tab's open
        /// bottom is `bottom: " "`).
        public init(
            top: Character,
            bottom: Character,
            left: Character,
            right: Character,
            topLeft: Character,
            topRight: Character,
            bottomLeft: Character,
            bottomRight: Character
        ) {
            self.top = top
            self.bottom = bottom
            self.left = left
            self.right = right
            self.topLeft = topLeft
            self.topRight = topRight
            self.bottomLeft = bottomLeft
            self.bottomRight = bottomRight
        }
    }

    /// The sides of a box that are drawn, as ratatui's `Borders`.
    public struct BoxSides: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let top = BoxSides(rawValue: 1)
        public static let right = BoxSides(rawValue: 2)
        public static let bottom = BoxSides(rawValue: 4)
        public static let left = BoxSides(rawValue: 8)
        /// All four.
        public static let all: BoxSides = [.top, .right, .bottom, .left]
    }

    /// Draws the `sides` of a box along the edges of `rect` (a corner where two drawn sides
    /// meet), with an optional title in the top edge.
    public mutating func drawBox(_ rect: Rect, style: Style = .plain, lines: BoxStyle = .rounded, sides: BoxSides, title: String? = nil) {
        guard sides != .all else { return drawBox(rect, style: style, lines: lines, title: title) }
        guard !rect.isEmpty else { return }
        let (top, topWidth) = Self.measured(lines.top)
        let (bottom, bottomWidth) = Self.measured(lines.bottom)
        let (left, leftWidth) = Self.measured(lines.left)
        let (right, rightWidth) = Self.measured(lines.right)
        let area = rect.intersection(bounds)
        if sides.contains(.left) { for y in rect.y..<rect.maxY { put(left, width: leftWidth, at: Point(x: rect.x, y: y), style: style, area: area) } }
        if sides.contains(.right) { for y in rect.y..<rect.maxY { put(right, width: rightWidth, at: Point(x: rect.maxX - 1, y: y), style: style, area: area) } }
        if sides.contains(.top) { for x in rect.x..<rect.maxX { put(top, width: topWidth, at: Point(x: x, y: rect.y), style: style, area: area) } }
        if sides.contains(.bottom) {
            for x in rect.x..<rect.maxX { put(bottom, width: bottomWidth, at: Point(x: x, y: rect.maxY - 1), style: style, area: area) }
        }
        if sides.isSuperset(of: [.top, .left]) { put(lines.topLeft, at: rect.origin, style: style, clip: area) }
        if sides.isSuperset(of: [.top, .right]) { put(lines.topRight, at: Point(x: rect.maxX - 1, y: rect.y), style: style, clip: area) }
        if sides.isSuperset(of: [.bottom, .left]) { put(lines.bottomLeft, at: Point(x: rect.x, y: rect.maxY - 1), style: style, clip: area) }
        if sides.isSuperset(of: [.bottom, .right]) { put(lines.bottomRight, at: Point(x: rect.maxX - 1, y: rect.maxY - 1), style: style, clip: area) }
        if let title, sides.contains(.top) {
            let inner = rect.inset(top: 0, left: sides.contains(.left) ? 1 : 0, bottom: 0, right: sides.contains(.right) ? 1 : 0)
            guard inner.width > 2 else { return }
            let text = " " + title.sanitizedForTerminal.truncated(toWidth: inner.width - 2) + " "
            draw(text, at: inner.origin, style: style, clip: inner)
        }
    }

    /// Draws a box along the edges of `rect`, with an optional title in the top edge.
    public mutating func drawBox(_ rect: Rect, style: Style = .plain, lines: BoxStyle = .rounded, title: String? = nil) {
        guard rect.width >= 2, rect.height >= 2 else {
            fill(rect, with: Cell(lines.top, style: style))
            return
        }
        // Each line's glyph is measured once, then put along the sides.
        let (top, topWidth) = Self.measured(lines.top)
        let (bottom, bottomWidth) = Self.measured(lines.bottom)
        let (left, leftWidth) = Self.measured(lines.left)
        let (right, rightWidth) = Self.measured(lines.right)
        for x in rect.x + 1..<rect.maxX - 1 {
            put(top, width: topWidth, at: Point(x: x, y: rect.y), style: style, area: bounds)
            put(bottom, width: bottomWidth, at: Point(x: x, y: rect.maxY - 1), style: style, area: bounds)
        }
        for y in rect.y + 1..<rect.maxY - 1 {
            put(left, width: leftWidth, at: Point(x: rect.x, y: y), style: style, area: bounds)
            put(right, width: rightWidth, at: Point(x: rect.maxX - 1, y: y), style: style, area: bounds)
        }
        put(lines.topLeft, at: rect.origin, style: style)
        put(lines.topRight, at: Point(x: rect.maxX - 1, y: rect.y), style: style)
        put(lines.bottomLeft, at: Point(x: rect.x, y: rect.maxY - 1), style: style)
        put(lines.bottomRight, at: Point(x: rect.maxX - 1, y: rect.maxY - 1), style: style)
        if let title, rect.width > 4 {
            let text = " " + title.sanitizedForTerminal.truncated(toWidth: rect.width - 4) + " "
            draw(text, at: Point(x: rect.x + 1, y: rect.y), style: style, clip: rect.inset(top: 0, left: 1, bottom: 0, right: 1))
        }
    }

    /// Lays a translucent colour over `rect`: foregrounds and backgrounds move `opacity`
    /// of the way towards `color`, so what is beneath stays visible but dimmed.
    /// `.default` colours are taken as `assumedForeground`/`assumedBackground`.
    public mutating func shade(
        _ rect: Rect,
        with color: Color,
        opacity: Double,
        assumedForeground: (UInt8, UInt8, UInt8) = (229, 229, 229),
        assumedBackground: (UInt8, UInt8, UInt8) = (0, 0, 0)
    ) {
        restyle(rect) { style in
            style.foreground = style.foreground.blended(with: color, amount: opacity, default: assumedForeground)
            style.background = style.background.blended(with: color, amount: opacity, default: assumedBackground)
        }
    }

    /// ``shade(_:with:opacity:assumedForeground:assumedBackground:)`` with the default
    /// colours of a terminal of `theme` (a light terminal's default background is white).
    public mutating func shade(_ rect: Rect, with color: Color, opacity: Double, theme: TerminalTheme) {
        shade(rect, with: color, opacity: opacity, assumedForeground: theme.foreground, assumedBackground: theme.background)
    }
}
