import IndicatorKit

/// `showcase pager`'s screen, gum's pager: the text in a rounded frame, its lines numbered,
/// long lines wrapped (or scrolled sideways), searched with `/`: every match marked, the
/// current one brighter, n and N go to the next and the one before. ↑/↓ (k/j), PgUp/PgDn
/// (b/space/f), u/d half a page, Home/End (g/G) move; q or Esc quits (0).
@MainActor
package final class PagerView: View {
    /// A row as drawn: the source line it shows (its number on its first row) and its cells.
    struct Row {
        let line: Int
        let isFirst: Bool
        let text: StyledText
        let start: Int  // the character of the line it starts at
    }

    package let lines: [StyledText]
    package var showsLineNumbers = true
    package var wraps = true
    /// gum's style flags, by part (`line-number`, `match`, `match-highlight`) and for the frame.
    package var styles: [String: GumStyle] = [:]
    package var frameStyle = GumStyle()
    /// The first row shown, and the first column when not wrapping.
    package private(set) var offset = 0
    private var column = 0
    /// What is being typed after `/`, while it is.
    private var typing: String?
    /// The search applied, and its matches: (line, character offset) in order.
    package private(set) var search = ""
    package private(set) var matches: [(line: Int, at: Int)] = []
    package private(set) var current: Int?
    private var laidOut: (width: Int, rows: [Row])?
    private var pageHeight = 10

    package init(text: String) {
        var lines = StyledText(ansi: text).lines
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
    }

    private var gutter: Int { showsLineNumbers ? String(lines.count).count + 2 : 0 }

    func rows(width: Int) -> [Row] {
        if let laidOut, laidOut.width == width { return laidOut.rows }
        var rows: [Row] = []
        for (index, line) in lines.enumerated() {
            guard wraps, line.displayWidth > width, width > 0 else {
                rows.append(Row(line: index, isFirst: true, text: line, start: 0))
                continue
            }
            // At the last blank that fits (a word longer than the row is cut where it must).
            let characters = line.runs.flatMap { run in run.text.map { (character: $0, style: run.style) } }
            var start = 0
            while start < characters.count {
                var end = start
                var used = 0
                var lastBlank: Int?
                while end < characters.count, used + characters[end].character.displayWidth <= width {
                    used += characters[end].character.displayWidth
                    if characters[end].character == " " { lastBlank = end }
                    end += 1
                }
                if end < characters.count, let lastBlank, lastBlank > start { end = lastBlank + 1 }
                end = max(end, start + 1)
                var piece = StyledText()
                for item in characters[start..<end] { piece.append(String(item.character), style: item.style) }
                rows.append(Row(line: index, isFirst: start == 0, text: piece, start: start))
                start = end
            }
        }
        laidOut = (width, rows)
        return rows
    }

    package func render(in rect: Rect, on canvas: inout Canvas) {
        guard rect.width > 4, rect.height > 3 else { return }
        let frameColor = frameStyle.borderForeground ?? .palette(212)
        let framed = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - 1)
        canvas.drawBox(framed, style: Style(foreground: frameColor), lines: frameStyle.border ?? .rounded)
        let inside = framed.inset(top: 1, left: 2, bottom: 1, right: 2)
        let textWidth = max(1, inside.width - gutter)
        let all = rows(width: textWidth)
        pageHeight = max(1, inside.height)
        offset = min(offset, max(0, all.count - pageHeight))
        let numberStyle = styles["line-number"]?.applied(to: Style(foreground: .palette(240))) ?? Style(foreground: .palette(240))
        let matchStyle =
            styles["match"]?.applied(to: Style(foreground: .palette(212), attributes: .bold)) ?? Style(foreground: .palette(212), attributes: .bold)
        let currentStyle =
            styles["match-highlight"]?.applied(to: Style(foreground: .palette(235), background: .palette(225), attributes: .bold))
            ?? Style(foreground: .palette(235), background: .palette(225), attributes: .bold)
        for (index, row) in all.dropFirst(offset).prefix(pageHeight).enumerated() {
            let y = inside.y + index
            if showsLineNumbers, row.isFirst {
                let number = String(row.line + 1)
                canvas.draw(number, at: Point(x: inside.x + gutter - 2 - number.count, y: y), style: numberStyle, clip: inside)
            }
            var x = inside.x + gutter
            var position = row.start
            var skipped = 0
            for run in row.text.runs {
                for character in run.text {
                    defer { position += 1 }
                    if !wraps, skipped < column {
                        skipped += 1
                        continue
                    }
                    var style = run.style
                    if let found = match(at: row.line, position) { style = found == current ? currentStyle : matchStyle.merged(under: style) }
                    x += canvas.draw(StyledText(String(character), style: style), at: Point(x: x, y: y), clip: inside)
                }
            }
        }
        let bar = Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1)
        if let typing {
            canvas.draw("/" + typing, at: bar.origin, clip: bar)
            return
        }
        let percent = all.count <= pageHeight ? 100 : offset * 100 / max(1, all.count - pageHeight)
        var status = "\(percent)%"
        if !search.isEmpty { status += matches.isEmpty ? " · no match for “\(search)”" : " · \((current ?? 0) + 1)/\(matches.count) “\(search)”" }
        let keys = "↑/↓ move • / search • n/N next/previous • q quit"
        canvas.draw(status, at: bar.origin, style: Style(foreground: .palette(241)), clip: bar)
        let keysX = bar.maxX - keys.displayWidth
        if keysX > bar.x + status.displayWidth + 2 { canvas.draw(keys, at: Point(x: keysX, y: bar.y), style: Style(foreground: .palette(241)), clip: bar) }
    }

    /// The index in ``matches`` of the match that covers character `at` of `line`.
    private func match(at line: Int, _ at: Int) -> Int? {
        guard !search.isEmpty, !matches.isEmpty else { return nil }
        let length = search.count
        // Matches are in order: the first at or after (line, at - length + 1).
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            let found = matches[middle]
            if found.line < line || (found.line == line && found.at + length <= at) { low = middle + 1 } else { high = middle }
        }
        guard low < matches.count, matches[low].line == line, matches[low].at <= at, at < matches[low].at + length else { return nil }
        return low
    }

    /// Finds `text` in every line (ignoring case) and goes to the first match at or below the top.
    package func find(_ text: String) {
        search = text
        matches = []
        current = nil
        guard !text.isEmpty else { return }
        let needle = Array(text.lowercased())
        for (index, line) in lines.enumerated() {
            let haystack = Array(line.plain.lowercased())
            guard haystack.count >= needle.count else { continue }
            var at = 0
            while at + needle.count <= haystack.count {
                if Array(haystack[at..<at + needle.count]) == needle {
                    matches.append((index, at))
                    at += needle.count
                } else {
                    at += 1
                }
            }
        }
        let topLine = laidOut.map { offset < $0.rows.count ? $0.rows[offset].line : 0 } ?? 0
        go(to: matches.firstIndex { $0.line >= topLine } ?? (matches.isEmpty ? nil : 0))
    }

    private func go(to index: Int?) {
        guard let index, !matches.isEmpty else { return }
        current = (index + matches.count) % matches.count
        let found = matches[current!]
        if let rows = laidOut?.rows, let row = rows.lastIndex(where: { $0.line == found.line && $0.start <= found.at }) {
            if row < offset || row >= offset + pageHeight { offset = max(0, row - pageHeight / 3) }
        }
        if !wraps { column = max(0, found.at - 10) }
    }

    package func handle(_ event: InputEvent) -> EventResult {
        guard case .key(let key) = event else { return .ignored }
        if var typed = typing {
            switch key {
            case .enter:
                typing = nil
                find(typed)
            case .escape: typing = nil
            case .backspace:
                if typed.isEmpty {
                    typing = nil
                } else {
                    typed.removeLast()
                    typing = typed
                }
            case .character(let character):
                typed.append(character)
                typing = typed
            default: return .ignored
            }
            return .handled
        }
        let count = laidOut?.rows.count ?? lines.count
        let last = max(0, count - pageHeight)
        switch key {
        case .up, .character("k"): offset = max(0, offset - 1)
        case .down, .character("j"): offset = min(last, offset + 1)
        case .pageUp, .character("b"): offset = max(0, offset - pageHeight)
        case .pageDown, .character(" "), .character("f"): offset = min(last, offset + pageHeight)
        case .character("u"): offset = max(0, offset - pageHeight / 2)
        case .character("d"): offset = min(last, offset + pageHeight / 2)
        case .home, .character("g"): offset = 0
        case .end, .character("G"): offset = last
        case .left, .character("h"): column = max(0, column - 8)
        case .right, .character("l"): if !wraps { column += 8 }
        case .character("/"): typing = ""
        case .character("n"): go(to: (current ?? -1) + 1)
        case .character("N"): go(to: (current ?? 0) - 1)
        case .escape where !search.isEmpty: find("")
        case .escape, .character("q"): return .quit(status: 0)
        default: return .ignored
        }
        return .handled
    }
}

