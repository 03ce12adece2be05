import Foundation
import IndicatorKit
import TestSupport
import Testing

@testable import TerminalIO

/// The real backend on a pseudo-terminal. ncurses keeps global state, so these run one at a time.
@Suite(.serialized)
@MainActor
struct FullScreenTerminalTests {
    let environment = ["TERM": "xterm-256color"]

    func open(
        _ pty: PseudoTerminal,
        term: String = "xterm-256color",
        mouse: Bool = false,
        also: [String: String] = [:],
        asksBackground: Bool = false
    ) throws -> FullScreenTerminal {
        try FullScreenTerminal.open(
            input: pty.secondary,
            output: pty.secondary,
            environment: ["TERM": term].merging(also) { _, told in told },
            mouse: mouse,
            asksBackground: asksBackground
        )
    }

    /// The input events the terminal reads, waiting on its input (not sleeping) until there
    /// are `count` of them; ten seconds is only a safety net.
    func events(_ terminal: FullScreenTerminal, _ pty: PseudoTerminal, count: Int) -> [InputEvent] {
        var events = terminal.readEvents()
        let deadline = ContinuousClock.now + .seconds(10)
        while events.count < count && ContinuousClock.now < deadline {
            var input = pollfd(fd: pty.secondary, events: Int16(POLLIN), revents: 0)
            _ = poll(&input, 1, 10)  // wakes when input arrives; a lone Esc needs ncurses' delay to pass
            events += terminal.readEvents()
        }
        return events
    }

    /// The terminal's side, on a thread of its own: waits for the start-up questions (DA1
    /// last), answers with `answer`, and gives what was asked.
    func answering(_ pty: PseudoTerminal, with answer: String) -> OwnThread<String> {
        struct Shared: @unchecked Sendable { let pty: PseudoTerminal }  // its primary side is read only there
        let shared = Shared(pty: pty)
        return OwnThread {
            let asked = shared.pty.output(until: { $0.contains("\u{1B}[c") })
            shared.pty.send(Array(answer.utf8))
            return asked
        }
    }

    nonisolated static let hasXtermDirect = ["/usr/share/terminfo/x/xterm-direct", "/lib/terminfo/x/xterm-direct", "/etc/terminfo/x/xterm-direct"]
        .contains { FileManager.default.fileExists(atPath: $0) }

