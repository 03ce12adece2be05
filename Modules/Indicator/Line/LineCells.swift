import ViewCore

/// A line as cells, so that a frame rewrites only the cells that changed.
struct LineCell: Equatable, Sendable {
    /// One character (a grapheme), as written.
    var text: String
    /// Its width in columns (1 or 2).
    var width: Int
    /// Its colour.
    var tone: Tone

    /// The colours a line uses.
    enum Tone: Sendable, Equatable {
        case plain, bar, barEmpty, success, failure, warning, info
        /// A template's own style (`{pos:.bold.yellow}`).
        case styled(LineStyle)
        /// A program's own style, from ``StyledText`` (resolved for the terminal's colours).
        case style(Style)

        /// Its SGR parameters.
        private var parameters: String {
            switch self {
            case .plain: "0"
            case .bar: "36"
            case .barEmpty: "2;36"
            case .success: "32"
            case .failure: "31"
            case .warning: "33"
            case .info: "34"
            case .styled(let style): style.parameters
            case .style(let style):
                (Canvas.attributeCodes.filter { style.attributes.contains($0.0) }.map(\.1)
                    + (style.foreground == .default ? [] : [Canvas.sgr(style.foreground, background: false)])
                    + (style.background == .default ? [] : [Canvas.sgr(style.background, background: true)]))
                    .joined(separator: ";")
            }
        }

        /// The shortest SGR sequence from `self` to `next`.
        func sgr(to next: Tone) -> String {
            if next == .plain { return "\u{1B}[0m" }
            if self == .plain { return "\u{1B}[\(next.parameters)m" }
            if self == .bar && next == .barEmpty { return "\u{1B}[2m" }
            return "\u{1B}[0;\(next.parameters)m"
        }
    }
}

/// Builds a line of cells, up to one cell past `limit` columns: what cannot be shown is
/// never built (a template of ten thousand fields, a message of a megabyte).
struct LineCellBuilder {
    private(set) var cells: [LineCell] = []
    private(set) var width = 0
    /// The columns that can be shown; cells past them are dropped but one, so that ``fitted(to:)``
    /// knows the line was cut.
    var limit = Int.max

    /// Whether the line already passes ``limit``: nothing more appended will show.
    var isFull: Bool { width > limit }

    /// Appends `text`, each run in its own style where it has one, else in `tone`.
    mutating func append(_ text: StyledText, _ tone: LineCell.Tone = .plain, colorDepth: ColorDepth) {
        for run in text.runs {
            append(run.text, run.style == .plain ? tone : .style(run.style.resolved(for: colorDepth)))
        }
    }

    mutating func append(_ text: String, _ tone: LineCell.Tone = .plain) {
        for character in text {
            guard !isFull else { return }
            let w = String(character).displayWidth
            guard w > 0 else { continue }  // sanitised text has no controls; a lone mark is dropped
            cells.append(LineCell(text: String(character), width: w, tone: tone))
            width += w
        }
    }

    /// The cells cut to `room` columns, an ellipsis last when something was cut.
    func fitted(to room: Int) -> [LineCell] {
        guard width > room else { return cells }
        guard room > 0 else { return [] }
        var kept: [LineCell] = []
        var used = 0
        for cell in cells {
            if used + cell.width > room - 1 { break }
            kept.append(cell)
            used += cell.width
        }
        kept.append(LineCell(text: "…", width: 1, tone: .plain))
        return kept
    }
}

extension [LineCell] {
    /// The columns the cells take.
    var width: Int { reduce(0) { $0 + $1.width } }
    /// The text without colours.
    var plainText: String { map(\.text).joined() }

    /// The cells written from the cursor's column 0, with colours when `colors`.
    func written(colors: Bool) -> String {
        var out = ""
        var tone = LineCell.Tone.plain
        for cell in self {
            if colors, cell.tone != tone {
                out += tone.sgr(to: cell.tone)
                tone = cell.tone
            }
            out += cell.text
        }
        if colors, tone != .plain { out += tone.sgr(to: .plain) }
        return out
    }

    /// What turns `old` on screen (the cursor anywhere on its row) into these cells: only
    /// the runs of cells that changed, the cursor moved between them; the rest of the row
    /// erased when the new line is shorter.
    func written(over old: [LineCell], colors: Bool) -> String {
        var out = "\r"
        var cursor = 0
        var tone = LineCell.Tone.plain
        var column = 0
        var index = 0
        var oldColumn = 0
        var oldIndex = 0
        var skipped: [LineCell] = []  // unchanged cells since the cursor, rewritten when that is shorter than a move
        func write(_ cell: LineCell) {
            if colors, cell.tone != tone {
                out += tone.sgr(to: cell.tone)
                tone = cell.tone
            }
            out += cell.text
        }
        while index < count {
            // The old cell at the same column, if the cells line up there.
            while oldIndex < old.count && oldColumn < column {
                oldColumn += old[oldIndex].width
                oldIndex += 1
            }
            let cell = self[index]
            let same = oldIndex < old.count && oldColumn == column && old[oldIndex] == cell
            if same {
                skipped.append(cell)
            } else {
                let move = "\u{1B}[\(column - cursor)C"
                let rewrite = skipped.reduce(0) { $0 + $1.text.utf8.count }
                if cursor != column {
                    if rewrite <= move.utf8.count && skipped.allSatisfy({ $0.tone == tone || !colors }) {
                        for unchanged in skipped { write(unchanged) }
                    } else {
                        out += move
                    }
                }
                skipped = []
                write(cell)
                cursor = column + cell.width
            }
            column += cell.width
            index += 1
        }
        if colors, tone != .plain { out += tone.sgr(to: .plain) }
        if column < old.width {
            if cursor != column { out += "\u{1B}[\(column - cursor)C" }
            out += "\u{1B}[K"
        }
        return out == "\r" ? "" : out
    }
}
