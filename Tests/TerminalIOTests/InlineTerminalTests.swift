import Foundation
import IndicatorKit
import TerminalGraphics
import TerminalScreen
import TestSupport
import Testing

@testable import TerminalIO

#if canImport(Glibc)
import Glibc
#endif

/// The inline terminal on a pseudo-terminal, its output read back row by row by a screen
/// model that already shows what a shell had printed. One inline app holds a terminal at a
/// time, so these run one at a time.
@Suite(.serialized)
@MainActor
struct InlineTerminalTests {
    /// Lines a shell had printed, one per row, the cursor on the row after them.
    @MainActor
    final class Session {
        let pty: PseudoTerminal
        var screen: ScreenModel
        let terminal: InlineTerminal
        let host: TerminalHost

        /// `answers`: what the terminal answers the start-up's questions with, already waiting
        /// (by default only DA1, as a terminal that knows none of the others).
        init(
            size: Size = Size(width: 30, height: 8),
            above: [String],
            rows: Int,
            ending: InlineEnding = .keepLastFrame,
            environment: [String: String] = ["TERM": "xterm-256color"],
            answers: String = "\u{1B}[?62;22c",
            mouse: Bool = false,
            view: any View
        ) throws {
            pty = try PseudoTerminal(size: size)
            screen = ScreenModel(size: size)
            screen.feed(above.map { $0 + "\r\n" }.joined())
            var cooked = termios()
            tcgetattr(pty.secondary, &cooked)
            var quiet = cooked
            quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)  // the answers are not echoed, as a terminal's are not
            tcsetattr(pty.secondary, TCSANOW, &quiet)
            pty.send(Array(answers.utf8))
            // The line discipline takes input in on its own time: the modes go back once the
            // answers have arrived, or they would be echoed.
            var arrived = pollfd(fd: pty.secondary, events: Int16(POLLIN), revents: 0)
            if !answers.isEmpty { _ = poll(&arrived, 1, 2_000) }
            tcsetattr(pty.secondary, TCSANOW, &cooked)  // a shell's modes, which the app must give back
            terminal = try InlineTerminal.open(
                input: pty.secondary,
                output: pty.secondary,
                rows: rows,
                ending: ending,
                environment: environment,
                mouse: mouse
            )
            host = TerminalHost(backend: terminal, root: view)
        }

        /// Draws what is pending and reads what reached the terminal into the screen.
        func draw() {
            host.renderIfNeeded()
            read()
        }

        func read() {
            screen.feed(String(decoding: pty.readAvailable(), as: UTF8.self))
        }

