import Foundation
import Indicator
import IndicatorKit
import TerminalIO

/// `bench progress`: ten million `inc` calls with a bar drawn on a pseudo-terminal (100
/// columns), the time a call and the bytes the terminal got; then, where Python has them,
/// the same loop under tqdm (`for i in tqdm(range(n))`) and rich (`track(range(n))`), each
/// net of the bare Python loop, their bars on a pseudo-terminal too.
enum ProgressBench {
    static let calls = 10_000_000

    struct Failure: Error, CustomStringConvertible { let description: String }

    static func run() throws -> [String] {
        var lines = ["progress: \(calls / 1_000_000) million steps of a bar on a 100-column pseudo-terminal"]
        lines.append("case                         ns a step   seconds    bytes   bytes/s   redraws")
        let ours = try measureOurs()
        lines.append(row("ProgressBar.inc()", ours.nanoseconds, ours.seconds, ours.bytes, "\(ours.redraws)"))
        var peers: [String: (nanoseconds: Double, bytes: Int, seconds: Double)] = [:]
        for peer in ["tqdm", "rich"] {
            if let result = try measurePython(peer) {
                peers[peer] = result
                lines.append(row("\(peer) (net of the loop)", result.nanoseconds, result.seconds, result.bytes, "—"))
            } else {
                lines.append("\(peer): not installed (pip install \(peer)); skipped")
            }
        }
        let indicatif = try IndicatifPeer.build()
        if let indicatif {
            let result = try indicatif.measure()
            peers["indicatif"] = result
            lines.append(row("indicatif 0.17 inc(1)", result.nanoseconds, result.seconds, result.bytes, "—"))
        } else {
            lines.append("indicatif: not built (apt-get install cargo librust-indicatif-dev: an offline build); skipped")
        }
        // Drawn as long as the slowest peer's loop ran (2 s at least), so the bytes compare like for like.
        let span = max(2, peers.values.map(\.seconds).max() ?? 2)
        let paced = try measureOurs(pacedOver: span)
        lines.append(row("ProgressBar, paced", paced.nanoseconds, paced.seconds, paced.bytes, "\(paced.redraws)"))
        if let indicatif {
            let result = try indicatif.measure(pacedOver: span)
            lines.append(row("indicatif, paced", result.nanoseconds, result.seconds, result.bytes, "—"))
            lines.append(String(format: "time a step: %.3f× indicatif's (target ≤ 0.20)", ours.nanoseconds / (peers["indicatif"]?.nanoseconds ?? 1)))
            lines.append(
                String(
                    format: "bytes a second drawing: %.2f× indicatif's (target ≤ 0.20)",
                    (Double(paced.bytes) / paced.seconds) / (Double(result.bytes) / result.seconds)
                )
            )
        }
        let idle = try measureIdleSpinner(seconds: 2)
        lines.append(
            String(format: "an idle spinner (comet, 110 ms frames) for 2 s: %d frames, %d bytes, CPU %.2f%% of a core", idle.frames, idle.bytes, idle.cpu * 100)
        )
        if let tqdm = peers["tqdm"] {
            lines.append(String(format: "time a step: %.3f× tqdm's (target ≤ 0.10)", ours.nanoseconds / tqdm.nanoseconds))
        }
        for (name, peer) in peers.sorted(by: { $0.key < $1.key }) where name != "indicatif" {  // indicatif's, paced, is above
            let ratio = (Double(paced.bytes) / paced.seconds) / (Double(peer.bytes) / peer.seconds)
            lines.append(String(format: "bytes a second drawing: %.2f× %@'s%@", ratio, name, name == "rich" ? " (target ≤ 0.50)" : ""))
        }
        return lines
    }

    static func row(_ name: String, _ nanoseconds: Double, _ seconds: Double, _ bytes: Int, _ redraws: String) -> String {
        name.padding(toLength: 28, withPad: " ", startingAt: 0)
            + String(format: " %8.2f   %7.2f  %7d  %8.0f   %@", nanoseconds, seconds, bytes, Double(bytes) / max(0.001, seconds), redraws)
    }

    /// The tight loop; with `pacedOver`, the same steps spread over that long (a check of
    /// the clock every thousand), so the bar is drawn as long as a slower peer's is.
    static func measureOurs(pacedOver seconds: Double? = nil) throws -> (nanoseconds: Double, bytes: Int, redraws: Int, seconds: Double) {
        let pty = try PseudoTerminal(size: Size(width: 100, height: 24))
        let counter = ByteCounter(pty: pty)
        defer { counter.stop() }
        let group = ProgressGroup(output: LineTerminal(descriptor: pty.secondary), environment: ["TERM": "xterm-256color"])
        let bar = group.bar(total: calls, message: "counting")
        let clock = ContinuousClock()
        let start = clock.now
        if let seconds {
            let perChunk = Duration.seconds(seconds) / (calls / 1000)
            for chunk in 1...(calls / 1000) {
                for _ in 0..<1000 { bar.inc() }
                let due = start + perChunk * chunk
                if clock.now < due { Thread.sleep(forTimeInterval: (due - clock.now).seconds) }
            }
        } else {
            for _ in 0..<calls { bar.inc() }
        }
        let elapsed = clock.now - start
        bar.finish()
        let bytes = counter.settledTotal()
        return (elapsed.seconds * 1e9 / Double(calls), bytes, group.redrawCount, elapsed.seconds)
    }

