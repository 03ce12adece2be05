import ChildProcess
import Foundation
import GifDecoding
import ImageFiles
import IndicatorKit
import TUIPilot
import TerminalGraphics
import TerminalIO
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `showcase` executable as a user would: exit statuses, messages, and the
/// terminal left usable after a signal.
@Suite(.serialized)
struct ShowcaseEndToEndTests {
    /// `showcase` is built next to the test bundle.
    static let executable: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
        return url.appendingPathComponent("showcase")
    }()

    struct Outcome {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs `showcase ARGUMENTS`, or with `shell`, `/bin/sh` with `ARGUMENTS` after `sh`.
    func run(_ arguments: [String], environment: [String: String] = [:], shell: Bool = false) throws -> Outcome {
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : Self.executable
        process.arguments = shell ? Array(arguments.dropFirst()) : arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self))
    }

    @Test func versionAndHelp() throws {
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("showcase (IndicatorKit)"))
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: showcase"))
    }

    @Test func viewPrintsAPictureInColourBlocksOrSaysWhyNot() throws {
        let folder = try makeTemporaryFolder("e2e-view")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 200×100, red on the left, blue on the right.
        var picture = RGBAImage(width: 200, height: 100)
        for y in 0..<100 { for x in 0..<200 { picture[x, y] = x < 100 ? RGBA(255, 0, 0) : RGBA(0, 0, 255) } }
        let png = folder.appendingPathComponent("halves.png").path
        try ImageFile.writePNG(picture, to: png)
        let shown = try run(["view", png, "--width", "20", "--symbols", "quadrant"], environment: ["COLORTERM": "truecolor", "NO_COLOR": ""])
        #expect(shown.status == 0, "\(shown.error)")
        let lines = shown.output.split(separator: "\n")
        #expect(lines.count == 5, "20 columns of a 2:1 picture, a cell twice as tall as wide: 5 rows")
        #expect(lines.allSatisfy { $0.contains("38;2;255;0;0") && $0.contains("38;2;0;0;255") && $0.hasSuffix("\u{1B}[0m") }, "\(lines)")
        let plain = try run(["view", png, "--width", "20"], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0 && !plain.output.contains("\u{1B}"), "no colour asked, none sent")
        let missing = try run(["view", folder.appendingPathComponent("nope.png").path])
        #expect(missing.status == 66 && missing.error.contains("no such file"))
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("bad.png"))
        let bad = try run(["view", folder.appendingPathComponent("bad.png").path])
        #expect(bad.status == 65 && bad.error.contains("is not a GIF, PNG or JPEG file (its first bytes are none of theirs)"), "\(bad.error)")
        var damaged = try Data(contentsOf: URL(fileURLWithPath: png))
        damaged.removeLast(damaged.count - 40)
        try damaged.write(to: folder.appendingPathComponent("cut.png"))
        let cut = try run(["view", folder.appendingPathComponent("cut.png").path])
        #expect(cut.status == 65 && cut.error.contains("PNG file is damaged"), "\(cut.error)")
    }

    /// What a picture is, its first bytes say: a PNG named `noext`, a JPEG named `.png`, and
    /// either on standard input (`view -`), as chafa reads them.
    @Test func viewTellsAPictureByItsFirstBytesNotItsName() throws {
        let folder = try makeTemporaryFolder("e2e-view-bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        var picture = RGBAImage(width: 40, height: 20)
        for y in 0..<20 { for x in 0..<40 { picture[x, y] = x < 20 ? RGBA(255, 0, 0) : RGBA(0, 0, 255) } }
        let png = folder.appendingPathComponent("noext").path
        try ImageFile.writePNG(picture, to: png)
        let jpeg = folder.appendingPathComponent("photo.png").path
        try ImageFile.writeJPEG(picture, to: jpeg, quality: 95)
        let environment = ["COLORTERM": "truecolor", "NO_COLOR": ""]
        let reference = try run(["view", png, "--width", "8", "--symbols", "quadrant"], environment: environment)
        #expect(reference.status == 0, "a PNG without an extension: \(reference.error)")
        #expect(reference.output.split(separator: "\n").count == 2 && reference.output.contains("38;2;255;0;0"), "\(reference.output.debugDescription)")
        let named = try run(["view", jpeg, "--width", "8", "--symbols", "quadrant"], environment: environment)
        #expect(named.status == 0 && named.output.split(separator: "\n").count == 2, "a JPEG named .png: \(named.error)")
        let piped = try run(
            ["sh", "-c", "\"$0\" view - --width 8 --symbols quadrant < \"$1\"", Self.executable.path, png],
            environment: environment,
            shell: true
        )
        #expect(piped.status == 0 && piped.output == reference.output, "standard input, as the file: \(piped.error)")
        let notAPicture = try run(["sh", "-c", "echo hello | \"$0\" view -", Self.executable.path], shell: true)
        #expect(notAPicture.status == 65 && notAPicture.error.contains("standard input is not a GIF, PNG or JPEG"), "\(notAPicture.error)")
    }

    /// A terminal that says its cells are 2⁶³ pixels (or 100 000² for sixel): the answer is
    /// not believed, and the picture is drawn with a cell of 10 × 20 (it overflowed and
    /// crashed, or tried to allocate 21 TB).
    @Test(.timeLimit(.minutes(1)), arguments: [("kitty", "\u{1B}[6;9223372036854775807;9223372036854775807t"), ("sixel", "\u{1B}[6;100000;100000t")])
    func viewDoesNotBelieveACellSizeNoTerminalHas(graphics: String, answer: String) throws {
        let gif = try SampleFiles.spinner()
        let (process, pty, _) = try launchOnTerminal(["view", gif, "--graphics", graphics], waitingFor: "\u{1B}[c")  // its questions, DA1 last
        defer { Self.end(process) }
        pty.send(Array((answer + "\u{1B}[?62;4c").utf8))
        let shown = pty.output(until: { _ in !process.isRunning })
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(shown.contains(graphics == "kitty" ? "\u{1B}_G" : "\u{1B}P"), "the picture was sent")
        #expect(shown.utf8.count < 1 << 20, "as large as a 10 × 20 cell makes it: \(shown.utf8.count) bytes")
    }

    /// Keys typed while a picture is written neither print nor land inside it (the echo is
    /// off until the terminal has read the picture): it arrives whole, and the echo is back
    /// after.
    @Test(.timeLimit(.minutes(1)))
    func keysTypedWhileAPictureIsWrittenDoNotLandInIt() throws {
        let folder = try makeTemporaryFolder("e2e-view-quiet")
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededGenerator(seed: 42)
        var picture = RGBAImage(width: 300, height: 200)
        for y in 0..<200 { for x in 0..<300 { picture[x, y] = RGBA(UInt8.random(in: 0...255, using: &generator), UInt8(x % 256), UInt8(y)) } }
        let png = folder.appendingPathComponent("noise.png").path
        try ImageFile.writePNG(picture, to: png)
        let (process, pty, asked) = try launchOnTerminal(["view", png, "--graphics", "kitty"], waitingFor: "\u{1B}[c")
        defer { Self.end(process) }
        pty.send(Array("\u{1B}[6;20;10t\u{1B}[?62;4c".utf8))  // a cell of 10 × 20, then DA1
        var shown = asked + pty.output(until: { $0.contains("\u{1B}_Ga=T") })
        pty.send(Array("typed\r".utf8))  // while the picture goes out
        // Once the picture is out, the app asks DA1 to learn that the terminal has read it all:
        // only then is it done, so the keys were typed while it was quiet.
        let before = shown
        shown += pty.output(until: { (before + $0).hasSuffix("\u{1B}[c") })  // it may all be here already
        #expect(shown.hasSuffix("\u{1B}[c"), "asked, after the picture")
        pty.send(Array("\u{1B}[?62;4c".utf8))
        process.waitUntilExit()  // all it had to write was written before it asked
        shown += String(decoding: pty.readAvailable(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(!shown.contains("typed"), "not echoed, in the picture or after it")
        let sent = KittyCommands.parse(shown).filter { $0.keys["a"] == "T" }
        #expect(sent.count == 1 && sent[0].payload.count > 4096, "the picture sent, one command")
        var modes = termios()
        tcgetattr(pty.secondary, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHO) != 0, "the echo back on")
    }

    /// One pixel asked as a sixel 1000 columns wide: the sixel stays within its pixel budget
    /// (it took 809 MB and 5 s when the picture was scaled to every cell's pixels).
    @Test func aTinyPictureAsAHugeSixelStaysWithinThePixelBudget() throws {
        let folder = try TemporaryFolder("e2e-sixel")
        var dot = RGBAImage(width: 1, height: 1)
        dot[0, 0] = RGBA(255, 0, 0)
        try ImageFile.writePNG(dot, to: folder.file("dot.png"))
        let shown = try run(["view", folder.file("dot.png"), "--graphics", "sixel", "--width", "1000"])
        #expect(shown.status == 0, "\(shown.error)")
        #expect(shown.output.hasPrefix("\n") && shown.output.contains("\u{1B}P"), "a sixel was sent")
        // Its width: the run length of its first band, no wider than the budget allows.
        let run = shown.output.split(separator: "!").dropFirst().first.map { $0.prefix { $0.isNumber } }.flatMap { Int($0) } ?? 0
        #expect(run > 0 && run * run / 2 <= Sixel.pixelBudget, "\(run) pixels wide")
        #expect(shown.output.utf8.count < 1 << 20, "\(shown.output.utf8.count) bytes")
    }

    @Test func aBadFlagPrintsUsageAndExits64() throws {
        let outcome = try run(["--frobnicate"])
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("unknown option `--frobnicate`"))
        #expect(outcome.error.contains("USAGE: showcase"))
    }

    @Test func withoutATerminalItSaysSoInOneLineAndExits2() throws {
        let outcome = try run([], environment: ["TERM": "xterm-256color"])
        #expect(outcome.status == 2)
        #expect(outcome.error.split(separator: "\n").count == 1)
        #expect(outcome.error.contains("must be a terminal"))
        #expect(outcome.output.isEmpty, "nothing may be drawn")
    }

    @Test func headlessReportsAndFailsWithTheFileAndLine() throws {
        let folder = try makeTemporaryFolder("e2e")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "expect \"Terminal\"\n".write(to: folder.appendingPathComponent("a.scenario"), atomically: true, encoding: .utf8)
        let passing = try run(["headless", folder.path])
        #expect(passing.status == 0)
        #expect(passing.output.hasSuffix("1 passed, 0 failed\n"))

        try "expect \"Terminal\"\nkey nosuchkey\n".write(to: folder.appendingPathComponent("b.scenario"), atomically: true, encoding: .utf8)
        let failing = try run(["headless", folder.path])
        #expect(failing.status == 1)
        #expect(failing.output.contains("b.scenario:2: unknown key `nosuchkey`"))
        #expect(failing.output.hasSuffix("1 passed, 1 failed\n"))

        let missing = try run(["headless", folder.appendingPathComponent("nope").path])
        #expect(missing.status == 66)
    }

    /// A GIF whose screen is 65535² (its one frame a pixel): `gif info` describes it (nothing
    /// is decoded), `view` refuses it in the command line's words, not the API's.
    @Test func aHugeScreenIsDescribedByInfoAndRefusedByViewInTheCommandLinesWords() throws {
        let folder = try TemporaryFolder("e2e-huge")
        let gif: [UInt8] =
            Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255] + [2, 2, 0x44, 0x01, 0] + [0x3B]
        try Data(gif).write(to: URL(fileURLWithPath: folder.file("huge.gif")))
        let info = try run(["gif", "info", folder.file("huge.gif")])
        #expect(info.status == 0, "\(info.error)")
        #expect(info.output.contains("65535×65535") || info.output.contains("65535x65535"), "\(info.output)")
        let view = try run(["view", folder.file("huge.gif")])
        #expect(view.status == 65)
        #expect(!view.error.contains("DecodingLimits"), "a user of the command line has no DecodingLimits: \(view.error)")
    }

    /// Messages say what a path is and what to do, in the system's words.
    @Test func headlessSaysWhatAPathIsAndWhyItCannotWrite() throws {
        let folder = try TemporaryFolder("e2e-paths")
        let fifo = folder.file("pipe.scenario")
        #expect(mkfifo(fifo, 0o600) == 0)
        let pipe = try run(["headless", fifo])
        #expect(pipe.output.contains("it is a FIFO (a named pipe), not a scenario file"), "\(pipe.output)")
        let device = try run(["headless", "/dev/zero"])
        #expect(device.output.contains("it is a character device, not a scenario file"), "\(device.output)")
        try "scene terminal\n".write(toFile: folder.file("a.scenario"), atomically: true, encoding: .utf8)
        let proc = try run(["headless", "--svg", "/proc", folder.file("a.scenario")])
        #expect(proc.status == 73)
        #expect(proc.error.contains("cannot write the pictures to /proc: ") && !proc.error.contains("doesn’t exist"), "\(proc.error)")
    }

    /// The command's error output lost on a full disk is never a success.
    @Test func runFailsWhenTheCommandsErrorOutputCannotBeWritten() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["run", "--", "sh", "-c", "echo oops >&2"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/full")
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
    }

    /// `--svg DIR` writes only pictures of its own: a user's file of the same name stays, and
    /// two scenarios whose pictures would share a name do not overwrite each other.
    @Test func headlessPicturesNeverReplaceAFileTheRunDidNotWrite() throws {
        let folder = try TemporaryFolder("e2e-svg")
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
            try "scenario \(name)\nscene terminal\nsnapshot start\n".write(toFile: folder.file("\(name)/shot.scenario"), atomically: true, encoding: .utf8)
        }
        let pictures = folder.file("pictures")
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let record = ["INDICATORKIT_RECORD_SNAPSHOTS": "1"]  // ScenarioRunner.recordVariable
        let twice = try run(["headless", "--svg", pictures, folder.file("a"), folder.file("b")], environment: record)
        #expect(twice.status == 1)
        #expect(twice.output.contains("was written by \(folder.file("a/shot.scenario")):3 in this run already"), "\(twice.output)")
        try FileManager.default.removeItem(atPath: folder.file("b"))
        let users = (pictures as NSString).appendingPathComponent("shot.start.svg")
        try FileManager.default.removeItem(atPath: users)
        try "mine".write(toFile: users, atomically: true, encoding: .utf8)
        let again = try run(["headless", "--svg", pictures, folder.file("a")], environment: record)
        #expect(again.status == 1)
        #expect(again.output.contains("is there already and this run did not write it"), "\(again.output)")
        #expect(try String(contentsOfFile: users, encoding: .utf8) == "mine", "the user's file is untouched")
    }

    /// Starts `showcase ARGUMENTS` on a new pseudo-terminal and waits until its screen shows `text`.
    /// Starts `showcase` with `arguments`, its standard output and error on pipes.
    func launched(_ arguments: [String], input: FileHandle? = nil) throws -> (process: Process, out: Pipe, err: Pipe) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        if let input { process.standardInput = input }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    func launchOnTerminal(
        _ arguments: [String],
        executable: URL = Self.executable,
        environment: [String: String] = [:],
        waitingFor text: String
    ) throws -> (process: Process, pty: PseudoTerminal, screen: String) {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"].merging(environment) { _, given in given }
        let handle = FileHandle(fileDescriptor: pty.secondary, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let screen = pty.output(until: { $0.contains(text) })
        #expect(screen.contains(text), "the app never showed \(text)")
        return (process, pty, screen)
    }

    /// Ends `process` if it still runs, stopped or not.
    static func end(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        kill(process.processIdentifier, SIGCONT)
    }

    /// Starts the app on a pseudo-terminal, waits for its first frame, then signals it.
    func signalled(_ signal: Int32) throws -> (status: Int32, reason: Process.TerminationReason, tail: String, echo: Bool) {
        // A fault's crash report comes once the terminal is given back; without its 30 s
        // wait for a key.
        let (process, pty, _) = try launchOnTerminal([], environment: ["SWIFT_BACKTRACE": "interactive=no"], waitingFor: "Terminal")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        // What it wrote before ending may still be on its way through the terminal.
        let tail = pty.output(until: { $0.contains("\u{1B}[?25h") && $0.contains("\u{1B}[?1049l") })
        var modes = termios()
        tcgetattr(pty.secondary, &modes)
        let echo = modes.c_lflag & tcflag_t(ECHO) != 0 && modes.c_lflag & tcflag_t(ICANON) != 0
        return (process.terminationStatus, process.terminationReason, tail, echo)
    }

    /// tmux takes an APC string (kitty's graphics query is one) for the pane's title, and
    /// keeps it after the program ends: inside tmux none is sent, by a prompt, a picture or
    /// the app.
    @Test(.timeLimit(.minutes(1)), arguments: ["confirm", "view", "app"])
    func insideTmuxNothingIsSentThatTmuxWouldTakeForThePanesTitle(command: String) throws {
        let arguments =
            switch command {
            case "confirm": ["confirm", "Go on?"]
            case "view": ["view", try SampleFiles.spinner()]
            default: [String]()
            }
        let (process, pty, screen) = try launchOnTerminal(
            arguments,
            environment: ["TMUX": "/tmp/tmux-0/absent,1,0"],
            waitingFor: "\u{1B}[c"
        )
        defer { Self.end(process) }
        let shown = screen + pty.output(until: { $0.contains(command == "confirm" ? "Go on?" : command == "app" ? "Terminal" : "\n") })
        #expect(!shown.contains("\u{1B}_"), "no APC string: \(shown.debugDescription.prefix(300))")
        if process.isRunning { pty.send(command == "app" ? Array("q".utf8) : [0x1B]) }
        process.waitUntilExit()
    }

    /// Items piped to `choose` with no terminal to ask on: said at once, not after the input
    /// ends (`setsid -w showcase choose < <(yes)` read 1.95 GB in 20 s and said nothing).
    @Test(.timeLimit(.minutes(1)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func withoutATerminalChooseSaysSoBeforeReadingItsInput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["-w", Self.executable.path, "choose"]  // no controlling terminal
        let input = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()  // its input never ends: the pipe is kept open, nothing written
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 2)
        #expect(String(decoding: error, as: UTF8.self).contains("no terminal to draw on"))
    }

    /// A bracketed paste over the terminal's 1 MiB into `input`: refused and said, never kept
    /// cut (it was answered with its first 1 048 577 bytes, status 0, nothing said).
    @Test(.timeLimit(.minutes(1)))
    func aPasteOverTheLimitIsRefusedAndSaidNotCut() throws {
        let (process, pty, _) = try launchOnTerminal(["input", "--header", "Key"], waitingFor: "Key")
        defer { Self.end(process) }
        pty.send(Array("\u{1B}[200~".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) + 4096) + Array("\u{1B}[201~".utf8))
        func text(_ bytes: String) -> String { bytes.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "") }
        let screen = text(pty.output(until: { text($0).contains("nothing pasted") }))
        #expect(screen.contains("✗ paste too long (4096 bytes over the limit): nothing pasted"), "said on the prompt")
        #expect(!screen.contains(String(repeating: "a", count: 200)), "nothing of it in the field")
        pty.send([0x1B])
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "Esc then cancels, as ever")
    }

    /// Ctrl-C typed while a spinner draws: the terminal echoes no `^C` into its line (it
    /// did, mid-line: `•●•^CScanning the folder`); the echo is given back at the end.
    @Test(.timeLimit(.minutes(1)))
    func ctrlCEchoesNothingIntoASpinnersLine() throws {
        let (process, pty, _) = try launchOnTerminal(["spin", "--title", "Waiting", "--", "sleep", "30"], waitingFor: "Waiting")
        defer { Self.end(process) }
        var modes = termios()
        tcgetattr(pty.secondary, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHOCTL) == 0, "no control echo while it draws")
        pty.send([0x03])  // the pseudo-terminal is not its controlling one: echoed, no signal
        let after = pty.output(until: { $0.contains("Waiting") }, timeout: .milliseconds(600))
        #expect(!after.contains("^C"), "\(after.debugDescription)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        tcgetattr(pty.secondary, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHOCTL) != 0, "the echo given back")
    }

    @Test func gifPlayDrawsOnATerminalAndQuitsOnQ() throws {
        let spinner = try SampleFiles.spinner()
        // Frames are decoded off the main actor: the status line may come first, then the frame.
        let (process, pty, screen) = try launchOnTerminal(["gif", "play", spinner], waitingFor: "▀")
        #expect(screen.contains("spinner.gif"))
        #expect(screen.contains("▀"), "the frame is drawn with half blocks")
        pty.send(Array("q".utf8))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("B0.1: a showcase copied alone into an empty folder still has its GIF: the GIF and refresh scenes play it")
    func aRelocatedBinaryPlaysTheBundledGif() throws {
        let folder = try makeTemporaryFolder("showcase-alone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("showcase")
        // Copied by `cp`, so that no descriptor of ours open for writing on it can leak into
        // a child another test starts meanwhile (which would make running it fail with ETXTBSY).
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = [Self.executable.path, copy.path]
        try cp.run()
        cp.waitUntilExit()
        #expect(cp.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["showcase"])

        let (gif, gifPty, gifScreen) = try launchOnTerminal(["--scene", "gif"], executable: copy, waitingFor: "frame")
        #expect(gifScreen.contains("spinner.gif"))
        #expect(gifScreen.contains("▀") || gifScreen.contains("▄"), "the frame is drawn with half blocks")
        gifPty.send(Array("q".utf8))
        gif.waitUntilExit()
        #expect(gif.terminationReason == .exit && gif.terminationStatus == 0)

        let (refresh, refreshPty, _) = try launchOnTerminal(["--scene", "refresh"], executable: copy, waitingFor: "updated never")
        refreshPty.send(Array("r".utf8))
        let screen = refreshPty.output(until: { $0.contains("Refreshing") })
        #expect(screen.contains("Refreshing"), "the refresh scene shows its GIF and caption")
        #expect(!screen.contains("could not be loaded"))
        refreshPty.send(Array("q".utf8))
        refresh.waitUntilExit()
        #expect(refresh.terminationReason == .exit && refresh.terminationStatus == 0)
    }

    @Test("The repository's Samples/spinner.gif, for trying gif play and view, is the bundled spinner")
    func theSampleGifIsTheBundledOne() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples/spinner.gif")
        let bundled = try Data(contentsOf: URL(fileURLWithPath: SampleFiles.spinner()))
        #expect(try Data(contentsOf: sample) == bundled, "write it again with `swift run gifgen spinner Samples/spinner.gif`")
        let info = try run(["gif", "info", sample.path])
        #expect(info.status == 0 && info.output.contains("126×90, 12 frames"), "\(info.error)")
    }

    @Test func aGifIsReadFromStandardInputAsDash() throws {
        let spinner = try SampleFiles.spinner()
        let (process, out, _) = try launched(["gif", "info", "-"], input: try FileHandle(forReadingFrom: URL(fileURLWithPath: spinner)))
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.hasPrefix("standard input: 126×90, 12 frames"))
    }

    @Test func gifFramesIntoTheCurrentFolderAsDot() throws {
        let folder = try makeTemporaryFolder("e2e-dot")
        defer { try? FileManager.default.removeItem(at: folder) }
        for out in [".", "./"] {
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["gif", "frames", try SampleFiles.spinner(), "--out", out, "--replace"]
            process.currentDirectoryURL = folder
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "--out \(out): \(process.terminationStatus)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 13)
    }

    @Test func specialFilesAreListedAsFailedNeverWaitedOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-special-\(UUID().uuidString)")
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos.appendingPathComponent("inside.png"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = try GifWriter(width: 2, height: 2, globalPalette: [(0, 0, 0), (255, 255, 255)]).encode([
            GifWriter.Frame(width: 2, height: 2, indices: [0, 1, 1, 0])
        ])
        try gif.write(to: photos.appendingPathComponent("good.gif"))
        try gif.write(to: photos.appendingPathComponent("inside.png/nested.gif"))  // a folder named like a picture
        #expect(mkfifo(photos.appendingPathComponent("pipe.png").path, 0o600) == 0)
        #expect(mkfifo(photos.appendingPathComponent("pipe.gif").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: photos.appendingPathComponent("input.jpg").path, withDestinationPath: "/dev/stdin")
        _ = FileManager.default.createFile(atPath: photos.appendingPathComponent("empty.png").path, contents: Data())
        let library = folder.appendingPathComponent("lib.sqlite").path
        let imported = try run(["--library", library, "library", "import", photos.path])
        #expect(imported.status == 65)
        #expect(imported.output.contains("imported 2 of 6 image file(s) into inside.png, photos; 4 failed"), "\(imported.output)")
        #expect(imported.output.contains("pipe.png: ") && imported.output.contains("is not a regular file"), "\(imported.output)")
        #expect(imported.output.contains("empty.png: ") && imported.output.contains("is empty"))
        #expect(!imported.output.contains("inside.png:"), "a folder is walked into, not read")
        #expect(try run(["--library", library, "library", "stats"]).output.contains("2 images"), "the rest was committed")
        let viewed = try run(["view", photos.appendingPathComponent("pipe.gif").path])
        #expect(viewed.status == 66 && viewed.error.contains("not a regular file"), "\(viewed.status) \(viewed.error)")
        #expect(try run(["view", photos.appendingPathComponent("pipe.png").path]).status == 66)
    }

    @Test func whatIsNotShownCostsNoMemory() throws {
        let folder = try makeTemporaryFolder("e2e-memory")
        defer { try? FileManager.default.removeItem(at: folder) }
        // An 8×8 PNG with a 160 MB tEXt chunk (sparse on disk; its CRC wrong, which an
        // ancillary chunk may be): shown within 100 MB of data, the text skipped unread.
        var picture = RGBAImage(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { picture[x, y] = RGBA(200, 30, 30) } }
        let small = folder.appendingPathComponent("small.png").path
        try ImageFile.writePNG(picture, to: small)
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: small)))
        let headerEnd = 8 + 25  // signature, IHDR
        let textLength = 160 << 20
        let path = folder.appendingPathComponent("text.png").path
        _ = FileManager.default.createFile(
            atPath: path,
            contents: Data(png[..<headerEnd]) + Data([UInt8(textLength >> 24), UInt8(textLength >> 16 & 0xFF), 0, 0]) + Data("tEXtComment".utf8) + Data([0])
        )
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(headerEnd + 8 + textLength))
        try handle.write(contentsOf: Data([0, 0, 0, 0]) + Data(png[headerEnd...]))
        try handle.close()
        let shown = try run(["sh", "-c", "ulimit -d 100000 && exec \"$0\" view \"$1\" --width 8", Self.executable.path, path], shell: true)
        #expect(shown.status == 0, "\(shown.error)")
        #expect(shown.output.contains("\u{1B}[") || shown.output.contains("▀") || !shown.output.isEmpty)

        // Standard input that is not a GIF is refused by its first bytes, not read to its end.
        let random = try launched(["gif", "info", "-"], input: try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/urandom")))
        let error = String(decoding: random.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        random.process.waitUntilExit()
        #expect(random.process.terminationStatus == 65)
        #expect(error.contains("standard input is not a GIF"), "\(error)")
    }

    @Test func viewKeepsStandardInputWithinMaxMemory() throws {
        // A PNG's signature, then 64 MB more: refused once 16 MiB have come, with a data
        // segment of 60 MB (all of it was kept in memory first, up to 512 MiB).
        let script = "ulimit -d 60000 && { printf '\\211PNG\\r\\n\\032\\n'; head -c 64000000 /dev/zero; } | exec \"$0\" view - --max-memory 16"
        let flood = try run(["sh", "-c", script, Self.executable.path], shell: true)
        #expect(flood.status == 65, "\(flood.error)")
        #expect(
            flood.error
                == "showcase: standard input holds more than 16 MiB; give a smaller picture, or a larger --max-memory (up to 512 MiB of input is read)\n"
        )
        // A folder as standard input is said, not a crash in Foundation's read.
        let folder = try run(["sh", "-c", "exec \"$0\" view - < /", Self.executable.path], shell: true)
        #expect(folder.status == 66)
        #expect(folder.error == "showcase: cannot read standard input: Is a directory\n")
        // A picture within it is shown, and its copy removed.
        let spinner = try SampleFiles.spinner()
        let shown = try run(["sh", "-c", "exec \"$0\" view - --width 8 --max-memory 1 < \"$1\"", Self.executable.path, spinner], shell: true)
        #expect(shown.status == 0, "\(shown.error)")
        #expect(!shown.output.isEmpty)
    }

    @Test func gifInfoExitStatuses() throws {
        #expect(try run(["gif", "info", "/no/such.gif"]).status == 66)
        #expect(try run(["gif", "info", CommandLine.arguments[0]]).status == 65)
        let spinner = try SampleFiles.spinner()
        let info = try run(["gif", "info", spinner, "--json"])
        #expect(info.status == 0)
        #expect(info.output.hasPrefix("{\"decodingMemoryBytes\":601020,\"frameCount\":12,"))
    }

    @Test func runIntoAPipeWritesTwoLinesAndKeepsTheStatus() throws {
        let ok = try run(["run", "--label", "Greeting", "--", "sh", "-c", "echo hello; echo oops >&2"])
        #expect(ok.status == 0)
        #expect(ok.output == "hello\n")
        let lines = ok.error.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == "Greeting…")
        #expect(lines.contains("oops"))
        #expect(lines.last?.hasPrefix("✓ Greeting (") == true)
        let failing = try run(["run", "--", "sh", "-c", "exit 7"])
        #expect(failing.status == 7)
        #expect(failing.error.contains("✗ sh -c 'exit 7' (exit 7, "), "the command line as typed, shell-quoted")
    }

    @Test func libraryCommandsSayWhatIsWrongWithTheRightStatus() throws {
        let folder = try makeTemporaryFolder("e2e-library")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("typo/library.sqlite").path
        let stats = try run(["library", "stats", "--library", library])
        #expect(stats.status == 66)
        #expect(stats.error.contains("there is no photo library at"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo").path), "reading created nothing")
        let broken = folder.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("GIF89a".utf8).write(to: broken.appendingPathComponent("cut.gif"))
        let failing = try run(["--library", folder.appendingPathComponent("lib.sqlite").path, "library", "import", broken.path])
        #expect(failing.status == 65, "nothing could be imported")
        // One good file beside the broken one: it is imported, and the status still says a file failed.
        try GifWriter(width: 2, height: 2, globalPalette: [(0, 0, 0), (255, 255, 255)]).encode([GifWriter.Frame(width: 2, height: 2, indices: [0, 1, 1, 0])])
            .write(to: broken.appendingPathComponent("good.gif"))
        let partly = try run(["--library", folder.appendingPathComponent("lib.sqlite").path, "library", "import", broken.path])
        #expect(partly.status == 65)
        #expect(partly.output.contains("imported 1 of 2 image file(s)") && partly.error.contains("1 file(s) could not be imported"))
        // Already imported, then named an album: put in that album too.
        let again = try run(["--library", folder.appendingPathComponent("lib.sqlite").path, "library", "import", broken.path, "--album=Summer"])
        #expect(again.output.contains("1 already in the library (put in Summer too)"))
        let albums = try run(["--library", folder.appendingPathComponent("lib.sqlite").path, "library", "stats"])
        #expect(albums.output.contains("  Summer: 1"))
        // PNG and JPEG are read too; a JPEG cut short is named, the rest imported.
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        var picture = RGBAImage(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { picture[x, y] = RGBA(UInt8(x * 4), UInt8(y * 4), UInt8((x * y) % 256)) } }
        try ImageFile.writePNG(picture, to: photos.appendingPathComponent("a.png").path)
        try ImageFile.writeJPEG(picture, to: photos.appendingPathComponent("b.jpg").path)
        try ImageFile.writeJPEG(RGBAImage(width: 256, height: 256), to: photos.appendingPathComponent("cut.jpeg").path)
        let whole = try Data(contentsOf: photos.appendingPathComponent("cut.jpeg"))
        try whole.prefix(whole.count * 7 / 10).write(to: photos.appendingPathComponent("cut.jpeg"))
        let mixed = try run(["--library", folder.appendingPathComponent("lib.sqlite").path, "library", "import", photos.path])
        #expect(mixed.status == 65)
        #expect(mixed.output.contains("imported 2 of 3 image file(s)"), "\(mixed.output)")
        #expect(mixed.output.contains("cut.jpeg: the file is damaged"))
        #expect(failing.output.contains("failed: ") && failing.output.contains("imported 0 of 1 image file(s); 1 failed"))
        let empty = try run(["library", "import", folder.appendingPathComponent("typo").path, "--library", folder.appendingPathComponent("lib.sqlite").path])
        #expect(empty.status == 66)
    }

    @Test func importsAndStatsRacingToCreateTheSameLibraryAllSucceedWithCorrectCounts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-race-\(UUID().uuidString)")
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for i in 0..<12 {
            try GifWriter(width: 2, height: 2, globalPalette: [(0, 0, 0), (255, 255, 255)]).encode([
                GifWriter.Frame(width: 2, height: 2, indices: [0, 1, 1, UInt8(i % 2)])
            ]).write(to: photos.appendingPathComponent("\(i).gif"))
        }
        for trial in 0..<3 {
            let library = folder.appendingPathComponent("race-\(trial).sqlite").path
            let imports = try (0..<3).map { _ in try launched(["--library", library, "library", "import", photos.path], input: FileHandle.nullDevice) }
            let stats = try launched(["--library", library, "library", "stats"], input: FileHandle.nullDevice)
            var imported = 0
            for (process, out, err) in imports {
                let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "trial \(trial): \(problems)")
                if let range = text.range(of: #"imported (\d+) of 12"#, options: .regularExpression) {
                    imported += Int(text[range].split(separator: " ")[1]) ?? 0
                }
            }
            let statsText = String(decoding: stats.out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let statsProblems = String(decoding: stats.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            stats.process.waitUntilExit()
            // Before the library exists it says so; once it does, the counts are whole.
            #expect(
                stats.process.terminationStatus == 66 || (stats.process.terminationStatus == 0 && statsText.contains("images")),
                "trial \(trial): exit \(stats.process.terminationStatus): \(statsText)\(statsProblems)"
            )
            #expect(imported == 12, "trial \(trial): each file imported once between the three")
            let after = try run(["--library", library, "library", "stats"])
            #expect(after.output.contains("2 albums, 12 images, 0 selected"))
        }
    }

    @Test func runPassesBinaryOutputThroughUnchanged() throws {
        let spinner = try SampleFiles.spinner()
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["run", "--", "cat", spinner]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let passed = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(passed == FileManager.default.contents(atPath: spinner), "byte for byte")
    }

    @Test func runEndsWhenTheCommandEndsNotWhenItsBackgroundChildDoes() throws {
        // The background `sleep` keeps the command's pipes open for 30 s.
        let outcome = try run(["run", "--label", "Spawner", "--", "sh", "-c", "sleep 30 & echo $!"])
        if let pid = Int32(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGKILL) }
        #expect(outcome.status == 0)
        let elapsed = outcome.error.split(separator: "(").last.flatMap { Double($0.prefix { $0 != " " }) }
        #expect(elapsed.map { $0 < 10 } == true, "reported as done when sh ended, not 30 s later: \(outcome.error)")
    }

    @Test func runSaysSoWhenItsOutputCannotBeWritten() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["run", "--", "echo", "lost"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err = Pipe()
        process.standardError = err
        try process.run()
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(error.contains("showcase: cannot write standard output: No space left on device"))
    }

    @Test(.timeLimit(.minutes(1)))
    func runPassesATerminationOnToTheCommandAndReportsIt() throws {
        // The command shares showcase's standard input: make it the write end of a pipe of
        // ours, so that reading the other end ends (EOF) once the command has ended too.
        let lifeline = Pipe()
        let (process, out, err) = try launched(
            ["run", "--label", "Waiting", "--", "sh", "-c", "echo $$; exec sleep 30"],
            input: FileHandle(fileDescriptor: lifeline.fileHandleForWriting.fileDescriptor, closeOnDealloc: false)
        )
        try lifeline.fileHandleForWriting.close()
        // The command's first line is its pid: it is running.
        var printed = Data()
        while !printed.contains(10) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        let child = try #require(Int32(String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(process.processIdentifier, SIGTERM)
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // It draws its last line, then ends by the same signal (so a shell loop stops too).
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
            "ended by \(process.terminationReason == .uncaughtSignal ? "signal" : "status") \(process.terminationStatus)"
        )
        #expect(error.contains("✗ Waiting (signal 15,"))
        // The command ended too, not left running: the last write end of the lifeline
        // closed with it (a command left running would hold it, and the time limit fail us).
        #expect(lifeline.fileHandleForReading.readDataToEndOfFile().isEmpty, "the command \(child) was ended too")
    }

    @Test func runEndsLikeAPipelineMemberWhenItsReaderGoesAway() throws {
        let (process, out, err) = try launched(["run", "--label", "Flood", "--", "sh", "-c", "echo $$ >&2; exec yes"])
        _ = out.fileHandleForReading.availableData  // some "y" lines, then the reader leaves
        try out.fileHandleForReading.close()
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE, "as `yes | head` would")
        #expect(error.contains("✗ Flood (signal 13,"), "the command met the closed pipe too: \(error)")
        #expect(!error.contains("cannot write"), "a closed pipe is not an error to report")
    }

    @Test func runLetsTheCommandReadTheTerminal() throws {
        let (process, pty, _) = try launchOnTerminal(["run", "--label", "Asking", "--", "head", "-1"], waitingFor: "Asking")
        pty.send(Array("typed words\n".utf8))
        process.waitUntilExit()
        let screen = pty.output(until: { $0.contains("\u{1B}[32m✓\u{1B}[0m Asking (") })
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "head read its line instead of being stopped")
        #expect(screen.contains("typed words"))
        #expect(screen.contains("\u{1B}[32m✓\u{1B}[0m Asking ("), "✓ in green on a terminal")
    }

    @Test func runSaysWhenTheCommandCannotStart() throws {
        let outcome = try run(["run", "--", "no-such-command-anywhere"])
        #expect(outcome.status == 127)
        #expect(outcome.error.contains("could not start: No such file or directory"))
        // Found but not runnable: 126, as shells say.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-program-\(UUID().uuidString)")
        try Data("just text\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let notRunnable = try run(["run", "--", file.path])
        #expect(notRunnable.status == 126)
        #expect(notRunnable.error.contains("could not start:"))
    }

    @Test(.timeLimit(.minutes(1)))
    func runGivesTheCursorBackWhileStoppedAndHidesItAgainOnContinue() throws {
        let (process, pty, _) = try launchOnTerminal(["run", "--label", "Nap", "--", "sleep", "5"], waitingFor: "Nap")
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        func output(waitingFor text: String) -> String { pty.output(until: { $0.contains(text) }) }
        kill(process.processIdentifier, SIGTSTP)
        #expect(output(waitingFor: "\u{1B}[?25h").contains("\u{1B}[?25h"), "the cursor is shown while stopped")
        // It writes that just before it stops: continue it only once it has (as a shell's
        // `fg` does, told by waitid), or the continue would come first and leave it stopped.
        var info = siginfo_t()
        #expect(waitid(P_PID, id_t(process.processIdentifier), &info, WSTOPPED | WNOWAIT) == 0, "it stopped")
        kill(process.processIdentifier, SIGCONT)
        #expect(output(waitingFor: "\u{1B}[?25l").contains("\u{1B}[?25l"), "and hidden again on continue")
        kill(process.processIdentifier, SIGTERM)  // passed on to `sleep`
        kill(process.processIdentifier, SIGCONT)  // in case it did stop again: a stopped process holds its SIGTERM
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }

    /// A command that ignores the interruption passed on to it: killed after the grace
    /// period, and the run ends interrupted, never with a ✓ and 0 (it printed ✓ and exited 0).
    @Test(.timeLimit(.minutes(1)))
    func aCommandIgnoringAnInterruptionIsKilledAfterTheGraceAndTheRunEndsInterrupted() throws {
        let script = "trap '' INT TERM; echo ready; while :; do sleep 0.05; done"
        let (process, pty, _) = try launchOnTerminal(["run", "--label", "Stubborn", "--", "sh", "-c", script], waitingFor: "ready")
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let start = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let waited = ContinuousClock.now - start
        let screen = pty.output(until: { $0.contains("Stubborn (") })
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM, "ended as interrupted")
        #expect(screen.contains("Stubborn (interrupted, signal 9"), "\(screen.suffix(200).debugDescription)")
        #expect(waited >= ChildProcessIO.interruptGrace - .milliseconds(100), "given its grace period first: \(waited)")
    }

    /// On a terminal too (where the spinner's cursor guard once let SIGINT and SIGTERM end
    /// showcase at once and orphan the command): the signal goes to the command, whose
    /// clean-up runs and is shown, and showcase ends with its status after the ✗ line.
    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT])
    func runOnATerminalPassesASignalOnAndWaitsForTheCommandsCleanUp(signal: Int32) throws {
        let script = "trap 'echo cleaned up; exit 7' INT TERM; echo ready; while :; do sleep 0.05; done"
        let (process, pty, _) = try launchOnTerminal(["run", "--label", "Trapping", "--", "sh", "-c", script], waitingFor: "ready")
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let screen = pty.output(until: { $0.contains("Trapping (") && $0.hasSuffix("\u{1B}[?25h") })
        #expect(process.terminationReason == .exit && process.terminationStatus == 7, "the command's own status")
        #expect(screen.contains("cleaned up"), "its clean-up ran while showcase waited")
        #expect(screen.contains("✗\u{1B}[0m Trapping ("), "the ✗ line")
    }

    /// A command that stops itself: a signal passed on continues it too, so it can act on it
    /// (a stopped process holds its signals), and nothing waits for good.
    @Test(.timeLimit(.minutes(1)))
    func aCommandThatStoppedItselfIsContinuedWithTheSignalPassedOn() throws {
        let (process, pty, _) = try launchOnTerminal(
            ["run", "--label", "Stopping", "--", "sh", "-c", "echo ready; kill -STOP $$; echo resumed"],
            waitingFor: "ready"
        )
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let screen = pty.output(until: { $0.contains("Stopping (") })
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT, "ended as the command was")
        #expect(screen.contains("✗\u{1B}[0m Stopping (signal 2,"))
    }

    @Test(.timeLimit(.minutes(1)))
    func ctrlZGivesTheTerminalBackAndFgTakesItAgainWithEveryMode() throws {
        let (process, pty, _) = try launchOnTerminal(["--scene", "terminal"], waitingFor: "Input")
        defer { Self.end(process) }
        pty.send([0x1A])  // Ctrl-Z
        // Given back as on exit: mouse reports off, keypad transmit off, the main screen.
        let stopping = pty.output(until: { $0.contains("\u{1B}[?1049l") })
        #expect(stopping.contains("\u{1B}[?1002l"), "mouse reports off")
        #expect(stopping.contains("\u{1B}[?1l"), "keypad transmit off")
        var info = siginfo_t()
        #expect(waitid(P_PID, id_t(process.processIdentifier), &info, WSTOPPED | WNOWAIT) == 0, "it stopped, as a shell job")
        kill(process.processIdentifier, SIGCONT)  // `fg`
        let resumed = pty.output(until: { $0.contains("\u{1B}[?1002h") && $0.contains("Input") })
        #expect(resumed.contains("\u{1B}[?1049h"), "the alternate screen again")
        #expect(resumed.contains("\u{1B}[?1h"), "keypad transmit again")
        #expect(resumed.contains("\u{1B}[?1002h"), "button-motion mouse reports again")
        #expect(resumed.contains("Input"), "the screen repainted")
        pty.send(Array("q".utf8))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// After `fg` nothing is drawn before the app's screen is entered again: a frame drawn on
    /// the shell's screen stays there as debris (spinner dots, bars, the Home scene's columns)
    /// after the app quits.
    @Test(.timeLimit(.minutes(1)))
    func afterFgNothingIsDrawnBeforeTheAppsScreenIsEnteredAgain() throws {
        let (process, pty, _) = try launchOnTerminal([], waitingFor: "Terminal")  // Home: spinners and bars move
        defer { Self.end(process) }
        for round in 1...2 {
            pty.send([0x1A])  // Ctrl-Z
            _ = pty.output(until: { $0.contains("\u{1B}[?1049l") })
            var info = siginfo_t()
            #expect(waitid(P_PID, id_t(process.processIdentifier), &info, WSTOPPED | WNOWAIT) == 0, "stopped")
            kill(process.processIdentifier, SIGCONT)  // `fg`
            let resumed = pty.output(until: { $0.contains("\u{1B}[?1049h") && $0.contains("Terminal") })
            let before = resumed.components(separatedBy: "\u{1B}[?1049h")[0]
            let drawn = before.replacing(/\x1B(\[[0-?]*[ -\/]*[@-~]|[()][0-9A-Za-z]|[=>78])/, with: "")
            #expect(drawn.isEmpty, "round \(round): drawn on the shell's screen before the app's: \(drawn.debugDescription)")
        }
        pty.send(Array("q".utf8))
        _ = pty.output(until: { _ in !process.isRunning })
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// kitty frees the pictures of the alternate screen when it is entered again: after `fg`
    /// each picture shown is sent again (kitty 0.26 showed only the badges after a stop).
    @Test(.timeLimit(.minutes(1)))
    func afterFgThePicturesAreSentAgain() throws {
        let (process, pty, _) = try launchOnTerminal(["--scene", "gif", "--graphics", "kitty"], waitingFor: "\u{1B}[c")
        defer { Self.end(process) }
        pty.send(Array("\u{1B}[?62;4c".utf8))  // DA1: nothing else to wait for
        _ = pty.output(until: { $0.contains("\u{1B}_Ga=") && $0.contains("GIF") })
        pty.send([0x1A])  // Ctrl-Z
        _ = pty.output(until: { $0.contains("\u{1B}[?1049l") })
        var info = siginfo_t()
        #expect(waitid(P_PID, id_t(process.processIdentifier), &info, WSTOPPED | WNOWAIT) == 0, "stopped")
        kill(process.processIdentifier, SIGCONT)  // `fg`
        let resumed = pty.output(until: { $0.contains("\u{1B}[?1049h") && $0.contains("\u{1B}_Ga=t") })
        #expect(resumed.contains("\u{1B}_Ga=t"), "the picture transmitted again after the screen was entered again")
        let before = resumed.components(separatedBy: "\u{1B}[?1049h")[0]
        let drawn = before.replacing(/\x1B(\[[0-?]*[ -\/]*[@-~]|[()][0-9A-Za-z]|[=>78])/, with: "")
        #expect(drawn.isEmpty, "drawn on the shell's screen before the app's: \(drawn.prefix(200).debugDescription)")
        pty.send(Array("q".utf8))
        _ = pty.output(until: { _ in !process.isRunning })  // read on: a picture may be on its way
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// A storm of stops and continues, then a last continue: the app runs on in its own modes
    /// (raw, no echo), never in the shell's that an earlier stop put back.
    /// The limit is a net for a hang, not a pace: a hundred stops waited for one by one take
    /// 0.3 s alone and a few seconds at most among the whole suite's parallel tests on two
    /// cores. It took up to three minutes when the wait spun on a core and never read the
    /// pseudo-terminal: the app's writes then waited for room. Now it waits on the app's output
    /// and reads it, as a terminal does; a stop that merged with the one before is waited for 0.5 s.
    @Test(.timeLimit(.minutes(6)))
    func aStormOfStopsAndContinuesLeavesTheAppInItsOwnModes() throws {
        let (process, pty, _) = try launchOnTerminal(["--scene", "terminal"], waitingFor: "Input")
        defer { Self.end(process) }
        // Each stop comes as soon as the last continue did, before the app's loop took its
        // modes again; each continue once the stop took effect (as a shell's `fg` waits).
        for _ in 0..<100 {
            kill(process.processIdentifier, SIGTSTP)
            var info = siginfo_t()
            let waited = ContinuousClock.now + .milliseconds(500)  // a stop that merged with another never comes
            while waitid(P_PID, id_t(process.processIdentifier), &info, WSTOPPED | WNOHANG) == 0, info._sifields._sigchld.si_pid == 0,
                ContinuousClock.now < waited
            {
                // Wait for what the app writes as it stops (the shell's modes back) and read it, as
                // a terminal does: its writes never wait for room, and the cores are left to it
                // (spinning here, among the suite's parallel tests, took minutes).
                var output = pollfd(fd: pty.primary, events: Int16(POLLIN), revents: 0)
                if poll(&output, 1, 1) > 0 { _ = pty.readAvailable() }
            }
            kill(process.processIdentifier, SIGCONT)
        }
        func isRaw() -> Bool {
            var modes = termios()
            tcgetattr(pty.secondary, &modes)
            return modes.c_lflag & tcflag_t(ICANON | ECHO) == 0
        }
        // Its main loop enters its modes again after the last continue: wait for that (a stop
        // still pending from the storm may come after it: continue it again meanwhile).
        let deadline = ContinuousClock.now + .seconds(10)
        while !isRaw() && ContinuousClock.now < deadline {
            kill(process.processIdentifier, SIGCONT)
            _ = pty.readAvailable()
        }
        #expect(isRaw(), "raw and no echo again after the last continue")
        pty.send(Array("q".utf8))
        let quitBy = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < quitBy { _ = pty.readAvailable() }
        #expect(!process.isRunning, "q alone quits, without Enter")
    }

    /// `run --lines N` on a terminal: the command's last lines under the spinner, gone when it
    /// succeeds, kept under the ✗ when it fails.
    @Test(.timeLimit(.minutes(1)))
    func runWithLinesFoldsTheOutputOnSuccessAndKeepsItOnFailure() throws {
        let script = "echo one; echo two; echo three; sleep 0.3; exit ${1:-0}"
        let (passing, passed, first) = try launchOnTerminal(["run", "--lines", "2", "--label", "Quiet", "--", "sh", "-c", script, "sh"], waitingFor: "two")
        passing.waitUntilExit()
        let shownThenFolded = first + passed.output(until: { $0.contains("Quiet (") && $0.hasSuffix("\u{1B}[?25h") })
        #expect(passing.terminationStatus == 0)
        #expect(shownThenFolded.contains("  three"), "the last lines under the spinner while it ran")
        #expect(shownThenFolded.contains("\u{1B}[J\u{1B}[32m✓\u{1B}[0m Quiet ("), "then folded away for the ✓ line: \(shownThenFolded.debugDescription)")
        let (failing, failed, _) = try launchOnTerminal(["run", "--lines", "2", "--label", "Loud", "--", "sh", "-c", script, "sh", "3"], waitingFor: "two")
        failing.waitUntilExit()
        let kept = failed.output(until: { $0.contains("Loud (exit 3") && $0.hasSuffix("\u{1B}[?25h") })
        #expect(failing.terminationStatus == 3)
        let tail = kept.components(separatedBy: "Loud (exit 3").last ?? ""
        #expect(tail.contains("  two") && tail.contains("  three") && !tail.contains("one"), "the last two kept under the ✗: \(tail.debugDescription)")
    }

    @Test func runOnATerminalAnimatesAndGivesTheCursorBack() throws {
        let (process, pty, _) = try launchOnTerminal(["run", "--label", "Napping", "--", "sh", "-c", "sleep 0.4; echo done"], waitingFor: "Napping")
        process.waitUntilExit()
        let screen = pty.output(until: { $0.hasSuffix("\u{1B}[?25h") })
        #expect(process.terminationStatus == 0)
        #expect(screen.contains("\r∙●") && screen.contains("\r\u{1B}[2C∙●"), "frames redraw in place only the cells that changed: \(screen.debugDescription)")
        #expect(screen.contains("done"))
        #expect(screen.contains("✓\u{1B}[0m Napping ("))
        #expect(screen.hasSuffix("\u{1B}[?25h"))
    }

    #if os(Linux)
    /// Whether a thread of `pid` sleeps inside write(2): the terminal stopped reading.
    static func isBlockedWriting(_ pid: Int32) -> Bool {
        #if arch(x86_64)
        let write = "1"
        #else
        let write = "64"
        #endif
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let base = "/proc/\(pid)/task/\(task)"
            guard let call = try? String(contentsOfFile: base + "/syscall", encoding: .utf8),
                let stat = try? String(contentsOfFile: base + "/stat", encoding: .utf8),
                let state = stat.split(separator: ")").last?.split(separator: " ").first
            else { return false }
            return call.split(separator: " ").first.map(String.init) == write && state == "S"
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalEndsTheProcessWhileTheTerminalHasStoppedReading(signal: Int32) throws {
        // Noise in true colour: every frame changes every cell, so the terminal's buffer fills.
        var random = SeededGenerator()
        let palette = (0..<256).map { _ in
            (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random))
        }
        let frames = (0..<6).map { _ in
            var frame = GifWriter.Frame(width: 96, height: 64, indices: (0..<(96 * 64)).map { _ in UInt8.random(in: 0...255, using: &random) })
            frame.delayCentiseconds = 2
            return frame
        }
        let folder = try makeTemporaryFolder("e2e-stall")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("noise.gif")
        try GifWriter(width: 96, height: 64, globalPalette: palette, loopCount: 0).encode(frames).write(to: gif)

        let pty = try PseudoTerminal(size: Size(width: 100, height: 40))
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["gif", "play", gif.path, "--symbols", "sextant"]
        process.environment = [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "INDICATORKIT_BACKGROUND": "dark",
        ]
        let handle = FileHandle(fileDescriptor: pty.secondary, closeOnDealloc: false)
        (process.standardInput, process.standardOutput, process.standardError) = (handle, handle, handle)
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(pty.output(until: { $0.contains("noise.gif") }).contains("noise.gif"), "it started drawing")
        // Read no more: wait (on /proc, a condition, not a guess) until its write blocks.
        let deadline = ContinuousClock.now + .seconds(20)
        while !Self.isBlockedWriting(process.processIdentifier) && ContinuousClock.now < deadline {
            var none = pollfd(fd: -1, events: 0, revents: 0)
            _ = poll(&none, 0, 5)
        }
        try #require(Self.isBlockedWriting(process.processIdentifier), "the terminal's buffer never filled")
        kill(process.processIdentifier, signal)
        let endedInTime = ended.wait(timeout: .now() + 10) == .success  // a safety net: it hung for good before
        try #require(endedInTime, "still running 10 s after signal \(signal) while its terminal did not read")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        // The frame it could not write was thrown away; the restore reached the terminal.
        let tail = pty.output(until: { $0.contains("\u{1B}[?1049l") })
        #expect(tail.contains("\u{1B}[?25h") && tail.contains("\u{1B}[?1049l"), "the terminal was restored once it read again")
        var modes = termios()
        tcgetattr(pty.secondary, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHO) != 0 && modes.c_lflag & tcflag_t(ICANON) != 0, "echo and line mode back on")
    }
    #endif

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGSEGV])
    func aSignalRestoresTheTerminalThenEndsTheProcess(signal: Int32) throws {
        let result = try signalled(signal)
        #expect(result.reason == .uncaughtSignal)
        #expect(result.status == signal)
        // xterm's terminfo: cnorm shows the cursor, rmcup leaves the alternate screen.
        #expect(result.tail.contains("\u{1B}[?25h"), "cursor not shown again: \(result.tail.debugDescription)")
        #expect(result.tail.contains("\u{1B}[?1049l"), "alternate screen not left: \(result.tail.debugDescription)")
        #expect(result.echo, "echo and line mode must be back on")
    }

    /// SIGTERM and SIGHUP delete the kitty pictures sent, as quitting does: none is left in
    /// the terminal's memory.
    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGHUP])
    func aSignalDeletesTheKittyPicturesSent(signal: Int32) throws {
        let (process, pty, _) = try launchOnTerminal(["--scene", "gif", "--graphics", "kitty"], waitingFor: "\u{1B}[c")
        defer { Self.end(process) }
        pty.send(Array("\u{1B}[?62;4c".utf8))  // DA1: nothing else to wait for
        let drawn = pty.output(until: { $0.contains("\u{1B}_Ga=") && $0.contains("GIF") })
        let sent = Set(drawn.matches(of: /\x1B_Ga=[tTf],[^\x1B]*?i=(\d+)/).map { Int($0.1)! })
            .subtracting(drawn.matches(of: /\x1B_Ga=d,d=I,i=(\d+)/).map { Int($0.1)! })
        #expect(!sent.isEmpty, "a picture was sent")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let tail = pty.output(until: { $0.contains("\u{1B}[?1049l") })
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        let deleted = Set(tail.matches(of: /\x1B_Ga=d,d=I,i=(\d+)/).map { Int($0.1)! })
        #expect(sent.isSubset(of: deleted), "sent \(sent.sorted()), deleted \(deleted.sorted())")
    }
}
