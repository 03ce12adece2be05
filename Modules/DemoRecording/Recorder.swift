import Foundation
import ImageFiles
import KitSupport
import Pixels
import TerminalIO
import TerminalScreen
import ViewCore

/// Plays a tape on a real shell in a pseudo-terminal and records what the terminal shows:
/// the keys typed at the tape's pace, a frame taken `Framerate` times a second (an
/// unchanged screen lengthens the last frame rather than drawing again), `Wait` on the
/// screen's text, `Hide`d stretches left out; then the outputs the tape names — a GIF, an
/// asciinema v2 cast, the last screen as text — and its screenshots.
///
/// ```swift
/// let tape = try Tape.parse(try String(contentsOfFile: "demo.tape", encoding: .utf8))
/// let report = try Recorder(tape: tape, folder: ".").record()
/// print(report.frames, "frames")
/// ```
public final class Recorder {
    /// The settings a tape starts with: VHS's.
    public struct Settings: Sendable {
        public var shell = "bash"
        public var fontSize = 22
        public var fontFiles = CellRenderer.defaultFontFiles
        public var width = 1200
        public var height = 600
        public var padding = 60
        public var theme = RecordingTheme.standard
        public var typingSpeed = Duration.milliseconds(50)
        public var framerate = 50
        public var playbackSpeed = 1.0
        public var loopOffset: (value: Double, percent: Bool) = (0, false)
        public var waitTimeout = Duration.seconds(15)
        public var waitPattern = ">$"
        public var environment: [String: String] = [:]
        public var window = RecordingWindow()
        /// Lines this many times the font's height.
        public var lineHeight = 1.0
        /// Pixels added to each cell's width (xterm.js's letter spacing, VHS's 1 by default).
        public var letterSpacing = 1.0
        /// Whether the cursor blinks while the screen is still, as VHS's does.
        public var cursorBlink = true

        public init() {}
    }

    /// What a recording made.
    public struct Report: Sendable {
        /// The files written.
        public var files: [String] = []
        /// The GIF's frames, after identical ones were merged.
        public var frames = 0
        /// The recording's length as it plays.
        public var length = Duration.zero
        /// The terminal's size in cells.
        public var columns = 0
        public var rows = 0
    }

    private let tape: Tape
    private let folder: String
    private let output: (String) -> Void

    /// A recorder of `tape`, its relative paths from `folder`; `output` hears what it does.
    public init(tape: Tape, folder: String = FileManager.default.currentDirectoryPath, output: @escaping (String) -> Void = { _ in }) {
        self.tape = tape
        self.folder = folder
        self.output = output
    }

    private func path(_ name: String) -> String { name.hasPrefix("/") ? name : folder + "/" + name }

