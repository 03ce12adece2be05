/// How a block of text is laid out and coloured, as lipgloss's `Style`: colours (light and
/// dark values, chosen by the terminal's background), attributes, a width the text is
/// wrapped to, a height, alignment across and down, padding, a border on the sides asked
/// for, and margins. `render(_:theme:)` gives a `TextBlock` (ViewCore): print it, join it with
/// others, or draw it in an app.
///
/// ```swift
/// let card = BlockStyle()
///     .foreground(AdaptiveColor(light: .palette(236), dark: .palette(252)))
///     .border(.rounded, color: AdaptiveColor(.palette(63)))
///     .padding(EdgeInsets(vertical: 1, horizontal: 2))
///     .width(24)
///     .alignment(.center)
/// print(card.render("IndicatorKit draws terminal indicators.").ansiText(colorDepth: .palette256))
/// ```
///
/// As lipgloss: ``width`` and ``height`` count the padding but not the border or the
/// margins, text is wrapped at its words to what the width and padding leave (its lines'
/// indentation kept), and every
/// line of the block is as wide as its widest (the padding and the room alignment leaves in
/// the block's colours). Unlike lipgloss, text written with escapes cannot break the block:
/// a styled text's colours are its runs', and a plain string's escapes show as U+FFFD.
public struct BlockStyle: Hashable, Sendable {
    /// The text's colour (nil: the terminal's).
    public var foregroundColor: AdaptiveColor?
    /// The block's background (nil: the terminal's), under the text, the padding and the room
    /// that alignment and the width leave.
    public var backgroundColor: AdaptiveColor?
    /// Bold, italic, underline, strikethrough, …, for the text.
    public var attributes: Style.Attributes = []
    /// The block's width, padding included (nil: as wide as its widest line).
    public var width: Int?
    /// The block's least height, padding included (nil: as tall as its lines).
    public var height: Int?
    /// Where each line goes across the block.
    public var alignment: TextAlignment = .left
    /// Where the lines go down a block taller than they are.
    public var verticalAlignment: VerticalAlignment = .top
    /// Blank cells between the text and the border, in the block's background.
    public var padding = EdgeInsets()
    /// Blank cells round the border, in the terminal's own background.
    public var margin = EdgeInsets()
    /// The border's lines (nil: none).
    public var borderLines: Canvas.BoxStyle?
    /// Which sides the border is drawn on.
    public var borderSides: Canvas.BoxSides = .all
    /// The border's colour (nil: the terminal's).
    public var borderColor: AdaptiveColor?
    /// The border's background (nil: the terminal's).
    public var borderBackground: AdaptiveColor?
    /// Cells a line of the whole block keeps at most (nil: all); the rest is cut.
    public var maxWidth: Int?
    /// Lines the whole block keeps at most (nil: all).
    public var maxHeight: Int?

    /// A style that changes nothing: text rendered with it is itself.
    public init() {}

    // MARK: Setting, as lipgloss chains it

