import Foundation
import IndicatorKit

/// One option of a command, declared once: the parser reads it by this declaration and the
/// help is written from it.
struct OptionSpec: Sendable {
    /// `--width`.
    let name: String
    /// The value's placeholder (`N`); nil for a flag.
    let placeholder: String?
    /// The values it takes, when it takes only some (checked when parsed, listed in its help).
    let choices: [String]?
    /// Whether the command needs it.
    let isRequired: Bool
    /// What it does, one paragraph (wrapped when printed).
    let help: String
    /// A one-letter name it also goes by (`-s` for `--spinner`).
    var short: String? = nil

    /// A flag: `--json`.
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, placeholder: nil, choices: nil, isRequired: false, help: help)
    }

    /// An option with a value: `--width N`.
    static func value(_ name: String, _ placeholder: String, choices: [String]? = nil, required: Bool = false, _ help: String) -> OptionSpec {
        OptionSpec(name: name, placeholder: placeholder, choices: choices, isRequired: required, help: help)
    }

    /// The same option, also named `letter` (`-s`).
    func short(_ letter: String) -> OptionSpec {
        var copy = self
        copy.short = letter
        return copy
    }

    /// `--width N`, or `-s, --spinner NAME`.
    var synopsis: String { (short.map { "\($0), " } ?? "") + (placeholder.map { "\(name) \($0)" } ?? name) }
    /// `[--width N]`, or `--out DIR` when required.
    var usage: String { isRequired ? synopsis : "[\(synopsis)]" }
    /// `kitty, sixel, iterm, symbols or auto`.
    var choiceList: String? {
        guard let choices, let last = choices.last else { return nil }
        return choices.count == 1 ? last : choices.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// A command of the showcase, declared once: its words, operands and options, and its help.
/// Parsing, the usage lines, `showcase --help` and `showcase COMMAND --help` are all made
/// from these declarations (``ShowcaseCommandLine``).
struct CommandSpec: Sendable {
    /// `gif info`.
    let name: String
    /// What follows the name besides options: `FILE`, `[PATH…]`, `-- COMMAND [ARGS…]`.
    let operands: String
    /// A line or two for the overview.
    let summary: String
    /// Its own help: paragraphs separated by blank lines (wrapped when printed).
    let details: String
    /// Its options.
    let options: [OptionSpec]
    /// Options are read only before the first operand (`run`: the command's own words are
    /// its own); elsewhere they may come anywhere.
    var optionsOnlyFirst = false
    /// The parts of what it shows that gum's style flags style (`--cursor.foreground 212`,
    /// `--header.bold`): see ``GumStyle``.
    var styleParts: [String] = []
    /// The start of the environment variables that give its options' defaults, as gum's
    /// (`GUM_CHOOSE`: `GUM_CHOOSE_HEADER`, `GUM_CHOOSE_CURSOR_FOREGROUND`); nil: none do.
    var environmentPrefix: String? = nil

    /// `showcase gif frames FILE --out DIR [--replace] [--max-memory MIB]`.
    /// A command of many options (gum's) says `[OPTIONS]`, its help lists them.
    var usage: String {
        let listed = options.count > 6 ? ["[OPTIONS]"] : options.map(\.usage)
        let parts = ["showcase", name] + (optionsOnlyFirst ? listed + [operands] : [operands] + listed)
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `showcase COMMAND --help`.
    var help: String {
        var text = "USAGE: \(usage)\n\n"
        text += details.components(separatedBy: "\n\n").map { HelpText.wrap($0, indent: 0) }.joined(separator: "\n\n")
        if !options.isEmpty { text += "\n\n" + HelpText.table(options.map { ($0.synopsis, $0.fullHelp) }) }
        if !styleParts.isEmpty {
            let parts = styleParts.map { "`\($0)`" }.joined(separator: ", ")
            text +=
                "\n\n"
                + HelpText.wrap(
                    "Style flags, as gum's: --PART.FLAG VALUE for PART one of \(parts) and FLAG one of \(GumStyle.valueNames.joined(separator: ", ")); --PART.FLAG for FLAG one of \(GumStyle.flagNames.joined(separator: ", ")) (`--cursor.foreground 212`, `--header.bold`).",
                    indent: 0
                )
        }
        if let environmentPrefix {
            text +=
                "\n\n"
                + HelpText.wrap(
                    "Defaults from the environment, as gum's: \(environmentPrefix)_NAME for --name (\(environmentPrefix)_\(Self.environmentName(options.first?.name ?? "--header"))), \(environmentPrefix)_PART_FLAG for a style flag; the command line wins.",
                    indent: 0
                )
        }
        return text
    }

    /// `["--name", "value"]` for `--name=value`; the word alone otherwise.
    static func splittingValue(_ word: String) -> [String] {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [word] }
        return [String(word[..<equals]), String(word[word.index(after: equals)...])]
    }

    /// Reads `words` (after the command's name) by the declarations: `--name=value` is
    /// `--name value`, as GNU tools do; an undeclared option, a missing value or a value
    /// not among the choices is a usage error.
    func parse(_ words: [String], environment: [String: String] = [:]) throws(UsageError) -> ParsedWords {
        var parsed = ParsedWords(command: name, declared: options)
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                parsed.operands += words[index...]
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                parsed.operands.append(word)
                if optionsOnlyFirst {
                    parsed.operands += words[index...]
                    break
                }
                continue
            }
            let split = word.hasPrefix("--") ? Self.splittingValue(word) : [word]
            if let (part, flag) = styleFlag(split[0]) {
                let value: String
                if GumStyle.flagNames.contains(flag) {
                    guard split.count == 1 || ["true", "false"].contains(split[1]) else { throw UsageError("`\(split[0])` takes no value") }
                    value = split.count == 2 ? split[1] : "true"
                } else if split.count == 2 {
                    value = split[1]
                } else {
                    guard index < words.count else { throw UsageError("`\(split[0])` needs a value") }
                    value = words[index]
                    index += 1
                }
                parsed.styles[part, default: [:]][flag] = value
                continue
            }
            guard let option = options.first(where: { $0.name == split[0] || $0.short == split[0] }) else {
                throw UsageError("unknown option `\(split[0].sanitizedForTerminal)`" + (name.isEmpty ? "" : " for `\(name)`"))
            }
            guard option.placeholder != nil else {
                guard split.count == 1 else { throw UsageError("`\(option.name)` takes no value") }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if split.count == 2 {
                value = split[1]
            } else {
                guard index < words.count else { throw UsageError("`\(option.name)` needs a value (\(option.synopsis))") }
                value = words[index]
                index += 1
            }
            if let choices = option.choices, !choices.contains(value), let list = option.choiceList {
                throw UsageError("`\(option.name)` takes \(list), not `\(value.sanitizedForTerminal)`")
            }
            guard parsed.values[option.name] == nil else { throw UsageError("`\(option.name)` is given twice; give it once") }
            parsed.values[option.name] = value
        }
        if let environmentPrefix { try parsed.takeDefaults(from: environment, prefix: environmentPrefix, parts: styleParts) }
        for option in options where option.isRequired && parsed.values[option.name] == nil {
            throw UsageError("`\(name)` needs `\(option.synopsis)`")
        }
        return parsed
    }

    /// The part and the flag of a style flag of this command (`--cursor.foreground`).
    private func styleFlag(_ word: String) -> (part: String, flag: String)? {
        guard word.hasPrefix("--"), let dot = word.lastIndex(of: ".") else { return nil }
        let part = String(word[word.index(word.startIndex, offsetBy: 2)..<dot])
        let flag = String(word[word.index(after: dot)...])
        guard styleParts.contains(part), GumStyle.valueNames.contains(flag) || GumStyle.flagNames.contains(flag) else { return nil }
        return (part, flag)
    }

    /// `HEADER` for `--header`, `CURSOR_LINE` for `cursor-line`: a name in an environment
    /// variable's form.
    static func environmentName(_ name: String) -> String {
        String(name.drop { $0 == "-" }).uppercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: ".", with: "_")
    }
}