    /// Plays the tape and writes its outputs.
    public func record() throws -> Report {
        var settings = Settings()
        var outputs: [String] = []
        var commands: [Tape.Command] = []
        try expand(tape, into: &commands, depth: 0)
        for command in commands {
            switch command.action {
            case .set(let setting): try apply(setting, to: &settings, line: command.line)
            case .output(let name): outputs.append(name)
            case .environment(let name, let value): settings.environment[name] = value
            case .require(let program):
                guard Self.isOnPath(program) else {
                    throw RecordingError(description: "line \(command.line): the tape requires `\(program)`, which is not on the PATH")
                }
            default: break
            }
        }
        let renderer = try CellRenderer(
            fontSize: settings.fontSize,
            files: settings.fontFiles,
            lineHeight: settings.lineHeight,
            letterSpacing: Int(settings.letterSpacing.rounded())
        )
        let chrome = settings.window.bounded.chrome
        let columns = max(10, (settings.width - chrome.width - 2 * settings.padding) / renderer.cellWidth)
        let rows = max(3, (settings.height - chrome.height - 2 * settings.padding) / renderer.cellHeight)
        let session = try Session(settings: settings, renderer: renderer, size: Size(width: columns, height: rows))
        defer { session.end() }
        var report = Report()
        report.columns = columns
        report.rows = rows
        session.waitForPrompt()
        for command in commands {
            try session.run(
                command,
                screenshot: { name in
                    try session.screenshot(to: self.path(name))
                    report.files.append(self.path(name))
                }
            )
        }
        session.pump(for: .milliseconds(200))  // the last keys' echo
        for name in outputs {
            let file = path(name)
            // The folder it names is made, as VHS makes it (`Output examples/demo.gif`).
            try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            switch (name as NSString).pathExtension.lowercased() {
            case "gif":
                let offset =
                    settings.loopOffset.percent ? Int(Double(session.frames.frames.count) * settings.loopOffset.value / 100) : Int(settings.loopOffset.value)
                try session.frames.gif(colors: session.colors.colors, loopOffset: offset).write(to: URL(fileURLWithPath: file))
            case "cast": try session.cast(columns: columns, rows: rows).write(toFile: file, atomically: true, encoding: .utf8)
            case "txt", "ascii": try (session.terminal.rows.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            default:
                throw RecordingError(
                    description: "`Output \(name)`: the recorder writes .gif, .cast and .txt (mp4 and webm need ffmpeg, which the kit does not use)"
                )
            }
            report.files.append(file)
            output("wrote \(file)")
        }
        report.frames = session.frames.frames.count
        report.length = .milliseconds(session.frames.frames.reduce(0) { $0 + $1.centiseconds } * 10)
        return report
    }

    /// `tape`'s commands with each `Source` replaced by its tape's (their outputs left out).
    private func expand(_ tape: Tape, into commands: inout [Tape.Command], depth: Int) throws {
        for command in tape.commands {
            guard case .source(let name) = command.action else {
                commands.append(command)
                continue
            }
            guard depth < 8 else { throw RecordingError(description: "line \(command.line): `Source` nests more than 8 tapes deep") }
            guard let text = try? String(contentsOfFile: path(name), encoding: .utf8) else {
                throw RecordingError(description: "line \(command.line): cannot read the tape \(name) to `Source`")
            }
            let sourced = try Tape.parse(text)
            try expand(Tape(commands: sourced.commands.filter { if case .output = $0.action { false } else { true } }), into: &commands, depth: depth + 1)
        }
    }

    private func apply(_ setting: Tape.Setting, to settings: inout Settings, line: Int) throws {
        switch setting {
        case .shell(let shell): settings.shell = shell
        case .fontSize(let size): settings.fontSize = Int(size.rounded())
        case .fontFamily(let family):
            // A font file, or a family name of DejaVu's; other families are not looked up.
            if family.hasSuffix(".ttf") || family.hasSuffix(".otf") { settings.fontFiles = [family] }
        case .width(let width): settings.width = width
        case .height(let height): settings.height = height
        case .padding(let padding): settings.padding = padding
        case .theme(let name):
            if name.hasPrefix("{") {
                guard let theme = RecordingTheme.json(name) else {
                    throw RecordingError(description: "line \(line): `Set Theme` takes a JSON object of colours, and this is not one")
                }
                settings.theme = theme
            } else if let theme = RecordingTheme.named[name.lowercased()] {
                settings.theme = theme
            } else {
                output(
                    "line \(line): no theme `\(name)` here (\(RecordingTheme.named.values.map(\.name).sorted().joined(separator: ", "))); the default is drawn"
                )
            }
        case .typingSpeed(let speed): settings.typingSpeed = speed
        case .framerate(let rate): settings.framerate = rate
        case .playbackSpeed(let speed): settings.playbackSpeed = speed
        case .loopOffset(let value, let percent): settings.loopOffset = (value, percent)
        case .waitTimeout(let timeout): settings.waitTimeout = timeout
        case .waitPattern(let pattern): settings.waitPattern = pattern
        case .cursorBlink(let blinks): settings.cursorBlink = blinks
        case .letterSpacing(let spacing): settings.letterSpacing = spacing
        case .lineHeight(let height): settings.lineHeight = height
        case .margin(let margin): settings.window.margin = margin
        case .marginFill(let fill):
            guard let color = GifColor(hex: fill) else {
                throw RecordingError(description: "line \(line): `Set MarginFill` takes a colour (\"#6B50FF\"); a picture as the fill is not drawn here")
            }
            settings.window.marginFill = color
        case .windowBar(let name):
            guard let bar = RecordingWindow.Bar.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                throw RecordingError(
                    description: "line \(line): no window bar `\(name)`; give one of \(RecordingWindow.Bar.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            settings.window.bar = bar
        case .windowBarSize(let size): settings.window.barSize = size
        case .borderRadius(let radius): settings.window.borderRadius = radius
        }
    }

    static func isOnPath(_ program: String) -> Bool {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}

/// A shell on a pseudo-terminal, its screen, and the frames taken of it.
private final class Session {
    let settings: Recorder.Settings
    let renderer: CellRenderer
    let pty: PseudoTerminal
    let process = Process()
    var terminal: TerminalEmulator
    var colors = ColorIndex()
    var frames = FrameSequence()
    var hidden = false
    /// Output as it came, with its time from the start (for a cast).
    var outputs: [Cast.Output] = []
    /// The bytes of a character the last read cut in two, kept for the next.
    private var unfinished: [UInt8] = []
    private let start = ContinuousClock.now
    private var lastFrame = ContinuousClock.now
    private var changed = true
    private var clipboard = ""
    private var window: RecordingWindow.Template
    /// When the screen last changed: the cursor blinks from then.
    private var changedAt = ContinuousClock.now

    init(settings: Recorder.Settings, renderer: CellRenderer, size: Size) throws {
        self.settings = settings
        self.renderer = renderer
        let chrome = settings.window.bounded.chrome
        let area = (
            width: max(settings.width - chrome.width, size.width * renderer.cellWidth + 2 * settings.padding),
            height: max(settings.height - chrome.height, size.height * renderer.cellHeight + 2 * settings.padding)
        )
        var palette = ColorIndex()
        window = settings.window.template(content: area, theme: settings.theme, palette: &palette)
        colors = palette
        do {
            pty = try PseudoTerminal(size: size)
        } catch {
            throw RecordingError(description: error.description)
        }
        terminal = TerminalEmulator(size: size)
        let tty = FileHandle(fileDescriptor: pty.secondary, closeOnDealloc: false)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        let shell = settings.shell == "bash" ? ["bash", "--noprofile", "--norc", "-i"] : settings.shell.split(separator: " ").map(String.init)
        process.arguments = ["--ctty"] + shell
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        environment["PS1"] = "> "
        environment["COLUMNS"] = nil
        environment["LINES"] = nil
        environment["TMUX"] = nil
        for (name, value) in settings.environment { environment[name] = value }
        process.environment = environment
        process.standardInput = tty
        process.standardOutput = tty
        process.standardError = tty
        do {
            try process.run()
        } catch {
            throw RecordingError(description: "cannot start the shell `\(settings.shell)`: \(error.localizedDescription)")
        }
    }

    func end() {
        if process.isRunning { process.terminate() }
        pty.hangUp()
    }

    /// Reads what the program wrote, answers its questions, and takes a frame when one is due.
    func pump() {
        let bytes = pty.readAvailable()
        if !bytes.isEmpty {
            terminal.feed(bytes)
            let replies = terminal.takeReplies()
            if !replies.isEmpty { pty.send(replies) }
            let whole = unfinished + bytes
            let cut = whole.count - UTF8Cut.unfinishedSuffix(of: whole)
            unfinished = Array(whole[cut...])
            outputs.append(
                Cast.Output(seconds: (ContinuousClock.now - start).seconds / settings.playbackSpeed, text: String(decoding: whole[..<cut], as: UTF8.self))
            )
            changed = true
            changedAt = ContinuousClock.now
        }
        let interval = Duration.milliseconds(1000 / max(1, settings.framerate))
        let now = ContinuousClock.now
        guard now - lastFrame >= interval else { return }
        let elapsed = now - lastFrame
        lastFrame = now
        guard !hidden else { return }
        let shown = elapsed / settings.playbackSpeed
        // A blinking cursor shows for 600 ms, then hides for 600 ms, from the last change.
        let cursorShows = !settings.cursorBlink || (now - changedAt).milliseconds % 1200 < 600
        if changed || frames.frames.isEmpty || cursorShows != cursorShown {
            cursorShown = cursorShows
            frames.append(drawFrame(palette: &colors), lasting: shown)
            changed = false
        } else if let last = frames.frames.last {
            frames.append(last.frame, lasting: shown)
        }
    }

    private var cursorShown = true

    /// The screen as the recording shows it now, in its window.
    func drawFrame(palette: inout ColorIndex) -> IndexedFrame {
        let cursor = terminal.cursorVisible && cursorShown ? terminal.cursor : nil
        return window.framing(renderer.draw(terminal.screen, cursor: cursor, theme: settings.theme, padding: settings.padding, palette: &palette))
    }

    /// Pumps for `duration`, waking when output comes.
    func pump(for duration: Duration) {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: pty.primary, events: Int16(POLLIN), revents: 0)
            let left = min(deadline - ContinuousClock.now, .milliseconds(1000 / max(1, settings.framerate)))
            _ = poll(&descriptor, 1, Int32(max(1, left.milliseconds)))
            pump()
        }
    }

    /// Pumps until `condition` holds for the screen, `timeout` at most; whether it held.
    func pump(until condition: (TerminalEmulator) -> Bool, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            pump(for: .milliseconds(20))
            if condition(terminal) { return true }
        }
        return condition(terminal)
    }

