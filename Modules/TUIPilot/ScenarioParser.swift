import TerminalRuntime

/// Reads the scenario text format (see `docs/SCENARIOS.md`).
public enum ScenarioParser {
    /// Parses `text`, read from `path`. A line starting with one of `commands` (the names of
    /// an app's own ``ScenarioCommand``s) becomes a ``Scenario/Step/command(name:arguments:)``
    /// step; any other unknown word is a syntax error.
    public static func parse(_ text: String, path: String, commands: Set<String> = []) throws(ScenarioSyntaxError) -> Scenario {
        let stem = path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? path
        var scenario = Scenario(name: stem, path: path, covers: [], initialSize: Size(width: 80, height: 24), lines: [])
        var work = WorkBudget()
        var screen = scenario.initialSize
        // Any line ending: "\r\n" is one Character, so split on newline characters.
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            func fail(_ message: String) -> ScenarioSyntaxError { ScenarioSyntaxError(path: path, line: number, message: message) }
            guard rawLine.count <= Self.longestLine else {
                throw fail("the line is \(rawLine.count) characters long; a line has at most \(Self.longestLine)")
            }
            let line = rawLine.trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") { continue }
            let words = try tokenize(line, fail: fail)
            guard let command = words.first else { continue }
            let args = Array(words.dropFirst())
            switch command {
            case "scenario":
                guard !args.isEmpty else { throw fail("`scenario` needs a name") }
                scenario.name = args.joined(separator: " ")
                continue
            case "covers", "covers:":
                guard !args.isEmpty else { throw fail("write `covers ID…`, the requirement ids the scenario checks, e.g. `covers B1.4 B1.2`") }
                scenario.covers += args
                continue
            case "size" where scenario.lines.isEmpty:
                // Before the first action, the terminal's size at the start.
                scenario.initialSize = try screenSize(args, command: command, fail: fail)
                screen = scenario.initialSize
                continue
            default:
                break
            }
            let step = try self.step(command, args, commands: commands, fail: fail)
            scenario.lines.append(Scenario.Line(step: step, number: number))
            if case .resize(let next) = step { screen = next }
            guard work.add(step, on: screen) else {
                throw fail(
                    "the scenario asks for too much work by this line (keys, waits and checks × screen cells, at least 80×24 each, over \(WorkBudget.limit.formatted) cell draws); use fewer keys, shorter waits or a smaller size"
                )
            }
        }
        return scenario
    }

    /// The step a line of `command` and `args` says: a setting, input, a wait, a check, or
    /// one of the app's own `commands`.
    static func step(
        _ command: String,
        _ args: [String],
        commands: Set<String>,
        fail: (String) -> ScenarioSyntaxError
    ) throws(ScenarioSyntaxError) -> Scenario.Step {
        switch command {
        case "size", "resize", "colors", "colours", "background", "symbols", "graphics", "scene":
            return try setting(command, args, fail: fail)
        case "key", "keys", "type", "paste", "click", "press", "release", "drag", "wheel":
            return .events(try input(command, args, fail: fail))
        case "wait":
            guard args.count == 1, let duration = parseDuration(args[0]) else { throw fail("write `wait 300ms` or `wait 1.5s` (at most 10 minutes)") }
            return .wait(duration)
        case "expect", "expect-not", "expect-quit", "snapshot":
            return try check(command, args, fail: fail)
        case _ where commands.contains(command):
            return .command(name: command, arguments: args)
        default:
            let own = commands.isEmpty ? "" : " or one of the app's: " + commands.sorted().joined(separator: ", ")
            throw fail("unknown command `\(command)`; see docs/SCENARIOS.md for the commands\(own)")
        }
    }

    /// `size`/`resize WxH`'s size, each side from 0 to ``largestSide``.
    static func screenSize(_ args: [String], command: String, fail: (String) -> ScenarioSyntaxError) throws(ScenarioSyntaxError) -> Size {
        guard args.count == 1, let size = Size(parsing: args[0]), (0...Self.largestSide).contains(size.width), (0...Self.largestSide).contains(size.height)
        else {
            throw fail("write `\(command) WIDTHxHEIGHT`, e.g. `\(command) 80x24`, each from 0 to \(Self.largestSide)")
        }
        return size
    }

    /// What the terminal is or shows: its size, colours, background, symbols, pictures, the scene.
    static func setting(_ command: String, _ args: [String], fail: (String) -> ScenarioSyntaxError) throws(ScenarioSyntaxError) -> Scenario.Step {
        switch command {
        case "colors", "colours":
            guard args.count == 1, let depth = ColorDepth(name: args[0]) else { throw fail("write `colors none|16|256|truecolor`") }
            return .colors(depth)
        case "background":
            guard args.count == 1, let theme = TerminalTheme(rawValue: args[0]) else { throw fail("write `background dark` or `background light`") }
            return .background(theme)
        case "symbols":
            guard args.count == 1, let set = SymbolSet(rawValue: args[0]) else { throw fail("write `symbols half`, `quadrant`, `sextant` or `braille`") }
            return .symbols(set)
        case "graphics":
            guard args.count == 1, ["kitty", "sixel", "iterm", "symbols"].contains(args[0]) else {
                throw fail("write `graphics kitty`, `sixel`, `iterm` or `symbols`")
            }
            return .graphics(pixels: args[0] != "symbols", mayMove: args[0] != "symbols")
        case "scene":
            guard args.count == 1 else { throw fail("write `scene NAME`, e.g. `scene terminal`") }
            return .scene(args[0])
        default:
            return .resize(try screenSize(args, command: command, fail: fail))
        }
    }

    /// What a person types or does with the mouse.
    static func input(_ command: String, _ args: [String], fail: (String) -> ScenarioSyntaxError) throws(ScenarioSyntaxError) -> [InputEvent] {
        switch command {
        case "key", "keys":
            guard !args.isEmpty else { throw fail("`key` needs key names, e.g. `key tab down enter`") }
            var events: [InputEvent] = []
            for name in args {
                guard let key = Key(name: name) else { throw fail("unknown key `\(name)`; see docs/SCENARIOS.md for key names") }
                events.append(.key(key))
            }
            return events
        case "type":
            guard args.count == 1 else { throw fail("write `type \"text\"`") }
            return args[0].map { .key(.character($0)) }
        case "paste":
            guard args.count == 1 else { throw fail("write `paste \"text\"`") }
            return [.paste(args[0])]
        case "drag" where args.count == 2:
            guard let x = coordinate(args[0]), let y = coordinate(args[1]) else { throw fail("write `drag X Y` or `drag X Y -> X Y`") }
            return [.mouse(MouseEvent(.drag, at: Point(x: x, y: y)))]
        case "drag":
            guard args.count == 5, args[2] == "->", let x0 = coordinate(args[0]), let y0 = coordinate(args[1]), let x1 = coordinate(args[3]),
                let y1 = coordinate(args[4])
            else {
                throw fail("write `drag X Y -> X Y` or `drag X Y`")
            }
            return dragEvents(from: Point(x: x0, y: y0), to: Point(x: x1, y: y1))
        case "wheel":
            guard args.count == 3, args[0] == "up" || args[0] == "down", let x = coordinate(args[1]), let y = coordinate(args[2]) else {
                throw fail("write `wheel up X Y` or `wheel down X Y`")
            }
            return [.mouse(MouseEvent(args[0] == "up" ? .wheelUp : .wheelDown, button: .none, at: Point(x: x, y: y)))]
        default:  // click, press, release
            guard args.count == 2, let x = coordinate(args[0]), let y = coordinate(args[1]) else { throw fail("write `\(command) X Y`") }
            let p = Point(x: x, y: y)
            switch command {
            case "click": return [.mouse(MouseEvent(.press, at: p)), .mouse(MouseEvent(.release, at: p))]
            case "press": return [.mouse(MouseEvent(.press, at: p))]
            default: return [.mouse(MouseEvent(.release, at: p))]
            }
        }
    }

    /// What the scenario checks: text on screen (or not), a quit, a snapshot.
    static func check(_ command: String, _ args: [String], fail: (String) -> ScenarioSyntaxError) throws(ScenarioSyntaxError) -> Scenario.Step {
        switch command {
        case "expect-quit":
            guard args.count == 1, let status = Int32(args[0]) else { throw fail("write `expect-quit STATUS`, e.g. `expect-quit 0`") }
            return .expectQuit(status)
        case "snapshot":
            guard args.count == 1, args[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw fail("write `snapshot NAME` with letters, digits, - and _")
            }
            return .snapshot(args[0])
        default:  // expect, expect-not
            guard args.count == 1 || args.count == 6 else { throw fail("write `\(command) \"text\"` or `\(command) \"text\" in X Y W H`") }
            guard !args[0].isEmpty else {
                throw fail("`\(command) \"\"` checks nothing (every screen holds the empty text); give the text to look for")
            }
            var region: Rect?
            if args.count == 6 {
                guard args[1] == "in", let x = coordinate(args[2]), let y = coordinate(args[3]), let w = coordinate(args[4]), let h = coordinate(args[5]) else {
                    throw fail("write `\(command) \"text\" in X Y W H`")
                }
                region = Rect(x: x, y: y, width: w, height: h)
            }
            return .expect(text: args[0], region: region, present: command == "expect")
        }
    }

    /// A press, a drag through each row (or column) between, and a release.
    static func dragEvents(from start: Point, to end: Point) -> [InputEvent] {
        var events: [InputEvent] = [.mouse(MouseEvent(.press, at: start))]
        let steps = max(abs(end.x - start.x), abs(end.y - start.y))
        if steps > 0 {
            for i in 1...steps {
                let x = start.x + (end.x - start.x) * i / steps
                let y = start.y + (end.y - start.y) * i / steps
                events.append(.mouse(MouseEvent(.drag, at: Point(x: x, y: y))))
            }
        }
        events.append(.mouse(MouseEvent(.release, at: end)))
        return events
    }

    /// The longest line, in characters (so a `type` line types at most this many keys).
    static let longestLine = 4_096

    /// What a scenario costs to run, in cell draws: every event, check and resize draws
    /// the screen once. A scenario whose script alone is over ``limit`` is refused at the
    /// line that crosses it; what its waits really draw (animations) is counted by the
    /// runner against the same limit, so every scenario runs in bounded time.
    package struct WorkBudget {
        /// 20 million cell draws: at 80×24, 10 000 keys or 8 minutes of the busiest scene's
        /// animations; at 500×500, 80 keys or 4 seconds. The worst scenario within it runs
        /// in under 10 s on a 2-core machine.
        package static let limit = 20_000_000
        /// What one event or step costs at the least, in cell draws, however small the screen:
        /// a frame of 80×24 (sending, settling and drawing cost that much at 1×1 too), so a
        /// 1×1 screen gets no more events than 80×24 does.
        package static let leastCostOfAStep = 80 * 24
        private(set) var spent = 0

        mutating func add(_ step: Scenario.Step, on size: Size) -> Bool {
            let cells = max(Self.leastCostOfAStep, size.width * size.height)
            let draws: Int
            switch step {
            case .events(let events): draws = events.count
            case .wait, .resize, .colors, .background, .symbols, .graphics, .scene, .command, .expect, .snapshot, .expectQuit: draws = 1
            }
            spent += draws * cells
            return spent <= Self.limit
        }
    }

    /// The largest terminal side a scenario may ask for.
    static let largestSide = 500
    /// Coordinates may lie outside the screen (a click there does nothing), within this;
    /// a drag is one event per cell, so this also bounds its length.
    static let farthestCoordinate = 1_000

    /// A coordinate: an integer within ±``farthestCoordinate``.
    static func coordinate(_ text: String) -> Int? {
        guard let value = Int(text), (-farthestCoordinate...farthestCoordinate).contains(value) else { return nil }
        return value
    }

    /// `300ms`, `2s`, `1.5s`; from zero to 10 minutes (of virtual time, played frame by
    /// frame, so a scenario's run time stays bounded).
    static func parseDuration(_ text: String) -> Duration? {
        let microseconds: Double
        if text.hasSuffix("ms"), let value = Double(text.dropLast(2)) {
            microseconds = value * 1000
        } else if text.hasSuffix("s"), let value = Double(text.dropLast(1)) {
            microseconds = value * 1_000_000
        } else {
            return nil
        }
        guard microseconds.isFinite, microseconds >= 0, microseconds <= 600e6 else { return nil }
        return .microseconds(Int64(microseconds.rounded()))
    }

    /// Splits on spaces; `"…"` groups words and allows `\"` and `\\` inside.
    static func tokenize(_ line: String, fail: (String) -> ScenarioSyntaxError) throws(ScenarioSyntaxError) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        var quotedWord = false
        for character in line {
            if inQuotes {
                if escaped {
                    current.append(character == "n" ? "\n" : character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                inQuotes = true
                quotedWord = true
            } else if character == " " || character == "\t" {
                if !current.isEmpty || quotedWord { words.append(current) }
                current = ""
                quotedWord = false
            } else {
                current.append(character)
            }
        }
        if inQuotes { throw fail("a quoted text is not closed: add the closing \"") }
        if !current.isEmpty || quotedWord { words.append(current) }
        return words
    }
}

extension Int {
    /// With thin spaces between thousands: 50 000 000.
    fileprivate var formatted: String {
        var digits = Array(String(self))
        var out = ""
        while digits.count > 3 {
            out = " " + String(digits.suffix(3)) + out
            digits.removeLast(3)
        }
        return String(digits) + out
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
