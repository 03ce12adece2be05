import TerminalRuntime

/// Faint (dim) text as a terminal draws it here: in an explicit colour that stays readable on
/// the background it has (``Style/faintMadeExplicit(foreground:background:depth:)``), since a
/// terminal's own faint is pale grey on a light background. Both terminals draw faint text by it.
struct FaintText {
    /// What the terminal's default colours look like: the theme's text, and the background
    /// the terminal said (OSC 11) or the theme's.
    let foreground: (UInt8, UInt8, UInt8)
    let background: (UInt8, UInt8, UInt8)
    let depth: ColorDepth
    private var drawn: [Style: Style] = [:]

    init(theme: TerminalTheme, background: RGBA?, depth: ColorDepth) {
        foreground = theme.foreground
        self.background = background.map { ($0.r, $0.g, $0.b) } ?? theme.background
        self.depth = depth
    }

    /// `style` with its dim made an explicit colour (the same style when it is not dim).
    mutating func explicit(_ style: Style) -> Style {
        guard style.attributes.contains(.dim) else { return style }
        if let known = drawn[style] { return known }
        let made = style.faintMadeExplicit(foreground: foreground, background: background, depth: depth)
        if drawn.count > 256 { drawn.removeAll() }
        drawn[style] = made
        return made
    }

    /// `canvas` with every dim cell's style made explicit.
    mutating func explicit(_ canvas: Canvas) -> Canvas {
        guard depth == .trueColor || depth == .palette256, canvas.cells.contains(where: { $0.style.attributes.contains(.dim) }) else { return canvas }
        var result = canvas
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width where canvas[x, y].style.attributes.contains(.dim) && !canvas[x, y].isContinuation {
                var cell = canvas[x, y]
                cell.style = explicit(cell.style)
                result[x, y] = cell
            }
        }
        return result
    }
}