    func waitForPrompt() {
        let pattern = try? Regex(settings.waitPattern)
        // The shell starting is not part of the recording.
        hidden = true
        defer {
            hidden = false
            changed = true
        }
        _ = pump(
            until: { terminal in
                guard let pattern else { return true }
                return Self.lastLine(of: terminal).contains(pattern) || (terminal.rows.last { !$0.isEmpty } ?? "").contains(pattern)
            },
            timeout: .seconds(5)
        )
    }

    /// The last line with something on it, or the cursor's, whichever is lower: its text
    /// with the blanks before the cursor kept (a prompt's `> `).
    static func lastLine(of terminal: TerminalEmulator) -> String {
        let rows = terminal.rows
        let written = rows.lastIndex { !$0.isEmpty } ?? 0
        guard terminal.cursor.y >= written else { return rows[written] }
        let line = rows[terminal.cursor.y]
        return line.count < terminal.cursor.x ? line + String(repeating: " ", count: terminal.cursor.x - line.count) : line
    }

    func type(_ bytes: [UInt8], pause: Duration) {
        pty.send(bytes)
        pump(for: pause)
    }

    func run(_ command: Tape.Command, screenshot: (String) throws -> Void) throws {
        switch command.action {
        case .type(let text, let speed):
            for character in text { type(Array(String(character).utf8), pause: speed ?? settings.typingSpeed) }
        case .press(let key, let speed, let count):
            for _ in 0..<count { type(bytes(for: key), pause: speed ?? settings.typingSpeed) }
        case .sleep(let duration): pump(for: duration)
        case .hide:
            hidden = true
        case .show:
            hidden = false
            changed = true
        case .wait(let scope, let pattern, let timeout):
            let text = pattern ?? settings.waitPattern
            guard let regex = try? Regex(text) else { throw RecordingError(description: "line \(command.line): /\(text)/ is not a regular expression") }
            let matched = pump(
                until: { terminal in
                    let rows = terminal.rows
                    if scope == .screen { return rows.joined(separator: "\n").contains(regex) }
                    return Self.lastLine(of: terminal).contains(regex) || (rows.last { !$0.isEmpty } ?? "").contains(regex)
                },
                timeout: timeout ?? settings.waitTimeout
            )
            guard matched else {
                let last = Self.lastLine(of: terminal)
                throw RecordingError(
                    description:
                        "line \(command.line): waited \((timeout ?? settings.waitTimeout).seconds) s for /\(text)/ on the \(scope == .screen ? "screen" : "last line"); the last line is “\(last)”"
                )
            }
        case .screenshot(let name): try screenshot(name)
        case .copy(let text): clipboard = text
        case .paste:
            pty.send(terminal.bracketedPaste ? Array("\u{1B}[200~\(clipboard)\u{1B}[201~".utf8) : Array(clipboard.utf8))
            pump(for: settings.typingSpeed)
        case .output, .set, .require, .source, .environment: break
        }
    }

