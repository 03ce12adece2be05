import Foundation
import IndicatorKit
import TUIPilot
import TUITesting
import TerminalIO
import TestSupport
import Testing

@testable import ShowcaseKit

/// gum's commands for shell scripts, as a script runs them: on a pseudo-terminal, standard
/// input or output a pipe, the answer read from standard output or the status.
@Suite(.serialized)
struct GumCommandsTests {
    typealias Run = PickCommandTests.Run

    @Test func gumsOptionsAreReadAsGumReadsThem() throws {
        #expect(try ShowcaseCommand.parse(["choose", "a", "b"]) == .pick(PickCommand(items: ["a", "b"], title: "Choose", limit: 1)), "one, as gum's")
        #expect(try ShowcaseCommand.parse(["choose", "--no-limit"]) == .pick(PickCommand(items: [], title: "Choose", limit: nil)))
        guard case .pick(let filter) = try ShowcaseCommand.parse(["filter", "--header", "Branch", "--limit", "2"]) else {
            Issue.record("not a choice")
            return
        }
        #expect(filter.title == "Branch" && filter.limit == 2 && filter.startsFiltering && filter.gum.placeholder == "Filter...", "gum's placeholder")
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["choose", "--limit", "2", "--no-limit", "a"]) }
        #expect(
            try ShowcaseCommand.parse(["confirm", "Deploy?", "--default", "no"])
                == .ask(AskCommand(.confirm(defaultYes: false, affirmative: "Yes", negative: "No", showsOutput: false), title: "Deploy?"))
        )
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["confirm", "--default", "maybe"]) }
        #expect(
            try ShowcaseCommand.parse(["input", "--password", "--char-limit", "8"])
                == .ask(AskCommand(.input(placeholder: "Type something...", value: "", password: true, limit: 8), title: ">"))
        )
        #expect(
            try ShowcaseCommand.parse(["write", "--height", "3"])
                == .ask(
                    AskCommand(
                        .write(placeholder: "Write something...", value: "", rows: 3, width: nil, limit: nil, lineNumbers: false, cursorLine: false),
                        title: "Write"
                    )
                )
        )
        #expect(
            try ShowcaseCommand.parse(["spin", "--title", "Building", "--spinner", "dot", "--", "echo", "line"])
                == .run(
                    RunCommand(label: "Building", style: "indicatif", command: ["echo", "line"], showsOutput: false, showsErrors: false, leavesLine: false)
                ),
            "gum's spinner names choose ours; the command's own words stay; its output hidden, no line left"
        )
        #expect(
            try ShowcaseCommand.parse(["spin", "--show-output", "--", "make"]) == .run(RunCommand(command: ["make"], leavesLine: false)),
            "--show-output passes the output on"
        )
        let lines = PickCommand.lines(fromStandardInput: Array("a\r\n\nb\ncaf".utf8) + [0xE9])
        #expect(lines.map(\.shown) == ["a", "b", "caf\u{FFFD}"] && lines.last?.bytes == Array("caf".utf8) + [0xE9], "a line that is not UTF-8 keeps its bytes")
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: PickCommandTests.hasSetsid, "needs util-linux's setsid"))
    func filterReadsItsItemsFromAPipeAndTheKeysFromTheTerminal() throws {
        let run = try Run([], outputToPipe: true, shell: #"printf 'strawberry\nblueberry\nbryony\n' | "$SHOWCASE" filter --header Berry"#)
        run.waitFor { $0.rows.contains { $0.hasPrefix("? Berry /") } }
        run.type("bbry")
        run.waitFor { $0.rows.contains("› blueberry") }
        // Only blueberry holds b…b…r…y.
        let question = "? Berry /bbry" + String(repeating: " ", count: 44) + "1/3"  // the count of those shown at the right
        expectScreen(run.screen.rows, ["$ showcase pick", question, "› blueberry", "", "", "↑/↓ move • enter confirm • esc clear filter"])
        run.type("\r")
        #expect(run.finish() == (0, "blueberry\n"))
        let latin = try Run([], outputToPipe: true, shell: #"printf 'caf\351\nok\n' | "$SHOWCASE" choose"#)
        latin.waitFor { $0.rows.contains("› caf\u{FFFD}") }
        latin.type("\r")
        let (status, printed) = latin.finishBytes()
        #expect(status == 0 && printed == Array("caf".utf8) + [0o351, 10], "a line that is not UTF-8 is printed as it came: \(printed)")
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: PickCommandTests.hasSetsid, "needs util-linux's setsid"))
    func itemsAreShownAndCountedAsTheyArriveAndTheFilterTakesThemIn() throws {
        let folder = try makeTemporaryFolder("arriving")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("more").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The first item, then nothing until the test writes more: it is drawn at once.
        let run = try Run([], outputToPipe: true, shell: #"{ printf 'apple\n'; cat ""# + fifo + #""; } | "$SHOWCASE" filter"#)
        run.waitFor { $0.rows.contains("› apple") && $0.rows.contains { $0.hasSuffix("1…") } }
        run.type("e")
        run.waitFor { $0.rows.contains { $0.hasSuffix("1/1…") } }
        let more = open(fifo, O_WRONLY | O_CLOEXEC)  // no child another test starts holds it open
        #expect(more >= 0)
        _ = Array("banana\ncherry\n".utf8).withUnsafeBytes { write(more, $0.baseAddress, $0.count) }
        close(more)
        // cherry matches the filter typed before it came, banana does not; the input ended.
        // The focus stays on apple, cherry ranked above it.
        run.waitFor { $0.rows.contains { $0.hasSuffix(" 2/3") } }
        #expect(Array(run.screen.rows[2...3]) == ["  cherry", "› apple"], "\(run.screen.rows)")
        #expect(!run.screen.rows.contains { $0.contains("banana") })
        run.type("\u{1B}[A")  // ↑
        run.waitFor { $0.rows.contains("› cherry") }
        run.type("\r")
        #expect(run.finish() == (0, "cherry\n"))
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: PickCommandTests.hasSetsid, "needs util-linux's setsid"))
    func confirmAnswersByItsStatusAndInputPrintsTheText() throws {
        let no = try Run([], shell: #"exec "$SHOWCASE" confirm "Deploy now?""#)
        no.waitFor { $0.rows.contains { $0.hasPrefix("? Deploy now?") } }
        no.type("n")
        #expect(no.finish().status == 1, "n answers no at once, as gum's")
        expectScreen(no.screen.rows, ["$ showcase pick"])  // its row erased
        let yes = try Run([], shell: #"exec "$SHOWCASE" confirm"#)
        yes.waitFor { $0.rows.contains { $0.hasPrefix("? Are you sure?") } }
        yes.type("\r")
        #expect(yes.finish().status == 0, "Enter takes the default, yes")
        let input = try Run([], outputToPipe: true, shell: #"exec "$SHOWCASE" input --header Name: --placeholder "your name""#)
        input.waitFor { $0.rows.contains { $0.hasPrefix("? Name: your name") } }
        input.type("Glen\r")
        #expect(input.finish() == (0, "Glen\n"))
    }

    @Test func gumsStyleFlagsAndEnvironmentDefaultsAreReadAsGumReadsThem() throws {
        let environment = ["GUM_CHOOSE_HEADER": "Branch?", "GUM_CHOOSE_ITEM_FOREGROUND": "1", "GUM_CHOOSE_CURSOR_BOLD": "true", "GUM_CHOOSE_HEIGHT": "4"]
        let words = ["choose", "--item.foreground", "250", "--selected.foreground=#f14e32", "--limit=2", "--header", "Pick", "a", "b"]
        guard case .pick(let choose) = try ShowcaseCommand.parse(words, environment: environment) else {
            Issue.record("not a choice")
            return
        }
        #expect(choose.title == "Pick" && choose.limit == 2 && choose.items == ["a", "b"], "the command line wins over GUM_CHOOSE_HEADER")
        #expect(choose.gum.styles["item"]?.foreground == .palette(250) && choose.gum.styles["selected"]?.foreground == .rgb(0xF1, 0x4E, 0x32))
        #expect(choose.gum.styles["cursor"]?.attributes == .bold && choose.gum.height == 4, "what the command line leaves out, the environment gives")
        #expect(
            try ShowcaseCommand.parse(["choose", "a"]) == .pick(PickCommand(items: ["a"], title: "Choose", limit: 1)),
            "no environment, no defaults from it"
        )
        #expect(throws: UsageError("`--cursor.foreground` takes a colour (a number to 255, #RRGGBB or a name such as red), not `pink`")) {
            try ShowcaseCommand.parse(["choose", "--cursor.foreground", "pink", "a"])
        }
        #expect(throws: UsageError("unknown option `--cursor.colour` for `choose`")) { try ShowcaseCommand.parse(["choose", "--cursor.colour", "1", "a"]) }
        #expect(throws: UsageError("GUM_SPIN_ALIGN (for `--align`) takes left or right, not `up`")) {
            try ShowcaseCommand.parse(["spin", "--", "true"], environment: ["GUM_SPIN_ALIGN": "up"])
        }
        guard case .run(let spin) = try ShowcaseCommand.parse(["spin", "-s", "line", "--title", "\u{1B}[35mLime\u{1B}[0m bubble gum", "--", "sleep", "1"])
        else {
            Issue.record("not a run")
            return
        }
        #expect(spin.style == "ascii" && spin.label == "Lime bubble gum", "-s is --spinner; a coloured title is read as its words")
        guard case .ask(let input) = try ShowcaseCommand.parse(["input", "--prompt", "> ", "--timeout", "1m30s", "--placeholder.foreground", "240"]) else {
            Issue.record("not a question")
            return
        }
        #expect(input.title == ">" && input.timeout == .seconds(90) && input.styles["placeholder"]?.foreground == .palette(240))
        #expect(try AskCommand.duration("500ms", flag: "--timeout") == .milliseconds(500) && AskCommand.duration("2", flag: "--timeout") == .seconds(2))
        #expect(throws: UsageError.self) { try AskCommand.duration("soon", flag: "--timeout") }
        #expect(AskCommand.confirmStatus(forLine: "y\n") == 0 && AskCommand.confirmStatus(forLine: "yes") == 0 && AskCommand.confirmStatus(forLine: "no") == 1)
    }

    @Test func styleAndJoinPrintLipglossBlocks() throws {
        func printed(_ words: [String], depth: ColorDepth = .none) throws -> String {
            guard case .style(let command) = try ShowcaseCommand.parse(words) else { return "not a style command" }
            return command.text(colorDepth: depth)
        }
        let card = try printed(["style", "--border", "double", "--padding", "1 3", "--width", "20", "--height", "5", "Nice meeting you, Bob. See you soon!"])
        #expect(
            card == """
                ╔════════════════════╗
                ║                    ║
                ║   Nice meeting     ║
                ║   you, Bob. See    ║
                ║   you soon!        ║
                ║                    ║
                ╚════════════════════╝

                """
        )
        let word = try printed(["style", "--foreground", "212", "--bold", "Gum"], depth: .palette256)
        #expect(word == "\u{1B}[0;1;38;5;212mGum\u{1B}[0m\n")
        let framed = try printed(
            ["style", "--border", "normal", "--margin", "1", "--padding", "0 1", "--border-foreground", "212", "Hi \(word.dropLast())"],
            depth: .palette256
        )
        #expect(framed.contains("\u{1B}[0;1;38;5;212mGum"), "a word another style coloured keeps its colour inside the box: \(framed)")
        #expect(
            StyledText(ansi: framed).plain == """

                 ┌────────┐
                 │ Hi Gum │
                 └────────┘


                """
        )
        let joined = try printed(["join", "--align", "center", "a\nb\nc", "x"])
        #expect(joined == "a\nbx\nc\n", "the shorter block in the middle (blanks at a line's end left out)")
        #expect(try printed(["join", "--vertical", "--align", "right", "abc", "x"]) == "abc\n  x\n")
        #expect(throws: UsageError("`--padding` takes 1 to 4 numbers of cells, each up to 200 (\"1\", \"1 2\", \"1 2 1 2\"), not `1 x`")) {
            try printed(["style", "--padding", "1 x", "a"])
        }
        #expect(
            PrintedColors.depth(environment: ["TERM": "xterm-256color"], outputIsTerminal: false, errorIsTerminal: true) == .palette256,
            "NAME=$(style …) in a terminal"
        )
        #expect(PrintedColors.depth(environment: ["TERM": "xterm-256color"], outputIsTerminal: false, errorIsTerminal: false) == .none)
        #expect(PrintedColors.depth(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], outputIsTerminal: true, errorIsTerminal: true) == .none)
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: PickCommandTests.hasSetsid, "needs util-linux's setsid"))
    func aPipedLineAnswersConfirmAndATimeoutEndsAQuestion() throws {
        #expect(try Run([], shell: #"echo y | "$SHOWCASE" confirm"#).finish().status == 0)
        #expect(try Run([], shell: #"echo nope | "$SHOWCASE" confirm"#).finish().status == 1)
        let input = try Run([], outputToPipe: true, shell: #"exec "$SHOWCASE" input --timeout 300ms"#)
        #expect(input.finish() == (124, ""), "gum's status for a timeout")
        let confirm = try Run([], shell: #"exec "$SHOWCASE" confirm --timeout 300ms --default no"#)
        #expect(confirm.finish().status == 1, "confirm's timeout gives the answer shown: the default")
        let chosen = try Run([], outputToPipe: true, shell: #"exec "$SHOWCASE" choose --select-if-one --output-delimiter , only"#)
        #expect(chosen.finish() == (0, "only,"), "one item: printed without asking")
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: PickCommandTests.hasSetsid, "needs util-linux's setsid"))
    func writePrintsItsLinesAndChooseWithoutItemsOnATerminalSaysWhatToDo() throws {
        let write = try Run([], outputToPipe: true, shell: #"exec "$SHOWCASE" write --header Body"#)
        write.waitFor { $0.rows.contains("? Body") }
        write.type("first\u{1B}\rsecond")  // alt-enter between the lines
        write.waitFor { $0.rows.contains { $0.contains("second") } }
        write.type("\r")
        #expect(write.finish() == (0, "first\nsecond\n"))
        let bare = try Run([], shell: #"exec "$SHOWCASE" choose"#)
        let (status, _) = bare.finish()
        #expect(status == 64)
        expectScreen(bare.screen.rows, ["$ showcase pick", "showcase: give ITEMs to choose among, or pipe them in a line", " each (`ls | showcase choose`)"])
    }
}

/// gum's commands that print and ask nothing (`log`, `format`, `table --print`), compared
/// whole.
struct GumPrintingCommandsTests {
    @Test func logWritesCharmsLinesInEachFormatter() throws {
        func line(_ words: [String], _ environment: [String: String] = [:], depth: ColorDepth = .none) throws -> String {
            guard case .log(let log) = try ShowcaseCommand.parse(["log"] + words, environment: environment) else { return "not a log" }
            let date = Date(timeIntervalSince1970: 1_764_000_000)  // 2025-11-24 16:00:00 UTC
            return log.isFiltered ? "" : log.line(at: date, colorDepth: depth, timeZone: TimeZone(identifier: "UTC")!)
        }
        #expect(
            try line(["-t", "kitchen", "-l", "info", "-s", "Saved", "file", "my notes.txt", "count", "3"])
                == "4:00PM INFO Saved file=\"my notes.txt\" count=3\n"
        )
        #expect(
            try line(["--prefix", "build", "-l", "error", "-f", "took %s s, %d files, %q", "2.5", "3", "x"]) == "ERROR build: took 2.5 s, 3 files, \"x\"\n"
        )
        #expect(
            try line(["-t", "rfc3339", "--formatter", "json", "-l", "warn", "-s", "hi", "a", "b\"c"])
                == #"{"time":"2025-11-24T16:00:00Z","level":"warn","msg":"hi","a":"b\"c"}"# + "\n"
        )
        #expect(
            try line(["--formatter", "logfmt", "-t", "2006-01-02 15:04:05.000", "-l", "debug", "x y"])
                == "time=\"2025-11-24 16:00:00.000\" level=debug msg=\"x y\"\n"
        )
        #expect(try line(["words", "as", "one", "message"]) == "words as one message\n", "no level: none shown")
        #expect(try line(["-l", "info", "hidden"], ["GUM_LOG_LEVEL": "warn"]).isEmpty, "below the least level: nothing")
        #expect(try line(["-l", "error", "Oops"], depth: .palette256) == "\u{1B}[0;1;38;5;204mERROR\u{1B}[0m Oops\n", "the level in charm's colour")
        #expect(throws: UsageError.self) { try line(["-s", "-f", "x"]) }
        #expect(LogCommand.printf("%s and %s", ["a"]) == "a and %!s(MISSING)" && LogCommand.printf("%d%%", ["x"]) == "%!d(string=x)%")
    }

    @Test func tableReadsCSVAndPrintsLipglossGrid() throws {
        guard case .table(let command) = try ShowcaseCommand.parse(["table", "--print"]) else { return }
        let (columns, rows) = try command.table(from: "\u{FEFF}Name,Age,City\r\nAlice,30,\"Paris, FR\"\n\nBob,4\n")
        #expect(
            columns == ["Name", "Age", "City"] && rows == [["Alice", "30", "Paris, FR"], ["Bob", "4", ""]],
            "a BOM, CRLF, a quoted separator, a blank line, a short row"
        )
        let grid = command.grid(columns: columns, rows: rows, widths: command.columnWidths(columns, rows)).map(\.plain)
        #expect(
            grid == [
                "╭───────┬─────┬───────────╮",
                "│ Name  │ Age │ City      │",
                "├───────┼─────┼───────────┤",
                "│ Alice │ 30  │ Paris, FR │",
                "│ Bob   │ 4   │           │",
                "╰───────┴─────┴───────────╯",
            ]
        )
        #expect(command.output(for: rows[0]) == "Alice,30,\"Paris, FR\"\n", "printed back as CSV")
        #expect(throws: TableCommand.InputError(message: "row 2 has 3 fields but there are 2 columns; give --columns, or check the --separator")) {
            try command.table(from: "a,b\n1,2,3\n")
        }
        #expect(throws: TableCommand.InputError(message: "line 1: a quote in an unquoted field; quote the field (\"a \"\"b\"\"\") or give --lazy-quotes")) {
            try command.table(from: "a\"b\n")
        }
        #expect(try CSV.records(in: "x;\"y\"\"z\"\n", separator: ";") == [["x", "y\"z"]])
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["table", "--separator", "ab"]) }
    }

    @Test func formatDrawsMarkdownTemplatesAndEmoji() throws {
        func printed(_ words: [String], input: String? = nil, depth: ColorDepth = .none) throws -> String {
            guard case .format(let command) = try ShowcaseCommand.parse(["format"] + words) else { return "not format" }
            return command.text(input: input, width: 40, colorDepth: depth)
        }
        let markdown = """
            # Title
            Some *em* and **strong** with `code` and a [link](https://charm.sh) that wraps here.

            - one
              - nested
            2. two

            > quoted

            | A | Bee |
            |---|-----|
            | 1 | 2 |
            """
        #expect(
            try printed([], input: markdown) == """

                   Title 

                  Some em and strong with \u{A0}code\u{A0} and a
                  link https://charm.sh that wraps
                  here.

                  • one
                    ◦ nested
                  2. two

                  │ quoted

                  A │ Bee
                  ──┼────
                  1 │ 2


                """
        )
        #expect(try printed(["-t", "template", #"{{ Bold "Tasty" }} {{ Color "99" "0" " Gum " }}"#], depth: .palette256).hasPrefix("\u{1B}[0;1mTasty"))
        #expect(try printed(["-t", "template", #"{{ Bold (Italic "x") }} {{ Nope "y" }}"#]) == "x {{ Nope \"y\" }}\n", "an unknown function stays as written")
        #expect(try printed(["-t", "emoji", "I :heart: gum :candy: :nope:"]) == "I ❤️ gum 🍬 :nope:\n")
    }
}