extension OptionSpec {
    /// The help with the choices it takes.
    var fullHelp: String {
        guard let choiceList, !help.contains(choiceList) else { return help }
        return "\(choiceList): \(help)"
    }
}

/// A command's words as its declaration read them.
struct ParsedWords {
    /// The command's name, for messages.
    let command: String
    /// What was declared: reading an undeclared option is a programming error.
    let declared: [OptionSpec]
    /// The values of options given.
    fileprivate(set) var values: [String: String] = [:]
    /// The flags given.
    fileprivate(set) var flags: Set<String> = []
    /// The words that are not options, in order.
    var operands: [String] = []
    /// The style flags given, by part and flag (`["cursor": ["foreground": "212"]]`; a flag
    /// such as `bold` as `"true"`).
    fileprivate(set) var styles: [String: [String: String]] = [:]

    init(command: String, declared: [OptionSpec]) {
        self.command = command
        self.declared = declared
    }

    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool {
        precondition(declared.contains { $0.name == name && $0.placeholder == nil }, "\(name) is not a declared flag of \(command)")
        return flags.contains(name)
    }

    /// The value of option `name`, if given.
    func value(_ name: String) -> String? {
        precondition(declared.contains { $0.name == name && $0.placeholder != nil }, "\(name) is not a declared option of \(command)")
        return values[name]
    }

