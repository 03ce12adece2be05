import Foundation
import IndicatorKit
import TerminalGraphics
import TestSupport
import Testing

@testable import TerminalIO

#if canImport(Glibc)
import Glibc
#endif

struct ColorDepthDetectorTests {
    @Test func noColorWinsWhenNonEmpty() {
        #expect(ColorDepth.detect(environment: ["NO_COLOR": "1"], colors: 256, directColor: true) == .none)
        #expect(ColorDepth.detect(environment: ["NO_COLOR": ""], colors: 256, directColor: false) == .palette256)
    }

    @Test func terminfoCountsDecide() {
        #expect(ColorDepth.detect(environment: [:], colors: 0, directColor: false) == .none)
        #expect(ColorDepth.detect(environment: [:], colors: 8, directColor: false) == .ansi16)
        #expect(ColorDepth.detect(environment: [:], colors: 16, directColor: false) == .ansi16)
        #expect(ColorDepth.detect(environment: [:], colors: 256, directColor: false) == .palette256)
        #expect(ColorDepth.detect(environment: [:], colors: 16_777_216, directColor: true) == .trueColor)
    }

    @Test func colortermRunsNcursesWithTheDirectColourSiblingWhenThereIsOne() {
        let known: Set = ["xterm-direct", "tmux-direct"]
        func name(_ term: String, _ env: [String: String]) -> String { ColorDepthDetector.terminfoName(for: term, environment: env) { known.contains($0) } }
        #expect(name("xterm-256color", ["COLORTERM": "truecolor"]) == "xterm-direct")
        #expect(name("tmux-256color", ["COLORTERM": "24bit"]) == "tmux-direct")
        #expect(name("xterm", ["COLORTERM": "truecolor"]) == "xterm-direct")
        #expect(name("screen-256color", ["COLORTERM": "truecolor"]) == "screen-256color", "no sibling: as it is")
        #expect(name("xterm-256color", [:]) == "xterm-256color", "no COLORTERM: as it is")
        #expect(name("xterm-256color", ["COLORTERM": "truecolor", "NO_COLOR": "1"]) == "xterm-256color")
        #expect(name("xterm-direct", ["COLORTERM": "truecolor"]) == "xterm-direct")
    }

    @Test func kittyAndOtherXtermNamedTerminalsGetTheirDirectEntries() {
        let known: Set = ["xterm-direct", "kitty-direct"]
        func name(_ term: String) -> String { ColorDepthDetector.terminfoName(for: term, environment: ["COLORTERM": "truecolor"]) { known.contains($0) } }
        #expect(name("xterm-kitty") == "kitty-direct", "kitty sets TERM=xterm-kitty; terminfo has kitty-direct")
        #expect(name("xterm-ghostty") == "xterm-direct", "another xterm-like terminal: xterm's direct entry")
        #expect(name("kitty") == "kitty-direct")
        #expect(name("screen-256color") == "screen-256color", "another family keeps its keys and 256 colours")
    }

    @Test func colortermNeedsADirectColourTerminfo() {
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"], colors: 256, directColor: false) == .palette256)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit"], colors: 16_777_216, directColor: false) == .trueColor)
    }
}