/// gum's pager: numbered lines in a frame, wrapped, searched.
@MainActor
struct PagerViewTests {
    @Test func itNumbersWrapsAndSearches() {
        let text = (1...8).map { "line \($0)" }.joined(separator: "\n") + "\nthe ninth line is long enough to wrap\n"
        let pager = PagerView(text: text)
        let pilot = Pilot(pager, size: Size(width: 30, height: 7))
        expectScreen(
            pilot.trimmedLines,
            [
                "╭────────────────────────────╮",
                "│ 1  line 1                  │",
                "│ 2  line 2                  │",
                "│ 3  line 3                  │",
                "│ 4  line 4                  │",
                "╰────────────────────────────╯",
                "0%",
            ]
        )
        pilot.press(.end)
        #expect(Array(pilot.trimmedLines[1...3]) == ["│ 7  line 7                  │", "│ 8  line 8                  │", "│ 9  the ninth line is long  │"])
        #expect(pilot.trimmedLines[4] == "│    enough to wrap          │", "the wrapped rest has no number")
        pilot.press(.home, .character("/"), .character("l"), .character("i"), .character("n"), .character("e"), .character(" "), .character("7"))
        #expect(pilot.trimmedLines.last == "/line 7", "the search typed at the bottom")
        pilot.press(.enter)
        #expect(pager.matches.count == 1 && pager.current == 0 && pilot.trimmedLines.contains("│ 7  line 7                  │"), "\(pilot.trimmedLines)")
        #expect(pilot.trimmedLines.last?.hasPrefix("83% · 1/1 “line 7”") == true, "\(pilot.trimmedLines)")
        pilot.press(.escape)
        #expect(pager.search.isEmpty, "the first Esc clears the search")
        #expect(pager.handle(.key(.escape)) == .quit(status: 0), "the next quits")
    }
}

/// Hostile input to the printing commands costs what it holds.
struct GumHostileInputTests {
    @Test func markdownFullOfOpeningMarksIsReadInOnePass() {
        // 200 000 `[` and `<` with nothing closing them: each looked up once, not scanned to the end.
        let text = String(repeating: "[<`", count: 200_000)
        let lines = MarkdownText.render(text, width: 80)
        #expect(lines.map(\.plain).joined().filter { $0 == "[" }.count == 200_000, "every mark kept as text")
        #expect(MarkdownText.inline("[a](b) [c](d").plain == "a b [c](d")
    }

    @Test func sizesAreBoundedWithAClearError() {
        #expect(throws: UsageError("`--width` takes a number of cells from 0 to 1000, not `100000`")) {
            try ShowcaseCommand.parse(["style", "--width", "100000", "x"])
        }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["style", "--margin", "9223372036854775807", "x"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["table", "--height", "-1"]) }
    }
}