    /// What a key sends, as xterm sends it.
    func bytes(for key: Tape.Key) -> [UInt8] {
        let app = terminal.applicationCursorKeys
        func arrow(_ letter: String) -> [UInt8] { Array((app ? "\u{1B}O" : "\u{1B}[").utf8) + Array(letter.utf8) }
        switch key {
        case .enter: return [13]
        case .space: return [32]
        case .backspace: return [127]
        case .delete: return Array("\u{1B}[3~".utf8)
        case .insert: return Array("\u{1B}[2~".utf8)
        case .tab: return [9]
        case .escape: return [27]
        case .up: return arrow("A")
        case .down: return arrow("B")
        case .right: return arrow("C")
        case .left: return arrow("D")
        case .home: return arrow("H")
        case .end: return arrow("F")
        case .pageUp: return Array("\u{1B}[5~".utf8)
        case .pageDown: return Array("\u{1B}[6~".utf8)
        case .scrollUp, .scrollDown: return []
        case .control(let name, let alt, _):
            let letter = name.uppercased().unicodeScalars.first.map { $0.value } ?? 0
            let code: UInt8 =
                switch name {
                case "@", "Space": 0
                case "[": 27
                case "\\": 28
                case "]": 29
                case "^": 30
                case "_", "-": 31
                default: letter >= 0x40 && letter < 0x60 ? UInt8(letter - 0x40) : UInt8(truncatingIfNeeded: letter)
                }
            return (alt ? [27] : []) + [code]
        case .alt(let name): return [27] + (Self.named[name] ?? Array(name.utf8))
        case .shift(let name):
            if name == "Tab" { return Array("\u{1B}[Z".utf8) }
            return Self.named[name] ?? Array(name.uppercased().utf8)
        }
    }