        /// Resizes the window as a terminal does (SIGWINCH), waits for the resize to reach the
        /// run loop's descriptor and has the terminal take it in; false when it never came.
        /// With `rewrapping`, the screen re-wraps its lines as kitty does.
        func resizeWindow(to size: Size, rewrapping: Bool = false) -> Bool {
            pty.resize(to: size)
            if rewrapping { screen.rewrap(to: size) } else { screen.resize(to: size) }
            raise(SIGWINCH)
            var woken = pollfd(fd: terminal.resizeDescriptor, events: Int16(POLLIN), revents: 0)
            let came = poll(&woken, 1, 10_000) == 1
            terminal.applyResize()
            return came
        }
    }

    @MainActor
    final class Lines: View {
        var lines: [String]
        var cursor: Point?
        var link = HostLink()
        init(_ lines: [String]) { self.lines = lines }
        func render(in rect: Rect, on canvas: inout Canvas) {
            link.note()
            for (y, line) in lines.enumerated() where y < rect.height { canvas.draw(line, at: Point(x: rect.x, y: rect.y + y)) }
            canvas.cursor = cursor
        }
    }

    @Test func itDrawsBelowTheCursorLeavesWhatIsAboveAndWritesOnlyChangedRows() throws {
        let view = Lines(["Pick one", "> apples", "  pears"])
        let session = try Session(above: ["$ make", "built"], rows: 3, view: view)
        defer { session.terminal.close() }
        #expect(session.terminal.size == Size(width: 30, height: 3))
        session.draw()
        #expect(session.screen.rows.prefix(5) == ["$ make", "built", "Pick one", "> apples", "  pears"])
        #expect(!session.screen.cursorVisible && session.screen.cursor == Point(x: 0, y: 2), "the cursor rests, hidden, on the block's first row")
        session.screen.forgetWrites()
        view.lines = ["Pick one", "  apples", "> pears"]
        session.host.setNeedsDisplay()
        session.draw()
        #expect(session.screen.rows.prefix(5) == ["$ make", "built", "Pick one", "  apples", "> pears"])
        #expect(session.screen.writtenRows == [3, 4], "only the two rows that changed")
        session.screen.forgetWrites()
        session.host.setNeedsDisplay()
        session.draw()
        #expect(session.screen.writtenRows.isEmpty, "nothing changed, nothing written")
    }

    @Test func aTerminalThatRewrapsKeepsNoRowsOfTheBlockAboveItAfterANarrowing() throws {
        // kitty re-wraps each row at the new width; when they no longer fit, the first rows go
        // to the scrollback and the cursor stays on its screen row, below the block's top.
        let rows = ["? Choose"] + (1...4).map { "\($0) " + String(repeating: "x", count: 27) + "|" } + ["help"]
        let session = try Session(
            size: Size(width: 30, height: 10),
            above: ["$ one", "$ two"],
            rows: 6,
            environment: ["TERM": "xterm-kitty"],
            answers: "\u{1B}[3;1R\u{1B}[?62;22c",  // the cursor on the third row, then DA1
            view: Lines(rows)
        )
        defer { session.terminal.close() }
        session.draw()
        #expect(Array(session.screen.rows.prefix(8)) == ["$ one", "$ two"] + rows)
        #expect(session.resizeWindow(to: Size(width: 15, height: 10), rewrapping: true))
        #expect(session.screen.scrollback == ["$ one", "$ two"])
        #expect(session.screen.rows.first == "? Choose" && session.screen.cursor.y == 2, "kitty's screen before the block is drawn again")
        #expect(session.terminal.readEvents() == [.resize(Size(width: 15, height: 6))])
        session.host.send(.resize(session.terminal.size))
        session.draw()
        let narrow = rows.map { String($0.prefix(15)) }
        #expect(session.screen.rows == narrow + ["", "", "", ""], "drawn again from its top: no row of it left above")
    }

    @Test func aGraphemeTerminalsDrawAtOtherWidthsIsFollowedByAMoveToItsNextCell() throws {
        // A family emoji joined by ZWJ: 2 cells to the kit, 8 in xterm, 16 in kitty. Only its
        // first glyph is sent, then the cursor goes to the column after its two cells, so the
        // rest of the row is where the kit drew it and nothing wraps.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let session = try Session(above: ["$ choose"], rows: 2, view: Lines(["\(family) family", "é\u{301} x"]))
        defer { session.terminal.close() }
        session.host.renderIfNeeded()
        let written = String(decoding: session.pty.readAvailable(), as: UTF8.self)
        #expect(!written.contains(family) && written.contains("\u{1F468}\u{1B}[3G family"), "\(written.debugDescription)")
        #expect(written.contains("e\u{301}\u{301}\u{1B}[2G x"), "a letter with its marks, then placed: \(written.debugDescription)")
    }

    @Test func answersThatCameAreReadEvenWhenTheWaitIsOverBeforeTheyAreLookedAt() throws {
        // A process held off the processor past its wait (a busy machine) still takes the
        // answers that came: with no time to wait at all, what is waiting is read once.
        let pty = try PseudoTerminal(size: Size(width: 20, height: 4))
        defer {
            close(pty.primary)
            close(pty.secondary)
        }
        var quiet = termios()
        tcgetattr(pty.secondary, &quiet)
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)
        tcsetattr(pty.secondary, TCSANOW, &quiet)
        pty.send(Array("\u{1B}[?62;22c".utf8))
        var arrived = pollfd(fd: pty.secondary, events: Int16(POLLIN), revents: 0)
        _ = poll(&arrived, 1, 2_000)  // come: the line discipline takes input in on its own time
        let got = TerminalQuery.exchange(Array("\u{1B}[c".utf8), input: pty.secondary, output: pty.secondary, timeout: .zero) { _ in false }
        #expect(got == Array("\u{1B}[?62;22c".utf8))
    }

    @Test func onlyKittyOutsideAMultiplexerIsTakenToRewrapAsKittyDoes() {
        #expect(InlineTerminal.rewrapsLines(["TERM": "xterm-kitty"]))
        #expect(InlineTerminal.rewrapsLines(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]))
        #expect(!InlineTerminal.rewrapsLines(["TERM": "xterm-256color"]))
        #expect(!InlineTerminal.rewrapsLines(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]))
        #expect(!InlineTerminal.rewrapsLines(["TERM": "screen-256color", "KITTY_WINDOW_ID": "1"]))
        #expect(!InlineTerminal.rewrapsLines(["TERM": "xterm-kitty", "ZELLIJ": "0"]))
    }

    @Test func atTheBottomTheScreenScrollsToMakeRoom() throws {
        let above = (1...7).map { "line \($0)" }
        let session = try Session(above: above, rows: 3, view: Lines(["a", "b", "c"]))
        defer { session.terminal.close() }
        session.draw()
        #expect(session.screen.scrollback == ["line 1", "line 2"])
        #expect(session.screen.rows == ["line 3", "line 4", "line 5", "line 6", "line 7", "a", "b", "c"])
    }

    @Test func theBlockFollowsWhatTheViewDrawsWithinItsRowsAndTheLinesAboveStay() throws {
        let view = Lines(["Installing", "  a"])
        let session = try Session(above: ["$ install"], rows: 4, view: view)
        defer { session.terminal.close() }
        session.draw()
        #expect(session.screen.rows == ["$ install", "Installing", "  a", "", "", "", "", ""], "two rows drawn, two rows taken")
        for (lines, rows) in [
            (["Installing", "  a", "  b"], ["$ install", "Installing", "  a", "  b", "", "", "", ""]),  // grown by one row
            (["Done"], ["$ install", "Done", "", "", "", "", "", ""]),  // shrunk: the rows below erased
            (["1", "2", "3", "4", "5", "6"], ["$ install", "1", "2", "3", "4", "", "", ""]),  // at most the rows asked
        ] {
            view.lines = lines
            session.host.setNeedsDisplay()
            session.draw()
            #expect(session.screen.rows == rows)
        }
        session.terminal.minimumRows = 3
        view.lines = ["Done"]
        session.host.setNeedsDisplay()
        session.draw()
        #expect(session.screen.rows == ["$ install", "Done", "", "", "", "", "", ""])
        session.terminal.close()
        session.read()
        #expect(session.screen.cursor == Point(x: 0, y: 2), "the last frame kept, the cursor below its last line")
    }

    @Test func aBlockThatGrowsAtTheBottomScrollsTheScreenByWhatItGrew() throws {
        let above = (1...6).map { "line \($0)" }
        let view = Lines(["a"])
        let session = try Session(above: above, rows: 3, view: view)
        defer { session.terminal.close() }
        session.draw()
        #expect(session.screen.rows == ["line 1", "line 2", "line 3", "line 4", "line 5", "line 6", "a", ""])
        view.lines = ["a", "b", "c"]
        session.host.setNeedsDisplay()
        session.draw()
        #expect(session.screen.scrollback == ["line 1"])
        #expect(session.screen.rows == ["line 2", "line 3", "line 4", "line 5", "line 6", "a", "b", "c"], "scrolled by the row it grew past the bottom")
    }

    @Test func whenItEndsTheLastFrameStaysWithTheCursorBelowAndTheTerminalIsRestored() throws {
        let session = try Session(above: ["$ pick"], rows: 4, view: Lines(["chose: pears"]))
        session.draw()
        var raw = termios()
        tcgetattr(session.pty.secondary, &raw)
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0, "keys arrive one by one, unechoed, Ctrl-C as a key")
        session.terminal.close()
        session.read()
        #expect(session.screen.rows.prefix(3) == ["$ pick", "chose: pears", ""])
        #expect(session.screen.cursor == Point(x: 0, y: 2) && session.screen.cursorVisible, "below the last row with something on it, shown")
        var restored = termios()
        tcgetattr(session.pty.secondary, &restored)
        #expect(restored.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == tcflag_t(ECHO | ICANON | ISIG))
        session.terminal.close()  // twice: nothing more
        #expect(session.pty.readAvailable().isEmpty)
    }

    @Test func aLastFrameTooWideForTheWindowIsPrintedWholeAsWrappedLines() throws {
        let summary = ["✓ Name? Ada", "✓ Fruit? pears"]
        let session = try Session(size: Size(width: 4, height: 10), above: ["$ f"], rows: 1, view: Lines(summary))
        session.terminal.lastFrameUncut = { width in
            var canvas = Canvas(size: Size(width: width, height: 2))
            Lines(summary).render(in: Rect(x: 0, y: 0, width: width, height: 2), on: &canvas)
            return canvas
        }
        session.draw()
        #expect(session.screen.rows[1] == "✓ Na", "the block is cut at the window's width")
        session.terminal.close()
        session.read()
        #expect(session.screen.rows == ["$ f", "✓ Na", "me?", "Ada", "✓ Fr", "uit?", " pea", "rs", "", ""])
        #expect(session.screen.cursor == Point(x: 0, y: 8))
    }

    @Test func aLastFrameThatFitsIsLeftAsDrawn() throws {
        let session = try Session(above: ["$ f"], rows: 2, view: Lines(["✓ Name? Ada"]))
        session.terminal.lastFrameUncut = { _ in nil }
        session.draw()
        session.terminal.close()
        session.read()
        #expect(session.screen.rows.prefix(3) == ["$ f", "✓ Name? Ada", ""])
    }

    @Test func clearedItLeavesTheScreenAsBeforeTheCursorWhereItBegan() throws {
        let session = try Session(above: ["$ ask", "x"], rows: 3, ending: .clear, view: Lines(["one", "two", "three"]))
        session.draw()
        session.terminal.close()
        session.read()
        #expect(session.screen.rows.prefix(5) == ["$ ask", "x", "", "", ""])
        #expect(session.screen.cursor == Point(x: 0, y: 2))
    }

    @Test func linesPrintedGoAboveTheRowsAndTheRowsFollowThem() throws {
        let view = Lines(["[=====>    ] 50%"])
        let session = try Session(above: ["$ build"], rows: 1, view: view)
        defer { session.terminal.close() }
        session.draw()
        view.link.print("compiled a.swift")  // as a component does, through the host that drew it
        session.draw()
        session.host.print("compiled b.swift\n")
        session.draw()
        #expect(session.screen.rows.prefix(5) == ["$ build", "compiled a.swift", "compiled b.swift", "[=====>    ] 50%", ""])
    }

    @Test func theViewsCursorIsPlacedAndShown() throws {
        let view = Lines(["Name: Ada", "(enter to confirm)"])
        view.cursor = Point(x: 9, y: 0)
        let session = try Session(above: ["$ ask"], rows: 2, view: view)
        defer { session.terminal.close() }
        session.draw()
        #expect(session.screen.cursor == Point(x: 9, y: 1) && session.screen.cursorVisible)
    }

    @Test func aRowFillingTheWidthKeepsItsLastColumn() throws {
        let session = try Session(size: Size(width: 10, height: 6), above: ["$"], rows: 2, view: Lines(["0123456789", "漢字漢字漢"]))
        defer { session.terminal.close() }
        session.draw()
        #expect(session.screen.rows.prefix(3) == ["$", "0123456789", "漢字漢字漢"])
    }

    @Test func keysArriveRawCtrlCAmongThemAndPastesWhole() throws {
        let session = try Session(above: [], rows: 1, view: Lines([""]))
        defer { session.terminal.close() }
        session.pty.send([0x03, 0x61, 0x1B, 0x5B, 0x41] + Array("\u{1B}[200~two\nlines\u{1B}[201~".utf8))
        var events: [InputEvent] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while events.count < 4, ContinuousClock.now < deadline {
            var input = pollfd(fd: session.pty.secondary, events: Int16(POLLIN), revents: 0)
            _ = poll(&input, 1, 10)
            events += session.terminal.readEvents()
        }
        #expect(events == [.key(.control("c")), .key(.character("a")), .key(.up), .paste("two\nlines")])
    }

    @Test func aResizeDrawsTheBlockAgainAtTheNewWidthWithNothingLeftOver() throws {
        let view = Lines(["a wide first row of text", "second"])
        let session = try Session(size: Size(width: 30, height: 8), above: ["$ run"], rows: 2, view: view)
        defer { session.terminal.close() }
        session.draw()
        #expect(session.resizeWindow(to: Size(width: 12, height: 8)), "the resize reaches the run loop's descriptor")
        #expect(session.terminal.size == Size(width: 12, height: 2))
        #expect(session.terminal.readEvents() == [.resize(Size(width: 12, height: 2))])
        session.host.send(.resize(session.terminal.size))
        session.draw()
        #expect(session.screen.rows.prefix(4) == ["$ run", "a wide first", "second", ""])
    }

    @Test func aSecondInlineAppIsRefusedWhileOneHoldsTheTerminal() throws {
        let session = try Session(above: [], rows: 1, view: Lines([""]))
        defer { session.terminal.close() }
        #expect(throws: TerminalError.startFailed("another app holds the terminal")) {
            try InlineTerminal.open(input: session.pty.secondary, output: session.pty.secondary, rows: 1, environment: ["TERM": "xterm"])
        }
    }

    @Test func withoutATerminalOrWithADumbOneItSaysWhatToDo() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        #expect(throws: TerminalError.notATerminal) { try InlineTerminal.open(input: fds[0], output: fds[1], rows: 3, environment: ["TERM": "xterm"]) }
        let pty = try PseudoTerminal(size: Size(width: 20, height: 5))
        #expect(throws: TerminalError.dumbTerminal("dumb")) {
            try InlineTerminal.open(input: pty.secondary, output: pty.secondary, rows: 3, environment: ["TERM": "dumb"])
        }
        #expect(pty.readAvailable().isEmpty, "nothing was written")
    }

    /// Dim text and a picture: what a terminal's answers change.
    @MainActor
    final class FaintAndPicture: View {
        func render(in rect: Rect, on canvas: inout Canvas) {
            canvas.draw("faint", at: rect.origin, style: Style(attributes: .dim))
            canvas.draw("⠋ cyan", at: Point(x: 0, y: 1), style: Style(foreground: .cyan))
            canvas.place(RGBAImage(width: 4, height: 4, pixels: Array(repeating: 200, count: 64))!, key: 7, in: Rect(x: 10, y: 0, width: 2, height: 2))
        }
    }

    /// Whether an SGR sequence in `bytes` sets `code` (2: dim, 36: cyan): a parameter of its
    /// own, not a part of a colour (`38;2;R;G;B`, whose blue may well be 2 or 36: a picture's
    /// random id is one).
    static func sets(_ code: Int, in bytes: String) -> Bool {
        var rest = Substring(bytes)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { return false }
            defer { rest = rest[end...] }
            guard rest[end] == "m" else { continue }
            var parameters = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
            while let parameter = parameters.popFirst() {
                if parameter == 38 || parameter == 48 {
                    parameters = parameters.dropFirst(parameters.first == 5 ? 2 : 4)  // 5;N or 2;R;G;B
                } else if parameter == code {
                    return true
                }
            }
        }
        return false
    }

    @Test func itAsksTheBackgroundAndWhatItDrawsThenDrawsFaintTextAndPicturesByTheAnswers() throws {
        let kitty =
            "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\" + "\u{1B}_Gi=31;OK\u{1B}\\" + "\u{1B}P>|kitty(0.41.1)\u{1B}\\" + "\u{1B}[6;20;10t"
            + "\u{1B}[?62;22c" + "x"  // and a key typed meanwhile
        let session = try Session(
            above: ["$ pick"],
            rows: 2,
            ending: .clear,
            environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"],
            answers: kitty,
            view: FaintAndPicture()
        )
        let caps = session.terminal.capabilities
        #expect(caps.theme == .light && caps.background == RGBA(255, 255, 255))
        #expect(caps.pixelImages && caps.cellPixels == Size(width: 10, height: 20))
        let asked = String(decoding: session.pty.readAvailable(), as: UTF8.self)
        #expect(asked.contains("\u{1B}]11;?\u{1B}\\\u{1B}_Gi=31") && asked.contains("\u{1B}[c\u{1B}[?2004h"), "one round trip, DA1 last")
        session.host.renderIfNeeded()
        let frame = String(decoding: session.pty.readAvailable(), as: UTF8.self)
        #expect(frame.contains("\u{1B}_Ga=t,"), "the picture's pixels sent")
        #expect(frame.unicodeScalars.contains { $0.value == 0x10EEEE }, "and its cells written as placeholders, which scroll with the rows")
        #expect(Self.sets(2, in: "a\u{1B}[0;2mb") && !Self.sets(2, in: "\u{1B}[38;2;9;2;2m\u{1B}[48;5;2m"), "the check itself")
        #expect(Self.sets(36, in: "\u{1B}[36m") && !Self.sets(36, in: "\u{1B}[38;2;238;2;36m"), "the check itself")
        #expect(!Self.sets(2, in: frame), "no terminal dim: pale grey on white")
        #expect(frame.contains("38;2;"), "faint text in an explicit colour that reads on white")
        let accents = frame.matches(of: /38;2;(\d+);(\d+);(\d+)m(⠋|cyan)/).map { ((UInt8($0.1)!, UInt8($0.2)!, UInt8($0.3)!), $0.4 == "cyan") }
        #expect(accents.count == 2 && !Self.sets(36, in: frame), "xterm's cyan (1.9:1 on white) not drawn: \(frame.debugDescription)")
        for (colour, isText) in accents {
            #expect(Contrast.ratio(colour, (255, 255, 255)) >= (isText ? Contrast.readable : Contrast.visible), "\(colour) on white")
        }
        #expect(session.terminal.readEvents() == [.key(.character("x"))], "what was typed meanwhile is not lost")
        session.terminal.close()
        #expect(String(decoding: session.pty.readAvailable(), as: UTF8.self).contains("a=d"), "the rows erased, the picture deleted")
    }

    /// A kitty 0.41 that answers at once; `colors`: what `COLORTERM` says.
    static let kitty041 = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.41.1)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c"

    @Test func kittyWithoutPlaceholdersGetsItsPicturesPlacedAtTheirCellsFromTheCursor() throws {
        let kitty026 = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c"
        let session = try Session(above: ["$ one"], rows: 3, environment: ["TERM": "xterm-kitty"], answers: kitty026, view: FaintAndPicture())
        #expect(session.terminal.capabilities.pixelImages)
        _ = session.pty.readAvailable()
        session.host.renderIfNeeded()
        let frame = String(decoding: session.pty.readAvailable(), as: UTF8.self)
        #expect(!frame.unicodeScalars.contains { $0.value == 0x10EEEE }, "no placeholders: kitty 0.26 has none")
        // Placed where its cells are, by moves from where the frame left the cursor (the
        // block's place on the screen is not known), inside the frame's synchronized update.
        #expect(frame.contains("\u{1B}8\u{1B}[11G\u{1B}_Ga=p,"))
        #expect(frame.hasSuffix("\u{1B}8\u{1B}[?2026l"))
        session.terminal.close()
        #expect(!String(decoding: session.pty.readAvailable(), as: UTF8.self).contains("a=d"), "the frame left keeps its picture")
    }

    @Test func aFrameLeftBehindKeepsItsKittyPicturesWhereTheirIdsCannotBeTakenAgain() throws {
        // Direct colour: placeholder colours name 24-bit ids, taken from a random start.
        let kept = try Session(
            above: [],
            rows: 2,
            environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"],
            answers: Self.kitty041,
            view: FaintAndPicture()
        )
        _ = kept.pty.readAvailable()
        kept.host.renderIfNeeded()
        let frame = String(decoding: kept.pty.readAvailable(), as: UTF8.self)
        let id = try #require(frame.firstRange(of: /i=(\d+)/).flatMap { Int(frame[$0].dropFirst(2)) })
        #expect(id >= 256, "far from the ids another app starts at")
        kept.terminal.close()
        #expect(!String(decoding: kept.pty.readAvailable(), as: UTF8.self).contains("a=d"), "the picture stays with the frame")
        // 256 colours name ids below 256 only, which the next app takes again: deleted.
        let palette = try Session(above: [], rows: 2, environment: ["TERM": "xterm-kitty"], answers: Self.kitty041, view: FaintAndPicture())
        palette.host.renderIfNeeded()
        palette.terminal.close()
        #expect(String(decoding: palette.pty.readAvailable(), as: UTF8.self).contains("a=d,d=I,i=1"))
    }

    @Test func aSixelTerminalGetsItsPicturesWhereTheirCellsAreAndTheirRowsWrittenOverWhenTheyGo() throws {
        final class Toggle: View {
            var shows = true
            func render(in rect: Rect, on canvas: inout Canvas) {
                canvas.draw("pick", at: rect.origin)
                if shows {
                    canvas.place(RGBAImage(width: 4, height: 4, pixels: Array(repeating: 200, count: 64))!, key: 7, in: Rect(x: 10, y: 1, width: 2, height: 2))
                }
            }
        }
        let view = Toggle()
        let session = try Session(
            above: ["$ one", "$ two"],
            rows: 4,
            environment: ["TERM": "xterm-256color"],
            answers: "\u{1B}[6;20;10t\u{1B}[?62;4;22c",  // DA1 with sixel graphics (4)
            view: view
        )
        defer { session.terminal.close() }
        #expect(session.terminal.capabilities.pixelImages)
        let frame = String(decoding: session.pty.readAvailable(), as: UTF8.self)
        session.screen.feed(frame)
        session.host.renderIfNeeded()
        let drawn = String(decoding: session.pty.readAvailable(), as: UTF8.self)
        session.screen.feed(drawn)
        #expect(drawn.hasSuffix("\u{1B}\\\u{1B}8\u{1B}[?2026l"), "the sixel inside the frame's synchronized update")
        #expect(session.screen.rows.prefix(3) == ["$ one", "$ two", "pick"])
        #expect(session.screen.pictures == [Point(x: 10, y: 3)], "on the block's second row, found from the cursor alone")
        #expect(session.screen.cursor == Point(x: 0, y: 2), "and the cursor back where the frame left it")
        session.screen.forgetWrites()
        view.shows = false
        session.host.setNeedsDisplay()
        session.draw()
        #expect(session.screen.writtenRows == [3, 4], "the picture's rows written over, which erases its pixels")
        #expect(session.screen.pictures.isEmpty)
    }

    @Test func answersThatComeAfterTheWaitAreNotTakenForKeys() throws {
        let session = try Session(above: [], rows: 1, answers: "", view: Lines(["waiting"]))  // no answer in time
        defer { session.terminal.close() }
        let late = Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22cq".utf8)
        let events = Self.events(after: late, in: session) { $0.contains(.key(.character("q"))) }
        #expect(events == [.key(.character("q"))])
    }

    /// A click at `point` of the screen (from 0), as the terminal reports it (SGR, from 1).
    static func click(_ point: Point) -> [UInt8] { Array("\u{1B}[<0;\(point.x + 1);\(point.y + 1)M".utf8) }

    /// Where a mouse event is, nil for other events.
    static func position(_ event: InputEvent) -> Point? {
        if case .mouse(let mouse) = event { return mouse.position }
        return nil
    }

    /// The events that come once `bytes` are typed, waiting on the descriptor (no sleeping).
    static func events(after bytes: [UInt8], in session: Session, until done: ([InputEvent]) -> Bool) -> [InputEvent] {
        session.pty.send(bytes)
        var events: [InputEvent] = []
        for _ in 0..<50 where !done(events) {
            var ready = pollfd(fd: session.pty.secondary, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 100)
            events += session.terminal.readEvents()
        }
        return events
    }

    @Test func withTheMouseAClickIsReadInTheBlocksCellsWhereverTheBlockIs() throws {
        // The cursor on the third row (a report says so): the block takes rows 2…4.
        let session = try Session(above: ["$ one", "$ two"], rows: 3, answers: "\u{1B}[3;1R\u{1B}[?62;22c", mouse: true, view: Lines(["a", "b", "c"]))
        defer { session.terminal.close() }
        #expect(session.terminal.capabilities.mouse)
        #expect(String(decoding: session.pty.readAvailable(), as: UTF8.self).contains("\u{1B}[?1002h\u{1B}[?1006h"))
        session.draw()
        let inside = Self.events(after: Self.click(Point(x: 0, y: 0)) + Self.click(Point(x: 5, y: 3)), in: session) { !$0.isEmpty }
        #expect(inside == [.mouse(MouseEvent(.press, button: .left, at: Point(x: 5, y: 1)))], "the row above is not the app's")
        // Two lines printed above move the block down two rows.
        session.terminal.printAbove("built\nlinked")
        session.host.setNeedsDisplay()
        session.draw()
        #expect(session.screen.rows.prefix(7) == ["$ one", "$ two", "built", "linked", "a", "b", "c"])
        let moved = Self.events(after: Self.click(Point(x: 1, y: 4)), in: session) { !$0.isEmpty }
        #expect(moved.map(Self.position) == [Point(x: 1, y: 0)])
    }

    @Test func aSignalEndsTheSynchronizedUpdateAndDeletesThePicturesACloseWould() throws {
        // 256 colours: the pictures' ids are shared with the next app, so every one goes at the end.
        let session = try Session(above: [], rows: 2, environment: ["TERM": "xterm-kitty"], answers: Self.kitty041, view: FaintAndPicture())
        defer { session.terminal.close() }
        session.host.renderIfNeeded()
        let (ending, stop) = session.terminal.signalEndings
        #expect(ending.hasPrefix("\u{1B}[?2026l") && stop.hasPrefix("\u{1B}[?2026l"), "a frame a signal cut short leaves no synchronized update on")
        #expect(ending.hasSuffix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"), "the picture deleted, as close() deletes it")
        #expect(!stop.contains("a=d"), "a stop keeps them: the app draws again on fg")
    }

    @Test func styledLinesPrintedAboveKeepTheirColoursAndCannotMoveTheCursor() throws {
        let session = try Session(above: ["$ install"], rows: 1, view: Lines(["Installing"]))
        defer { session.terminal.close() }
        session.draw()
        session.terminal.printAbove("\("✓", style: Style(foreground: .green)) fd \u{1B}[2J")
        session.host.setNeedsDisplay()
        let bytes = String(decoding: session.pty.readAvailable(), as: UTF8.self)
        session.screen.feed(bytes)
        session.draw()
        #expect(bytes.contains("\u{1B}[32m✓\u{1B}[39m fd \u{FFFD}[2J"), "green, and the escape shown, not obeyed")
        #expect(session.screen.rows.prefix(4) == ["$ install", "✓ fd \u{FFFD}[2J", "Installing", ""])
    }

    @Test func atTheBottomTheBlockScrollsTheScreenAndTheMouseFollows() throws {
        let session = try Session(
            above: (1...7).map { "line \($0)" },
            rows: 3,
            answers: "\u{1B}[8;1R\u{1B}[?62;22c",
            mouse: true,
            view: Lines(["a", "b", "c"])
        )
        defer { session.terminal.close() }
        session.draw()
        #expect(session.screen.rows == ["line 3", "line 4", "line 5", "line 6", "line 7", "a", "b", "c"])
        let clicked = Self.events(after: Self.click(Point(x: 2, y: 5)), in: session) { !$0.isEmpty }
        #expect(clicked.map(Self.position) == [Point(x: 2, y: 0)])
    }

    @Test func afterAResizeTheMouseWaitsForTheBlocksNewPlace() throws {
        let session = try Session(above: ["$ one"], rows: 2, answers: "\u{1B}[2;1R\u{1B}[?62;22c", mouse: true, view: Lines(["a", "b"]))
        defer { session.terminal.close() }
        session.draw()
        #expect(session.resizeWindow(to: Size(width: 20, height: 8)))
        #expect(String(decoding: session.pty.readAvailable(), as: UTF8.self).hasSuffix("\u{1B}[6n"), "where is it now?")
        #expect(session.terminal.readEvents() == [.resize(Size(width: 20, height: 2))])
        session.host.send(.resize(session.terminal.size))
        session.draw()
        let typed = Self.events(after: Self.click(Point(x: 0, y: 1)) + Array("z".utf8), in: session) { !$0.isEmpty }
        #expect(typed == [.key(.character("z"))], "a click before the answer cannot be placed: dropped")
        let placed = Self.events(after: Array("\u{1B}[2;1R".utf8) + Self.click(Point(x: 0, y: 2)), in: session) { !$0.isEmpty }
        #expect(placed.map(Self.position) == [Point(x: 0, y: 1)])
    }

    @Test func withSixelsARowIsKeptFreeBelowTheBlockAndTheLastFrameKeepsItsPicture() throws {
        final class PictureBelow: View {
            func render(in rect: Rect, on canvas: inout Canvas) {
                canvas.draw("pick", at: rect.origin)
                canvas.place(RGBAImage(width: 4, height: 4, pixels: Array(repeating: 200, count: 64))!, key: 7, in: Rect(x: 10, y: 1, width: 2, height: 2))
            }
        }
        let session = try Session(
            above: (1...7).map { "line \($0)" },
            rows: 3,
            answers: "\u{1B}[6;20;10t\u{1B}[?62;4;22c",
            view: PictureBelow()
        )
        session.draw()
        // A sixel on the screen's last row would scroll the screen: the block stops a row short.
        #expect(session.screen.rows == ["line 4", "line 5", "line 6", "line 7", "pick", "", "", ""])
        #expect(session.screen.pictures == [Point(x: 10, y: 5)])
        session.terminal.close()
        session.read()
        #expect(session.screen.cursor == Point(x: 0, y: 7), "below the picture's last row, not below the text's")
    }

    @Test func aTerminalThatAnswersOnlyDA1GetsSymbolsAndItsOwnFaint() throws {
        let session = try Session(above: [], rows: 2, view: FaintAndPicture())
        defer { session.terminal.close() }
        #expect(!session.terminal.capabilities.pixelImages && session.terminal.capabilities.theme == .dark)
        _ = session.pty.readAvailable()
        session.host.renderIfNeeded()
        let frame = String(decoding: session.pty.readAvailable(), as: UTF8.self)
        #expect(!frame.contains("\u{1B}_G"))
    }

    @Test func aBlockTallerThanTheWindowTakesTheWindow() throws {
        let session = try Session(size: Size(width: 20, height: 4), above: ["$"], rows: 10, view: Lines(["1", "2", "3", "4", "5"]))
        defer { session.terminal.close() }
        #expect(session.terminal.size == Size(width: 20, height: 4))
        session.draw()
        #expect(session.screen.rows == ["1", "2", "3", "4"])
    }
}
