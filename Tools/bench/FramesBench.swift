import Foundation
import Indicator
import IndicatorKit
import TerminalIO

#if canImport(Glibc)
import Glibc
#endif

/// `bench frames`: one full-screen dashboard (its IndicatorKit side is `frames-app`, a
/// program of its own beside bench) — 8 spinners, 4 progress bars, a 30-row window
/// on a 10 000-row list whose selection moves one row an update, 120×40 — in IndicatorKit
/// and, where they are installed, in tui-rs (with crossterm) and bubbletea (with bubbles),
/// each its own process on a pseudo-terminal: its CPU time, bytes to the terminal, peak RSS
/// and voluntary context switches, read from `wait4`; the runs interleaved, medians of
/// three. Its last screen is read back (pyte, where installed) so that no framework wins by
/// drawing less: it must show the update count it reports and the selected row.
enum FramesBench {
    static let size = Size(width: 120, height: 40)
    static let rows = 10_000
    static let window = 30

    /// `42` as `00042`.
    static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    /// The workloads: 60 updates a second; as many as it can; one spinner at 10 a second.
    enum Mode: String, CaseIterable {
        case rate, fast, idle
    }

    // MARK: Running a program on a pseudo-terminal

    /// What one run of one program cost.
    struct Sample {
        var cpu: Double  // seconds, user + system
        var bytes: Int
        var maxRSS: Int  // KiB
        var voluntarySwitches: Int
        var updates: Int
        var frames: Int?
        var screenChecked: Bool?  // nil: no pyte to read the screen with
    }

    /// A framework's program: how to start it in a mode.
    struct Program {
        let name: String
        let command: (Mode, Int, String) -> [String]
        let modes: Set<Mode>
    }