    /// The text in `color`.
    public func foreground(_ color: AdaptiveColor) -> BlockStyle { with { $0.foregroundColor = color } }
    /// The text in `color` on every background.
    public func foreground(_ color: Color) -> BlockStyle { foreground(AdaptiveColor(color)) }
    /// The block on `color`.
    public func background(_ color: AdaptiveColor) -> BlockStyle { with { $0.backgroundColor = color } }
    /// The block on `color` on every background.
    public func background(_ color: Color) -> BlockStyle { background(AdaptiveColor(color)) }
    /// The text in bold too.
    public func bold() -> BlockStyle { with { $0.attributes.insert(.bold) } }
    /// The text in italics too.
    public func italic() -> BlockStyle { with { $0.attributes.insert(.italic) } }
    /// The text underlined too.
    public func underline() -> BlockStyle { with { $0.attributes.insert(.underline) } }
    /// The text struck through too.
    public func strikethrough() -> BlockStyle { with { $0.attributes.insert(.strikethrough) } }
    /// The text faint too.
    public func faint() -> BlockStyle { with { $0.attributes.insert(.dim) } }
    /// The text's colours swapped too.
    public func reverse() -> BlockStyle { with { $0.attributes.insert(.reverse) } }
    /// The block `cells` wide, padding included; the text wrapped to fit.
    public func width(_ cells: Int) -> BlockStyle { with { $0.width = cells } }
    /// The block at least `lines` tall, padding included.
    public func height(_ lines: Int) -> BlockStyle { with { $0.height = lines } }
    /// The lines placed across as `horizontal` says, and down as `vertical` says.
    public func alignment(_ horizontal: TextAlignment, _ vertical: VerticalAlignment = .top) -> BlockStyle {
        with {
            $0.alignment = horizontal
            $0.verticalAlignment = vertical
        }
    }
    /// `insets` of padding.
    public func padding(_ insets: EdgeInsets) -> BlockStyle { with { $0.padding = insets } }
    /// `insets` of margin.
    public func margin(_ insets: EdgeInsets) -> BlockStyle { with { $0.margin = insets } }
    /// A border of `lines` on `sides`, in `color` (and on `background`).
    public func border(
        _ lines: Canvas.BoxStyle,
        sides: Canvas.BoxSides = .all,
        color: AdaptiveColor? = nil,
        background: AdaptiveColor? = nil
    )
        -> BlockStyle
    {
        with {
            $0.borderLines = lines
            $0.borderSides = sides
            $0.borderColor = color
            $0.borderBackground = background
        }
    }
    /// At most `cells` wide and `lines` tall, the rest cut.
    public func maxSize(width cells: Int? = nil, height lines: Int? = nil) -> BlockStyle {
        with {
            $0.maxWidth = cells
            $0.maxHeight = lines
        }
    }

    private func with(_ change: (inout BlockStyle) -> Void) -> BlockStyle {
        var copy = self
        change(&copy)
        return copy
    }

    // MARK: Rendering

    /// The cell style of the text for a terminal of `theme`.
    public func textStyle(for theme: TerminalTheme) -> Style {
        Style(
            foreground: foregroundColor?.resolved(for: theme) ?? .default,
            background: backgroundColor?.resolved(for: theme) ?? .default,
            attributes: attributes
        )
    }

    /// `text` laid out and coloured for a terminal of `theme`: its runs' own styles over the
    /// block's, its line breaks kept.
    public func render(_ text: StyledText, theme: TerminalTheme = .dark) -> TextBlock {
        let base = textStyle(for: theme)
        let padding = Self.clamped(self.padding)
        let margin = Self.clamped(self.margin)
        let across = saturatingSum(padding.left, padding.right)
        let wrapAt = width.map { Swift.max(1, $0 - across) }
        let lines = Self.lines(of: text, wrappedAt: wrapAt)
        let widest = lines.map(\.displayWidth).max() ?? 0
        let inner = Swift.min(Swift.max(widest, wrapAt ?? 0), 1 << 16)
        let down = saturatingSum(padding.top, padding.bottom)
        let innerHeight = Swift.min(Swift.max(lines.count, (height ?? 0) - down), 1 << 16)
        let sides: Canvas.BoxSides = borderLines == nil ? [] : borderSides
        let border = EdgeInsets(
            top: sides.contains(.top) ? 1 : 0,
            left: sides.contains(.left) ? 1 : 0,
            bottom: sides.contains(.bottom) ? 1 : 0,
            right: sides.contains(.right) ? 1 : 0
        )
        let body = Rect(
            x: margin.left + border.left,
            y: margin.top + border.top,
            width: Swift.min(padding.left + inner + padding.right, 1 << 16),
            height: Swift.min(padding.top + innerHeight + padding.bottom, 1 << 16)
        )
        var size = Size(
            width: body.maxX + border.right + margin.right,
            height: body.maxY + border.bottom + margin.bottom
        )
        size = Size(
            width: Swift.min(size.width, maxWidth.map { Swift.max(0, $0) } ?? .max),
            height: Swift.min(size.height, maxHeight.map { Swift.max(0, $0) } ?? .max)
        )
        var canvas = Canvas(size: size)
        canvas.theme = theme
        // Padding and the room alignment leaves take the background alone (an underline or
        // a strikethrough is the text's), as lipgloss's whitespace; reversed, the colours too.
        let reversed = attributes.contains(.reverse)
        let whitespace = Style(foreground: reversed ? base.foreground : .default, background: base.background, attributes: reversed ? .reverse : [])
        canvas.fill(body, with: Cell(" ", style: whitespace))
        if let borderLines, !sides.isEmpty {
            let style = Style(foreground: borderColor?.resolved(for: theme) ?? .default, background: borderBackground?.resolved(for: theme) ?? .default)
            canvas.drawBox(
                body.inset(top: -border.top, left: -border.left, bottom: -border.bottom, right: -border.right),
                style: style,
                lines: borderLines,
                sides: sides
            )
        }
        let room = innerHeight - lines.count
        let top =
            switch verticalAlignment {
            case .top: 0
            case .center: room / 2
            case .bottom: room
            }
        let textArea = Rect(x: body.x + padding.left, y: body.y + padding.top, width: inner, height: innerHeight)
        for (row, line) in lines.enumerated() {
            let short = inner - line.displayWidth
            let dx =
                switch alignment {
                case .left: 0
                case .center: short / 2  // as lipgloss: the odd cell on the right
                case .right: short
                }
            canvas.draw(line, at: Point(x: textArea.x + dx, y: textArea.y + top + row), style: base, clip: textArea)
        }
        return TextBlock(canvas: canvas)
    }

