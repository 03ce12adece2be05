/// Text in runs of styles, wrapped, aligned and scrolled in its area, as ratatui's
/// `Paragraph`: lines broken at words (`.words()`, the way tui 0.19 breaks them, cell for
/// cell), at any character (`.characters`), or cut at the edge (`.none`, the default, which
/// can also scroll sideways).
///
/// ```swift
/// let about = Paragraph("\("IndicatorKit", style: Style(attributes: .bold)) draws terminal indicators.", wrapping: .words(), alignment: .center)
/// Box(about, title: "About").render(in: area, on: &canvas)
/// ```
///
/// A control character shows as U+FFFD, a tab as spaces to the next multiple of eight
/// columns of its line.
@MainActor
public final class Paragraph: View {
    /// Where lines are broken.
    public enum Wrapping: Hashable, Sendable {
        /// Not at all: a line is cut at the area's edge.
        case none
        /// At the spaces between words, a word longer than a line broken where it must be;
        /// with `trim`, the spaces at the start of a broken line are left out.
        case words(trim: Bool = true)
        /// At the last character that fits.
        case characters
    }

    /// The text; its line breaks start new lines.
    public var text: StyledText
    /// The style under the text (each run's own laid over it), the whole area in it.
    public var style: Style
    /// Where lines are broken.
    public var wrapping: Wrapping
    /// How each line is placed across the area.
    public var alignment: TextAlignment
    /// Lines scrolled away at the top.
    public var scrollRows: Int
    /// Columns scrolled away at the left, for unwrapped, left-aligned text (as tui's).
    public var scrollColumns: Int

    /// A paragraph of `text`.
    public init(
        _ text: StyledText,
        style: Style = .plain,
        wrapping: Wrapping = .none,
        alignment: TextAlignment = .left,
        scrollRows: Int = 0,
        scrollColumns: Int = 0
    ) {
        self.text = text
        self.style = style
        self.wrapping = wrapping
        self.alignment = alignment
        self.scrollRows = scrollRows
        self.scrollColumns = scrollColumns
    }