struct BackgroundQueryTests {
    @Test func theTerminalsBackgroundAnswerIsRead() {
        let st = "\u{1B}\\"
        let da = "\u{1B}[?62;22c"
        #expect(BackgroundQuery.parse(Array("\u{1B}]11;rgb:0000/0000/0000\(st)\(da)".utf8)) == .init(theme: .dark, otherBytes: [], background: RGBA(0, 0, 0)))
        #expect(
            BackgroundQuery.parse(Array("\u{1B}]11;rgb:ff/ff/ee\u{07}\(da)".utf8)) == .init(theme: .light, otherBytes: [], background: RGBA(255, 255, 238)),
            "BEL ends it too; two hex digits"
        )
        #expect(BackgroundQuery.color(ofColorSpec: "rgb:1111/1111/1111") == RGBA(17, 17, 17), "the colour itself, for a sixel's background")
        #expect(
            BackgroundQuery.parse(Array("a\(da)b".utf8)) == .init(theme: nil, otherBytes: Array("ab".utf8)),
            "no OSC 11 answer: only the keys typed are left"
        )
        #expect(BackgroundQuery.parse(Array("\u{1B}]11;rgb:1/2\(st)".utf8)).theme == nil, "a malformed colour says nothing")
        #expect(BackgroundQuery.containsDeviceAttributes(Array(da.utf8)))
        #expect(!BackgroundQuery.containsDeviceAttributes(Array("\u{1B}[?62;22".utf8)))
    }

    @Test func theWidthsAskedAreWrittenAtTheLinesStartAndReadFromTheCursorReports() {
        let request = String(decoding: BackgroundQuery.request(measuring: ["漢字", "❤️"]), as: UTF8.self)
        #expect(request.contains("\r漢字\u{1B}[6n\r❤️\u{1B}[6n\r\u{1B}[K"), "each at the line's start, the line erased after")
        #expect(request.hasSuffix("\u{1B}[c"), "DA1 still last")
        var bytes = Array("x\u{1B}[12;5Ry\u{1B}[12;2R\u{1B}[1;5A".utf8)
        #expect(BackgroundQuery.takeCursorReports(from: &bytes) == [Point(x: 4, y: 11), Point(x: 1, y: 11)])
        #expect(bytes == Array("xy\u{1B}[1;5A".utf8), "the keys typed meanwhile stay, in order")
    }

    /// A terminal on the other side of a pseudo-terminal that answers as one would: the
    /// cursor at column 1 + the cells of what was written since the last carriage return.
    @Test func aTerminalsAnswersGiveTheWidthsItDrew() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let texts = ["A", "漢字", "❤️"]
        // A thread of its own (not a task: the pool may be busy with the suite's other tests
        // while `ask` blocks this one).
        let primary = pty.primary
        let responder = Thread {
            var seen: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            // Waits for the whole request (it ends with DA1), then answers the way a terminal
            // that draws ❤️ in one cell would.
            while !String(decoding: seen, as: UTF8.self).hasSuffix("\u{1B}[c") {
                var poller = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 5000) > 0 else { return }
                let n = read(primary, &buffer, buffer.count)
                guard n > 0 else { return }
                seen += buffer[0..<n]
            }
            let answer = "\u{1B}[3;2R\u{1B}[3;5R\u{1B}[3;2R\u{1B}[?62;4c"
            _ = write(primary, answer, answer.utf8.count)
        }
        responder.start()
        let answer = BackgroundQuery.ask(input: pty.secondary, output: pty.secondary, measuring: texts, timeout: .seconds(5))
        #expect(answer.widths == [1, 4, 1])
        #expect(answer.graphics?.sixel == true, "the rest of the round trip still read")
        #expect(answer.otherBytes.isEmpty)
    }
}

/// Every command run to learn about the terminal has a time limit and no shell.
struct TerminalCommandTests {
    @Test func aCommandIsRunWithoutAShellAndItsOutputRead() {
        #expect(TerminalQuery.output(of: ["printf", "%s|", "$(echo no)", "a b"]) == "$(echo no)|a b|")
        #expect(TerminalQuery.output(of: ["false"]) == nil, "a failure says nothing")
        #expect(TerminalQuery.output(of: ["no-such-program-anywhere"]) == nil)
    }

    /// A command that stops itself (as a stopped tmux server leaves its client waiting) or
    /// never ends is killed at its time limit.
    @Test(.timeLimit(.minutes(1))) func aCommandThatHangsIsGivenUpOn() {
        #expect(TerminalQuery.output(of: ["sh", "-c", "echo partial; kill -STOP $$"], timeout: .milliseconds(200)) == nil)
        #expect(TerminalQuery.output(of: ["sleep", "60"], timeout: .milliseconds(200)) == nil)
    }

    /// `TMUX` naming a server that is stopped: start-up goes on without tmux's answer.
    @Test(.timeLimit(.minutes(1)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
    func aStoppedTmuxServerDoesNotHoldTheStart() throws {
        let scratch = try TemporaryFolder("ik-tmux")
        let socket = scratch.file("s")
        #expect(TerminalQuery.output(of: ["tmux", "-S", socket, "new-session", "-d", "sleep 60"], timeout: .seconds(10)) != nil)
        defer { _ = TerminalQuery.output(of: ["tmux", "-S", socket, "kill-server"], timeout: .seconds(5)) }
        let pid = try #require(
            TerminalQuery.output(of: ["tmux", "-S", socket, "display-message", "-p", "#{pid}"], timeout: .seconds(10)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        )
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        #expect(TerminalQuery.tmux(environment: ["TMUX": "\(socket),\(pid),0"], timeout: .milliseconds(300)) == nil)
    }
}
