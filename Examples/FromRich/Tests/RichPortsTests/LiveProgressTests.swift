import Foundation
import RichPorts
import Testing
import Widgets

/// The port on a virtual clock: a step a tick while a job runs, and the last frame rich's own
/// (`Screens/live_progress-end.txt`: what tmux showed at 80 columns when rich's example ended;
/// rich 15 from PyPI).
@MainActor
struct LiveProgressTests {
    func original(_ name: String) throws -> [String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens/\(name).txt")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    func screen(of view: some View) -> ([String], Canvas) {
        var canvas = Canvas(size: Size(width: 80, height: 7))
        view.render(in: canvas.bounds, on: &canvas)
        let lines = canvas.lines.map { line in
            var line = line
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        return (lines, canvas)
    }

    @Test func theLastFrameIsRichs() throws {
        let clock = VirtualScheduler()
        let port = LiveProgressExample(clock: clock)
        clock.advance(by: .seconds(40))
        #expect(port.completed == port.total && port.ticks == 400, "Mixing's 400 steps are the longest")
        let original = try original("live_progress-end")
        #expect(screen(of: port).0 == original)
    }

    @Test func whileItRunsTheBarsTheSpinnersAndTheTimeLeftMove() {
        let clock = VirtualScheduler()
        let port = LiveProgressExample(clock: clock)
        clock.advance(by: .seconds(15))
        let (lines, canvas) = screen(of: port)
        #expect(lines[2].contains("Cooking   ━━━━━━━━━━━━━━━━━━━ 100%"), "a finished job: no spinner, a full bar")
        #expect(lines[3].hasPrefix("│  All Jobs ━━━━━━╸━━━━━  57% 0:00:12"), "400 of 700 after 15 s: 11.25 s for the rest at that pace")
        #expect(lines[3].hasSuffix("│  Baking  ⠋ ━━━━━━━━━━━━━━╺━━━━  75%  │"), "150 of 200: 14 whole cells, the rest from a half")
        #expect(canvas[12, 3].style.foreground == .rgb(249, 38, 114) && canvas[20, 3].style.foreground == .palette(237), "done in pink, the rest in grey")
        #expect(canvas[53, 2].style.foreground == .rgb(114, 156, 31), "a finished bar green")
        #expect(canvas[0, 0].style.foreground == .green && canvas[40, 0].style.foreground == .red && canvas[57, 0].style.attributes.contains(.bold))
    }
}
