import Foundation
import IndicatorKit
import TUITesting
import TerminalIO
import TerminalScreen
import TestSupport
import Testing

@testable import ShowcaseKit

#if canImport(Glibc)
import Glibc
#endif

/// `showcase pick` as a user runs it: on a pseudo-terminal whose screen already shows a
/// shell's lines, driven by keys, its output and the screen read back.
@Suite(.serialized)
struct PickCommandTests {
    /// A run of `showcase pick`: its terminal, the screen it left and, when standard output
    /// was a pipe, what it printed there.
    final class Run {
        let process = Process()
        let pty: PseudoTerminal
        var screen: ScreenModel
        let pipe: Pipe?

        /// Starts `showcase pick ARGUMENTS` on a terminal showing `above`; with
        /// `outputToPipe`, its standard output goes to a pipe, and the terminal is made its
        /// controlling terminal (setsid --ctty), which it then draws on through /dev/tty.
        /// `outputFile`: standard output goes to that file instead (`/dev/full`, say), drawn as with a pipe.
        /// `shell`: run by `/bin/sh -c` instead (`$SHOWCASE` names the binary), for words a
        /// `String` cannot hold, as `cd dir && exec "$SHOWCASE" pick *`.
        init(
            _ arguments: [String],
            above: [String] = ["$ showcase pick"],
            outputToPipe: Bool = false,
            outputFile: String? = nil,
            shell: String? = nil
        ) throws {
            let size = Size(width: 60, height: 16)
            pty = try PseudoTerminal(size: size)
            screen = ScreenModel(size: size)
            screen.feed(above.map { $0 + "\r\n" }.joined())
            let terminal = FileHandle(fileDescriptor: pty.secondary, closeOnDealloc: false)
            let command = shell.map { ["/bin/sh", "-c", $0] } ?? [ShowcaseEndToEndTests.executable.path, "pick"] + arguments
            if outputToPipe || outputFile != nil {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
                process.arguments = ["--ctty", "--wait"] + command
                pipe = outputFile == nil ? Pipe() : nil
                process.standardOutput = pipe ?? outputFile.flatMap { FileHandle(forWritingAtPath: $0) }
            } else {
                process.executableURL = URL(fileURLWithPath: command[0])
                process.arguments = Array(command.dropFirst())
                pipe = nil
                process.standardOutput = terminal
            }
            process.environment = [
                "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "SHOWCASE": ShowcaseEndToEndTests.executable.path,
            ]
            process.standardInput = terminal
            process.standardError = terminal
            try process.run()
        }

        /// Reads what reached the terminal until `condition` holds for the screen.
        func waitFor(_ condition: (ScreenModel) -> Bool) {
            var fed = 0  // each wait reads on from where the last stopped
            _ = pty.output(until: { text in
                self.screen.feed(String(text.dropFirst(fed)))
                fed = text.count
                return condition(self.screen)
            })
        }

        func type(_ text: String) { pty.send(Array(text.utf8)) }

        /// Waits for the end, reads the rest of the screen; the status and what the pipe got.
        func finish() -> (status: Int32, printed: String) {
            let (status, printed) = finishBytes()
            return (status, String(decoding: printed, as: UTF8.self))
        }

        /// As ``finish()``, what the pipe got as bytes.
        func finishBytes() -> (status: Int32, printed: [UInt8]) {
            let printed = pipe.map { [UInt8]($0.fileHandleForReading.readDataToEndOfFile()) } ?? []
            process.waitUntilExit()
            waitFor { _ in true }
            screen.feed(String(decoding: pty.readAvailable(), as: UTF8.self))
            return (process.terminationStatus, printed)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    static func showsPrompt(_ screen: ScreenModel) -> Bool { screen.rows.contains { $0.hasPrefix("↑/↓ move") } }

    @Test(.timeLimit(.minutes(1)))
    func itPrintsTheChosenInTheOrderChosenAndLeavesTheScreenAboveAsItWas() throws {
        let run = try Run(["apples", "pears", "plums"], above: ["$ ls", "apples pears plums", "$ showcase pick *"])
        run.waitFor(Self.showsPrompt)
        #expect(run.screen.rows.prefix(4) == ["$ ls", "apples pears plums", "$ showcase pick *", "? Pick 0 chosen"])
        run.type("\u{1B}[B \u{1B}[A ")  // ↓, space, ↑, space: pears first, then apples
        run.waitFor { $0.rows.contains("› [2] apples") }
        #expect(run.screen.rows[5] == "  [1] pears")
        run.type("\r")
        let (status, _) = run.finish()
        #expect(status == 0)
        #expect(
            run.screen.rows.prefix(6) == ["$ ls", "apples pears plums", "$ showcase pick *", "pears", "apples", ""],
            "its rows erased, the chosen printed where they were, one a line: \(run.screen.rows)"
        )
    }

