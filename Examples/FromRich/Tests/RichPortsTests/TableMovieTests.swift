import Foundation
import RichPorts
import Testing
import Widgets

/// The movie on a virtual clock, in a moment: its last frame rich's own at 120 columns
/// (`Screens/table_movie-end.txt`: what tmux showed when rich 15's example ended).
@MainActor
struct TableMovieTests {
    func lines(of view: some View, size: Size) -> ([String], Canvas) {
        var canvas = Canvas(size: size)
        view.render(in: canvas.bounds, on: &canvas)
        var lines = canvas.lines.map { line in
            var line = line
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        while lines.last == "" { lines.removeLast() }
        return (lines, canvas)
    }

    @Test func theLastFrameIsRichs() throws {
        let clock = VirtualScheduler()
        let movie = TableMovieExample(clock: clock, terminalWidth: 120)
        // Drawn at every beat, as a terminal draws it.
        for _ in 0..<1500 where !movie.isFinished {
            clock.advance(by: .milliseconds(40))
            _ = lines(of: movie, size: Size(width: 120, height: TableMovieExample.rowsNeeded))
        }
        #expect(movie.isFinished)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens/table_movie-end.txt")
        var original = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        while original.last == "" { original.removeLast() }
        let (frame, canvas) = lines(of: movie, size: Size(width: 120, height: TableMovieExample.rowsNeeded))
        #expect(frame == original)
        #expect(canvas[7, 2].style == Style(foreground: .cyan, attributes: .bold), "Release Date's header bold cyan")
        #expect(canvas[7, 5].style == Style(foreground: .cyan, attributes: .dim), "every other row dim")
        #expect(canvas[70, 11].style == Style(foreground: .brightRed, attributes: [.bold, .underline]), "Budget's footer")
        #expect(canvas[7, 3].style.foreground == .brightYellow, "the rule in the border's colour")
    }

    @Test func theTableIsBuiltAStepAtATime() {
        let clock = VirtualScheduler()
        let movie = TableMovieExample(clock: clock, terminalWidth: 120)
        clock.advance(by: .milliseconds(40 * 20))  // a step on the first beat, the next ten beats on
        let (frame, _) = lines(of: movie, size: Size(width: 120, height: TableMovieExample.rowsNeeded))
        #expect(frame.contains { $0.contains("Release Date   Title") } && !frame.contains { $0.contains("Budget") }, "two columns after twenty beats")
        #expect(!movie.isFinished)
    }
}
