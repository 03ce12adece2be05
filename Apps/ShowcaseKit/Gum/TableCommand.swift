import Foundation
import IndicatorKit

/// `showcase table`, gum's: CSV (or another separator's) rows shown in a grid, one chosen
/// with the keys and printed as a CSV line (or one column of it); `--print` prints the grid.
package struct TableCommand: Equatable, Sendable {
    package var separator: Character = ","
    /// The column names (nil: the first row).
    package var columns: [String]?
    /// Each column's width in cells (nil: its widest cell's).
    package var widths: [Int]?
    /// The rows shown at once (nil: all that fit in 10).
    package var height: Int?
    /// Print the grid instead of asking.
    package var prints = false
    /// The file read (nil: standard input).
    package var file: String?
    /// The border's lines (nil: none).
    package var border: Canvas.BoxStyle? = .rounded
    /// The one column printed (1-based; nil: the whole row).
    package var returnColumn: Int?
    package var lazyQuotes = false
    package var showsHelp = true
    package var timeout: Duration?
    /// gum's style flags, by part (`border`, `cell`, `header`, `selected`).
    package var styles: [String: GumStyle] = [:]

    static func parse(_ words: [String], environment: [String: String]) throws(UsageError) -> TableCommand {
        let spec = ShowcaseCommandLine.table
        let parsed = try spec.parse(words, environment: environment)
        guard parsed.operands.isEmpty else { throw UsageError("`table` reads its rows from standard input or --file, not from operands") }
        var command = TableCommand()
        if let separator = parsed.value("--separator") {
            guard separator.count == 1, let character = separator.first, character != "\"", character != "\n" else {
                throw UsageError("`--separator` takes one character (, ; | or a tab), not `\(separator.sanitizedForTerminal)`")
            }
            command.separator = character
        }
        command.columns = parsed.value("--columns").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        if let widths = parsed.value("--widths") {
            let numbers = widths.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !numbers.isEmpty, numbers.allSatisfy({ ($0 ?? -1) >= 1 && ($0 ?? 0) <= 1000 }) else {
                throw UsageError("`--widths` takes column widths from 1 to 1000, comma-separated (10,20), not `\(widths.sanitizedForTerminal)`")
            }
            command.widths = numbers.compactMap { $0 }
        }
        command.height = try parsed.number("--height", in: 0...1000, what: "a number of rows").flatMap { $0 == 0 ? nil : $0 }
        command.prints = parsed.flag("--print")
        command.file = parsed.value("--file")
        if let name = parsed.value("--border") { command.border = GumStyle.borders[name] ?? nil }
        command.returnColumn = try parsed.number("--return-column", in: 0...10_000, what: "a column number").flatMap { $0 == 0 ? nil : $0 }
        command.lazyQuotes = parsed.flag("--lazy-quotes")
        command.showsHelp = !parsed.flag("--no-show-help")
        command.timeout = try parsed.value("--timeout").map { text throws(UsageError) in try AskCommand.duration(text, flag: "--timeout") }
        for part in spec.styleParts { command.styles[part] = try parsed.style(part) }
        return command
    }

    /// What is wrong with the rows read, said so that it can be put right.
    package struct InputError: Error, Equatable {
        package let message: String
    }

    /// The columns and rows `text` (CSV) gives: the first row names the columns unless
    /// ``columns`` does; short rows are filled with blanks; a row longer than the header is
    /// an error, as gum's.
    package func table(from text: String) throws(InputError) -> (columns: [String], rows: [[String]]) {
        var records: [[String]]
        do {
            records = try CSV.records(in: text, separator: separator, lazyQuotes: lazyQuotes)
        } catch {
            throw InputError(message: error.message)
        }
        let names = columns ?? (records.isEmpty ? [] : records.removeFirst())
        guard !names.isEmpty else { throw InputError(message: "no rows to show: give CSV on standard input or with --file, its first line the column names") }
        for (index, record) in records.enumerated() where record.count > names.count {
            throw InputError(
                message:
                    "row \(index + (columns == nil ? 2 : 1)) has \(record.count) fields but there are \(names.count) columns; give --columns, or check the --separator"
            )
        }
        return (names, records.map { $0 + Array(repeating: "", count: names.count - $0.count) })
    }

    /// Each column's width: ``widths`` where given, else its widest cell's.
    package func columnWidths(_ columns: [String], _ rows: [[String]]) -> [Int] {
        columns.indices.map { index in
            if let widths, index < widths.count { return widths[index] }
            return ([columns[index]] + rows.map { $0[index] }).map { StyledText(ansi: $0).displayWidth }.max() ?? 0
        }
    }

    /// The grid's lines (lipgloss's table, bubbles' cell padding): a border round it and
    /// between the columns, the header bold over a rule, the rows `window` of them, the
    /// `selected` one in the selected style.
    package func grid(columns: [String], rows: [[String]], widths: [Int], window: Range<Int>? = nil, selected: Int? = nil) -> [StyledText] {
        let lines = border ?? .hidden
        let drawsBorder = border != nil
        let borderStyle = styles["border"]?.applied(to: .plain) ?? .plain
        func rule(_ left: Character, _ middle: String, _ right: Character) -> StyledText {
            StyledText(String(left) + widths.map { String(repeating: lines.top, count: $0 + 2) }.joined(separator: middle) + String(right), style: borderStyle)
        }
        func row(_ cells: [String], style: Style) -> StyledText {
            var line = StyledText()
            if drawsBorder { line.append(String(lines.left), style: borderStyle) }
            for (index, width) in widths.enumerated() {
                if index > 0 { line.append(drawsBorder ? String(lines.left) : " ", style: borderStyle) }
                let cell = StyledText(ansi: index < cells.count ? cells[index] : "").truncated(toWidth: width)
                line.append(" ", style: style)
                for run in cell.runs { line.append(run.text, style: style.merged(over: run.style)) }
                line.append(String(repeating: " ", count: width - cell.displayWidth + 1), style: style)
            }
            if drawsBorder { line.append(String(lines.right), style: borderStyle) }
            return line
        }
        var result: [StyledText] = []
        if drawsBorder { result.append(rule(lines.topLeft, "┬", lines.topRight).replacingJunctions(for: lines, top: true)) }
        result.append(row(columns, style: styles["header"]?.applied(to: Style(attributes: .bold)) ?? Style(attributes: .bold)))
        if drawsBorder { result.append(rule("├", "┼", "┤").replacingJunctions(for: lines, top: nil)) }
        for index in window ?? rows.indices {
            let base = styles["cell"]?.applied(to: .plain) ?? .plain
            let style = index == selected ? styles["selected"]?.applied(to: base) ?? Theme.current.selected : base
            result.append(row(rows[index], style: style))
        }
        if drawsBorder { result.append(rule(lines.bottomLeft, "┴", lines.bottomRight).replacingJunctions(for: lines, top: false)) }
        return result
    }

    /// What is printed for the chosen `row`: the row as a CSV line in the separator, or its
    /// ``returnColumn``'s field.
    package func output(for row: [String]) -> String {
        if let returnColumn, returnColumn <= row.count { return CSV.line([row[returnColumn - 1]], separator: separator) }
        return CSV.line(row, separator: separator)
    }
}

