import Dispatch
import Foundation
import Indicator
import IndicatorKit
import TerminalIO

/// One spinner animating on an otherwise still 80×24 screen, through the real parts: the
/// ncurses backend on a pseudo-terminal, the live scheduler on the main queue, the host
/// rendering only when the spinner's frame changes. Measures CPU time per second of the
/// whole process and bytes written per spinner frame.
@MainActor
enum IndicatorBench {
    final class Screen: View {
        let indicator: ActivityIndicator
        init(indicator: ActivityIndicator) { self.indicator = indicator }
        func render(in rect: Rect, on canvas: inout Canvas) {
            canvas.drawBox(rect, title: "IndicatorKit")
            canvas.draw("A still screen with one spinner.", at: Point(x: 2, y: 2), clip: rect)
            indicator.render(in: rect, on: &canvas)
        }
    }

    static func run(seconds: Int, then finish: @escaping @MainActor (String) -> Void) throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let counter = ByteCounter(pty: pty)
        let terminal = try FullScreenTerminal.open(
            input: pty.secondary,
            output: pty.secondary,
            environment: ["TERM": "xterm-256color"],
            mouse: false
        )
        let scheduler = LiveScheduler()
        let indicator = ActivityIndicator(animation: SpinnerStyle.comet, label: "Loading", reducedMotion: false, clock: scheduler)
        let host = TerminalHost(backend: terminal, root: Screen(indicator: indicator))
        var renderPosted = false
        host.onNeedsDisplay = {
            guard !renderPosted else { return }
            renderPosted = true
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    renderPosted = false
                    host.renderIfNeeded()
                }
            }
        }
        indicator.onNeedsDisplay = { host.setNeedsDisplay() }
        host.renderIfNeeded()
        let bytesBefore = counter.settledTotal()
        let rendersBefore = host.renderCount
        indicator.startAnimating()
        let cpuBefore = cpuSeconds()
        scheduler.schedule(after: .seconds(seconds)) {
            let cpu = cpuSeconds() - cpuBefore
            let frames = host.renderCount - rendersBefore
            let bytes = counter.settledTotal() - bytesBefore
            terminal.close()
            counter.stop()
            let percent = cpu / Double(seconds) * 100
            let perFrame = Double(bytes) / Double(max(1, frames))
            finish(
                String(
                    format:
                        "indicator: comet spinner (110 ms frames) on 80×24 for %d s: %d frames drawn, CPU %.2f%% of a core (target < 1%%), %.1f bytes per frame (target < 64)",
                    seconds,
                    frames,
                    percent,
                    perFrame
                )
            )
        }
    }

    /// User + system CPU time of the whole process.
    nonisolated static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