    /// The style gum's style flags give `part` (nil: none given).
    func style(_ part: String) throws(UsageError) -> GumStyle? {
        guard let values = styles[part] else { return nil }
        return try GumStyle(values, flagPrefix: "--\(part).")
    }

    /// Fills in what the command line left out from `environment`'s `PREFIX_NAME` variables.
    fileprivate mutating func takeDefaults(from environment: [String: String], prefix: String, parts: [String]) throws(UsageError) {
        for option in declared where values[option.name] == nil && !flags.contains(option.name) {
            let variable = "\(prefix)_\(CommandSpec.environmentName(option.name))"
            guard let value = environment[variable] else { continue }
            if option.placeholder == nil {
                if ["1", "true", "yes"].contains(value.lowercased()) { flags.insert(option.name) }
            } else {
                if let choices = option.choices, !choices.contains(value), let list = option.choiceList {
                    throw UsageError("\(variable) (for `\(option.name)`) takes \(list), not `\(value.sanitizedForTerminal)`")
                }
                values[option.name] = value
            }
        }
        for part in parts {
            for flag in GumStyle.valueNames + GumStyle.flagNames where styles[part]?[flag] == nil {
                guard let value = environment["\(prefix)_\(CommandSpec.environmentName(part))_\(CommandSpec.environmentName(flag))"] else { continue }
                styles[part, default: [:]][flag] = value
            }
        }
    }

    /// The whole number `name` gives, within `range` (`what` names it in the error).
    func number(_ name: String, in range: ClosedRange<Int>, what: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("`\(name)` takes \(what) from \(range.lowerBound) to \(range.upperBound), not `\(text.sanitizedForTerminal)`")
        }
        return number
    }

    /// The one operand the command takes (`what` names it in the error).
    func oneOperand(_ what: String) throws(UsageError) -> String {
        guard operands.count == 1 else { throw UsageError("`\(command)` needs exactly one \(what)") }
        return operands[0]
    }
}

/// The layout of help text: paragraphs wrapped at 80 columns, options in two columns.
enum HelpText {
    static let width = 80

    /// `text` wrapped to ``width`` columns, every line `indent` cells in (the first too).
    static func wrap(_ text: String, indent: Int, firstLine: String = "") -> String {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var lines: [String] = []
        var line = firstLine.isEmpty ? String(repeating: " ", count: indent) : firstLine
        var lineHasWords = false
        for word in words {
            let needed = line.displayWidth + (lineHasWords ? 1 : 0) + word.displayWidth
            if lineHasWords, needed > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWords = false
            }
            if lineHasWords || (line.last.map { $0 != " " } ?? false) { line += " " }
            line += word
            lineHasWords = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Two columns: each name, then its help wrapped beside it (below it when the name is
    /// too long for the column).
    static func table(_ rows: [(name: String, help: String)], column: Int = 21) -> String {
        rows.map { row in
            let name = "  " + row.name
            if name.displayWidth < column - 1 {
                return wrap(row.help, indent: column, firstLine: name.padded(toWidth: column))
            }
            return name + "\n" + wrap(row.help, indent: column)
        }.joined(separator: "\n")
    }
}