extension StyledText {
    /// A rule drawn with the square junctions (`┬ ┼ ┴ ├ ┤`) given the junctions of `lines`
    /// (double lines get `╦ ╬ ╩ ╠ ╣`, thick `┳ ╋ ┻ ┣ ┫`, ascii `+`); `top` nil: the rule
    /// under the header.
    fileprivate func replacingJunctions(for lines: Canvas.BoxStyle, top: Bool?) -> StyledText {
        let sets: [String: [String]] = [
            "═": ["╦", "╬", "╩", "╠", "╣"], "━": ["┳", "╋", "┻", "┣", "┫"], "-": ["+", "+", "+", "+", "+"], " ": [" ", " ", " ", " ", " "],
        ]
        guard let set = sets[String(lines.top)] else { return self }
        let map = ["┬": set[0], "┼": set[1], "┴": set[2], "├": set[3], "┤": set[4]]
        return StyledText(runs: runs.map { Run(String($0.text.map { map[String($0)].map(Character.init) ?? $0 }), style: $0.style) })
    }
}

extension Style {
    /// `other` laid over this style: its colours where it has them, both's attributes.
    fileprivate func merged(over other: Style) -> Style {
        Style(
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background,
            attributes: attributes.union(other.attributes)
        )
    }
}

/// CSV as RFC 4180 and Go's encoding/csv read and write it: fields in double quotes may
/// hold the separator, quotes (doubled) and line breaks; a byte-order mark at the start is
/// left out; blank lines are skipped.
package enum CSV {
    package struct ParseError: Error, Equatable {
        package let message: String
    }

    package static func records(in text: String, separator: Character, lazyQuotes: Bool = false) throws(ParseError) -> [[String]] {
        var characters = Array(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        if characters.last != "\n" { characters.append("\n") }
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var line = 1
        var index = 0
        var quoted = false
        var atFieldStart = true
        while index < characters.count {
            let character = characters[index]
            index += 1
            if quoted {
                if character == "\"" {
                    if index < characters.count, characters[index] == "\"" {
                        field.append("\"")
                        index += 1
                    } else if index < characters.count, characters[index] != separator, characters[index] != "\n", characters[index] != "\r\n", !lazyQuotes {
                        throw ParseError(message: "line \(line): a quote inside a quoted field must be doubled (\"\"), or give --lazy-quotes")
                    } else {
                        quoted = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where atFieldStart:
                quoted = true
                atFieldStart = false
            case "\"" where !lazyQuotes:
                throw ParseError(message: "line \(line): a quote in an unquoted field; quote the field (\"a \"\"b\"\"\") or give --lazy-quotes")
            case separator:
                record.append(field)
                field = ""
                atFieldStart = true
            case "\n", "\r\n", "\r":
                if !(record.isEmpty && field.isEmpty && atFieldStart) {
                    record.append(field)
                    records.append(record)
                }
                record = []
                field = ""
                atFieldStart = true
                line += 1
            default:
                field.append(character)
                atFieldStart = false
            }
        }
        if quoted { throw ParseError(message: "line \(line): a quoted field is not closed; end it with \"") }
        return records
    }

    /// `fields` as one line of CSV in `separator`, as Go's csv.Writer writes it: a field that
    /// holds the separator, a quote or a line break, or starts with a blank, in quotes.
    package static func line(_ fields: [String], separator: Character) -> String {
        fields.map { field in
            let needs =
                field.contains(separator) || field.contains("\"") || field.contains("\n") || field.contains("\r") || field.first == " " || field.first == "\t"
            return needs ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: String(separator)) + "\n"
    }
}