    /// A spinner left alone: what its frames cost the process.
    static func measureIdleSpinner(seconds: Double) throws -> (frames: Int, bytes: Int, cpu: Double) {
        let pty = try PseudoTerminal(size: Size(width: 100, height: 24))
        let counter = ByteCounter(pty: pty)
        defer { counter.stop() }
        let group = ProgressGroup(output: LineTerminal(descriptor: pty.secondary), environment: ["TERM": "xterm-256color"])
        let spinner = group.spinner("waiting")
        let before = IndicatorBench.cpuSeconds()
        Thread.sleep(forTimeInterval: seconds)
        let cpu = (IndicatorBench.cpuSeconds() - before) / seconds
        let frames = group.redrawCount
        spinner.clear()
        return (frames, counter.settledTotal(), cpu)
    }

    /// The peer's loop under Python on a pseudo-terminal; nil when Python or the peer is missing.
    static func measurePython(_ peer: String) throws -> (nanoseconds: Double, bytes: Int, seconds: Double)? {
        // The first python3 on PATH (where pip put the peers), else the system's.
        guard let python = executableOnPath("python3") ?? executableOnPath("python3", path: "/usr/bin") else { return nil }
        let loop =
            peer == "tqdm"
            ? "from tqdm import tqdm\nit = tqdm(range(n), file=sys.stderr)"
            : "from rich.progress import track\nfrom rich.console import Console\nit = track(range(n), console=Console(file=sys.stderr, force_terminal=True, width=100))"
        let script = """
            import sys, time
            n = \(calls)
            try:
                \(loop.replacingOccurrences(of: "\n", with: "\n    "))
            except ImportError:
                print("missing"); sys.exit(0)
            t = time.perf_counter()
            for i in range(n): pass
            bare = time.perf_counter() - t
            t = time.perf_counter()
            for i in it: pass
            took = time.perf_counter() - t
            print((took - bare) / n * 1e9, took)
            """
        let run = try runPeer(python, ["-c", script])
        if run.answer == "missing" { return nil }
        guard run.status == 0, run.numbers.count == 2 else {
            throw Failure(description: "python3 with \(peer) ended with \(run.status): \(run.answer)")
        }
        return (run.numbers[0], run.bytes, run.numbers[1])
    }

    /// Runs a peer's loop with its standard error on a 100-column pseudo-terminal: what it
    /// printed (its figures), the numbers in that, its status and the bytes its bar wrote.
    static func runPeer(_ executable: String, _ arguments: [String]) throws -> (answer: String, numbers: [Double], status: Int32, bytes: Int) {
        let pty = try PseudoTerminal(size: Size(width: 100, height: 24))
        let counter = ByteCounter(pty: pty)
        defer { counter.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(fileDescriptor: pty.secondary, closeOnDealloc: false)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLUMNS"] = "100"
        environment["CI"] = nil
        process.environment = environment
        try process.run()
        let answer = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        return (answer, answer.split(separator: " ").compactMap { Double($0) }, process.terminationStatus, counter.settledTotal())
    }
}

/// indicatif's side of `bench progress`: `Tools/bench/peers/indicatif-progress` built with
/// cargo, offline, against the crate sources Debian packages (`/usr/share/cargo/registry`);
/// no test needs it.
struct IndicatifPeer {
    let executable: String

    /// The built peer, nil when cargo, the crate sources or the peer's folder are missing.
    static func build() throws -> IndicatifPeer? {
        try CargoPeer.build("indicatif-progress", needing: "indicatif-0.17").map(IndicatifPeer.init(executable:))
    }

    /// Its loop with its bar on a pseudo-terminal: ns a step, the terminal's bytes, seconds.
    func measure(pacedOver seconds: Double? = nil) throws -> (nanoseconds: Double, bytes: Int, seconds: Double) {
        let run = try ProgressBench.runPeer(executable, seconds.map { [String($0)] } ?? [])
        guard run.status == 0, run.numbers.count == 2 else {
            throw ProgressBench.Failure(description: "the indicatif peer ended with \(run.status): \(run.answer)")
        }
        return (run.numbers[0], run.bytes, run.numbers[1])
    }
}

/// A peer written in Rust (`Tools/bench/peers/NAME`), built with cargo in release mode,
/// offline, against the crate sources Debian packages (`/usr/share/cargo/registry`), in
/// `.build/bench-peers/NAME`; no test needs one.
enum CargoPeer {
    /// The built program's path; nil when cargo, the peer's folder or the crate `crate`
    /// (a folder name's start in the registry: `tui-0.19`) is missing.
    static func build(_ name: String, needing crate: String) throws -> String? {
        let source = "Tools/bench/peers/" + name
        let registry = "/usr/share/cargo/registry"
        guard let cargo = executableOnPath("cargo"),
            FileManager.default.fileExists(atPath: source + "/Cargo.toml"),
            (try? FileManager.default.contentsOfDirectory(atPath: registry))?.contains(where: { $0.hasPrefix(crate) }) == true
        else { return nil }
        let folder = ".build/bench-peers/" + name
        try? FileManager.default.removeItem(atPath: folder + "/src")
        try FileManager.default.createDirectory(atPath: folder + "/.cargo", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source + "/src", toPath: folder + "/src")
        try? FileManager.default.removeItem(atPath: folder + "/Cargo.toml")
        try FileManager.default.copyItem(atPath: source + "/Cargo.toml", toPath: folder + "/Cargo.toml")
        try "[source.crates-io]\nreplace-with = \"debian\"\n[source.debian]\ndirectory = \"\(registry)\"\n"
            .write(toFile: folder + "/.cargo/config.toml", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cargo)
        process.arguments = ["build", "--release", "--offline", "--quiet"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ProgressBench.Failure(description: "cargo could not build the \(name) peer (status \(process.terminationStatus))")
        }
        return folder + "/target/release/" + name
    }
}

/// The program `name` on `path` (PATH's folders, by default), as a shell finds it; nil when none is there.
func executableOnPath(_ name: String, path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") -> String? {
    path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
