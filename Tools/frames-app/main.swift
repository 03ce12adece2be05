// `bench frames`'s IndicatorKit side: the dashboard, run on this process's terminal, a
// program of its own so that it links only what it uses (as a user's app would).
//   frames-app rate|fast|idle SECONDS RESULT_FILE
import Foundation
import Indicator
import IndicatorKit
import TerminalIO

enum Mode: String {
    case rate, fast, idle
}

let rows = 10_000
let window = 30

/// `42` as `00042`.
func padded(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
}

@MainActor
final class Dashboard: View {
    let spinners: [ActivityIndicator]
    let bars: [ProgressView]
    let list: ListView<Int>
    lazy var box = Box(list, title: "rows")
    private(set) var updates = 0

    init(spinners count: Int, bars barCount: Int, scheduler: any Scheduler) {
        spinners = (0..<count).map { i in
            let style = SpinnerStyle(name: "bench", frames: SpinnerStyle.comet.frames, interval: .milliseconds(count == 1 ? 100 : 110 + 10 * i))
            return ActivityIndicator(animation: style, label: "spinner \(i + 1)", clock: scheduler)
        }
        bars = (0..<barCount).map { _ in ProgressView(clock: scheduler) }
        list = ListView(items: Array(0..<rows), selects: true) { index, state in
            ListView<Int>.Row((state.isSelected ? "> " : "  ") + "row " + padded(index))
        }
        list.showsScrollBar = false
        for spinner in spinners {
            spinner.alignment = .leading
            spinner.startAnimating()
        }
    }

    func update() {
        updates += 1
        list.select(updates % rows)
        for (i, bar) in bars.enumerated() { bar.setProgress(Double((updates * (i + 1)) % 101) / 100, animated: false) }
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        canvas.draw("frames: dashboard · update \(updates)", at: rect.origin, clip: rect)
        var y = rect.y + 1
        for spinner in spinners {
            spinner.render(in: Rect(x: rect.x, y: y, width: 40, height: 1), on: &canvas)
            y += 1
        }
        for bar in bars {
            bar.render(in: Rect(x: rect.x, y: y, width: 40, height: 1), on: &canvas)
            y += 1
        }
        if !bars.isEmpty {
            box.render(in: Rect(x: rect.x + 40, y: rect.y + 1, width: rect.width - 40, height: window + 2), on: &canvas)
        }
    }
}

/// Runs the dashboard on this process's terminal (standard input and output) for
/// `seconds`, then writes `updates frames` to `result`: the program `bench frames` runs
/// as IndicatorKit's side (`bench frames-app MODE SECONDS RESULT`).
@MainActor
func runApp(mode: Mode, seconds: Int, result: String) throws -> Never {
    let terminal = try FullScreenTerminal.open(environment: ["TERM": "xterm-256color"], mouse: false, asksBackground: false)
    let scheduler = LiveScheduler()
    let idle = mode == .idle
    let dashboard = Dashboard(spinners: idle ? 1 : 8, bars: idle ? 0 : 4, scheduler: scheduler)
    let host = TerminalHost(backend: terminal, root: dashboard)
    if mode == .fast {
        let end = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < end {
            dashboard.update()
            host.setNeedsDisplay()
            host.renderIfNeeded()
        }
    } else {
        if mode == .rate {
            _ = scheduler.scheduleRepeating(every: .nanoseconds(16_666_667)) {
                dashboard.update()
                host.setNeedsDisplay()
            }
        }
        scheduler.schedule(after: .seconds(seconds)) { host.quit(status: 0) }
        // The blocking form, as a synchronous `main` runs an app (`TerminalApp.runBlocking`).
        _ = try TerminalApp.blocking(asyncForm: "") { await TerminalApp.run(host, on: terminal) }
    }
    terminal.close()
    try? "\(dashboard.updates) \(host.renderCount) \(peakResidentKiB())\n".write(toFile: result, atomically: true, encoding: .utf8)
    exit(0)
}

/// This process's peak resident memory in KiB (`VmHWM`): of its own image. (A child's
/// `ru_maxrss` from `wait4` is not: the vfork that `posix_spawn` uses counts the
/// parent's memory as the child's until it execs.) Each program reports its own.
func peakResidentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return line.flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }.flatMap { Int($0) } ?? 0
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let mode = Mode(rawValue: arguments[1]), let seconds = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: frames-app rate|fast|idle SECONDS RESULT_FILE\n".utf8))
    exit(64)
}
do {
    try MainActor.assumeIsolated { try runApp(mode: mode, seconds: seconds, result: arguments[3]) }
} catch {
    FileHandle.standardError.write(Data("frames-app: \(error)\n".utf8))
    exit(1)
}
