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
        ansiLine(y, colorDepth: colorDepth, trimmed: trimmed, placing: false)
    }

    /// The same; with `placing`, for a row drawn in place (an inline app's), each grapheme as
    /// a terminal is best sent it (``Cell/writeGlyph(into:)``: a ZWJ emoji by its first glyph)
    /// and, after one whose width terminals may disagree on, the cursor moved to the next
    /// cell's column (CHA), so what follows is where the kit drew it whatever the terminal did.
    package func ansiLine(_ y: Int, colorDepth: ColorDepth, trimmed: Bool, placing: Bool) -> String {
        var out = ""
        var pen = SGRPen(colorDepth: colorDepth)
        var end = size.width
        if trimmed {
            while end > 0, self[end - 1, y].isBlankInDefaultColors { end -= 1 }
        }
        for x in 0..<end {
            let cell = self[x, y]
            guard cell.width > 0 else { continue }
            out += pen.take(cell.style)
            if placing {
                var glyph: [UInt8] = []
                let agreed = cell.writeGlyph(into: &glyph)
                out += String(decoding: glyph, as: UTF8.self)
                let next = x + max(1, Int(cell.width))
                if !agreed, next < end { out += "\u{1B}[\(next + 1)G" }
            } else {
                out.append(cell.character)
            }
        }
        return out + pen.end()
    }

    /// The SGR sequences that take a terminal from one style to the next, as text is written.
    struct SGRPen {
        let colorDepth: ColorDepth
        /// The style the terminal has now (as resolved for ``colorDepth``).
        private var current = Style.plain

        init(colorDepth: ColorDepth) { self.colorDepth = colorDepth }

        /// What sets `style` (nothing when it is set, or without colours).
        mutating func take(_ style: Style) -> String {
            guard colorDepth != .none else { return "" }
            let style = style.resolved(for: colorDepth)
            var codes: [String] = []
            if style.attributes != current.attributes {
                codes.append("0")
                for (attribute, code) in Canvas.attributeCodes where style.attributes.contains(attribute) {
                    codes.append(code)
                }
                current = Style(attributes: style.attributes)  // colours to send again after the reset
            }
            if style.foreground != current.foreground { codes.append(Canvas.sgr(style.foreground, background: false)) }
            if style.background != current.background { codes.append(Canvas.sgr(style.background, background: true)) }
            current = style
            return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
        }

        /// The reset that ends a line when a style was set.
        func end() -> String { current != .plain ? "\u{1B}[0m" : "" }
    }

    /// Each attribute's SGR parameter.
    package static let attributeCodes: [(Style.Attributes, String)] = [
        (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"), (.strikethrough, "9"),
    ]

    /// The SGR parameters that set `color` as the foreground or the background.
    package static func sgr(_ color: Color, background: Bool) -> String {
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

extension Cell {
    /// Appends the grapheme's UTF-8 as a terminal is best sent it, and says whether every
    /// terminal surely moved the cursor by the cell's width. One spacing character and the
    /// marks on it (four at most): the rest of a longer cluster (an emoji joined by ZWJ, which
    /// terminals draw anywhere from 2 to 16 cells wide) is left out, keeping its first glyph.
    /// Where terminals may disagree on the width (emoji, a presentation selector, marks), the
    /// answer is false: the writer places the next cell itself.
    package func writeGlyph(into out: inout [UInt8]) -> Bool {
        if grapheme.isASCII {
            grapheme.withUTF8 { out.append(contentsOf: $0) }
            return width == 1
        }
        return grapheme.withUTF8 { bytes -> Bool in
            var decoder = UTF8()
            var iterator = bytes.makeIterator()
            var kept = 0
            var head: Unicode.Scalar?
            var marks = 0
            while case .scalarValue(let scalar) = decoder.decode(&iterator) {
                if head == nil {
                    head = scalar
                } else if Self.isMark(scalar), marks < 4 {
                    marks += 1
                } else {
                    break
                }
                kept += UTF8.width(scalar)
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<kept]))
            return marks == 0 && head.map(Self.hasAgreedWidth) == true
        }
    }

    /// Whether `scalar` goes on the character before it: a combining mark or a variation selector.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Whether every terminal draws `scalar` as wide as the kit counts it: below the
    /// symbols and emoji, box drawing and blocks, Braille, the legacy computing symbols the
    /// pictures are drawn with, and the East Asian wide letters.
    private static func hasAgreedWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case ..<0x2600, 0x2800..<0x2900, 0x2E80..<0xA4D0, 0xAC00..<0xD7A4, 0xF900..<0xFB00, 0xFF00..<0xFFF0, 0x1FB00..<0x1FC00: true
        default: false
        }
    }
}
