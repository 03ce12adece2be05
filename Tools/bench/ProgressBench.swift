import Foundation
import Indicator
import NcursesTerminal
import TUICore

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
        // Drawn as long as the slowest peer's loop ran, so the bytes compare like for like.
        let span = peers.values.map(\.seconds).max() ?? 2
        let paced = try measureOurs(pacedOver: span)
        lines.append(row("ProgressBar, paced", paced.nanoseconds, paced.seconds, paced.bytes, "\(paced.redraws)"))
        let idle = try measureIdleSpinner(seconds: 2)
        lines.append(
            String(format: "an idle spinner (comet, 110 ms frames) for 2 s: %d frames, %d bytes, CPU %.2f%% of a core", idle.frames, idle.bytes, idle.cpu * 100)
        )
        if let tqdm = peers["tqdm"] {
            lines.append(String(format: "time a step: %.3f× tqdm's (target ≤ 0.10)", ours.nanoseconds / tqdm.nanoseconds))
        }
        for (name, peer) in peers.sorted(by: { $0.key < $1.key }) {
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
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard
            let python = (path.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3"])
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
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
        let pty = try PseudoTerminal(size: Size(width: 100, height: 24))
        let counter = ByteCounter(pty: pty)
        defer { counter.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
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
        if answer == "missing" { return nil }
        let numbers = answer.split(separator: " ").compactMap { Double($0) }
        guard process.terminationStatus == 0, numbers.count == 2 else {
            throw Failure(description: "python3 with \(peer) ended with \(process.terminationStatus): \(answer)")
        }
        return (numbers[0], counter.settledTotal(), numbers[1])
    }
}
