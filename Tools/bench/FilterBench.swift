import Foundation
import IndicatorKit
import TerminalIO

/// `bench filter`: `showcase filter` beside fzf (where it is installed) on a pseudo-terminal of
/// 120×40, the items on standard input: a million file paths (`find /usr` over and over, each
/// round under a prefix of its own, as a big tree's paths are), then 100 000. Each program is
/// started, its first drawing timed, then, once its input is read (a second without output),
/// `libpy` typed a letter at a time: a key's latency is from the key to the last byte of what
/// it drew (300 ms without output ending that). The peak RSS is the process's `VmHWM`. Runs
/// alternate between the programs; the medians of three are shown.
enum FilterBench {
    static let size = Size(width: 120, height: 40)
    static let keys = Array("libpy")

    struct Sample {
        var firstDraw: Double
        var keys: [Double]
        var peakMiB: Double
    }

    static func run(rounds: Int = 3) throws -> [String] {
        let showcase = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("showcase").path
        guard FileManager.default.isExecutableFile(atPath: showcase) else {
            throw FramesBench.Failure(description: "no showcase beside bench: build it first (swift build -c release --product showcase)")
        }
        let fzf = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first { FileManager.default.isExecutableFile(atPath: $0) }
        var lines = ["filter: `showcase filter` beside fzf on a 120×40 pseudo-terminal, `libpy` typed a letter at a time (medians of \(rounds))"]
        if fzf == nil { lines.append("(fzf is not installed: `apt-get install fzf` to measure it beside)") }
        for count in [1_000_000, 100_000] {
            let items = try paths(count)
            defer { unlink(items) }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: items)[.size] as? Int) ?? 0
            lines.append("")
            lines.append("\(count) paths (\(bytes / 1_000_000) MB)   first draw   keys l i b p y (ms)        peak RSS")
            var programs = [("showcase", [showcase, "filter"])]
            if let fzf { programs.append(("fzf", [fzf])) }
            var samples: [String: [Sample]] = [:]
            for _ in 0..<rounds {
                for (name, command) in programs { samples[name, default: []].append(try measure(command, items: items)) }
            }
            for (name, _) in programs {
                let taken = samples[name] ?? []
                func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
                let first = median(taken.map(\.firstDraw))
                let keys = (0..<Self.keys.count).map { index in median(taken.map { $0.keys[index] }) }
                let peak = median(taken.map(\.peakMiB))
                lines.append(
                    name.padding(toLength: 22, withPad: " ", startingAt: 0) + String(format: "%8.3f s   ", first)
                        + keys.map { String(format: "%5.0f", $0 * 1000) }.joined() + String(format: "   %8.0f MiB", peak)
                )
            }
        }
        lines.append("")
        lines.append("goal: each key within 1.5× fzf's latency, peak memory within 1.5× fzf's")
        return lines
    }

    /// `count` paths in a file of their own (removed by the caller).
    static func paths(_ count: Int) throws -> String {
        let listed = try standardOutput(of: "/usr/bin/find", ["/usr", "-xdev"])
        let base = listed.split(separator: UInt8(ascii: "\n"))
        guard !base.isEmpty else { throw FramesBench.Failure(description: "find /usr listed nothing") }
        var out = Data()
        out.reserveCapacity(count * 80)
        var round = 0
        var written = 0
        while written < count {
            for path in base where written < count {
                if round > 0 { out += Data("/copy\(round)".utf8) }
                out += path
                out.append(UInt8(ascii: "\n"))
                written += 1
            }
            round += 1
        }
        let file = NSTemporaryDirectory() + "filter-items-\(getpid())-\(count).txt"
        try out.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// One run of `command` with `items` on its standard input.
    static func measure(_ command: [String], items: String) throws -> Sample {
        let pty = try PseudoTerminal(size: size)
        defer {
            close(pty.primary)
            close(pty.secondary)
        }
        // A session of its own, in which the shell opens the pseudo-terminal by its name (so it
        // becomes the session's terminal, which /dev/tty names) and reads the items from the file.
        guard let name = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(pty.secondary)") else {
            throw FramesBench.Failure(description: "no name for the pseudo-terminal")
        }
        let arguments = ["/bin/sh", "-c", "exec \"$@\" < \"$0\" 1<>\"$PTS\" 2>&1", items] + command
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=/tmp", "PTS=\(name)"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, pty.secondary, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc), which Swift does not import
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = FramesBench.withCStrings(arguments) { argv in
            FramesBench.withCStrings(environment) { envp in posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) }
        }
        guard spawned == 0 else { throw FramesBench.Failure(description: "could not start \(command[0]): \(String(cString: strerror(spawned)))") }
        defer {
            // Read on while it ends: a program writing to a terminal nobody reads waits.
            kill(pid, SIGTERM)
            let end = ContinuousClock.now + .seconds(10)
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if ContinuousClock.now > end { kill(pid, SIGKILL) }
                var ready = pollfd(fd: pty.primary, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 50) == 1 { _ = pty.readAvailable() }
            }
        }
        var seen = 0
        var firstDraw: Double?
        var pending: [UInt8] = []
        // Reads for up to `wait`: answers the terminal's questions; the time of the last byte.
        func read(quiet wait: Duration) -> ContinuousClock.Instant? {
            var last: ContinuousClock.Instant?
            while true {
                var ready = pollfd(fd: pty.primary, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, Int32(wait.seconds * 1000)) == 1 else { return last }
                let bytes = pty.readAvailable()
                guard !bytes.isEmpty else { return last }
                last = .now
                seen += bytes.count
                pending += bytes
                for (question, answer) in [("\u{1B}[c", "\u{1B}[?62;22c"), ("\u{1B}[6n", "\u{1B}[1;1R")] {
                    while let range = pending.firstRange(of: Array(question.utf8)) {
                        pty.send(Array(answer.utf8))
                        pending.removeSubrange(pending.startIndex..<range.upperBound)
                    }
                }
                if pending.count > 64 { pending.removeFirst(pending.count - 64) }
                if firstDraw == nil, seen > 400 { firstDraw = (ContinuousClock.now - start).seconds }
            }
        }
        // The first drawing, then the whole input read: a second without output.
        let deadline = ContinuousClock.now + .seconds(60)
        while firstDraw == nil, ContinuousClock.now < deadline { _ = read(quiet: .seconds(1)) }
        while read(quiet: .seconds(1)) != nil, ContinuousClock.now < deadline {}
        var latencies: [Double] = []
        for key in keys {
            let sent = ContinuousClock.now
            pty.send(Array(String(key).utf8))
            let last = read(quiet: .milliseconds(300))
            latencies.append(last.map { ($0 - sent).seconds } ?? 0)
        }
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { line in
            line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
        }
        return Sample(firstDraw: firstDraw ?? .nan, keys: latencies, peakMiB: (peak ?? 0) / 1024)
    }
}