    @Test(.timeLimit(.minutes(1)))
    func escPrintsNothingAndExits1() throws {
        let run = try Run(["apples", "pears"])
        run.waitFor(Self.showsPrompt)
        run.type("\u{1B}")
        let (status, _) = run.finish()
        #expect(status == 1)
        #expect(run.screen.rows.prefix(3) == ["$ showcase pick", "", ""])
        var modes = termios()
        tcgetattr(run.pty.secondary, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON), "the terminal is as the shell left it")
    }

    @Test(.timeLimit(.minutes(1)))
    func enterWithNothingChosenPrintsTheFocusedAndCtrlCExits130() throws {
        let run = try Run(["apples", "pears"])
        run.waitFor(Self.showsPrompt)
        run.type("\u{1B}[B\r")
        _ = run.finish()
        #expect(run.screen.rows.prefix(3) == ["$ showcase pick", "pears", ""])
        let interrupted = try Run(["apples"])
        interrupted.waitFor(Self.showsPrompt)
        interrupted.type("\u{03}")
        #expect(interrupted.finish().status == 130)
    }

    @Test(.timeLimit(.minutes(1)))
    func killedItRestoresTheTerminal() throws {
        let run = try Run(["apples", "pears"])
        run.waitFor(Self.showsPrompt)
        run.screen.feed(String(decoding: run.pty.readAvailable(), as: UTF8.self))  // the frame's last bytes
        kill(run.process.processIdentifier, SIGTERM)
        run.process.waitUntilExit()
        #expect(run.process.terminationReason == .uncaughtSignal && run.process.terminationStatus == SIGTERM)
        let ending = run.pty.output(until: { $0.contains("\u{1B}[?25h") })
        // A signal may come mid-frame, inside a synchronized update: what it writes ends one.
        #expect(ending.hasPrefix("\u{1B}[?2026l"), "synchronized update ended first: \(ending.debugDescription)")
        run.screen.feed(ending)
        #expect(run.screen.cursorVisible)
        var modes = termios()
        tcgetattr(run.pty.secondary, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
    }

    @Test(.timeLimit(.minutes(1)))
    func ctrlZGivesTheTerminalBackAndFgTakesItAgainWithPastesWhole() throws {
        let run = try Run(["apples", "pears"])
        run.waitFor(Self.showsPrompt)
        run.type("\u{1A}")  // Ctrl-Z
        var info = siginfo_t()
        #expect(waitid(P_PID, id_t(run.process.processIdentifier), &info, WSTOPPED | WNOWAIT) == 0, "it stopped, as a shell job")
        let given = String(decoding: run.pty.readAvailable(), as: UTF8.self)
        #expect(given.contains("\u{1B}[?2004l"), "bracketed paste off for the shell")
        kill(run.process.processIdentifier, SIGCONT)  // `fg`
        let resumed = run.pty.output(until: { $0.contains("\u{1B}[?2004h") && $0.contains("pears") })
        #expect(resumed.contains("\u{1B}[?2004h"), "bracketed paste on again: a pasted line with a newline does not answer")
        run.screen.feed(given + resumed)
        #expect(Self.showsPrompt(run.screen), "drawn again")
        run.type("\u{1B}")
        #expect(run.finish().status == 1)
    }

    static let hasSetsid = FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")

    /// Under `setsid` the process group has no job control: the kernel discards the stop, and
    /// no continue would ever come. The terminal is taken back at once, the prompt drawn again.
    @Test(.timeLimit(.minutes(1)), .enabled(if: hasSetsid, "needs util-linux's setsid"))
    func ctrlZWithoutJobControlTakesTheTerminalBackAtOnce() throws {
        let run = try Run(["apples", "pears"], outputToPipe: true)
        run.waitFor(Self.showsPrompt)
        let before = run.screen.rows
        run.type("\u{1A}")  // Ctrl-Z
        let given = run.pty.output(until: { text in
            guard let stop = text.range(of: "\u{1B}[?2004l") else { return false }
            return text[stop.upperBound...].contains("\u{1B}[?2004h")
        })
        #expect(given.contains("\u{1B}[?2004l"), "given back for the stop")
        run.screen.feed(given)
        run.waitFor { $0.rows == before }
        #expect(run.screen.rows == before, "taken back and drawn again, as it was")
        var modes = termios()
        tcgetattr(run.pty.secondary, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHO | ICANON) == 0, "raw again: what is typed is not echoed")
        run.type("\r")
        #expect(run.finish() == (0, "apples\n"))
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: hasSetsid, "needs util-linux's setsid"))
    func withItsOutputInAPipeItDrawsOnTheTerminalAndPrintsToThePipe() throws {
        let run = try Run(["one.swift", "two.swift"], above: ["$ vim $(showcase pick *.swift)"], outputToPipe: true)
        run.waitFor(Self.showsPrompt)
        run.type(" \r")
        let (status, printed) = run.finish()
        #expect(status == 0 && printed == "one.swift\n")
        #expect(run.screen.rows.prefix(2) == ["$ vim $(showcase pick *.swift)", ""], "nothing of it left on the terminal")
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: hasSetsid, "needs util-linux's setsid"))
    func anOutputThatCannotBeWrittenIsSaidAndEndsWith74() throws {
        let run = try Run(["one.swift", "two.swift"], above: ["$ showcase pick *.swift > /dev/full"], outputFile: "/dev/full")
        run.waitFor(Self.showsPrompt)
        run.type(" \r")
        let (status, _) = run.finish()
        #expect(status == 74, "not a crash (132)")
        #expect(
            run.screen.rows.prefix(4) == ["$ showcase pick *.swift > /dev/full", "showcase: cannot write standard output: No space left on dev", "ice", ""],
            "said on standard error (the 60-column terminal wraps it)"
        )
    }

    @Test(.timeLimit(.minutes(1)))
    func onATerminalWhatItPrintsHasItsControlCharactersEscaped() throws {
        let run = try Run(["a\u{1B}[2Jb\u{1B}]0;owned\u{07}", "c"])
        run.waitFor(Self.showsPrompt)
        run.type("\r")
        let (status, _) = run.finish()
        #expect(status == 0)
        #expect(run.screen.rows.prefix(3) == ["$ showcase pick", "a\\033[2Jb\\033]0;owned\\a", ""], "shown, not obeyed: the screen is not cleared")
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: hasSetsid, "needs util-linux's setsid"))
    func intoAPipeItsBytesGoAsTheyAreAndNullEndsEachWithANul() throws {
        let raw = try Run(["a\u{1B}[2Jb", "c"], outputToPipe: true)
        raw.waitFor(Self.showsPrompt)
        raw.type("\r")
        #expect(raw.finish() == (0, "a\u{1B}[2Jb\n"))
        let nul = try Run(["--null", "x y", "line\nbreak", "z"], outputToPipe: true)
        nul.waitFor(Self.showsPrompt)
        nul.type(" \u{1B}[B \r")  // x y, then line⏎break
        #expect(nul.finish() == (0, "x y\0line\nbreak\0"))
    }

    @Test func optionsAreReadAndNoItemsMeansStandardInputs() throws {
        #expect(try ShowcaseCommand.parse(["pick"]) == .pick(PickCommand(items: [])), "the items come from standard input's lines")
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["pick", "--limit", "0", "a"]) }
        #expect(
            try ShowcaseCommand.parse(["pick", "--limit", "1", "--title", "Which?", "a", "b"])
                == .pick(PickCommand(items: ["a", "b"], title: "Which?", limit: 1))
        )
        #expect(
            try ShowcaseCommand.parse(["pick", "-0", "a"]) == .pick(PickCommand(items: ["a"], nullSeparated: true))
        )
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: hasSetsid, "needs util-linux's setsid"))
    func aNameThatIsNotUTF8IsListedRepairedAndPrintedAsItsOwnBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pick-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let latin1 = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)  // café.txt as Latin-1 wrote it
        let made = (Array(folder.utf8) + [UInt8(ascii: "/")] + latin1 + [0]).withUnsafeBufferPointer { path in
            path.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) { creat($0, 0o644) }
        }
        #expect(made >= 0)
        close(made)
        let piped = try Run([], outputToPipe: true, shell: "cd '\(folder)' && exec \"$SHOWCASE\" pick *")
        piped.waitFor(Self.showsPrompt)
        // Listed with the bad byte replaced.
        expectScreen(
            piped.screen.rows,
            ["$ showcase pick", "? Pick 0 chosen", "› [ ] caf\u{FFFD}.txt", "↑/↓ move • space choose • / filter • enter confirm …"]
        )
        piped.type("\r")
        let (status, printed) = piped.finishBytes()
        #expect(status == 0)
        #expect(printed == latin1 + [UInt8(ascii: "\n")], "its own bytes, a path `vim` can open: \(printed)")
        let shown = try Run([], shell: "cd '\(folder)' && exec \"$SHOWCASE\" pick *")
        shown.waitFor(Self.showsPrompt)
        shown.type("\r")
        #expect(shown.finish().status == 0)
        #expect(shown.screen.rows.prefix(3) == ["$ showcase pick", "caf\\351.txt", ""], "on a terminal, escaped as ls -b does")
    }

    @Test(.timeLimit(.minutes(1)))
    func aHugeBackgroundAnswerIsSkippedAndTheKeyTypedRightAfterItIsRead() throws {
        let run = try Run(["apples", "pears"])
        let asked = run.pty.output(until: { $0.contains("\u{1B}]11;?") })
        run.screen.feed(asked)
        // 256 KiB of colour, then DA1, then Enter, in one go: the key comes with the answers.
        let answer = Array("\u{1B}]11;rgb:".utf8) + Array(repeating: UInt8(ascii: "0"), count: 256 << 10) + Array("\u{07}\u{1B}[?62;22c\r".utf8)
        run.pty.send(answer)
        let (status, _) = run.finish()
        #expect(status == 0, "Enter was read: the focused is printed")
        #expect(run.screen.rows.prefix(3) == ["$ showcase pick", "apples", ""], "none of the answer is shown or typed: \(run.screen.rows.prefix(3))")
    }
}

