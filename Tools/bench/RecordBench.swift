import DemoRecording
import Foundation
import GifDecoding
import ImageFiles
import TerminalIO
import TerminalScreen

/// `bench record`: the same sessions recorded by `showcase record` (a tape on bash) and by
/// asciinema, then asciinema's cast drawn into a GIF by `showcase record CAST` and, where
/// installed, by agg: wall time, CPU, GIF bytes and frames, and OCR of the last frame.
enum RecordBench {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A session: a command line run in an 80×24 terminal.
    struct Session {
        let name: String
        let command: String
    }

    static let sessions = [
        Session(name: "spin", command: "showcase spin --title Working -- sleep 10; echo Spinner finished after ten seconds"),
        Session(name: "run --lines", command: "showcase run --lines 5 -- sh -c 'for i in $(seq 100); do echo step $i of 100; sleep 0.1; done'"),
        Session(name: "full screen", command: "timeout --foreground 10 showcase --scene spinners; echo Spinners scene closed after ten seconds"),
    ]

    /// Wall and CPU seconds of one program and its children, on a pseudo-terminal.
    struct Timing {
        var wall: Double
        var cpu: Double
    }

    static func run() throws -> [String] {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let showcase = folder + "/showcase"
        guard FileManager.default.isExecutableFile(atPath: showcase) else {
            throw Failure(description: "no showcase beside bench at \(showcase); build it first (swift build -c release --product showcase)")
        }
        let asciinema = findProgram("asciinema", environment: "ASCIINEMA")
        let agg = findProgram("agg", environment: "AGG")
        let tesseract = findProgram("tesseract", environment: "TESSERACT")
        let work = NSTemporaryDirectory() + "record-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["BENCH_KEEP"] == nil { try? FileManager.default.removeItem(atPath: work) } }
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        var lines = ["record: each session in an 80×24 terminal; its cast drawn at 14 px, 30 frames a second at most"]
        lines.append("session        recorder                 wall s   CPU s   frames   GIF bytes   size       OCR words")
        for session in sessions {
            func row(_ recorder: String, _ timing: Timing, _ gif: String?, _ ocr: String) -> String {
                var line = session.name.padding(toLength: 14, withPad: " ", startingAt: 0) + " "
                line += recorder.padding(toLength: 24, withPad: " ", startingAt: 0)
                line += String(format: "%6.2f  %6.2f", timing.wall, timing.cpu)
                if let path = gif, let made = try? facts(of: path) {
                    let size = "\(made.width)×\(made.height)".padding(toLength: 9, withPad: " ", startingAt: 0)
                    line += String(format: "   %6d   %9d   ", made.frames, made.bytes) + size
                } else {
                    line += "        -           -   -        "
                }
                return line + "  " + ocr
            }
            let alone = try timed(["/bin/sh", "-c", session.command], in: work, path: path)
            lines.append(row("the command alone", alone, nil, ""))

            let tape = work + "/session.tape"
            try """
            Output session.gif
            Output session.txt
            Set FontSize 14
            Set Width 720
            Set Height 480
            Set Padding 10
            Set TypingSpeed 1ms
            Type "\(session.command.replacingOccurrences(of: "\"", with: "\\\""))"
            Enter
            Wait@30s /^> $/
            """.write(toFile: tape, atomically: true, encoding: .utf8)
            let taped = try timed([showcase, "record", tape], in: work, path: path)
            lines.append(
                row(
                    "showcase record TAPE",
                    taped,
                    work + "/session.gif",
                    ocr(work + "/session.gif", screen: (try? String(contentsOfFile: work + "/session.txt", encoding: .utf8)) ?? "", tesseract: tesseract)
                )
            )

            guard let asciinema else {
                lines.append("  asciinema: not installed (pip install asciinema==2.4.0, or ASCIINEMA=PATH)")
                continue
            }
            let cast = work + "/session.cast"
            let recorded = try timed([asciinema, "rec", "-q", "--overwrite", "-c", session.command, cast], in: work, path: path)
            lines.append(row("asciinema rec", recorded, nil, ""))
            let ours = work + "/ours.gif"
            let drawn = try timed([showcase, "record", cast, "--out", ours, "--font-size", "14", "--fps", "30"], in: work, path: path)
            let screen = try lastScreen(of: cast)
            lines.append(row("showcase record CAST", drawn, ours, ocr(ours, screen: screen, tesseract: tesseract)))
            if let agg {
                let theirs = work + "/agg.gif"
                let aggDrawn = try timed([agg, "--font-size", "14", "--fps-cap", "30", cast, theirs], in: work, path: path)
                lines.append(row("agg", aggDrawn, theirs, ocr(theirs, screen: screen, tesseract: tesseract)))
            }
        }
        if agg == nil { lines.append("agg: not installed (its release binary, or `cargo install --git https://github.com/asciinema/agg`; AGG=PATH)") }
        if tesseract == nil { lines.append("OCR: tesseract not installed (apt-get install tesseract-ocr)") }
        return lines
    }