    /// `block` laid out and coloured as a text of its lines (lipgloss renders what another
    /// style rendered the same way).
    public func render(_ block: TextBlock, theme: TerminalTheme = .dark) -> TextBlock {
        render(block.lines.joined(separator: "\n"), theme: theme)
    }

    /// `text`'s lines, made safe to print, wrapped to `width` when there is one.
    private static func lines(of text: StyledText, wrappedAt width: Int?) -> [StyledText] {
        guard let width else { return text.lines.map(\.sanitizedForTerminal) }
        return wrapped(Paragraph.glyphs(of: text), width: width).map { glyphs in
            var line = StyledText()
            for glyph in glyphs { line.append(String(glyph.character), style: glyph.style) }
            return line
        }
    }

    /// Lines broken as lipgloss breaks them (reflow's word wrap, then a hard wrap): at the
    /// spaces between words, a line's own indentation kept, the spaces where it breaks left
    /// out, after a hyphen too; a word longer than a line cut where it must be.
    static func wrapped(_ glyphs: [Paragraph.Glyph], width: Int) -> [[Paragraph.Glyph]] {
        var lines: [[Paragraph.Glyph]] = [[]]
        var lineWidth = 0
        var space: [Paragraph.Glyph] = []
        var word: [Paragraph.Glyph] = []
        var wordWidth = 0
        func addSpace() {
            lines[lines.count - 1] += space
            lineWidth += space.reduce(0) { $0 + $1.width }
            space = []
        }
        func addWord() {
            guard !word.isEmpty else { return }
            addSpace()
            lines[lines.count - 1] += word
            lineWidth += wordWidth
            word = []
            wordWidth = 0
        }
        func newLine() {
            lines.append([])
            lineWidth = 0
            space = []
        }
        for glyph in glyphs {
            if glyph.isNewline {
                if word.isEmpty {
                    if lineWidth + space.count <= width { addSpace() }
                    space = []
                }
                addWord()
                newLine()
            } else if glyph.breaks {
                addWord()
                space.append(glyph)
            } else if glyph.character == "-" {
                addSpace()
                addWord()
                lines[lines.count - 1].append(glyph)
                lineWidth += glyph.width
            } else {
                word.append(glyph)
                wordWidth += glyph.width
                if lineWidth + space.count + wordWidth > width, wordWidth < width { newLine() }
            }
        }
        addWord()
        // The glyphs end with a line break: the line after it is not the text's.
        if lines.count > 1, lines[lines.count - 1].isEmpty { lines.removeLast() }
        // Words longer than a line: cut at the width.
        return lines.flatMap { line -> [[Paragraph.Glyph]] in
            var pieces: [[Paragraph.Glyph]] = [[]]
            var used = 0
            for glyph in line {
                if used + glyph.width > width, !pieces[pieces.count - 1].isEmpty {
                    pieces.append([])
                    used = 0
                }
                pieces[pieces.count - 1].append(glyph)
                used += glyph.width
            }
            return pieces
        }
    }

    /// `insets` with no side below 0 or above what a screen could hold.
    private static func clamped(_ insets: EdgeInsets) -> EdgeInsets {
        func side(_ value: Int) -> Int { Swift.min(Swift.max(0, value), 1 << 12) }
        return EdgeInsets(top: side(insets.top), left: side(insets.left), bottom: side(insets.bottom), right: side(insets.right))
    }
}