    @Test(.enabled(if: hasXtermDirect, "needs the xterm-direct terminfo (Debian's ncurses-term, which Tools/setup installs)"))
    func colortermTruecolorGivesTrueColourUnderA256ColourTerm() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty, term: "xterm-256color", also: ["COLORTERM": "truecolor"])
        defer { terminal.close() }
        #expect(terminal.capabilities.colorDepth == .trueColor)
        #expect(terminal.capabilities.name == "xterm-256color, as xterm-direct")
        var canvas = Canvas(size: terminal.size)
        canvas.draw("x", at: .zero, style: Style(foreground: .rgb(1, 2, 3)))
        terminal.present(canvas)
        let sent = pty.output(until: { $0.contains("x") })
        #expect(sent.contains("38:2::1:2:3") || sent.contains("38;2;1;2;3"), "a 24-bit colour is sent as such (xterm-direct writes the ITU colon form)")
    }

    @Test(.timeLimit(.minutes(1)))
    func theBackgroundIsAskedOfTheTerminalAndKeysTypedMeanwhileAreKept() async throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        // The terminal's side: answer the question as a light xterm does, with a key typed meanwhile.
        let answered = answering(pty, with: "\u{1B}]11;rgb:ffff/fafa/f0f0\u{1B}\\q\u{1B}[?62;22c")
        let terminal = try FullScreenTerminal.open(
            input: pty.secondary,
            output: pty.secondary,
            environment: ["TERM": "xterm-256color"],
            mouse: false
        )
        defer { terminal.close() }
        #expect(answered.join().contains("\u{1B}]11;?"), "it asked")
        #expect(terminal.capabilities.theme == .light)
        #expect(events(terminal, pty, count: 1) == [.key(.character("q"))], "the key typed meanwhile is not lost")
    }

    @Test func lateAnswersNeverArriveAsKeys() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty)
        defer { terminal.close() }
        // Long after any question's wait: a background colour and a DA1, then a key.
        pty.send(Array("\u{1B}]11;rgb:ffff/fafa/f0f0\u{1B}\\\u{1B}[?62;22cq".utf8))
        #expect(events(terminal, pty, count: 1) == [.key(.character("q"))])
    }

    /// A terminal slow on its first start answers the start-up questions after the wait:
    /// its late cursor report is no key (`ESC [ 1 ; 2 R` is also Shift-F3's bytes), and its
    /// graphics answers still turn pixels on, with a resize to draw everything again.
    @Test func lateGraphicsAnswersTurnPixelsOnAndALateCursorReportIsNoKey() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty, asksBackground: true)  // nobody answers within the wait
        defer { terminal.close() }
        #expect(!terminal.capabilities.pixelImages && terminal.graphics == .symbols)
        pty.send(Array("\u{1B}[1;2R\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22cq".utf8))
        let events = events(terminal, pty, count: 2)
        #expect(events == [.key(.character("q")), .resize(terminal.size)], "\(events)")
        #expect(terminal.capabilities.pixelImages && terminal.graphics == .kitty)
        #expect(terminal.capabilities.cellPixels == Size(width: 10, height: 20), "the cell size it said")
    }

    /// The same terminal, asked to measure widths: the cursor reports that come after the
    /// wait still say them, and everything is drawn again (seen as "not measured here" in
    /// the Terminal scene of kitty 0.41 started with the showcase as its command).
    @Test func lateCursorReportsStillMeasureTheWidths() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try FullScreenTerminal.open(
            input: pty.secondary,
            output: pty.secondary,
            environment: ["TERM": "xterm-256color"],
            mouse: false,
            measuringWidths: ["漢", "❤"]
        )
        defer { terminal.close() }
        #expect(terminal.capabilities.measuredWidths.isEmpty, "nobody answered within the wait")
        pty.send(Array("\u{1B}[5;3R".utf8))
        pty.send(Array("\u{1B}[5;2R\u{1B}[?62;22cq".utf8))
        let events = events(terminal, pty, count: 2)
        #expect(events == [.key(.character("q")), .resize(terminal.size)], "\(events)")
        #expect(terminal.capabilities.measuredWidths == ["漢": 2, "❤": 1])
    }

    @Test func lateAnswersOfATerminalWithoutPixelsChangeNothing() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty, asksBackground: true)
        defer { terminal.close() }
        pty.send(Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;22cq".utf8))
        #expect(events(terminal, pty, count: 1) == [.key(.character("q"))])
        #expect(!terminal.capabilities.pixelImages && terminal.graphics == .symbols)
    }

    /// Typed ahead, pasted or sent by a terminal left in mouse-motion mode while the start-up
    /// questions were out: however many bytes, every key arrives, in order, and `q` still quits
    /// (ncurses' own push-back buffer held 137 bytes; the rest, and every key after, was lost).
    @Test(.timeLimit(.minutes(1)))
    func anyAmountTypedDuringTheStartUpQuestionsArrivesInOrder() async throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let typed = String(repeating: "typed-ahead ", count: 40)  // 480 bytes
        let motion = (1...13).map { "\u{1B}[<35;\($0);2M" }.joined()
        let unknown = String(repeating: "\u{1B}[?99;1$y", count: 20)
        let answered = answering(pty, with: typed + motion + unknown + "\u{1B}[?62;22c")
        let terminal = try FullScreenTerminal.open(
            input: pty.secondary,
            output: pty.secondary,
            environment: ["TERM": "xterm-256color"],
            mouse: true
        )
        defer { terminal.close() }
        _ = answered.join()
        pty.send(Array("q".utf8))
        let events = events(terminal, pty, count: typed.count + 13 + 1)
        #expect(events.prefix(typed.count) == typed.map { .key(.character($0)) }[...])
        #expect(events.dropFirst(typed.count).prefix(13).allSatisfy { if case .mouse(let m) = $0 { m.action == .move } else { false } })
        #expect(events.last == .key(.character("q")), "a key typed after them is read too")
        #expect(events.count == typed.count + 13 + 1, "the unknown answers are no keys")
    }

    /// A 10 MB bracketed paste: its first MiB arrives as the paste, the view is told how much
    /// was dropped, and a key typed after it is read; the reader never queues the flood whole.
    @Test(.timeLimit(.minutes(2)))
    func aPasteFloodIsCutAtTheLimitAndTheKeyAfterItArrives() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty)
        defer { terminal.close() }
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000)
        let primary = pty.primary
        let writer = Thread {
            let bytes = Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~q".utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
                if n > 0 {
                    offset += n
                } else if errno == EAGAIN || errno == EINTR {
                    var output = pollfd(fd: primary, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&output, 1, 1000)  // the primary side does not block: wait until the reader made room
                } else {
                    break
                }
            }
        }
        writer.start()
        var events: [InputEvent] = []
        let deadline = ContinuousClock.now + .seconds(100)
        while events.last != .key(.character("q")) && ContinuousClock.now < deadline {
            var input = pollfd(fd: pty.secondary, events: Int16(POLLIN), revents: 0)
            _ = poll(&input, 1, 100)
            events += terminal.readEvents()
        }
        let limit = TerminalInputParser.pasteLimit
        #expect(events == [.paste(String(repeating: "x", count: limit)), .pasteCut(droppedBytes: body.count - limit), .key(.character("q"))])
    }

    @Test(.enabled(if: hasXtermDirect, "needs the direct-colour terminfo entries (Debian's ncurses-term)"))
    func kittyGetsTrueColour() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty, term: "kitty", also: ["COLORTERM": "truecolor"])
        defer { terminal.close() }
        #expect(terminal.capabilities.colorDepth == .trueColor)
        #expect(terminal.capabilities.name == "kitty, as kitty-direct")
    }

    @Test func aHugeWindowIsDrawnAtTheLargestSizeAndToldSo() throws {
        let pty = try PseudoTerminal(size: Size(width: 5000, height: 5000))
        let terminal = try open(pty)
        defer { terminal.close() }
        #expect(terminal.size == TerminalHost.largestSize, "ncurses' screens are no larger than what is drawn")
        #expect(terminal.windowSize == Size(width: 5000, height: 5000))
        final class Blank: View { func render(in rect: Rect, on canvas: inout Canvas) {} }
        let frame = TerminalHost(backend: terminal, root: Blank()).composeFrame()
        #expect(frame.size == TerminalHost.largestSize)
        let text = frame.lines.joined(separator: "\n")
        #expect(text.contains("Window too large") && text.contains("is 5000×5000"))
        pty.resize(to: Size(width: 60000, height: 300))
        terminal.applyResize()
        #expect(terminal.size == Size(width: TerminalHost.largestSize.width, height: 300))
        pty.resize(to: Size(width: 80, height: 24))
        terminal.applyResize()
        #expect(terminal.size == Size(width: 80, height: 24) && terminal.windowSize == terminal.size)
    }

    @Test func sizeComesFromTheTerminal() throws {
        let pty = try PseudoTerminal(size: Size(width: 33, height: 7))
        let terminal = try open(pty)
        defer { terminal.close() }
        #expect(terminal.size == Size(width: 33, height: 7))
        #expect(terminal.capabilities.colorDepth == .palette256)
    }

    @Test func presentWritesWideCharactersAndOnlyChangesAfterwards() throws {
        let pty = try PseudoTerminal(size: Size(width: 40, height: 5))
        let terminal = try open(pty)
        defer { terminal.close() }
        _ = pty.output(until: { $0.contains("\u{1B}[?2004h") })  // the start-up sequences
        var canvas = Canvas(size: terminal.size)
        canvas.draw("héllo 漢字 😀", at: Point(x: 1, y: 1))
        terminal.present(canvas)
        let first = pty.output(until: { $0.contains("😀") })
        #expect(first.contains("héllo"))
        #expect(first.contains("漢字"))
        #expect(first.contains("😀"))

        canvas.draw("Z", at: Point(x: 30, y: 3))
        terminal.present(canvas)
        let second = pty.output(until: { $0.contains("Z") })
        #expect(second.contains("Z"))
        #expect(!second.contains("héllo"), "unchanged cells must not be sent again")
        #expect(second.utf8.count < 64)
    }

    @Test func keysAreDecoded() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty)
        defer { terminal.close() }
        pty.send(Array("a한".utf8) + Array("\u{1B}OA".utf8) + Array("\u{1B}[6~".utf8) + [0x03, 0x0D, 0x09])
        #expect(
            events(terminal, pty, count: 7) == [
                .key(.character("a")), .key(.character("한")), .key(.up), .key(.pageDown),
                .key(.control("c")), .key(.enter), .key(.tab),
            ]
        )
    }

    @Test func altAndModifiedArrowsArriveAsOneKeyEach() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty)
        defer { terminal.close() }
        // Alt-x as terminals send it (Esc x); Shift-↑, Ctrl-←, Alt-→ as xterm sends them.
        pty.send(Array("\u{1B}x".utf8) + Array("\u{1B}[1;2A".utf8) + Array("\u{1B}[1;5D".utf8) + Array("\u{1B}[1;3C".utf8))
        #expect(
            events(terminal, pty, count: 4) == [
                .key(.alt("x")), .key(.modified(.up, .shift)), .key(.modified(.left, .control)), .key(.modified(.right, .alt)),
            ]
        )
    }

    @Test func withoutAnAlternateScreenTheScreenIsClearedOnClose() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty, term: "vt100")
        var canvas = Canvas(size: terminal.size)
        canvas.draw("last frame", at: Point(x: 1, y: 1))
        terminal.present(canvas)
        _ = pty.output(until: { $0.contains("last frame") })
        terminal.close()
        #expect(pty.output(until: { $0.contains("\u{1B}[J") }).contains("\u{1B}[H\u{1B}[J"), "vt100's clear: nothing of the app is left on screen")
    }

    @Test func bracketedPasteArrivesAsOneEvent() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty)
        defer { terminal.close() }
        #expect(pty.output(until: { $0.contains("\u{1B}[?2004h") }).contains("\u{1B}[?2004h"), "bracketed paste is turned on")
        pty.send(Array("\u{1B}[200~héllo 漢\rworld\u{1B}[201~".utf8))
        #expect(events(terminal, pty, count: 1) == [.paste("héllo 漢\nworld")])
    }

    @Test func escapeAloneArrivesAfterTheShortDelay() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        let terminal = try open(pty)
        defer { terminal.close() }
        pty.send([0x1B])
        #expect(events(terminal, pty, count: 1) == [.key(.escape)])
    }

    @Test func mousePressDragReleaseAndWheel() throws {
        let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
        let terminal = try open(pty, mouse: true)
        defer { terminal.close() }
        // xterm-256color's terminfo names the SGR (1006) mouse format.
        let reports = ["\u{1B}[<0;5;3M", "\u{1B}[<32;6;4M", "\u{1B}[<0;6;4m", "\u{1B}[<65;2;2M"]
        var events: [InputEvent] = []
        for report in reports {
            pty.send(Array(report.utf8))
            events += self.events(terminal, pty, count: 1)
        }
        #expect(
            events == [
                .mouse(MouseEvent(.press, button: .left, at: Point(x: 4, y: 2))),
                .mouse(MouseEvent(.drag, button: .left, at: Point(x: 5, y: 3))),
                .mouse(MouseEvent(.release, button: .left, at: Point(x: 5, y: 3))),
                .mouse(MouseEvent(.wheelDown, button: .none, at: Point(x: 1, y: 1))),
            ]
        )
    }

    @Test func mouseReportsArrivingTogetherKeepTheirOrder() throws {
        let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
        let terminal = try open(pty, mouse: true)
        defer { terminal.close() }
        let reports = ["\u{1B}[<0;5;3M", "\u{1B}[<32;6;4M", "\u{1B}[<32;7;4M", "\u{1B}[<0;7;4m", "\u{1B}[<65;2;2M"]
        pty.send(Array(reports.joined().utf8))
        #expect(
            events(terminal, pty, count: 5) == [
                .mouse(MouseEvent(.press, button: .left, at: Point(x: 4, y: 2))),
                .mouse(MouseEvent(.drag, button: .left, at: Point(x: 5, y: 3))),
                .mouse(MouseEvent(.drag, button: .left, at: Point(x: 6, y: 3))),
                .mouse(MouseEvent(.release, button: .left, at: Point(x: 6, y: 3))),
                .mouse(MouseEvent(.wheelDown, button: .none, at: Point(x: 1, y: 1))),
            ]
        )
    }

    @Test func resizeIsAdoptedAndReported() throws {
        let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
        let terminal = try open(pty)
        defer { terminal.close() }
        pty.resize(to: Size(width: 25, height: 6))
        terminal.applyResize()
        #expect(terminal.size == Size(width: 25, height: 6))
        #expect(terminal.readEvents() == [.resize(Size(width: 25, height: 6))])
        // Presenting at the new size (and at 1×1) works.
        terminal.present(Canvas(size: terminal.size))
        pty.resize(to: Size(width: 1, height: 1))
        terminal.applyResize()
        var tiny = Canvas(size: terminal.size)
        tiny.draw("漢", at: .zero)
        terminal.present(tiny)
        #expect(terminal.size == Size(width: 1, height: 1))
    }

    @Test func everyColourCombinationOfATerminalOfEightIsDrawnBrightOnesBold() throws {
        // xterm has 8 colours (and 64 pairs, which ncurses' own drawing ran out of).
        let pty = try PseudoTerminal(size: Size(width: 16, height: 16))
        let terminal = try open(pty, term: "xterm")
        defer { terminal.close() }
        #expect(terminal.capabilities.colorDepth == .ansi16)
        _ = pty.readAvailable()  // ncurses' start
        var canvas = Canvas(size: terminal.size)
        var expected = Canvas(size: terminal.size)
        for y in 0..<16 {
            for x in 0..<16 {
                canvas[x, y] = Cell("x", style: Style(foreground: .ansi(UInt8(x)), background: .ansi(UInt8(y))))
                let shown = Style(foreground: .ansi(UInt8(x % 8)), background: .ansi(UInt8(y % 8)), attributes: x >= 8 ? .bold : [])
                expected[x, y] = Cell("x", style: shown)
            }
        }
        terminal.present(canvas)
        var screen = StyledScreen(size: terminal.size)
        screen.feed(pty.readAvailable())
        #expect(screen.unread.isEmpty, "\(screen.unread)")
        #expect(screen.cells == expected.cells)
    }

    @Test func aCanvasLargerThanTheScreenIsCutToIt() throws {
        let pty = try PseudoTerminal(size: Size(width: 10, height: 3))
        let terminal = try open(pty)
        defer { terminal.close() }
        _ = pty.readAvailable()  // ncurses' start
        var canvas = Canvas(size: Size(width: 20, height: 5))
        for y in 0..<5 { canvas.draw("row \(y) abcdefghijklmnop", at: Point(x: 0, y: y)) }
        terminal.present(canvas)
        var screen = StyledScreen(size: terminal.size)
        screen.feed(pty.readAvailable())
        var expected = Canvas(size: terminal.size)
        for y in 0..<3 { expected.draw("row \(y) abcd", at: Point(x: 0, y: y)) }
        #expect(screen.unread.isEmpty, "\(screen.unread)")
        #expect(screen.cells == expected.cells)
    }

    @Test func faintTextOnALightBackgroundIsAReadableColourNotTheTerminalsDim() throws {
        let pty = try PseudoTerminal(size: Size(width: 20, height: 3))
        let terminal = try open(pty, term: "xterm-256color", also: ["INDICATORKIT_BACKGROUND": "light"])
        defer { terminal.close() }
        var canvas = Canvas(size: terminal.size)
        canvas.draw("hint", at: .zero, style: Style(attributes: .dim))
        terminal.present(canvas)
        let sent = pty.output(until: { $0.contains("hint") })
        #expect(!sent.contains("\u{1B}[2m") && !sent.contains(";2m"), "no SGR 2: \(sent.debugDescription)")
        let index = sent.firstRange(of: /38;5;(\d+)m/).flatMap { UInt8(sent[$0].dropFirst(5).dropLast()) }
        #expect(index != nil, "an explicit colour: \(sent.debugDescription)")
        if let index {
            let ratio = Contrast.ratio(Color.palette(index).rgbComponents(default: (0, 0, 0)), (255, 255, 255))
            #expect(ratio >= Contrast.readable && ratio < 15, "palette \(index): \(ratio):1 on white")
        }
    }

    @Test func preflightExplainsUnusableTerminals() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        #expect(FullScreenTerminal.preflight(input: fds[0], output: fds[1], environment: environment) == .notATerminal)

        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        #expect(FullScreenTerminal.preflight(input: pty.secondary, output: pty.secondary, environment: ["TERM": "dumb"]) == .dumbTerminal("dumb"))
        #expect(FullScreenTerminal.preflight(input: pty.secondary, output: pty.secondary, environment: [:]) == .dumbTerminal(""))
        #expect(
            FullScreenTerminal.preflight(input: pty.secondary, output: pty.secondary, environment: ["TERM": "no-such-terminal-xyz"])
                == .unknownTerminal("no-such-terminal-xyz")
        )
        #expect(FullScreenTerminal.preflight(input: pty.secondary, output: pty.secondary, environment: environment) == nil)
        #expect(TerminalError.dumbTerminal("dumb").description.contains("xterm"))
    }
}
