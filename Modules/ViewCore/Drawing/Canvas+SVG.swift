/// A canvas as an SVG picture: each cell's colours and text on a monospace grid, for
/// documentation (the showcase's `headless --svg`). Half and full blocks, quadrants and
/// sextants are drawn as rectangles, so images come out exactly in any viewer; text is placed cell by cell, so wide characters
/// and any font keep the grid.
extension Canvas {
    /// The SVG text of the canvas, its default colours those of a `theme` terminal.
    public func svg(theme: TerminalTheme = .dark, cellWidth: Double = 8.4, cellHeight: Double = 17) -> String {
        let width = Double(size.width) * cellWidth
        let height = Double(size.height) * cellHeight
        func hex(_ rgb: (UInt8, UInt8, UInt8)) -> String {
            "#" + [rgb.0, rgb.1, rgb.2].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
        func rgb(_ color: Color, default fallback: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8) {
            switch color {
            case .default: fallback
            case .ansi(let index): Color.paletteRGB(index & 15)
            case .palette(let index): Color.paletteRGB(index)
            case .rgb(let r, let g, let b): (r, g, b)
            }
        }
        func number(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\" viewBox=\"0 0 \(number(width)) \(number(height))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(hex(theme.background))\"/>\n"
        out += "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"\(number(cellHeight * 0.8))\">\n"
        func colors(_ cell: Cell) -> (foreground: (UInt8, UInt8, UInt8), background: (UInt8, UInt8, UInt8)?) {
            var foreground = rgb(cell.style.foreground, default: theme.foreground)
            var background = rgb(cell.style.background, default: theme.background)
            if cell.style.attributes.contains(.reverse) { swap(&foreground, &background) }
            let painted = cell.style.background != .default || cell.style.attributes.contains(.reverse)
            return (foreground, painted ? background : nil)
        }
        for y in 0..<size.height {
            let top = Double(y) * cellHeight
            // Backgrounds first, a rectangle per run of one colour.
            var x = 0
            while x < size.width {
                guard let background = colors(self[x, y]).background else {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < size.width, let next = colors(self[end, y]).background, next == background { end += 1 }
                out +=
                    "<rect x=\"\(number(Double(x) * cellWidth))\" y=\"\(number(top))\" width=\"\(number(Double(end - x) * cellWidth))\" height=\"\(number(cellHeight))\" fill=\"\(hex(background))\"/>"
                x = end
            }
            for x in 0..<size.width {
                let cell = self[x, y]
                let foreground = colors(cell).foreground
                let left = Double(x) * cellWidth
                let cellBox = "x=\"\(number(left))\" width=\"\(number(cellWidth * Double(max(1, Int(cell.width)))))\""
                switch cell.character {
                case "▀": out += "<rect \(cellBox) y=\"\(number(top))\" height=\"\(number(cellHeight / 2))\" fill=\"\(hex(foreground))\"/>"
                case "▄": out += "<rect \(cellBox) y=\"\(number(top + cellHeight / 2))\" height=\"\(number(cellHeight / 2))\" fill=\"\(hex(foreground))\"/>"
                case "█": out += "<rect \(cellBox) y=\"\(number(top))\" height=\"\(number(cellHeight))\" fill=\"\(hex(foreground))\"/>"
                case " ", "\u{0}": break
                case let glyph where Self.isDrawnAsRectangles(glyph):
                    // Quadrants and sextants: each column's runs of covered rows.
                    let grid = RasterFidelity.grid
                    for run in GlyphShape.runs(of: RasterFidelity.coverage[glyph] ?? 0, columns: grid.columns, rows: grid.rows) {
                        let x = left + cellWidth * Double(run.column) / Double(grid.columns)
                        let y = top + cellHeight * Double(run.start) / Double(grid.rows)
                        out +=
                            "<rect x=\"\(number(x))\" width=\"\(number(cellWidth / Double(grid.columns)))\" y=\"\(number(y))\" height=\"\(number(cellHeight * Double(run.end - run.start) / Double(grid.rows)))\" fill=\"\(hex(foreground))\"/>"
                    }
                default:
                    guard cell.width > 0 else { break }
                    var attributes = "x=\"\(number(left))\" y=\"\(number(top + cellHeight * 0.78))\" fill=\"\(hex(foreground))\""
                    if cell.style.attributes.contains(.bold) { attributes += " font-weight=\"bold\"" }
                    if cell.style.attributes.contains(.dim) { attributes += " fill-opacity=\"0.6\"" }
                    let lines = [(Style.Attributes.underline, "underline"), (.strikethrough, "line-through")].filter { cell.style.attributes.contains($0.0) }
                        .map(\.1)
                    if !lines.isEmpty { attributes += " text-decoration=\"\(lines.joined(separator: " "))\"" }
                    out += "<text \(attributes)>\(Self.escapedForXML(String(cell.character)))</text>"
                }
            }
            out += "\n"
        }
        return out + "</g>\n</svg>\n"
    }

    /// Whether a glyph is a block of the image symbol sets other than braille (whose dots
    /// are text): drawn as rectangles, so the picture needs no font that has it.
    static func isDrawnAsRectangles(_ glyph: Character) -> Bool {
        guard let scalar = glyph.unicodeScalars.first, glyph.unicodeScalars.count == 1 else { return false }
        return !(0x2800...0x28FF).contains(scalar.value) && RasterFidelity.coverage[glyph] != nil
    }

    /// `text` with the characters XML gives meaning to written as entities.
    static func escapedForXML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