/// Items read from standard input: bounded, a read at a time.
struct PickInputTests {
    @Test func itemsPastTheLimitAreRefusedSayingWhatToDo() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (reader, writer) = (ends[0], ends[1])
        let writing = Thread {
            let line = [UInt8](repeating: UInt8(ascii: "a"), count: 1023) + [10]
            for _ in 0..<(3 << 10) { _ = line.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }  // 3 MiB
            close(writer)
        }
        writing.start()
        let outcome = PickCommand.readLines(from: reader, limit: 2 << 20)
        // The rest drained before the read end is closed: the writer never meets a closed pipe.
        var rest = [UInt8](repeating: 0, count: 1 << 16)
        while rest.withUnsafeMutableBytes({ read(reader, $0.baseAddress, $0.count) }) > 0 {}
        close(reader)
        guard case .failure(let failure) = outcome else {
            Issue.record("3 MiB read under a limit of 2")
            return
        }
        #expect(failure.message == "standard input holds more than 2 MiB of items; cut it first (`grep`, `head`)")
    }

    @Test func linesUnderTheLimitAreReadWhole() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let text = Array("one\r\ntwo\n\nthree".utf8)
        _ = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        defer { close(ends[0]) }
        let lines = try PickCommand.readLines(from: ends[0]).get()
        #expect(lines.map(\.shown) == ["one", "two", "three"])
    }

    @Test func aLineHoldingANulIsRefusedWhereTheAnswerIsNulSeparated() {
        let lines = PickCommand.lines(fromStandardInput: Array("one\ntw\u{0}o\nthree\n".utf8))
        #expect(lines.map(\.bytes.count) == [3, 4, 5])
        #expect(PickCommand(items: [], nullSeparated: false).nullConflict(in: lines) == nil)
        #expect(
            PickCommand(items: [], nullSeparated: true).nullConflict(in: lines)
                == "item 2 of standard input holds a NUL byte, and --null ends each item printed with one; drop --null, or the NUL bytes first (`tr -d '\\000'`)"
        )
        #expect(PickCommand(items: [], nullSeparated: true).nullConflict(in: Array(lines.prefix(1))) == nil)
    }
}