extension Style {
    /// This style laid over `other`: its colours where it has them, both's attributes.
    fileprivate func merged(under other: Style) -> Style {
        Style(
            foreground: foreground == .default ? other.foreground : foreground,
            background: background == .default ? other.background : background,
            attributes: attributes.union(other.attributes)
        )
    }
}

/// `showcase pager`'s words.
package struct PagerCommand: Equatable, Sendable {
    /// The text (nil: standard input's).
    package var text: String?
    package var showsLineNumbers = true
    package var wraps = true
    package var frame = GumStyle()
    package var styles: [String: GumStyle] = [:]
    package var timeout: Duration?

    static func parse(_ words: [String], environment: [String: String]) throws(UsageError) -> PagerCommand {
        let spec = ShowcaseCommandLine.pager
        let parsed = try spec.parse(words, environment: environment)
        guard parsed.operands.count <= 1 else { throw UsageError("`pager` shows one TEXT: put it in quotes, or pipe it in") }
        var command = PagerCommand(text: parsed.operands.first)
        command.showsLineNumbers = !parsed.flag("--no-show-line-numbers")
        command.wraps = !parsed.flag("--no-soft-wrap")
        var frame: [String: String] = [:]
        frame["border"] = parsed.value("--border")
        frame["border-foreground"] = parsed.value("--border-foreground")
        command.frame = try GumStyle(frame)
        if parsed.value("--border") == "none" { command.frame.border = .hidden }
        for part in spec.styleParts { command.styles[part] = try parsed.style(part) }
        command.timeout = try parsed.value("--timeout").map { text throws(UsageError) in try AskCommand.duration(text, flag: "--timeout") }
        return command
    }

    /// The view that shows `text`.
    @MainActor
    package func view(text: String) -> PagerView {
        let view = PagerView(text: text)
        view.showsLineNumbers = showsLineNumbers
        view.wraps = wraps
        view.frameStyle = frame
        view.styles = styles
        return view
    }
}
