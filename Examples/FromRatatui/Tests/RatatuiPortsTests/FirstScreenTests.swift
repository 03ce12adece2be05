import Foundation
import RatatuiPorts
import Testing
import Widgets

/// Each port's screen at 80×24 is the original's, cell for cell: `Screens/NAME.txt` is what
/// tmux showed of tui 0.19's own example (`capture-pane -p` at 80×24; Tools/record-ratatui
/// records them again; tmux leaves out the blank lines at the bottom, and so does `screen`).
@MainActor
struct FirstScreenTests {
    func screen(of view: some View) -> [String] {
        var canvas = Canvas(size: Size(width: 80, height: 24))
        view.render(in: canvas.bounds, on: &canvas)
        var lines = canvas.lines.map { line in
            var line = line
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        while lines.last == "" { lines.removeLast() }
        return lines
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

    @Test func table() throws {
        let port = TableExample()
        #expect(screen(of: port) == (try original("table")), "nothing selected: no symbol column, the third column cut at the edge")
        var canvas = Canvas(size: Size(width: 80, height: 24))
        port.render(in: canvas.bounds, on: &canvas)
        #expect(canvas[6, 6].style == Style(foreground: .red, background: .blue), "the header red on blue")
        #expect(canvas[30, 6].style.background == .blue, "the whole header row blue")
        #expect(port.handle(.key(.down)) == .handled && port.handle(.key(.down)) == .handled)
        #expect(screen(of: port) == (try original("table-down")), "↓ ↓ selects the second row")
        port.render(in: canvas.bounds, on: &canvas)
        #expect(canvas[12, 10].style.attributes.contains(.reverse), "the selected row reversed")
        for _ in 0..<17 { _ = port.handle(.key(.down)) }
        #expect(screen(of: port)[16].hasPrefix("     │>> Row191"), "the last row scrolled into view at the bottom")
        _ = port.handle(.key(.down))
        #expect(screen(of: port)[8].hasPrefix("     │>> Row11"), "↓ past the last row wraps round to the first")
        _ = port.handle(.key(.up))
        #expect(screen(of: port)[16].hasPrefix("     │>> Row191"), "↑ from the first wraps to the last")
        #expect(port.handle(.key(.character("q"))) == .quit(status: 0))
    }

    @Test func tabs() throws {
        let port = TabsExample()
        #expect(screen(of: port) == (try original("tabs")))
        var canvas = Canvas(size: Size(width: 80, height: 24))
        port.render(in: canvas.bounds, on: &canvas)
        #expect(canvas[7, 6].style == Style(foreground: .yellow, background: .black, attributes: .bold), "the selected tab's first letter")
        #expect(canvas[15, 6].style == Style(foreground: .green, background: .white), "another tab's rest")
        #expect(canvas[12, 6].style.foreground == .cyan, "the divider in the bar's colour")
        #expect(canvas[0, 0].style == Style(foreground: .black, background: .white), "black on white")
        #expect(port.handle(.key(.right)) == .handled)
        #expect(screen(of: port) == (try original("tabs-right")))
        _ = port.handle(.key(.left))
        _ = port.handle(.key(.left))
        #expect(port.index == 3, "← from the first wraps to the last")
        #expect(port.handle(.key(.character("q"))) == .quit(status: 0))
    }

    @Test func userInput() throws {
        let port = UserInputExample()
        #expect(screen(of: port) == (try original("user_input")))
        let typed: [Key] = "ehi".map(Key.character) + [.enter] + "there".map(Key.character)
        for key in typed { #expect(port.handle(.key(key)) == .handled) }
        #expect(screen(of: port) == (try original("user_input-typed")))
        var canvas = Canvas(size: Size(width: 80, height: 24))
        port.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.cursor == Point(x: 8, y: 4), "the cursor after the text typed")
        #expect(canvas[3, 4].style.foreground == .yellow, "the input yellow while editing")
        #expect(port.handle(.key(.character("q"))) == .handled, "q is typed while editing")
        _ = port.handle(.key(.backspace))
        #expect(port.handle(.key(.escape)) == .handled)
        #expect(port.input == "there" && port.messages == ["hi"])
        #expect(port.handle(.key(.character("q"))) == .quit(status: 0))
    }

    @Test func customWidget() throws {
        #expect(screen(of: CustomWidgetExample()) == (try original("custom_widget")))
    }

    /// The screen of a ticking port after `ticks` of its 250 ms ticks on a virtual clock.
    func screen(after ticks: Int, of make: (VirtualScheduler) -> some View) -> [String] {
        let clock = VirtualScheduler()
        let port = make(clock)
        clock.advance(by: .milliseconds(250 * ticks))
        return screen(of: port)
    }

    @Test(arguments: [0, 7, 150]) func gauge(ticks: Int) throws {
        let original = try original("gauge-tick\(ticks)")
        #expect(screen(after: ticks, of: { GaugeExample(clock: $0) }) == original)
    }

    @Test func gaugeColours() {
        let clock = VirtualScheduler()
        let port = GaugeExample(clock: clock)
        clock.advance(by: .milliseconds(250 * 60))
        var canvas = Canvas(size: Size(width: 80, height: 24))
        port.render(in: canvas.bounds, on: &canvas)
        #expect(canvas[3, 4].style.background == .yellow && canvas[70, 4].style.background == .default, "the first gauge filled 60 % in yellow")
        #expect(canvas[3, 9].style == Style(foreground: .green, background: .magenta), "the second's fill magenta, its text green")
        #expect(canvas[40, 14].style.attributes == [.italic, .bold], "the third's label bold and italic")
        #expect(port.handle(.key(.character("q"))) == .quit(status: 0))
    }

    @Test(arguments: [0, 7, 150]) func barchart(ticks: Int) throws {
        let original = try original("barchart-tick\(ticks)")
        #expect(screen(after: ticks, of: { BarChartExample(clock: $0) }) == original)
    }

    @Test(arguments: [0, 7, 150]) func chart(ticks: Int) throws {
        let original = try original("chart-tick\(ticks)")
        #expect(screen(after: ticks, of: { ChartExample(clock: $0) }) == original)
    }

    @Test(arguments: [0, 7, 150]) func canvas(ticks: Int) throws {
        let original = try original("canvas-tick\(ticks)")
        let world = CanvasExample.tuiWorld()
        let screen = screen(after: ticks, of: { CanvasExample(clock: $0, world: world) })
        if world.isEmpty {
            // Without tui's source installed the map is left out: the right half (the ball) still matches.
            #expect(screen.map { String($0.dropFirst(40)) } == original.map { String($0.dropFirst(40)) })
        } else {
            #expect(world.count == 5125)
            #expect(screen == original)
        }
    }

    @Test func canvasKeys() {
        let port = CanvasExample(clock: VirtualScheduler(), world: [])
        for key: Key in [.right, .right, .down, .up, .up, .left] { #expect(port.handle(.key(key)) == .handled) }
        #expect(port.x == 1 && port.y == -1)
        let lines = screen(of: port)
        #expect(lines[11].contains("You are here"), "one row up from the middle (tui's y grows downwards here)")
        #expect(port.handle(.key(.character("q"))) == .quit(status: 0))
    }

    @Test(arguments: [0, 7, 150]) func list(ticks: Int) throws {
        let original = try original("list-tick\(ticks)")
        #expect(screen(after: ticks, of: { ListExample(clock: $0) }) == original)
    }

    @Test func listKeys() {
        let port = ListExample(clock: VirtualScheduler())
        #expect(port.handle(.key(.up)) == .handled && port.selected == 0, "↑ with none selected selects the first")
        _ = port.handle(.key(.up))
        #expect(port.selected == 24, "and wraps round")
        let lines = screen(of: port)
        #expect(lines.contains { $0.hasPrefix("│>> Item24") }, "the last item scrolled into view, marked")
        var canvas = Canvas(size: Size(width: 80, height: 24))
        port.render(in: canvas.bounds, on: &canvas)
        let row = lines.firstIndex { $0.hasPrefix("│>> Item24") } ?? 0
        #expect(canvas[5, row].style == Style(background: .brightGreen, attributes: .bold))
        #expect(port.handle(.key(.left)) == .handled && port.selected == nil)
        #expect(screen(of: port)[1] == "│Item0" + String(repeating: " ", count: 33) + "││" + String(repeating: " ", count: 38) + "│")
        #expect(port.handle(.key(.character("q"))) == .quit(status: 0))
    }

    @Test(arguments: [0, 7, 150]) func paragraph(ticks: Int) throws {
        let original = try original("paragraph-tick\(ticks)")
        #expect(screen(after: ticks, of: { ParagraphExample(clock: $0) }) == original)
    }

    @Test func paragraphColours() {
        var canvas = Canvas(size: Size(width: 80, height: 24))
        ParagraphExample(clock: VirtualScheduler()).render(in: canvas.bounds, on: &canvas)
        #expect(canvas[0, 0].style == Style(foreground: .black, background: .brightWhite), "black on white")
        #expect(canvas[6, 5].style == Style(foreground: .black, background: .brightWhite, attributes: .bold), "a bold title")
    }

    @Test func sparkline() throws {
        let clock = VirtualScheduler()
        let port = SparklineExample(clock: clock, random: SeededRandom(seed: 42))
        // Random bars: the screens agree once every bar is read as a blank.
        func frame(_ lines: [String]) -> [String] { lines.map { String($0.map { "▁▂▃▄▅▆▇█".contains($0) ? " " : $0 }) } }
        let original = try original("sparkline")
        #expect(frame(screen(of: port)) == frame(original), "titles and side borders where tui draws them")
        let newest = port.data1[0]
        clock.advance(by: .milliseconds(250))
        #expect(
            port.data1[1] == newest && port.data2[0] == port.data1[0] && port.data3[0] == port.data1[0],
            "each tick one new value at the front of all three"
        )
        #expect(port.data1.count == 200 && port.data1.allSatisfy { (0..<100).contains($0) })
        let again = SparklineExample(clock: VirtualScheduler(), random: SeededRandom(seed: 42))
        #expect(again.data1 == SparklineExample(clock: VirtualScheduler(), random: SeededRandom(seed: 42)).data1, "a seed gives the same data")
        var canvas = Canvas(size: Size(width: 80, height: 24))
        port.render(in: canvas.bounds, on: &canvas)
        #expect(canvas[10, 6].style.background == .green, "the second on green")
    }
}

/// A random number generator that gives the same numbers for the same seed (SplitMix64).
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
