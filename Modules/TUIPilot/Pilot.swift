import Foundation
import TerminalRuntime

/// Drives a view headless, as a user would, on a virtual clock: keys, typing, pastes,
/// clicks, drags, the wheel, resizes and time, then the screen as text (or with styles).
/// It runs the app's own loop (the one `TerminalApp` runs on a real terminal) on a headless
/// terminal and the virtual clock: input is drawn at once, and what components ask for while
/// time passes is drawn at most once a display interval (1/60 s), at the virtual times a
/// real terminal would draw it. Every action ends with a frame drawn, so what the screen
/// shows is always current.
///
/// ```swift
/// let pilot = Pilot(MyView(), size: Size(width: 40, height: 10))
/// pilot.press(.down, .enter)
/// await pilot.advance(by: .seconds(1))
/// print(pilot.lines[0])
/// ```
@MainActor
public final class Pilot {
    /// The virtual terminal the view is drawn on.
    public let terminal: HeadlessTerminal
    /// The clock the view's components should be given (time moves only with ``advance(by:)``).
    public let clock: VirtualScheduler
    /// The host that routes input to the view and draws it.
    public let host: TerminalHost
    /// The app's loop, on the headless terminal and the virtual clock.
    private let loop: TerminalRunLoop

    /// A pilot for `root` on a terminal of `size`.
    public init(_ root: any View, size: Size = Size(width: 80, height: 24), clock: VirtualScheduler = VirtualScheduler(), colorDepth: ColorDepth = .trueColor) {
        terminal = HeadlessTerminal(size: size, colorDepth: colorDepth)
        self.clock = clock
        host = TerminalHost(backend: terminal, root: root)
        loop = TerminalRunLoop(backend: terminal, host: host, clock: clock)
        loop.start()  // the first frame, at once
    }

    /// How many frames have been drawn.
    public var frameCount: Int { host.renderCount }

    /// Presses keys, one after another.
    public func press(_ keys: Key...) {
        for key in keys { send(.key(key)) }
    }

    /// Types `text`, a key a character (a newline is Enter).
    public func type(_ text: String) {
        for character in text { send(.key(character == "\n" ? .enter : .character(character))) }
    }

    /// Pastes `text` at once, as a terminal's bracketed paste delivers it.
    public func paste(_ text: String) { send(.paste(text)) }

    /// Clicks at `point`: a press and a release there.
    public func click(at point: Point, button: MouseEvent.Button = .left) {
        send(.mouse(MouseEvent(.press, button: button, at: point)))
        send(.mouse(MouseEvent(.release, button: button, at: point)))
    }

    /// Clicks on the first cell of the first place the screen shows `text`, top to bottom,
    /// as a person clicks a button they read; says where, or nil (nothing sent) when the
    /// screen does not show it.
    @discardableResult
    public func click(on text: String, button: MouseEvent.Button = .left) -> Point? {
        guard let point = position(of: text) else { return nil }
        click(at: point, button: button)
        return point
    }

    /// Where the screen shows `text` first (its first cell), top to bottom, or nil. Columns
    /// count cells, so wide characters before it count two.
    public func position(of text: String) -> Point? {
        guard !text.isEmpty else { return nil }
        for (y, line) in terminal.lines.enumerated() {
            guard let range = line.range(of: text) else { continue }
            return Point(x: String(line[..<range.lowerBound]).displayWidth, y: y)
        }
        return nil
    }

    /// Drags from `start` to `end` with the left button, a row or column at a time.
    public func drag(from start: Point, to end: Point) {
        send(.mouse(MouseEvent(.press, button: .left, at: start)))
        let steps = max(abs(end.x - start.x), abs(end.y - start.y))
        for step in stride(from: 1, through: steps, by: 1) {
            let point = Point(x: start.x + (end.x - start.x) * step / steps, y: start.y + (end.y - start.y) * step / steps)
            send(.mouse(MouseEvent(.drag, button: .left, at: point)))
        }
        send(.mouse(MouseEvent(.release, button: .left, at: end)))
    }

    /// Turns the mouse wheel at `point`, `notches` times (negative: down).
    public func wheel(_ notches: Int, at point: Point) {
        for _ in 0..<abs(notches) { send(.mouse(MouseEvent(notches > 0 ? .wheelUp : .wheelDown, at: point))) }
    }

    /// Resizes the terminal, as a window resize does.
    public func resize(to size: Size) {
        terminal.resize(to: size)
        loop.deliverInput()
    }

    /// Moves the virtual clock forward by `duration`, letting async work driven by it run
    /// (`VirtualScheduler/run(for:)`) and the frames it asks for be drawn as they fall due;
    /// then draws.
    public func advance(by duration: Duration) async {
        await clock.run(for: duration)
        loop.drawNow()
    }

    /// The status the app asked to quit with, once it has: from an event
    /// (`EventResult/quit(status:)`) or from anywhere else (a component's `HostLink.quit`, a
    /// timer's, a task's).
    public var quitStatus: Int32? { host.quitStatus }
    /// What the app printed through its `HostLink` (above an inline app's rows, or after a
    /// full-screen app), oldest first.
    public var printed: [String] { host.printed }

    /// The screen, a string a row, each as wide as the terminal.
    public var lines: [String] { terminal.lines }
    /// The screen, a string a row, without the spaces that end each row: what to compare
    /// with text written in a test.
    public var trimmedLines: [String] { terminal.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) } }
    /// The screen as one text, rows joined by newlines.
    public var text: String { terminal.text }
    /// The screen with its styles written in (see `HeadlessTerminal/styledLines`).
    public var styledLines: [String] { terminal.styledLines }

    /// The screen as an SVG picture: its text and colours on the terminal's background
    /// (dark unless `terminal.capabilities.theme` says light), a rectangle a cell.
    public var svg: String { terminal.screen.svg(theme: terminal.capabilities.theme) }

    /// Writes ``svg`` to the file at `path`, replacing it.
    public func writeSVG(to path: String) throws {
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Sends one event to the view, as the terminal delivers it, and draws.
    public func send(_ event: InputEvent) {
        terminal.send(event)
        loop.deliverInput()  // any event may change what is shown: a frame at once
    }
}
