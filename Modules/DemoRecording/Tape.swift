/// A demo's script in VHS's tape language, read: `Output demo.gif`, `Set FontSize 18`,
/// `Type "echo hello"`, `Enter`, `Sleep 2s`, `Wait /\$ $/`, … — the same command names, so a
/// tape written for VHS reads here. ``parse(_:)`` checks it whole before anything runs; an
/// error names its line and column.
///
/// ```swift
/// let tape = try Tape.parse("""
///     Output hello.gif
///     Set Width 800
///     Type "echo hello"
///     Enter
///     Sleep 1s
///     """)
/// ```
public struct Tape: Equatable, Sendable {
    /// The commands, in order, each with the line it is on.
    public var commands: [Command]

    /// A command and where it was written.
    public struct Command: Equatable, Sendable {
        public var action: Action
        /// Its line, from 1.
        public var line: Int

        public init(_ action: Action, line: Int) {
            self.action = action
            self.line = line
        }
    }

    /// What a command does.
    public enum Action: Equatable, Sendable {
        /// Where the recording goes (`.gif`, `.cast`, `.txt`, or a folder for frames).
        case output(String)
        /// A setting.
        case set(Setting)
        /// Text typed a character at a time, `speed` apart (nil: the tape's typing speed).
        case type(String, speed: Duration?)
        /// A key pressed `count` times.
        case press(Key, speed: Duration?, count: Int)
        /// Nothing for a while.
        case sleep(Duration)
        /// Until `pattern` (a regular expression; nil: the tape's wait pattern) shows on the
        /// last line or the whole screen, `timeout` at most (nil: the tape's).
        case wait(WaitScope, pattern: String?, timeout: Duration?)
        /// Stops recording frames (the commands still run), and starts again.
        case hide, show
        /// The screen now as a PNG picture.
        case screenshot(String)
        /// A program that must be on the `PATH` for the tape to run.
        case require(String)
        /// Another tape's commands, here (its `Output` left out).
        case source(String)
        /// Text put on the clipboard, and typed from it.
        case copy(String)
        case paste
        /// An environment variable of the shell.
        case environment(String, String)
    }

    /// Where `Wait` looks.
    public enum WaitScope: String, Equatable, Sendable {
        case line = "Line"
        case screen = "Screen"
    }

    /// A key a tape presses.
    public enum Key: Equatable, Sendable {
        case enter, space, backspace, delete, insert, tab, escape
        case up, down, left, right, pageUp, pageDown, scrollUp, scrollDown, home, end
        /// A key with Ctrl held (and Alt, Shift): `Ctrl+C`, `Ctrl+Alt+Delete`.
        case control(String, alt: Bool, shift: Bool)
        /// A key with Alt held: `Alt+.`.
        case alt(String)
        /// A key with Shift held: `Shift+Tab`.
        case shift(String)
    }

    /// A `Set` command's setting.
    public enum Setting: Equatable, Sendable {
        case shell(String)
        case fontSize(Double)
        case fontFamily(String)
        case width(Int)
        case height(Int)
        case padding(Int)
        case margin(Int)
        case marginFill(String)
        case windowBar(String)
        case windowBarSize(Int)
        case borderRadius(Int)
        /// A theme's name, or its colours as JSON.
        case theme(String)
        case typingSpeed(Duration)
        case framerate(Int)
        case playbackSpeed(Double)
        /// Where the loop starts again: a share of the frames (`50%`) or a frame number.
        case loopOffset(Double, percent: Bool)
        case cursorBlink(Bool)
        case letterSpacing(Double)
        case lineHeight(Double)
        case waitTimeout(Duration)
        case waitPattern(String)
    }

    /// What is wrong with a tape, and where.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let message: String

