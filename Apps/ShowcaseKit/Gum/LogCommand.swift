import Foundation
import IndicatorKit
import KitSupport

/// `showcase log`, gum's: a log line on standard error (or appended to a file), as
/// charmbracelet/log writes it: `TIME LEVEL PREFIX: message key=value…`, or as logfmt or
/// JSON. Pure: ``line(at:colorDepth:)`` is what it writes.
package struct LogCommand: Equatable, Sendable {
    /// The levels, least to most severe; `none` prints no level.
    package static let levels = ["none", "debug", "info", "warn", "error", "fatal"]

    /// The message and what follows it (key-value pairs with `--structured`, printf's
    /// arguments with `--format`, more words otherwise).
    package var words: [String]
    package var level = "none"
    package var prefix = ""
    /// Key-value pairs after the message.
    package var structured = false
    /// The message is a printf format for the other words.
    package var formatsMessage = false
    /// `text`, `logfmt` or `json`.
    package var formatter = "text"
    /// A time format (gum's names or a Go layout); nil: no time.
    package var timeFormat: String?
    /// The least level written (nil: all).
    package var minimumLevel: String?
    /// The file appended to instead of standard error.
    package var file: String?
    /// gum's style flags, by part (`level`, `time`, `prefix`, `message`, `key`, `value`, `separator`).
    package var styles: [String: GumStyle] = [:]

    static func parse(_ words: [String], environment: [String: String]) throws(UsageError) -> LogCommand {
        let spec = ShowcaseCommandLine.log
        let parsed = try spec.parse(words, environment: environment)
        var command = LogCommand(words: parsed.operands)
        guard !parsed.operands.isEmpty else { throw UsageError("`log` needs a message: showcase log --level info \"Saved\"") }
        command.level = parsed.value("--level") ?? "none"
        command.prefix = parsed.value("--prefix") ?? ""
        command.structured = parsed.flag("--structured")
        command.formatsMessage = parsed.flag("--format")
        guard !(command.structured && command.formatsMessage) else { throw UsageError("`--structured` and `--format` read the words differently: give one") }
        command.formatter = parsed.value("--formatter") ?? "text"
        command.timeFormat = parsed.value("--time").flatMap { $0.isEmpty ? nil : $0 }
        command.minimumLevel = parsed.value("--min-level") ?? environment["GUM_LOG_LEVEL"].flatMap { $0.isEmpty ? nil : $0 }
        if let minimum = command.minimumLevel, !levels.contains(minimum) {
            throw UsageError("`--min-level` (or GUM_LOG_LEVEL) takes \(levels.dropFirst().joined(separator: ", ")), not `\(minimum.sanitizedForTerminal)`")
        }
        command.file = parsed.value("--file")
        for part in spec.styleParts { command.styles[part] = try parsed.style(part) }
        return command
    }

    /// Whether the level is below the least one asked for, so nothing is written.
    package var isFiltered: Bool {
        guard let minimumLevel, let least = Self.levels.firstIndex(of: minimumLevel), let this = Self.levels.firstIndex(of: level) else { return false }
        return level != "none" && this < least
    }

    /// The status it ends with: 1 after a fatal line, as charmbracelet/log's Fatal.
    package var status: Int32 { level == "fatal" ? 1 : 0 }

    /// The message and the key-value pairs.
    var message: (text: String, pairs: [(String, String)]) {
        if formatsMessage { return (Self.printf(words[0], Array(words.dropFirst())), []) }
        guard structured else { return (words.joined(separator: " "), []) }
        var rest = Array(words.dropFirst())
        if rest.count % 2 == 1 { rest.append("") }  // a key without a value: charmbracelet/log's missing value
        return (words[0], stride(from: 0, to: rest.count, by: 2).map { (rest[$0], rest[$0 + 1]) })
    }

    /// The line written at `date`, its colours for `colorDepth`, ending in a newline.
    package func line(at date: Date, colorDepth: ColorDepth, timeZone: TimeZone = .current) -> String {
        let (text, pairs) = message
        let time = timeFormat.map { Self.formatted(date, as: $0, timeZone: timeZone) }
        switch formatter {
        case "json":
            var fields: [(String, String)] = []
            if let time { fields.append(("time", time)) }
            if level != "none" { fields.append(("level", level)) }
            if !prefix.isEmpty { fields.append(("prefix", prefix)) }
            fields.append(("msg", text))
            fields += pairs
            return "{" + fields.map { "\(Self.jsonString($0.0)):\(Self.jsonString($0.1))" }.joined(separator: ",") + "}\n"
        case "logfmt":
            var fields: [(String, String)] = []
            if let time { fields.append(("time", time)) }
            if level != "none" { fields.append(("level", level)) }
            if !prefix.isEmpty { fields.append(("prefix", prefix)) }
            fields.append(("msg", text))
            fields += pairs
            return fields.map { "\($0.0)=\(Self.quotedIfNeeded($0.1))" }.joined(separator: " ") + "\n"
        default:
            var line = StyledText()
            func add(_ piece: String, _ part: String, _ base: Style) {
                if !line.runs.isEmpty { line.append(" ", style: .plain) }
                line.append(piece, style: styles[part]?.applied(to: base) ?? base)
            }
            if let time { add(time, "time", .plain) }
            if level != "none" { add(level.uppercased(), "level", Style(foreground: Self.levelColors[level] ?? .default, attributes: .bold)) }
            if !prefix.isEmpty { add(prefix + ":", "prefix", Style(attributes: [.bold, .dim])) }
            add(text, "message", .plain)
            for (key, value) in pairs {
                add(key, "key", Style(attributes: .dim))
                line.append("=", style: styles["separator"]?.applied(to: Style(attributes: .dim)) ?? Style(attributes: .dim))
                line.append(Self.quotedIfNeeded(value), style: styles["value"]?.applied(to: .plain) ?? .plain)
            }
            return line.ansiLines(colorDepth: colorDepth).joined(separator: "\n") + "\n"
        }
    }

    /// charmbracelet/log's level colours.
    static let levelColors: [String: Color] = [
        "debug": .palette(63), "info": .palette(86), "warn": .palette(192), "error": .palette(204), "fatal": .palette(134),
    ]

    /// `value` as logfmt writes it: quoted when it is empty or holds a blank, a quote, `=`
    /// or a control character.
    static func quotedIfNeeded(_ value: String) -> String {
        let needs = value.isEmpty || value.unicodeScalars.contains { $0 == " " || $0 == "\"" || $0 == "=" || $0.value < 0x20 || $0.value == 0x7F }
        return needs ? jsonString(value) : value
    }

    /// `text` as a JSON (and Go-quoted) string.
    static func jsonString(_ text: String) -> String { text.jsonQuoted }

    /// printf as Go's fmt does it for words: `%s`, `%v`, `%d` (a word that is a number),
    /// `%q` (quoted), `%%`; a missing word shows as `%!s(MISSING)`, extra words follow as
    /// `%!(EXTRA …)`.
    static func printf(_ format: String, _ arguments: [String]) -> String {
        var out = ""
        var next = 0
        var characters = format[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "%", let verb = characters.first else {
                out.append(character)
                continue
            }
            characters = characters.dropFirst()
            if verb == "%" {
                out += "%"
                continue
            }
            guard next < arguments.count else {
                out += "%!\(verb)(MISSING)"
                continue
            }
            let argument = arguments[next]
            next += 1
            switch verb {
            case "q": out += jsonString(argument)
            case "d" where Int(argument) == nil: out += "%!d(string=\(argument))"
            default: out += argument
            }
        }
        if next < arguments.count { out += "%!(EXTRA " + arguments[next...].map { "string=\($0)" }.joined(separator: ", ") + ")" }
        return out
    }

    /// gum's time format names, as Go layouts.
    static let timeLayouts: [String: String] = [
        "layout": "01/02 03:04:05PM '06 -0700", "ansic": "Mon Jan _2 15:04:05 2006", "unixdate": "Mon Jan _2 15:04:05 MST 2006",
        "rubydate": "Mon Jan 02 15:04:05 -0700 2006", "rfc822": "02 Jan 06 15:04 MST", "rfc822z": "02 Jan 06 15:04 -0700",
        "rfc850": "Monday, 02-Jan-06 15:04:05 MST", "rfc1123": "Mon, 02 Jan 2006 15:04:05 MST", "rfc1123z": "Mon, 02 Jan 2006 15:04:05 -0700",
        "rfc3339": "2006-01-02T15:04:05Z07:00", "rfc3339nano": "2006-01-02T15:04:05.999999999Z07:00", "kitchen": "3:04PM",
        "stamp": "Jan _2 15:04:05", "stampmilli": "Jan _2 15:04:05.000", "stampmicro": "Jan _2 15:04:05.000000",
        "stampnano": "Jan _2 15:04:05.000000000", "datetime": "2006-01-02 15:04:05", "dateonly": "2006-01-02", "timeonly": "15:04:05",
    ]

    /// `date` written by `format`: one of gum's names, or a Go layout (`2006-01-02 15:04`).
    static func formatted(_ date: Date, as format: String, timeZone: TimeZone) -> String {
        let layout = timeLayouts[format.lowercased()] ?? format
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday], from: date)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        let (hour, minute, second) = (parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let offset = timeZone.secondsFromGMT(for: date)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        func zone(colon: Bool, zulu: Bool) -> String {
            if zulu, offset == 0 { return "Z" }
            let sign = offset < 0 ? "-" : "+"
            return sign + two(abs(offset) / 3600) + (colon ? ":" : "") + two(abs(offset) % 3600 / 60)
        }
        let fraction = String(format: "%09d", parts.nanosecond ?? 0)
        // Longest tokens first, as Go reads a layout.
        let tokens: [(String, () -> String)] = [
            ("2006", { String(year) }), ("January", { months[month - 1] }), ("Monday", { days[(parts.weekday ?? 1) - 1] }),
            ("Z07:00", { zone(colon: true, zulu: true) }), ("-07:00", { zone(colon: true, zulu: false) }), ("-0700", { zone(colon: false, zulu: false) }),
            ("MST", { timeZone.abbreviation(for: date) ?? "UTC" }), (".000000000", { "." + fraction }), (".999999999", { "." + fraction }),
            (".000000", { "." + fraction.prefix(6) }), (".000", { "." + fraction.prefix(3) }), ("Jan", { String(months[month - 1].prefix(3)) }),
            ("Mon", { String(days[(parts.weekday ?? 1) - 1].prefix(3)) }), ("01", { two(month) }), ("02", { two(day) }),
            ("_2", { day < 10 ? " \(day)" : "\(day)" }),
            ("15", { two(hour) }), ("03", { two((hour + 11) % 12 + 1) }), ("04", { two(minute) }), ("05", { two(second) }), ("06", { two(year % 100) }),
            ("PM", { hour < 12 ? "AM" : "PM" }), ("pm", { hour < 12 ? "am" : "pm" }), ("3", { String((hour + 11) % 12 + 1) }), ("1", { String(month) }),
            ("2", { String(day) }), ("4", { String(minute) }), ("5", { String(second) }),
        ]
        var out = ""
        var rest = layout[...]
        scanning: while !rest.isEmpty {
            for (token, value) in tokens where rest.hasPrefix(token) {
                out += value()
                rest = rest.dropFirst(token.count)
                continue scanning
            }
            out.append(rest.removeFirst())
        }
        return out
    }
}