    static func findProgram(_ name: String, environment: String) -> String? {
        let variables = ProcessInfo.processInfo.environment
        if let given = variables[environment] { return FileManager.default.isExecutableFile(atPath: given) ? given : nil }
        let path = (variables["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return path.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `arguments` on an 80×24 pseudo-terminal and waits for it: its wall and CPU time
    /// (the CPU of every child it waited for included).
    static func timed(_ arguments: [String], in folder: String, path: String) throws -> Timing {
        let pty = try PseudoTerminal(size: .init(width: 80, height: 24))
        let counter = ByteCounter(pty: pty)
        defer { counter.stop() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, pty.secondary, descriptor) }
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "COLORTERM=truecolor", "PATH=\(path)", "HOME=\(folder)"]
        var pid: pid_t = 0
        let start = ContinuousClock.now
        // In a session of its own with the terminal as its controlling one (setsid does not
        // fork here: the child leads no group), started in `folder` by a shell that then
        // becomes the program.
        let command = ["/usr/bin/setsid", "--ctty", "/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder] + arguments
        let status = FramesBench.withCStrings(command) { argv in
            FramesBench.withCStrings(environment) { envp in posix_spawn(&pid, command[0], &actions, nil, argv, envp) }
        }
        guard status == 0 else { throw Failure(description: "could not start \(arguments[0]): \(String(cString: strerror(status)))") }
        var usage = rusage()
        var exitStatus: Int32 = 0
        while wait4(pid, &exitStatus, 0, &usage) < 0, errno == EINTR {}
        let elapsed = ContinuousClock.now - start
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        // `timeout` ends the full-screen session with 124, which is how it is meant to end.
        let code = (exitStatus >> 8) & 0xFF
        guard exitStatus & 0x7F == 0, code == 0 || code == 124 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) ended with status \(exitStatus)")
        }
        return Timing(wall: wall, cpu: cpu)
    }

    struct Facts {
        var frames: Int
        var bytes: Int
        var width: Int
        var height: Int
    }

    static func facts(of gif: String) throws -> Facts {
        let data = try Data(contentsOf: URL(fileURLWithPath: gif))
        let image = try AnimatedImage(data: data)
        return Facts(frames: image.frameCount, bytes: data.count, width: image.width, height: image.height)
    }

    /// The text of a cast's last screen.
    static func lastScreen(of path: String) throws -> String {
        let cast = try Cast.parse(try String(contentsOfFile: path, encoding: .utf8))
        var terminal = TerminalEmulator(size: .init(width: cast.columns, height: cast.rows))
        for output in cast.outputs { terminal.feed(Array(output.text.utf8)) }
        return terminal.rows.joined(separator: "\n")
    }

    /// The last frame read back by tesseract: "found/all" of the words of three letters or more
    /// on `screen` (the frame's text) that OCR reads; "-" without tesseract.
    static func ocr(_ gif: String, screen: String, tesseract: String?) -> String {
        guard let tesseract, let data = try? Data(contentsOf: URL(fileURLWithPath: gif)), let image = try? AnimatedImage(data: data) else { return "-" }
        let picture = gif + ".last.png"
        guard (try? ImageFile.writePNG(image.image(at: image.frameCount - 1), to: picture)) != nil,
            let read = try? standardOutput(of: tesseract, [picture, "-", "--psm", "6"])
        else { return "-" }
        let seen = Set(words(String(decoding: read, as: UTF8.self)))
        let expected = Set(words(screen))
        guard !expected.isEmpty else { return "nothing to read" }
        let missed = expected.subtracting(seen).sorted()
        return "\(expected.count - missed.count)/\(expected.count)" + (missed.isEmpty ? "" : " (not read: \(missed.joined(separator: ", ")))")
    }

    /// Words of three letters or more (what OCR is asked to find).
    static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count >= 3 }
    }
}
