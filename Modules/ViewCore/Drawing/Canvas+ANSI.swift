/// A canvas as text with escape sequences, to print inline (to standard output, a pipe,
/// a log) as chafa does, rather than through a full-screen terminal.
extension Canvas {
    /// The canvas's rows as text with SGR colour and attribute sequences for a terminal of
    /// `colorDepth` (none at all for `.none`): a colour is sent when it changes, every row
    /// ends with a reset and a newline. Continuation cells of wide characters are skipped.
    ///
    /// ```swift
    /// let cells = SymbolRasterizer(symbols: .quadrant).rasterize(photo, fitting: Size(width: 40, height: 12))
    /// print(cells.ansiText(colorDepth: .trueColor), terminator: "")
    /// ```
    public func ansiText(colorDepth: ColorDepth) -> String {
        var out = ""
        for y in 0..<size.height { out += ansiLine(y, colorDepth: colorDepth) + "\n" }
        return out
    }

    /// Row `y` as text with SGR sequences, as ``ansiText(colorDepth:)`` writes it (ending
    /// with a reset when a style was set), without the newline. With `trimmed`, the blanks at
    /// its end in the terminal's own colours are left out, for the caller to erase the rest
    /// of the line instead.
    public func ansiLine(_ y: Int, colorDepth: ColorDepth, trimmed: Bool = false) -> String {
        var out = ""
        var current = Style.plain
        var end = size.width
        if trimmed {
            while end > 0, self[end - 1, y].isBlankInDefaultColors { end -= 1 }
        }
        for x in 0..<end {
            let cell = self[x, y]
            guard cell.width > 0 else { continue }
            if colorDepth != .none {
                let style = cell.style.resolved(for: colorDepth)
                var codes: [String] = []
                if style.attributes != current.attributes {
                    codes.append("0")
                    for (attribute, code) in [(Style.Attributes.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7")]
                    where style.attributes.contains(attribute) {
                        codes.append(code)
                    }
                    current = Style(attributes: style.attributes)  // colours to send again after the reset
                }
                if style.foreground != current.foreground { codes.append(Self.sgr(style.foreground, background: false)) }
                if style.background != current.background { codes.append(Self.sgr(style.background, background: true)) }
                if !codes.isEmpty { out += "\u{1B}[" + codes.joined(separator: ";") + "m" }
                current = style
            }
            out.append(cell.character)
        }
        if current != .plain { out += "\u{1B}[0m" }
        return out
    }

    /// The SGR parameters that set `color` as the foreground or the background.
    static func sgr(_ color: Color, background: Bool) -> String {
        switch color {
        case .default: background ? "49" : "39"
        case .ansi(let index): String((background ? 40 : 30) + Int(index & 7) + (index & 15 >= 8 ? 60 : 0))
        case .palette(let index): (background ? "48;5;" : "38;5;") + String(index)
        case .rgb(let r, let g, let b): (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
        }
    }
}

extension Cell {
    /// A space on the terminal's own background, neither reversed nor underlined: nothing to
    /// see, and what an erase leaves.
    package var isBlankInDefaultColors: Bool {
        guard width == 1, grapheme == .space else { return false }
        let style = self.style
        return style.background == .default && style.attributes.isDisjoint(with: [.reverse, .underline])
    }
}