    static func run(_ program: Program, mode: Mode, seconds: Int) throws -> Sample {
        let pty = try PseudoTerminal(size: size)
        let counter = ByteCounter(pty: pty)
        counter.startCapture()
        let result = NSTemporaryDirectory() + "frames-\(getpid())-\(program.name).txt"
        unlink(result)
        let arguments = program.command(mode, seconds, result)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, pty.secondary, descriptor) }
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "COLORTERM=truecolor", "PATH=/usr/bin:/bin", "HOME=/tmp"]
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) }
        }
        guard status == 0 else { throw Failure(description: "could not start \(arguments[0]): \(String(cString: strerror(status)))") }
        var usage = rusage()
        var exitStatus: Int32 = 0
        while wait4(pid, &exitStatus, 0, &usage) < 0, errno == EINTR {}
        let bytes = counter.endCapture()
        counter.stop()
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let reported = ((try? String(contentsOfFile: result, encoding: .utf8)) ?? "").split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        unlink(result)
        guard let updates = reported.first else { throw Failure(description: "\(program.name) \(mode.rawValue) reported nothing (exit status \(exitStatus))") }
        return Sample(
            cpu: cpu,
            bytes: bytes.count,
            maxRSS: reported.count > 2 ? reported[2] : Int(usage.ru_maxrss),
            voluntarySwitches: Int(usage.ru_nvcsw),
            updates: updates,
            frames: reported.count > 1 && reported[1] > 0 ? reported[1] : nil,
            screenChecked: lastScreenShows(bytes, updates: updates, checksList: mode != .idle)
        )
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }

    /// Whether the screen the bytes leave before the alternate screen is left shows the
    /// update count and, with `checksList`, the selected row; nil when pyte is not there.
    static func lastScreenShows(_ bytes: [UInt8], updates: Int, checksList: Bool) -> Bool? {
        var cut = bytes[...]
        let leave = Array("\u{1B}[?1049l".utf8)
        if let range = lastRange(of: leave, in: bytes) { cut = bytes[..<range] }
        let file = NSTemporaryDirectory() + "frames-screen-\(getpid()).bin"
        _ = FileManager.default.createFile(atPath: file, contents: Data(cut))
        defer { unlink(file) }
        let script = """
            import sys, pyte
            screen = pyte.Screen(\(size.width), \(size.height))
            stream = pyte.ByteStream(screen)
            stream.feed(open(sys.argv[1], 'rb').read())
            print("\\n".join(screen.display))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let selected = "> row " + padded(updates % rows)
        return text.contains("update \(updates)") && (!checksList || text.contains(selected))
    }

    private static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var i = bytes.count - needle.count
        while i >= 0 {
            if bytes[i] == needle[0], Array(bytes[i..<i + needle.count]) == needle { return i }
            i -= 1
        }
        return nil
    }

    // MARK: The peers

    /// The programs: ours (this executable), and the peers that could be built.
    static func programs(bench: String) -> ([Program], [String]) {
        let app = URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("frames-app").path
        var programs = [Program(name: "IndicatorKit", command: { [app, $0.rawValue, String($1), $2] }, modes: Set(Mode.allCases))]
        var notes: [String] = []
        do {
            if let tui = try buildTui() {
                programs.append(Program(name: "tui-rs", command: { [tui, $0.rawValue, String($1), $2] }, modes: Set(Mode.allCases)))
            } else {
                notes.append("tui-rs: not built (apt-get install cargo librust-tui-dev librust-crossterm-dev: an offline build); skipped")
            }
        } catch {
            notes.append("tui-rs: \(error)")
        }
        do {
            if let tea = try buildBubbletea() {
                programs.append(Program(name: "bubbletea", command: { [tea, $0.rawValue, String($1), $2] }, modes: [.rate, .idle]))
            } else {
                notes.append(
                    "bubbletea: not built (apt-get install golang-go golang-github-charmbracelet-bubbletea-dev golang-github-charmbracelet-bubbles-dev); skipped"
                )
            }
        } catch {
            notes.append("bubbletea: \(error)")
        }
        return (programs, notes)
    }

    static func buildTui() throws -> String? {
        try CargoPeer.build("tui-frames", needing: "tui-0.19")
    }

    static func buildBubbletea() throws -> String? {
        let source = "Tools/bench/peers/bubbletea-frames/main.go"
        let gopath = "/usr/share/gocode"
        guard let go = executableOnPath("go"), FileManager.default.fileExists(atPath: source),
            FileManager.default.fileExists(atPath: gopath + "/src/github.com/charmbracelet/bubbles/progress")
        else { return nil }
        let output = FileManager.default.currentDirectoryPath + "/.build/bench-peers/bubbletea-frames"
        try FileManager.default.createDirectory(atPath: ".build/bench-peers", withIntermediateDirectories: true)
        try runQuietly(
            go,
            ["build", "-o", output, "main.go"],
            in: "Tools/bench/peers/bubbletea-frames",
            environment: ["GO111MODULE": "off", "GOPATH": gopath, "GOCACHE": NSTemporaryDirectory() + "bench-gocache", "GOFLAGS": "-mod=mod"]
        )
        return output
    }

    static func runQuietly(_ executable: String, _ arguments: [String], in folder: String, environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(URL(fileURLWithPath: executable).lastPathComponent) could not build the peer (status \(process.terminationStatus))")
        }
    }

    // MARK: The report

    /// Runs every program in every mode it has, `rounds` times interleaved, and prints the
    /// medians and the ratios to tui-rs.
    static func report(seconds: Int, fastSeconds: Int, rounds: Int) throws -> [String] {
        let bench = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let app = URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("frames-app").path
        guard FileManager.default.isExecutableFile(atPath: app) else {
            throw Failure(description: "frames-app is not built beside bench: swift build -c release --product frames-app")
        }
        let (programs, notes) = programs(bench: bench)
        var lines = notes
        lines.append(
            "frames: \(size.width)×\(size.height); rate: 60 updates/s for \(seconds) s; fast: as many as it can for \(fastSeconds) s; idle: one spinner at 10/s for \(seconds) s; medians of \(rounds)"
        )
        var samples: [String: [Mode: [Sample]]] = [:]
        for _ in 0..<rounds {
            for mode in Mode.allCases {
                for program in programs where program.modes.contains(mode) {
                    let sample = try run(program, mode: mode, seconds: mode == .fast ? fastSeconds : seconds)
                    samples[program.name, default: [:]][mode, default: []].append(sample)
                }
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        lines.append("program        mode   CPU s   CPU/update   bytes      B/frame  frames  updates  RSS MiB  vol.sw  sw/frame  screen")
        var figures: [String: [Mode: (cpu: Double, perUpdate: Double, bytes: Double, rss: Double, switchesPerFrame: Double)]] = [:]
        for program in programs {
            for mode in Mode.allCases {
                guard let runs = samples[program.name]?[mode], !runs.isEmpty else { continue }
                let cpu = median(runs.map(\.cpu))
                let updates = median(runs.map { Double($0.updates) })
                let bytes = median(runs.map { Double($0.bytes) })
                let frames = runs.compactMap(\.frames).isEmpty ? nil : median(runs.compactMap { $0.frames.map(Double.init) })
                let shown = frames ?? (mode == .idle ? Double(seconds * 10) : updates)
                let rss = median(runs.map { Double($0.maxRSS) }) / 1024
                let switches = median(runs.map { Double($0.voluntarySwitches) })
                let perUpdate = updates > 0 ? cpu / updates * 1000 : 0
                let checked = runs.map(\.screenChecked)
                let screen = checked.contains(nil) ? "unread" : checked.allSatisfy { $0 == true } ? "ok" : "WRONG"
                figures[program.name, default: [:]][mode] = (cpu, perUpdate, bytes, rss, switches / max(1, shown))
                lines.append(
                    program.name.padding(toLength: 14, withPad: " ", startingAt: 0) + " " + mode.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
                        + String(
                            format: " %6.2f  %8.3f ms  %9.0f  %7.0f  %6@  %7.0f  %7.1f  %6.0f  %8.2f  ",
                            cpu,
                            perUpdate,
                            bytes,
                            bytes / max(1, shown),
                            frames.map { String(format: "%.0f", $0) } ?? "-",
                            updates,
                            rss,
                            switches,
                            switches / max(1, shown)
                        )
                        + screen
                )
            }
        }
        if let ours = figures["IndicatorKit"], let tui = figures["tui-rs"] {
            lines.append("IndicatorKit / tui-rs:")
            if let a = ours[.rate], let b = tui[.rate] {
                lines.append(String(format: "  60 updates/s: CPU %.2f× (goal ≤ 1.0), bytes %.2f× (goal ≤ 1.0)", a.cpu / b.cpu, a.bytes / b.bytes))
            }
            if let a = ours[.fast], let b = tui[.fast] {
                lines.append(String(format: "  as fast as it can: CPU an update %.2f× (goal ≤ 1.0)", a.perUpdate / b.perUpdate))
            }
        }
        if let ours = figures["IndicatorKit"] {
            if let idle = ours[.idle] { lines.append(String(format: "  idle: %.2f voluntary switches a frame (goal ≤ 1.5)", idle.switchesPerFrame)) }
            let rss = ours.values.map(\.rss).max() ?? 0
            lines.append(String(format: "  peak RSS %.1f MiB (goal ≤ 16)", rss))
        }
        return lines
    }
}
