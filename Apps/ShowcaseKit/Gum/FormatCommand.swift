import Foundation
import IndicatorKit

/// `showcase format`, gum's: markdown, code, a template or `:emoji:` names turned into
/// styled text. Pure: ``text(input:width:colorDepth:)`` is what it prints.
package struct FormatCommand: Equatable, Sendable {
    package static let kinds = ["markdown", "code", "template", "emoji"]

    /// The text (the operands a line each; nil: standard input's).
    package var given: String?
    /// `markdown`, `code`, `template` or `emoji`.
    package var kind = "markdown"
    /// The code's language, for `code` (nil: guessed from its look).
    package var language: String?

    static func parse(_ words: [String], environment: [String: String]) throws(UsageError) -> FormatCommand {
        let parsed = try ShowcaseCommandLine.format.parse(words, environment: environment)
        return FormatCommand(
            given: parsed.operands.isEmpty ? nil : parsed.operands.joined(separator: "\n"),
            kind: parsed.value("--type") ?? "markdown",
            language: parsed.value("--language").flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    /// What it prints for `input` (standard input's, when no text was given), wrapped to
    /// `width`, its colours for `colorDepth`.
    package func text(input: String? = nil, width: Int = 80, colorDepth: ColorDepth) -> String {
        let source = given ?? input ?? ""
        let lines: [StyledText]
        switch kind {
        case "code": lines = MarkdownText.code(source, language: language).map { StyledText("  ") + $0 }
        case "template": lines = TemplateText.render(source).lines
        case "emoji": lines = StyledText(Emoji.replacingNames(in: source)).lines
        default: lines = MarkdownText.render(source, width: width)
        }
        return lines.map { ($0.ansiLines(colorDepth: colorDepth).first ?? "") + "\n" }.joined()
    }
}

/// Markdown drawn as styled lines for a terminal, in glamour's dark look: a margin of two,
/// headings in colour, emphasis, code in its own colours, lists with bullets, quotes with a
/// bar, links with their address, tables in a grid, rules; paragraphs wrapped to the width.
package enum MarkdownText {
    static let heading = Style(foreground: .palette(39), attributes: .bold)
    static let title = Style(foreground: .palette(228), background: .palette(63), attributes: .bold)
    static let inlineCode = Style(foreground: .palette(203), background: .palette(236))
    static let codeBlock = Style(foreground: .palette(244))
    static let link = Style(foreground: .palette(30), attributes: .underline)
    static let linkText = Style(foreground: .palette(35), attributes: .bold)
    static let quiet = Style(foreground: .palette(240))

    /// `source`'s blocks, drawn `width` cells wide.
    package static func render(_ source: String, width: Int) -> [StyledText] {
        let margin = "  "
        let inner = max(10, width - margin.count * 2)
        var out: [StyledText] = [StyledText()]
        var lines = source.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")[...]
        func blank() { if out.last.map({ !$0.plain.isEmpty }) ?? false { out.append(StyledText()) } }
        func emit(_ block: [StyledText]) {
            blank()
            out += block.map { StyledText(margin) + $0 }
        }
        while let line = lines.first {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                lines.removeFirst()
                continue
            }
            // A fenced code block.
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let fence = String(trimmed.prefix(3))
                let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                lines.removeFirst()
                var code: [String] = []
                while let next = lines.first, !next.trimmingCharacters(in: .whitespaces).hasPrefix(fence) {
                    code.append(next)
                    lines.removeFirst()
                }
                if !lines.isEmpty { lines.removeFirst() }
                emit(Self.code(code.joined(separator: "\n"), language: language.isEmpty ? nil : language).map { StyledText("  ") + $0 })
                continue
            }
            // An indented code block.
            if line.hasPrefix("    ") || line.hasPrefix("\t") {
                var code: [String] = []
                while let next = lines.first, next.hasPrefix("    ") || next.hasPrefix("\t") || next.trimmingCharacters(in: .whitespaces).isEmpty {
                    code.append(next.hasPrefix("\t") ? String(next.dropFirst()) : String(next.dropFirst(min(4, next.count))))
                    lines.removeFirst()
                }
                while code.last?.isEmpty == true { code.removeLast() }
                emit(code.map { StyledText("  " + $0, style: codeBlock) })
                continue
            }
            // A heading.
            if let level = headingLevel(trimmed) {
                lines.removeFirst()
                let text = trimmed.dropFirst(level).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#"))
                    .trimmingCharacters(in: .whitespaces)
                if level == 1 {
                    emit([StyledText(" " + inlinePlain(text) + " ", style: title)])
                } else {
                    emit([StyledText(String(repeating: "#", count: level) + " ", style: heading) + inline(text, base: heading)])
                }
                continue
            }
            // A rule.
            if isRule(trimmed) {
                lines.removeFirst()
                emit([StyledText(String(repeating: "─", count: inner), style: quiet)])
                continue
            }
            // A table: a row of pipes over a delimiter row.
            if trimmed.hasPrefix("|") || trimmed.contains(" | "), lines.count > 1, isTableDelimiter(lines[lines.index(after: lines.startIndex)]) {
                var rows: [[String]] = []
                while let next = lines.first, next.contains("|") {
                    if !isTableDelimiter(next) { rows.append(cells(next)) }
                    lines.removeFirst()
                }
                emit(table(rows))
                continue
            }
            // A quote.
            if trimmed.hasPrefix(">") {
                var quoted: [String] = []
                while let next = lines.first?.trimmingCharacters(in: .whitespaces), next.hasPrefix(">") {
                    quoted.append(String(next.dropFirst()).trimmingCharacters(in: .whitespaces))
                    lines.removeFirst()
                }
                let body = render(quoted.joined(separator: "\n"), width: inner - 2 + 4).filter { !$0.plain.isEmpty }
                emit(
                    body.map {
                        StyledText("│ ", style: quiet)
                            + StyledText(
                                runs: $0.runs.map {
                                    StyledText.Run(
                                        $0.text,
                                        style: Style(
                                            foreground: $0.style.foreground,
                                            background: $0.style.background,
                                            attributes: $0.style.attributes.union(.italic)
                                        )
                                    )
                                }
                            ).droppingMargin()
                    }
                )
                continue
            }
            // A list.
            if listMarker(line) != nil {
                var block: [StyledText] = []
                var number = 0
                while let next = lines.first, !next.trimmingCharacters(in: .whitespaces).isEmpty {
                    guard let (indent, marker, text) = listMarker(next) else {
                        // A continuation line joins the item before it.
                        if let last = block.popLast() { block.append(last + StyledText(" ") + inline(next.trimmingCharacters(in: .whitespaces))) }
                        lines.removeFirst()
                        continue
                    }
                    lines.removeFirst()
                    let depth = indent / 2
                    let bullet: String
                    if marker.last == "." || marker.last == ")" {
                        number = depth == 0 ? number + 1 : number
                        bullet = marker
                    } else {
                        bullet = depth == 0 ? "•" : "◦"
                    }
                    var item = text
                    var check = ""
                    if item.hasPrefix("[ ] ") {
                        check = "☐ "
                        item = String(item.dropFirst(4))
                    } else if item.hasPrefix("[x] ") || item.hasPrefix("[X] ") {
                        check = "☑ "
                        item = String(item.dropFirst(4))
                    }
                    let lead = String(repeating: "  ", count: depth) + bullet + " " + check
                    let wrapped = wrap(inline(item), width: inner - lead.displayWidth)
                    for (index, piece) in wrapped.enumerated() {
                        block.append(StyledText(index == 0 ? lead : String(repeating: " ", count: lead.displayWidth)) + piece)
                    }
                }
                emit(block)
                continue
            }
            // A paragraph: lines up to a blank one or another block.
            var paragraph: [String] = []
            while let next = lines.first {
                let text = next.trimmingCharacters(in: .whitespaces)
                if text.isEmpty || headingLevel(text) != nil || text.hasPrefix("```") || text.hasPrefix(">") || isRule(text)
                    || (!paragraph.isEmpty && listMarker(next) != nil)
                {
                    break
                }
                paragraph.append(text)
                lines.removeFirst()
            }
            if paragraph.isEmpty {
                lines.removeFirst()
                continue
            }
            emit(wrap(inline(paragraph.joined(separator: " ")), width: inner))
        }
        if out.last.map({ !$0.plain.isEmpty }) ?? false { out.append(StyledText()) }
        return out
    }

    /// The level of a heading line (`## x` is 2), or nil.
    static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.count == hashes || line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    static func isRule(_ line: String) -> Bool {
        let marks = line.filter { $0 != " " }
        guard marks.count >= 3, let first = marks.first, "-*_".contains(first) else { return false }
        return marks.allSatisfy { $0 == first }
    }

    static func isTableDelimiter(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        return text.contains("-") && text.allSatisfy { "|-: ".contains($0) } && text.contains("|")
    }

    static func cells(_ line: String) -> [String] {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("|") { text.removeFirst() }
        if text.hasSuffix("|") { text.removeLast() }
        return text.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A list item's indentation, marker (`-`, `*`, `+`, `1.`) and text, or nil.
    static func listMarker(_ line: String) -> (indent: Int, marker: String, text: String)? {
        let indent = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(indent)
        if let first = rest.first, "-*+".contains(first), rest.dropFirst().first == " " {
            return (indent, String(first), String(rest.dropFirst(2)))
        }
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count < 10 else { return nil }
        let after = rest.dropFirst(digits.count)
        guard let mark = after.first, mark == "." || mark == ")", after.dropFirst().first == " " else { return nil }
        return (indent, String(digits) + String(mark), String(after.dropFirst(2)))
    }

    /// A table: the header bold, a rule under it, columns apart by a bar.
    static func table(_ rows: [[String]]) -> [StyledText] {
        guard let header = rows.first else { return [] }
        let styled = rows.map { $0.map { inline($0) } }
        let count = header.count
        let widths = (0..<count).map { column in styled.map { column < $0.count ? $0[column].displayWidth : 0 }.max() ?? 0 }
        func line(_ cells: [StyledText], bold: Bool) -> StyledText {
            var result = StyledText()
            for column in 0..<count {
                if column > 0 { result.append(" │ ", style: quiet) }
                let cell = column < cells.count ? cells[column] : StyledText()
                for run in cell.runs {
                    result.append(run.text, style: bold ? Style(foreground: run.style.foreground, attributes: run.style.attributes.union(.bold)) : run.style)
                }
                result.append(String(repeating: " ", count: widths[column] - cell.displayWidth), style: .plain)
            }
            return result
        }
        var out = [line(styled[0], bold: true)]
        out.append(StyledText(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"), style: quiet))
        out += styled.dropFirst().map { line($0, bold: false) }
        return out
    }

    /// `text` wrapped at its blanks to `width` cells (a word longer than that has a line of its own).
    static func wrap(_ text: StyledText, width: Int) -> [StyledText] {
        var lines: [StyledText] = []
        var line = StyledText()
        var lineWidth = 0
        var word = StyledText()
        func endWord() {
            let wordWidth = word.displayWidth
            guard wordWidth > 0 else { return }
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = StyledText()
                lineWidth = 0
            }
            if lineWidth > 0 {
                line.append(" ", style: .plain)
                lineWidth += 1
            }
            for run in word.runs { line.append(run.text, style: run.style) }
            lineWidth += wordWidth
            word = StyledText()
        }
        for run in text.runs {
            for character in run.text {
                if character == " " { endWord() } else { word.append(String(character), style: run.style) }
            }
        }
        endWord()
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Inline markdown without its styles.
    static func inlinePlain(_ text: String) -> String { inline(text).plain }

    /// Inline markdown: `**strong**`, `*em*` (and `_`), `~~struck~~`, `` `code` ``, links,
    /// images and autolinks, each in its style over `base`.
    static func inline(_ text: String, base: Style = .plain) -> StyledText {
        var out = StyledText()
        let all = Array(text)
        let marks = Marks(all)
        var at = 0
        var style = base
        var plain = ""
        func flush() {
            if !plain.isEmpty { out.append(plain, style: style) }
            plain = ""
        }
        func toggle(_ attribute: Style.Attributes) {
            flush()
            if style.attributes.contains(attribute) { style.attributes.remove(attribute) } else { style.attributes.insert(attribute) }
        }
        while at < all.count {
            let character = all[at]
            let next: Character? = at + 1 < all.count ? all[at + 1] : nil
            if character == "\\", let next {
                plain.append(next)
                at += 2
            } else if (character == "*" || character == "_" || character == "~") && next == character
                && (character != "_" || plain.isEmpty || plain.last == " " || style.attributes.contains(.bold))
            {
                toggle(character == "~" ? .strikethrough : .bold)
                at += 2
            } else if character == "*" || (character == "_" && (plain.isEmpty || plain.last == " " || style.attributes.contains(.italic))) {
                toggle(.italic)
                at += 1
            } else if character == "`", let end = marks.next("`", after: at) {
                flush()
                // No-break spaces round it and in it: it stays whole, with its colour's padding, when a line wraps.
                let code = String(all[(at + 1)..<end]).replacingOccurrences(of: " ", with: "\u{A0}")
                out.append("\u{A0}" + code + "\u{A0}", style: inlineCode)
                at = end + 1
            } else if character == "[" || (character == "!" && next == "["), let (label, address, end) = link(all, at: character == "!" ? at + 1 : at, marks) {
                flush()
                if character == "!" {
                    out.append("Image: " + label, style: linkText)
                    out.append(" → ", style: quiet)
                } else if !label.isEmpty {
                    out.append(label, style: linkText)
                    out.append(" ", style: base)
                }
                out.append(address, style: link)
                at = end + 1
            } else if character == "<", let end = marks.next(">", after: at), String(all[at..<end]).contains("://") {
                flush()
                out.append(String(all[(at + 1)..<end]), style: link)
                at = end + 1
            } else {
                plain.append(character)
                at += 1
            }
        }
        flush()
        return out
    }

    /// Where the next of each mark inline markdown pairs is, from any position, found in one
    /// pass over the text: a text full of `[` or `<` costs what it holds, not its square.
    struct Marks {
        private var positions: [Character: [Int]] = [:]

        init(_ characters: [Character]) {
            for mark in ["`", "]", ")", ">"] as [Character] {
                var next = Array(repeating: characters.count, count: characters.count + 1)
                for index in characters.indices.reversed() { next[index] = characters[index] == mark ? index : next[index + 1] }
                positions[mark] = next
            }
        }

        /// The first `mark` after `position` within ``MarkdownText/reach`` characters.
        func next(_ mark: Character, after position: Int) -> Int? {
            guard let next = positions[mark], position + 1 < next.count else { return nil }
            let found = next[position + 1]
            return found < next.count - 1 && found - position <= MarkdownText.reach ? found : nil
        }
    }

    /// How far a code span, a link or an autolink reaches at most (CommonMark keeps a link's
    /// label under 1000 characters).
    static let reach = 2_000

    /// `[label](address)` starting at `at`: its parts and where it ends (its `)`).
    static func link(_ all: [Character], at: Int, _ marks: Marks) -> (String, String, Int)? {
        guard all[at] == "[", let close = marks.next("]", after: at), close + 1 < all.count, all[close + 1] == "(",
            let end = marks.next(")", after: close + 1), end - at <= reach
        else { return nil }
        let label = String(all[(at + 1)..<close])
        let address = String(all[(close + 2)..<end]).split(separator: " ").first.map(String.init) ?? ""
        return (label, address, end)
    }

    static let keywords: Set<String> = [
        "func", "let", "var", "if", "else", "for", "while", "return", "import", "def", "class", "fn", "pub", "struct", "enum", "const",
        "package", "type", "true", "false", "nil", "null", "None", "True", "False", "switch", "case", "default", "break", "continue",
        "in", "guard", "do", "try", "catch", "throw", "throws", "async", "await", "public", "private", "static", "self", "mut", "use",
        "impl", "match", "from", "as", "with", "echo", "then", "fi", "done", "function", "interface", "go", "defer", "elif", "lambda",
    ]

    /// Code, each line coloured as most languages read: keywords, strings, numbers and
    /// comments (`//`, `#`, `--`) apart from the rest.
    package static func code(_ source: String, language: String?) -> [StyledText] {
        let hashComments = ["python", "py", "sh", "bash", "zsh", "ruby", "rb", "yaml", "yml", "toml", "perl", "r", "make", "makefile", "dockerfile"]
        let usesHash = language.map { hashComments.contains($0.lowercased()) } ?? source.hasPrefix("#!")
        return source.components(separatedBy: "\n").map { line in
            var out = StyledText()
            var characters = Array(line)[...]
            var word = ""
            func flushWord() {
                guard !word.isEmpty else { return }
                let style =
                    keywords.contains(word)
                    ? Style(foreground: .palette(204), attributes: .bold)
                    : word.first!.isNumber ? Style(foreground: .palette(141)) : Style(foreground: .palette(252))
                out.append(word, style: style)
                word = ""
            }
            while let character = characters.first {
                let two = String(characters.prefix(2))
                if two == "//" || two == "--" && language?.lowercased() == "sql" || (character == "#" && usesHash) {
                    flushWord()
                    out.append(String(characters), style: Style(foreground: .palette(243), attributes: .italic))
                    break
                }
                if character == "\"" || character == "'" || character == "`" {
                    flushWord()
                    var end = characters.index(after: characters.startIndex)
                    while end < characters.endIndex, characters[end] != character {
                        if characters[end] == "\\" { end = characters.index(after: end) }
                        if end < characters.endIndex { end = characters.index(after: end) }
                    }
                    let stop = min(characters.endIndex, end == characters.endIndex ? end : characters.index(after: end))
                    out.append(String(characters[characters.startIndex..<stop]), style: Style(foreground: .palette(186)))
                    characters = characters[stop...]
                    continue
                }
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                } else {
                    flushWord()
                    out.append(String(character), style: Style(foreground: .palette(250)))
                }
                characters = characters.dropFirst()
            }
            flushWord()
            return out
        }
    }
}

extension StyledText {
    /// The text without the two-cell margin ``MarkdownText/render(_:width:)`` puts first.
    fileprivate func droppingMargin() -> StyledText {
        guard plain.hasPrefix("  "), let first = runs.first else { return self }
        var rest = runs
        if first.text.count > 2 {
            rest[0] = Run(String(first.text.dropFirst(2)), style: first.style)
        } else {
            rest.removeFirst()
            if first.text.count == 1, let next = rest.first { rest[0] = Run(String(next.text.dropFirst()), style: next.style) }
        }
        return StyledText(runs: rest)
    }
}

/// gum's templates (termenv's functions): `{{ Bold "Tasty" }} {{ Color "99" "0" " Gum " }}`,
/// calls nested in parentheses (`{{ Bold (Italic "x") }}`); the rest is text as it stands.
package enum TemplateText {
    package static func render(_ template: String) -> StyledText {
        var out = StyledText()
        var rest = template[...]
        while let open = rest.range(of: "{{") {
            out.append(String(rest[rest.startIndex..<open.lowerBound]), style: .plain)
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            var words = Substring(rest[open.upperBound..<close.lowerBound])
            if let value = call(&words) { out = out + value } else { out.append(String(rest[open.lowerBound..<close.upperBound]), style: .plain) }
            rest = rest[close.upperBound...]
        }
        out.append(String(rest), style: .plain)
        return out
    }

    /// A call or a string at the start of `words`, read from it.
    private static func value(_ words: inout Substring) -> StyledText? {
        words = words.drop { $0 == " " }
        if words.first == "\"" {
            var text = ""
            var index = words.index(after: words.startIndex)
            while index < words.endIndex, words[index] != "\"" {
                if words[index] == "\\", words.index(after: index) < words.endIndex {
                    index = words.index(after: index)
                    text.append(words[index] == "n" ? "\n" : words[index])
                } else {
                    text.append(words[index])
                }
                index = words.index(after: index)
            }
            words = index < words.endIndex ? words[words.index(after: index)...] : ""
            return StyledText(text)
        }
        if words.first == "(" {
            words = words.dropFirst()
            let result = call(&words)
            words = words.drop { $0 == " " }
            if words.first == ")" { words = words.dropFirst() }
            return result
        }
        return nil
    }

    /// `Name args…` at the start of `words`.
    private static func call(_ words: inout Substring) -> StyledText? {
        words = words.drop { $0 == " " }
        let name = String(words.prefix { $0.isLetter })
        words = words.dropFirst(name.count)
        var arguments: [StyledText] = []
        while let argument = value(&words) { arguments.append(argument) }
        guard let last = arguments.last else { return nil }
        func styled(_ change: (inout Style) -> Void) -> StyledText {
            StyledText(
                runs: last.runs.map { run in
                    var style = run.style
                    change(&style)
                    return StyledText.Run(run.text, style: style)
                }
            )
        }
        let colors = arguments.dropLast().map { Color(parsing: $0.plain) }
        switch name {
        case "Bold": return styled { $0.attributes.insert(.bold) }
        case "Italic": return styled { $0.attributes.insert(.italic) }
        case "Faint": return styled { $0.attributes.insert(.dim) }
        case "Underline": return styled { $0.attributes.insert(.underline) }
        case "CrossOut": return styled { $0.attributes.insert(.strikethrough) }
        case "Reverse": return styled { $0.attributes.insert(.reverse) }
        case "Overline", "Blink": return last
        case "Color":
            return styled {
                if let foreground = colors.first ?? nil { $0.foreground = foreground }
                if colors.count > 1, let background = colors[1] { $0.background = background }
            }
        case "Foreground": return styled { if let color = colors.first ?? nil { $0.foreground = color } }
        case "Background": return styled { if let color = colors.first ?? nil { $0.background = color } }
        default: return nil
        }
    }
}

/// GitHub's `:name:` emoji, the ones people write most; other names stay as written.
package enum Emoji {
    static let names: [String: String] = [
        "smile": "😄", "smiley": "😃", "grin": "😁", "laughing": "😆", "joy": "😂", "wink": "😉", "blush": "😊", "heart_eyes": "😍",
        "sunglasses": "😎", "thinking": "🤔", "neutral_face": "😐", "cry": "😢", "sob": "😭", "angry": "😠", "scream": "😱", "sleeping": "😴",
        "heart": "❤️", "broken_heart": "💔", "sparkling_heart": "💖", "+1": "👍", "thumbsup": "👍", "-1": "👎", "thumbsdown": "👎",
        "clap": "👏", "wave": "👋", "ok_hand": "👌", "pray": "🙏", "muscle": "💪", "raised_hands": "🙌", "point_right": "👉", "eyes": "👀",
        "rocket": "🚀", "tada": "🎉", "fire": "🔥", "star": "⭐", "star2": "🌟", "sparkles": "✨", "zap": "⚡", "boom": "💥", "100": "💯",
        "white_check_mark": "✅", "heavy_check_mark": "✔️", "check": "✔️", "x": "❌", "warning": "⚠️", "no_entry": "⛔", "question": "❓",
        "exclamation": "❗", "bulb": "💡", "memo": "📝", "book": "📖", "books": "📚", "pencil2": "✏️", "bug": "🐛", "wrench": "🔧",
        "hammer": "🔨", "gear": "⚙️", "lock": "🔒", "unlock": "🔓", "key": "🔑", "package": "📦", "bookmark": "🔖", "link": "🔗",
        "mag": "🔍", "calendar": "📅", "clock1": "🕐", "hourglass": "⌛", "alarm_clock": "⏰", "bell": "🔔", "email": "📧", "computer": "💻",
        "iphone": "📱", "floppy_disk": "💾", "cd": "💿", "chart_with_upwards_trend": "📈", "trophy": "🏆", "medal_sports": "🏅", "gift": "🎁",
        "balloon": "🎈", "candy": "🍬", "lollipop": "🍭", "chocolate_bar": "🍫", "cake": "🍰", "cookie": "🍪", "pizza": "🍕", "hamburger": "🍔",
        "coffee": "☕", "tea": "🍵", "beer": "🍺", "beers": "🍻", "wine_glass": "🍷", "apple": "🍎", "green_apple": "🍏", "lemon": "🍋",
        "cherries": "🍒", "strawberry": "🍓", "grapes": "🍇", "watermelon": "🍉", "banana": "🍌", "peach": "🍑", "tangerine": "🍊",
        "pineapple": "🍍", "sunny": "☀️", "cloud": "☁️", "umbrella": "☔", "snowflake": "❄️", "rainbow": "🌈", "moon": "🌙", "earth_americas": "🌎",
        "cat": "🐱", "dog": "🐶", "monkey": "🐒", "see_no_evil": "🙈", "unicorn": "🦄", "penguin": "🐧", "turtle": "🐢", "snake": "🐍",
        "crab": "🦀", "whale": "🐳", "octopus": "🐙", "bee": "🐝", "rose": "🌹", "seedling": "🌱", "evergreen_tree": "🌲", "cactus": "🌵",
        "construction": "🚧", "rotating_light": "🚨", "recycle": "♻️", "arrow_right": "➡️", "arrow_left": "⬅️", "arrow_up": "⬆️", "arrow_down": "⬇️",
        "heavy_plus_sign": "➕", "heavy_minus_sign": "➖", "art": "🎨", "lipstick": "💄", "ghost": "👻", "skull": "💀", "robot": "🤖",
        "alien": "👽", "crown": "👑", "gem": "💎", "moneybag": "💰", "dollar": "💵", "shipit": "🐿️", "bubble_tea": "🧋",
    ]

    /// `text` with every `:name:` this table knows written as its emoji.
    package static func replacingNames(in text: String) -> String {
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: ":") {
            out += rest[rest.startIndex..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: ":"), let emoji = names[String(after[after.startIndex..<close])] {
                out += emoji
                rest = after[after.index(after: close)...]
            } else {
                out += ":"
                rest = after
            }
        }
        return out + rest
    }
}
