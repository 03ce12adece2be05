import Foundation
import IndicatorKit
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
        #expect(
            try ShowcaseCommand.parse(["filter", "--header", "Branch", "--limit", "2"])
                == .pick(PickCommand(items: [], title: "Branch", limit: 2, startsFiltering: true))
        )
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["choose", "--limit", "2", "--no-limit", "a"]) }
        #expect(
            try ShowcaseCommand.parse(["confirm", "Deploy?", "--default", "no"])
                == .ask(.confirm(title: "Deploy?", defaultYes: false, affirmative: "Yes", negative: "No"))
        )
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["confirm", "--default", "maybe"]) }
        #expect(
            try ShowcaseCommand.parse(["input", "--password", "--char-limit", "8"])
                == .ask(.input(title: ">", placeholder: "", value: "", password: true, limit: 8))
        )
        #expect(try ShowcaseCommand.parse(["write", "--height", "3"]) == .ask(.write(title: "Write", placeholder: "", value: "", rows: 3)))
        #expect(
            try ShowcaseCommand.parse(["spin", "--title", "Building", "--spinner", "dot", "--", "echo", "line"])
                == .run(RunCommand(label: "Building", style: "indicatif", command: ["echo", "line"], showsOutput: false, leavesLine: false)),
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
        no.waitFor { $0.rows.contains { $0.hasPrefix("? Deploy now?") } }
        no.type("\r")
        #expect(no.finish().status == 1, "no")
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