    /// The lines it takes at `width` columns (what a scroll bar measures).
    public func lineCount(width: Int) -> Int { composedLines(width: width).count }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let style = self.style
        canvas.restyle(rect) { $0 = style.over($0) }
        let lines = composedLines(width: rect.width)
        let first = Swift.max(0, scrollRows)
        guard first < lines.count else { return }
        for (row, line) in lines[first...].prefix(rect.height).enumerated() {
            var x = rect.x + offset(of: line.width, in: rect.width)
            for glyph in line.glyphs {
                canvas.put(glyph.character, at: Point(x: x, y: rect.y + row), style: glyph.style.over(style), clip: rect)
                x += glyph.width
            }
        }
    }

    /// Where a line `width` wide starts, as tui places it (its halves cut down).
    private func offset(of width: Int, in room: Int) -> Int {
        switch alignment {
        case .left: 0
        case .center: Swift.max(0, room / 2 - width / 2)
        case .right: Swift.max(0, room - width)
        }
    }

    // MARK: Composing lines

    /// A grapheme as laid out: its style and width.
    struct Glyph {
        var character: Character
        var style: Style
        var width: Int
        /// A space of any kind: where a word ends (a no-break space is not).
        var breaks: Bool
        /// Any white space, a no-break space too: what a broken line leaves out at its start.
        var isWhite: Bool
        var isNewline: Bool
    }

    /// A line as drawn: its glyphs and the width tui reckons it.
    struct Line {
        var glyphs: [Glyph]
        var width: Int
    }

    /// The text's glyphs, each line ended by a line break (as tui streams them).
    func glyphs() -> [Glyph] { Self.glyphs(of: text) }

    /// `text`'s glyphs, each line ended by a line break (as tui streams them).
    nonisolated static func glyphs(of text: StyledText) -> [Glyph] {
        var glyphs: [Glyph] = []
        var column = 0
        func newline() {
            glyphs.append(Glyph(character: "\n", style: .plain, width: 0, breaks: true, isWhite: true, isNewline: true))
            column = 0
        }
        for run in text.runs {
            for character in run.text {
                if character == "\n" || character == "\r\n" {
                    newline()
                    continue
                }
                if character == "\t" {
                    for _ in 0..<(8 - column % 8) {
                        glyphs.append(Glyph(character: " ", style: run.style, width: 1, breaks: true, isWhite: true, isNewline: false))
                    }
                    column += 8 - column % 8
                    continue
                }
                let shown: Character = character.unicodeScalars.first?.isTerminalControl == true ? "\u{FFFD}" : character
                let width = shown.displayWidth
                guard width > 0 else { continue }
                let white = shown.unicodeScalars.allSatisfy(\.properties.isWhitespace)
                glyphs.append(Glyph(character: shown, style: run.style, width: width, breaks: white && shown != "\u{A0}", isWhite: white, isNewline: false))
                column += width
            }
        }
        newline()
        return glyphs
    }

    /// The lines at `width` columns.
    func composedLines(width: Int) -> [Line] {
        guard width > 0 else { return [] }
        let glyphs = glyphs()
        switch wrapping {
        case .none: return Self.truncated(glyphs, width: width, offset: alignment == .left ? Swift.max(0, scrollColumns) : 0)
        case .words(let trim): return Self.wordWrapped(glyphs, width: width, trim: trim)
        case .characters: return Self.characterWrapped(glyphs, width: width)
        }
    }

    /// Lines broken at words, as tui 0.19's `WordWrapper`.
    nonisolated static func wordWrapped(_ glyphs: [Glyph], width: Int, trim: Bool) -> [Line] {
        guard width > 0 else { return [] }
        var lines: [Line] = []
        var index = 0
        var current: [Glyph] = []
        var next: [Glyph] = []
        while true {
            swap(&current, &next)
            next = []
            var currentWidth = current.reduce(0) { $0 + $1.width }
            var toWordEnd = 0
            var widthToWordEnd = 0
            var afterWhite = false
            var exhausted = true
            while index < glyphs.count {
                let glyph = glyphs[index]
                index += 1
                exhausted = false
                if glyph.width > width || (trim && glyph.breaks && !glyph.isNewline && currentWidth == 0) { continue }
                if glyph.isNewline {
                    if afterWhite {
                        currentWidth = widthToWordEnd
                        current.removeSubrange(toWordEnd...)
                    }
                    break
                }
                if glyph.breaks && !afterWhite {
                    toWordEnd = current.count
                    widthToWordEnd = currentWidth
                }
                current.append(glyph)
                currentWidth += glyph.width
                if currentWidth > width {
                    let (cut, cutWidth) = toWordEnd != 0 ? (toWordEnd, widthToWordEnd) : (current.count - 1, width)
                    if let start = current[cut...].firstIndex(where: { !$0.isWhite }) { next.append(contentsOf: current[start...]) }
                    current.removeSubrange(cut...)
                    currentWidth = cutWidth
                    break
                }
                afterWhite = glyph.breaks
            }
            if exhausted && current.isEmpty { break }
            lines.append(Line(glyphs: current, width: currentWidth))
        }
        return lines
    }

    /// Lines cut at the edge, `offset` columns scrolled away, as tui 0.19's `LineTruncator`.
    nonisolated static func truncated(_ glyphs: [Glyph], width: Int, offset: Int) -> [Line] {
        var lines: [Line] = []
        var index = 0
        while index < glyphs.count {
            var line: [Glyph] = []
            var lineWidth = 0
            var left = offset
            var cut = false
            while index < glyphs.count {
                let glyph = glyphs[index]
                index += 1
                if glyph.width > width { continue }
                if glyph.isNewline { break }
                if lineWidth + glyph.width > width {
                    cut = true
                    break
                }
                if left > 0 {
                    if glyph.width <= left {
                        left -= glyph.width
                        continue
                    }
                    left = 0  // a wide character half scrolled away shows whole, as tui's
                }
                line.append(glyph)
                lineWidth += glyph.width
            }
            if cut {
                while index < glyphs.count, !glyphs[index].isNewline { index += 1 }
                index += 1
            }
            lines.append(Line(glyphs: line, width: lineWidth))
        }
        return lines
    }

    /// Lines broken at the last character that fits.
    nonisolated static func characterWrapped(_ glyphs: [Glyph], width: Int) -> [Line] {
        var lines: [Line] = []
        var line: [Glyph] = []
        var lineWidth = 0
        for glyph in glyphs where glyph.width <= width {
            if glyph.isNewline {
                lines.append(Line(glyphs: line, width: lineWidth))
                line = []
                lineWidth = 0
                continue
            }
            if lineWidth + glyph.width > width {
                lines.append(Line(glyphs: line, width: lineWidth))
                line = []
                lineWidth = 0
            }
            line.append(glyph)
            lineWidth += glyph.width
        }
        if !line.isEmpty { lines.append(Line(glyphs: line, width: lineWidth)) }
        return lines
    }
}

extension Paragraph: MeasuredView {
    /// Its widest line (within `space`) and the lines it then takes.
    public func preferredSize(within space: Size) -> Size {
        var widest = 0
        var line = 0
        for glyph in glyphs() {
            if glyph.isNewline {
                widest = Swift.max(widest, line)
                line = 0
            } else {
                line += glyph.width
            }
        }
        let width = Swift.min(space.width, widest)
        return Size(width: width, height: Swift.min(space.height, lineCount(width: width)))
    }
}
