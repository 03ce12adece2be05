import Foundation
import IndicatorKit
import TUITesting
import Testing

/// The scenario runner on views of the tests' own: roots by name, a command of the app's
/// own, and the file format's failures.
@MainActor
@Suite(.endsIdle)
struct ScenarioRunnerTests {
    /// Shows "echo" and the last key.
    final class Echo: View {
        var last = ""
        func render(in rect: Rect, on canvas: inout Canvas) { canvas.draw("echo \(last)", at: rect.origin, clip: rect) }
        func handle(_ event: InputEvent) -> EventResult {
            guard case .key(let key) = event else { return .ignored }
            last = "\(key)"
            return .handled
        }
    }

    /// `set-keys N` sets the counter's key count.
    static let setKeys = ScenarioCommand(name: "set-keys", usage: "set-keys N") { words, app in
        guard let counter = (app as? ScenarioRoots)?.current as? PilotTests.Counter else { return "`set-keys` works on the counter only" }
        guard words.count == 1, let count = Int(words[0]) else { return "write `set-keys N`" }
        counter.keys = count
        return nil
    }

    let runner = ScenarioRunner(
        commands: [setKeys],
        roots: [
            "counter": { PilotTests.Counter(clock: $0.clock) },
            "echo": { _ in Echo() },
        ]
    )

    @Test func aScenarioFileOfItsOwnPasses() async {
        await runner.expectPasses("Scenarios")
    }

    @Test func scenesAndCommandsAreTheAppsAndTheirFailuresNameTheLine() async throws {
        let unknown = await runner.run(try runner.parse("scene nowhere\nexpect \"x\"", path: "s.scenario"))
        #expect(unknown.failure == "s.scenario:1: no scene `nowhere`; the scenes are: counter, echo")
        let wrongUse = await runner.run(try runner.parse("scene echo\nset-keys 3\nexpect \"x\"", path: "s.scenario"))
        #expect(wrongUse.failure == "s.scenario:2: `set-keys` works on the counter only")
        #expect(
            throws: ScenarioSyntaxError(
                path: "s.scenario",
                line: 1,
                message: "unknown command `frob`; see docs/SCENARIOS.md for the commands or one of the app's: set-keys"
            )
        ) {
            try runner.parse("frob 3", path: "s.scenario")
        }
        let echoed = await runner.run(try runner.parse("scene echo\nkey x\nexpect \"echo x\"", path: "s.scenario"))
        #expect(echoed.passed, "\(echoed.failure ?? "")")
    }

    /// Quits with 3 on x.
    final class Quitter: View {
        func render(in rect: Rect, on canvas: inout Canvas) { canvas.draw("press x", at: rect.origin, clip: rect) }
        func handle(_ event: InputEvent) -> EventResult { event == .key(.character("x")) ? .quit(status: 3) : .ignored }
    }

    @Test func aScenarioExpectsTheAppToQuitWithAStatus() async throws {
        let quitting = ScenarioRunner(recordSnapshots: false, roots: ["quitter": { _ in Quitter() }])
        #expect(await quitting.run(try quitting.parse("key x\nexpect-quit 3", path: "q.scenario")).passed)
        let early = await quitting.run(try quitting.parse("expect-quit 3", path: "q.scenario"))
        #expect(early.failure == "q.scenario:1: expected the app to quit with 3; it has not asked to quit")
        let other = await quitting.run(try quitting.parse("key x\nexpect-quit 0", path: "q.scenario"))
        #expect(other.failure == "q.scenario:2: expected the app to quit with 0; it asked to quit with 3")
    }

    @Test func aFolderOfScenariosIsReportedLineByLine() async throws {
        var lines: [String] = []
        let status = await runner.runFiles([Self.folder], output: { lines.append($0) })
        #expect(status == 0)
        #expect(lines == ["PASS \(Self.folder)/counter.scenario: a counter of keys, clicks and ticks  [counting]", "1 passed, 0 failed"])
        var errors: [String] = []
        #expect(await runner.runFiles(["/no/such/folder"], hint: "; try again", output: { _ in }, errors: { errors.append($0) }) == 66)
        #expect(errors == ["error: no such file or folder: /no/such/folder; try again"])
    }

    @Test func thePilotWritesTheScreenAsAPicture() throws {
        let clock = VirtualScheduler()
        let pilot = Pilot(PilotTests.Counter(clock: clock), size: Size(width: 26, height: 2), clock: clock)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pilot-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try pilot.writeSVG(to: file)
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains(">k</text>") && svg.contains("font-weight=\"bold\""))
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios").path
}
