import Foundation
import RatatuiPorts
import Testing
import Widgets

/// Each port's screen at 80×24 is the original's, cell for cell: `Screens/NAME.txt` is what
/// tmux showed of tui 0.19's own example (`capture-pane -p` at 80×24; Tools/record-ratatui
/// records them again).
@MainActor
struct FirstScreenTests {
    func screen(of view: some View) -> [String] {
        var canvas = Canvas(size: Size(width: 80, height: 24))
        view.render(in: canvas.bounds, on: &canvas)
        return canvas.lines.map { line in
            var line = line
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    func original(_ name: String) throws -> [String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens/\(name).txt")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func block() throws {
        let port = BlockExample()
        #expect(screen(of: port) == (try original("block")))
        var canvas = Canvas(size: Size(width: 80, height: 24))
        port.render(in: canvas.bounds, on: &canvas)
        #expect(canvas[10, 4].style.background == .green && canvas[4, 4].style.foreground == .yellow, "a green block, its title part yellow")
        #expect(canvas[70, 4].style == Style(foreground: .brightWhite, background: .red, attributes: .bold))
        #expect(canvas[40, 13].style.foreground == .cyan, "the doubled borders are cyan")
        #expect(port.handle(.key(.character("q"))) == .quit(status: 0))
    }

    @Test func layout() throws {
        #expect(screen(of: LayoutExample()) == (try original("layout")))
    }

    @Test func popup() throws {
        let port = PopupExample()
        #expect(screen(of: port) == (try original("popup")))
        #expect(port.handle(.key(.character("p"))) == .handled)
        #expect(screen(of: port) == (try original("popup-open")), "p shows the popup")
        #expect(port.handle(.key(.character("q"))) == .quit(status: 0))
    }
}
