import Foundation
import IndicatorKit
import TerminalIO

/// Composes and presents screens through the headless and the ncurses paths.
@MainActor
enum TerminalBench {
    struct Row {
        let path: String
        let scenario: String
        let microsecondsPerFrame: Double
        let bytesPerFrame: Double?
    }

    static let size = Size(width: 200, height: 60)

    /// Frame `k` of the full-change case: every cell differs from frame `k - 1`.
    static func fullFrame(_ k: Int) -> Canvas {
        var canvas = Canvas(size: size)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        for y in 0..<size.height {
            for x in 0..<size.width {
                let style = Style(foreground: .palette(UInt8((x + y + k) % 240 + 16)), background: k % 2 == 0 ? .default : .palette(236))
                canvas[x, y] = Cell(letters[(x + y + k) % letters.count], style: style)
            }
        }
        return canvas
    }

    /// Frame `k` of the one-cell case: a steady screen where one cell changes.
    static func oneCellFrame(_ base: Canvas, _ k: Int) -> Canvas {
        var canvas = base
        canvas[100, 30] = Cell(k % 2 == 0 ? "⠋" : "⠙", style: Style(foreground: .cyan))
        return canvas
    }

    static func run(frames: Int) throws -> [Row] {
        var rows: [Row] = []
        let base = fullFrame(0)

        // Headless: compose + present into memory.
        let headless = HeadlessTerminal(size: size, colorDepth: .palette256)
        rows.append(
            Row(
                path: "headless",
                scenario: "full screen change",
                microsecondsPerFrame: time(frames) { k in
                    headless.present(fullFrame(k))
                },
                bytesPerFrame: nil
            )
        )
        headless.present(base)
        rows.append(
            Row(
                path: "headless",
                scenario: "one-cell change",
                microsecondsPerFrame: time(frames) { k in
                    headless.present(oneCellFrame(base, k))
                },
                bytesPerFrame: nil
            )
        )

        // ncurses on a pseudo-terminal.
        let pty = try PseudoTerminal(size: size)
        let counter = ByteCounter(pty: pty)
        let terminal = try FullScreenTerminal.open(
            input: pty.secondary,
            output: pty.secondary,
            environment: ["TERM": "xterm-256color"],
            mouse: false
        )
        defer {
            terminal.close()
            counter.stop()
        }
        terminal.present(base)
        for (name, frame) in [("full screen change", { (k: Int) in fullFrame(k + 1) }), ("one-cell change", { (k: Int) in oneCellFrame(base, k + 1) })] {
            terminal.present(name == "one-cell change" ? base : fullFrame(0))
            let before = counter.settledTotal()
            var elapsed = 0.0
            for k in 0..<frames {
                let canvas = frame(k)
                let start = DispatchTime.now().uptimeNanoseconds
                terminal.present(canvas)
                elapsed += Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
            }
            let bytes = counter.settledTotal() - before
            if ProcessInfo.processInfo.environment["BENCH_TRACE"] == "1" {
                counter.startCapture()
                terminal.present(frame(frames))
                print("trace \(name): \(String(decoding: counter.endCapture().prefix(400), as: UTF8.self).debugDescription)")
            }
            rows.append(Row(path: "ncurses", scenario: name, microsecondsPerFrame: elapsed / Double(frames), bytesPerFrame: Double(bytes) / Double(frames)))
        }
        return rows
    }

    /// Average microseconds per call of `body(k)` over `frames` calls.
    static func time(_ frames: Int, _ body: (Int) -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for k in 0..<frames { body(k + 1) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(frames)
    }
}
