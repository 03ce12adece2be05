import IndicatorKit
import Testing

@testable import TUIPilot

struct ScenarioParserTests {
    @Test func parsesEveryCommand() throws {
        let text = """
            # a comment
            scenario my test
            covers B1.4 B3.2
            size 100x30
            colors 256
            scene terminal
            key tab ctrl-c f5 space
            type "a b"
            click 3 4
            drag 1 1 -> 1 3
            wheel up 2 2
            wait 300ms
            wait 1.5s
            resize 20x5
            expect "x y" in 0 0 10 2
            expect-not "z"
            snapshot start_1
            """
        let scenario = try ScenarioParser.parse(text, path: "dir/file.scenario")
        #expect(scenario.name == "my test")
        #expect(scenario.covers == ["B1.4", "B3.2"])
        #expect(scenario.initialSize == Size(width: 100, height: 30))
        let steps = scenario.lines.map(\.step)
        #expect(steps[0] == .colors(.palette256))
        #expect(steps[1] == .scene("terminal"))
        #expect(steps[2] == .events([.key(.tab), .key(.control("c")), .key(.function(5)), .key(.character(" "))]))
        #expect(steps[3] == .events([.key(.character("a")), .key(.character(" ")), .key(.character("b"))]))
        #expect(steps[4] == .events([.mouse(MouseEvent(.press, at: Point(x: 3, y: 4))), .mouse(MouseEvent(.release, at: Point(x: 3, y: 4)))]))
        #expect(
            steps[5]
                == .events([
                    .mouse(MouseEvent(.press, at: Point(x: 1, y: 1))),
                    .mouse(MouseEvent(.drag, at: Point(x: 1, y: 2))),
                    .mouse(MouseEvent(.drag, at: Point(x: 1, y: 3))),
                    .mouse(MouseEvent(.release, at: Point(x: 1, y: 3))),
                ])
        )
        #expect(steps[6] == .events([.mouse(MouseEvent(.wheelUp, button: .none, at: Point(x: 2, y: 2)))]))
        #expect(steps[7] == .wait(.milliseconds(300)))
        #expect(steps[8] == .wait(.milliseconds(1500)))
        #expect(steps[9] == .resize(Size(width: 20, height: 5)))
        #expect(steps[10] == .expect(text: "x y", region: Rect(x: 0, y: 0, width: 10, height: 2), present: true))
        #expect(steps[11] == .expect(text: "z", region: nil, present: false))
        #expect(steps[12] == .snapshot("start_1"))
        #expect(scenario.lines[0].number == 5)
    }

    @Test func aScenarioIsBoundedInLineLengthAndInTotalWork() throws {
        let long = "type \"" + String(repeating: "a", count: 5000) + "\""
        #expect(throws: ScenarioSyntaxError(path: "t", line: 2, message: "the line is 5007 characters long; a line has at most 4096")) {
            try ScenarioParser.parse("scene requests\n" + long, path: "t")
        }
        // 80 keys at 500×500 cost 20 million cell draws: the 81st crosses the budget.
        let keys = Array(repeating: "down", count: 80).joined(separator: " ")
        #expect(try ScenarioParser.parse("size 500x500\nkey \(keys)", path: "t").lines.count == 1)
        do {
            _ = try ScenarioParser.parse("size 500x500\nkey \(keys)\nkey down", path: "t")
            Issue.record("over the budget")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.hasPrefix("the scenario asks for too much work by this line"))
        }
        // A tiny screen is no way around it: a drag across the whole coordinate range is
        // some 2 000 events, and at 1×1 each still costs what a frame of 80×24 does.
        let drags = Array(repeating: "drag -1000 -1000 -> 1000 1000", count: 9_990).joined(separator: "\n")
        do {
            _ = try ScenarioParser.parse("size 1x1\n" + drags, path: "t")
            Issue.record("20 million events at 1×1 are over the budget")
        } catch {
            #expect(error.line == 7, "the sixth drag (some 12 000 events) crosses it")
        }
        // What waits draw depends on the scene: the runner counts it (ScenarioRunnerTests).
        #expect(try ScenarioParser.parse("wait 600s\nwait 600s", path: "t").lines.count == 2)
    }

    @Test func anExpectationOfNothingIsRefused() {
        #expect(throws: ScenarioSyntaxError.self) { try ScenarioParser.parse("expect \"\"", path: "t") }
        #expect(throws: ScenarioSyntaxError.self) { try ScenarioParser.parse("expect-not \"\"", path: "t") }
    }

    @Test func windowsLineEndingsAreRead() throws {
        let scenario = try ScenarioParser.parse("scenario crlf\r\nscene terminal\r\nwait 1s\r\n", path: "w.scenario")
        #expect(scenario.name == "crlf")
        #expect(scenario.lines.map(\.number) == [2, 3])
    }

    @Test func theNameDefaultsToTheFileName() throws {
        #expect(try ScenarioParser.parse("expect \"a\"", path: "x/terminal-check.scenario").name == "terminal-check")
    }

    @Test(arguments: [
        ("bogus 1", "unknown command `bogus`"),
        ("size 80by24", "write `size WIDTHxHEIGHT`"),
        ("key nosuchkey", "unknown key `nosuchkey`"),
        ("wait soon", "write `wait 300ms`"),
        ("expect \"open", "quoted text is not closed"),
        ("colors 1000", "write `colors none|16|256|truecolor`"),
        ("drag 1 1 2 2", "write `drag X Y -> X Y`"),
        ("snapshot a/b", "write `snapshot NAME`"),
        ("wait 1e30s", "at most 10 minutes"),
        ("wait infs", "at most 10 minutes"),
        ("wait -1ms", "at most 10 minutes"),
        ("size 100000x100000", "each from 0 to 500"),
        ("size 9223372036854775807x2", "each from 0 to 500"),
        ("resize 10x501", "each from 0 to 500"),
        ("drag 0 0 -> -9223372036854775808 0", "write `drag X Y -> X Y`"),
        ("click 99999 0", "write `click X Y`"),
    ])
    func syntaxErrorsNameTheFileAndLine(line: String, message: String) {
        do {
            _ = try ScenarioParser.parse("# first\n\n" + line, path: "s.scenario")
            Issue.record("`\(line)` should not parse")
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("s.scenario:3: "))
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