    private static let named: [String: [UInt8]] = ["Enter": [13], "Tab": [9], "Space": [32], "Backspace": [127], "Escape": [27]]

    func screenshot(to path: String) throws {
        var palette = colors
        let frame = drawFrame(palette: &palette)
        var image = RGBAImage(width: frame.width, height: frame.height)
        image.withMutablePixels { pixels in
            for (index, value) in frame.pixels.enumerated() {
                let color = palette.colors[Int(value)]
                pixels[index * 4] = color.r
                pixels[index * 4 + 1] = color.g
                pixels[index * 4 + 2] = color.b
                pixels[index * 4 + 3] = 255
            }
        }
        do {
            try ImageFile.writePNG(image, to: path)
        } catch {
            throw RecordingError(description: "cannot write the screenshot \(path): \(error)")
        }
    }

    /// The session as asciinema's v2 cast.
    func cast(columns: Int, rows: Int) -> String {
        Cast(columns: columns, rows: rows, outputs: outputs, shell: settings.shell).encoded()
    }
}

/// Where UTF-8 bytes read in pieces may be cut.
enum UTF8Cut {
    /// How many bytes at the end of `bytes` begin a character that is not finished (0 to 3).
    static func unfinishedSuffix(of bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        // A lead byte in the last three whose sequence runs past the end.
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // a continuation: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? back : 0
        }
        return 0
    }
}

extension Duration {
    fileprivate var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    fileprivate var milliseconds: Int { Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000) }
}