        public var description: String { "line \(line), column \(column): \(message)" }
    }

    public init(commands: [Command]) { self.commands = commands }

    /// The tape `text` holds, checked whole.
    public static func parse(_ text: String) throws(ParseError) -> Tape {
        var commands: [Command] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // Commands follow one another, on a line of their own or several to a line (`Sleep .3 Tab Sleep .3`).
            var reader = try LineReader(line, number: index + 1)
            while let first = reader.next() { commands.append(Command(try reader.command(first), line: index + 1)) }
        }
        return Tape(commands: commands)
    }
}

/// A piece of a tape's line.
private struct Token {
    enum Kind { case word, string, regex, symbol, json }
    let kind: Kind
    let text: String
    let column: Int
}

/// Reads one line of a tape into tokens and a command.
private struct LineReader {
    let number: Int
    private var tokens: [Token]
    private var position = 0

    init(_ line: Substring, number: Int) throws(Tape.ParseError) {
        self.number = number
        tokens = []
        let characters = Array(line.hasSuffix("\r") ? line.dropLast() : line)
        var index = 0
        func fail(_ column: Int, _ message: String) -> Tape.ParseError { Tape.ParseError(line: number, column: column, message: message) }
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character == " " || character == "\t" {
                index += 1
            } else if character == "#" {
                break  // a comment, to the end of the line
            } else if character == "\"" || character == "'" || character == "`" {
                guard let end = characters[(index + 1)...].firstIndex(of: character) else {
                    throw fail(column, "a string that starts here is not closed with \(character)")
                }
                tokens.append(Token(kind: .string, text: String(characters[(index + 1)..<end]), column: column))
                index = end + 1
            } else if character == "/", tokens.first?.text == "Wait" || (tokens.count >= 2 && tokens[1].text == "WaitPattern") {
                // A regular expression: only where `Wait` or `Set WaitPattern` take one (a path may start with /).
                guard let end = characters[(index + 1)...].firstIndex(of: "/") else {
                    throw fail(column, "a regular expression that starts here is not closed with /")
                }
                tokens.append(Token(kind: .regex, text: String(characters[(index + 1)..<end]), column: column))
                index = end + 1
            } else if character == "{" {
                tokens.append(Token(kind: .json, text: String(characters[index...]), column: column))
                index = characters.count
            } else if "@+%=".contains(character) {
                tokens.append(Token(kind: .symbol, text: String(character), column: column))
                index += 1
            } else {
                var end = index
                while end < characters.count, !" \t@+%\"'`#".contains(characters[end]) || (end == index && "%".contains(characters[end])) { end += 1 }
                if end == index { end += 1 }
                tokens.append(Token(kind: .word, text: String(characters[index..<end]), column: column))
                index = end
            }
        }
    }

    mutating func next() -> Token? {
        guard position < tokens.count else { return nil }
        defer { position += 1 }
        return tokens[position]
    }

    func peek() -> Token? { position < tokens.count ? tokens[position] : nil }

    func error(at token: Token?, _ message: String) -> Tape.ParseError {
        Tape.ParseError(line: number, column: token?.column ?? (tokens.last.map { $0.column + $0.text.count } ?? 1), message: message)
    }

    /// A command's value: a word, a quoted string or a JSON object.
    private mutating func text(for command: Token) throws(Tape.ParseError) -> String {
        guard let value = next() else { throw error(at: nil, "`\(command.text)` needs a value") }
        return value.text
    }

    /// `@500ms` after a command, if there is one.
    private mutating func speed() throws(Tape.ParseError) -> Duration? {
        guard peek()?.kind == .symbol, peek()?.text == "@" else { return nil }
        _ = next()
        return try duration(after: "@")
    }

    /// A duration: `500ms`, `2s`, `1.5`, `1m` (a bare number is seconds, as VHS reads it).
    private mutating func duration(after what: String) throws(Tape.ParseError) -> Duration {
        guard let token = next(), token.kind == .word else { throw error(at: peek(), "a time after `\(what)` (500ms, 2s)") }
        let text = token.text
        let number = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(number.count)
        guard let value = Double(number), value >= 0, value < 1e7 else { throw error(at: token, "`\(text)` is not a time (500ms, 2s)") }
        let seconds: Double
        switch unit {
        case "", "s": seconds = value
        case "ms": seconds = value / 1000
        case "m": seconds = value * 60
        default: throw error(at: token, "`\(unit)` is not a unit of time: ms, s or m")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    private mutating func number(for setting: Token, in range: ClosedRange<Double>) throws(Tape.ParseError) -> Double {
        guard let token = next() else { throw error(at: nil, "`Set \(setting.text)` needs a number") }
        let digits = token.text.hasSuffix("px") ? String(token.text.dropLast(2)) : token.text
        guard let value = Double(digits), range.contains(value) else {
            throw error(at: token, "`Set \(setting.text)` takes a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not `\(token.text)`")
        }
        return value
    }

    static let keys: [String: Tape.Key] = [
        "Enter": .enter, "Space": .space, "Backspace": .backspace, "Delete": .delete, "Insert": .insert, "Tab": .tab, "Escape": .escape,
        "Up": .up, "Down": .down, "Left": .left, "Right": .right, "PageUp": .pageUp, "PageDown": .pageDown, "ScrollUp": .scrollUp,
        "ScrollDown": .scrollDown, "Home": .home, "End": .end,
    ]

    /// The words that start a command.
    static let commandWords: Set<String> = Set(keys.keys).union([
        "Output", "Type", "Sleep", "Hide", "Show", "Paste", "Screenshot", "Require", "Source", "Copy", "Env", "Wait", "Ctrl", "Alt", "Shift", "Set",
    ])

    mutating func command(_ first: Token) throws(Tape.ParseError) -> Tape.Action {
        guard first.kind == .word else { throw error(at: first, "a command first (Type, Enter, Sleep, Set, …), not `\(first.text)`") }
        if let key = Self.keys[first.text] {
            let speed = try speed()
            var count = 1
            if let token = peek(), token.kind == .word, token.text.first?.isNumber == true {
                guard let number = Int(token.text), (1...10_000).contains(number) else {
                    throw error(at: token, "`\(first.text)` takes a count from 1 to 10000, not `\(token.text)`")
                }
                count = number
                _ = next()
            }
            return .press(key, speed: speed, count: count)
        }
        switch first.text {
        case "Output":
            return .output(try text(for: first))
        case "Type":
            let speed = try speed()
            var typed: [String] = []
            // Quoted text, or a bare word that names no command (VHS reads `Type o` too).
            while let token = peek(), token.kind == .string || (token.kind == .word && !Self.commandWords.contains(token.text)) {
                typed.append(token.text)
                _ = next()
            }
            guard !typed.isEmpty else { throw error(at: peek(), "`Type` takes quoted text: Type \"echo hello\"") }
            return .type(typed.joined(separator: " "), speed: speed)
        case "Sleep":
            return .sleep(try duration(after: "Sleep"))
        case "Hide": return .hide
        case "Show": return .show
        case "Paste": return .paste
        case "Screenshot": return .screenshot(try text(for: first))
        case "Require": return .require(try text(for: first))
        case "Source": return .source(try text(for: first))
        case "Copy":
            guard let token = next(), token.kind == .string else { throw error(at: peek(), "`Copy` takes quoted text") }
            return .copy(token.text)
        case "Env":
            guard let name = next(), name.kind == .word, let value = next() else {
                throw error(at: peek(), "`Env` takes a name and a value: Env HELLO \"world\"")
            }
            return .environment(name.text, value.text)
        case "Wait":
            var scope = Tape.WaitScope.line
            if peek()?.text == "+" {
                _ = next()
                let word = next()
                guard let chosen = word.flatMap({ Tape.WaitScope(rawValue: $0.text) }) else { throw error(at: word, "`Wait+` takes Line or Screen") }
                scope = chosen
            }
            let timeout = try speed()
            var pattern: String?
            if let token = next() {
                guard token.kind == .regex else { throw error(at: token, "`Wait` takes a regular expression between slashes: Wait /\\$ $/") }
                pattern = token.text
            }
            return .wait(scope, pattern: pattern, timeout: timeout)
        case "Ctrl", "Alt", "Shift":
            return try modified(first)
        case "Set":
            return .set(try setting())
        default:
            throw error(at: first, "`\(first.text)` is not a command of the tape language (Type, Enter, Sleep, Wait, Set, Output, Ctrl+…, …)")
        }
    }

    /// `Ctrl+Alt+Shift+X`, `Alt+X`, `Shift+Tab`.
    private mutating func modified(_ first: Token) throws(Tape.ParseError) -> Tape.Action {
        var modifiers = [first.text]
        var key: String?
        while peek()?.text == "+" {
            _ = next()
            guard let token = next() else { throw error(at: nil, "a key after `+`") }
            if ["Ctrl", "Alt", "Shift"].contains(token.text), key == nil {
                modifiers.append(token.text)
            } else {
                guard key == nil else { throw error(at: token, "one key after the modifiers") }
                key = token.text
            }
        }
        guard let key else { throw error(at: nil, "`\(first.text)` needs a key: \(first.text)+C") }
        switch first.text {
        case "Ctrl": return .press(.control(key, alt: modifiers.contains("Alt"), shift: modifiers.contains("Shift")), speed: nil, count: 1)
        case "Alt": return .press(.alt(key), speed: nil, count: 1)
        default: return .press(.shift(key), speed: nil, count: 1)
        }
    }

    private mutating func setting() throws(Tape.ParseError) -> Tape.Setting {
        guard let name = next() else { throw error(at: nil, "`Set` needs a setting: Set FontSize 22") }
        switch name.text {
        case "Shell": return .shell(try text(for: name))
        case "FontFamily": return .fontFamily(try text(for: name))
        case "FontSize": return .fontSize(try number(for: name, in: 4...200))
        case "Width": return .width(Int(try number(for: name, in: 100...10_000)))
        case "Height": return .height(Int(try number(for: name, in: 100...10_000)))
        case "Padding": return .padding(Int(try number(for: name, in: 0...1000)))
        case "Margin": return .margin(Int(try number(for: name, in: 0...1000)))
        case "MarginFill": return .marginFill(try text(for: name))
        case "WindowBar": return .windowBar(try text(for: name))
        case "WindowBarSize": return .windowBarSize(Int(try number(for: name, in: 0...200)))
        case "BorderRadius": return .borderRadius(Int(try number(for: name, in: 0...200)))
        case "Theme": return .theme(try text(for: name))
        case "TypingSpeed": return .typingSpeed(try duration(after: "Set TypingSpeed"))
        case "Framerate": return .framerate(Int(try number(for: name, in: 1...100)))
        case "PlaybackSpeed": return .playbackSpeed(try number(for: name, in: 0.01...100))
        case "LetterSpacing": return .letterSpacing(try number(for: name, in: -20...100))
        case "LineHeight": return .lineHeight(try number(for: name, in: 0.5...5))
        case "WaitTimeout": return .waitTimeout(try duration(after: "Set WaitTimeout"))
        case "WaitPattern":
            guard let token = next() else { throw error(at: nil, "`Set WaitPattern` needs a regular expression") }
            return .waitPattern(token.text)
        case "CursorBlink":
            guard let token = next(), token.text == "true" || token.text == "false" else { throw error(at: peek(), "`Set CursorBlink` takes true or false") }
            return .cursorBlink(token.text == "true")
        case "LoopOffset":
            let value = try number(for: name, in: 0...1_000_000)
            let percent = peek()?.text == "%"
            if percent { _ = next() }
            return .loopOffset(value, percent: percent)
        default:
            throw error(at: name, "`\(name.text)` is not a setting (FontSize, Width, Height, Theme, TypingSpeed, Padding, Framerate, …)")
        }
    }
}
