import Foundation
import IndicatorKit
import TUIPilot
import TestSupport
import Testing

@testable import ShowcaseKit

@MainActor
struct ScenarioRunnerTests {
    func run(_ text: String, path: String = "t.scenario", record: Bool = false) async throws -> ScenarioResult {
        let scenario = try ScenarioParser.parse(text, path: path)
        return await ScenarioRunner.showcase(recordSnapshots: record).run(scenario)
    }

    @Test func aFailedExpectationNamesTheLineAndShowsTheScreen() async throws {
        let result = try await run("size 40x10\nscene terminal\nexpect \"Size\"\nexpect \"no such text\"")
        #expect(!result.passed)
        let failure = try #require(result.failure)
        #expect(failure.hasPrefix("t.scenario:4: expected \"no such text\" on screen"))
        #expect(failure.contains("|  Size      40×10 cells"))
    }

    /// A scene whose view starts a repeating timer that nothing ever cancels.
    final class Leaky: View {
        init(scheduler: any Scheduler) { scheduler.scheduleRepeating(every: .milliseconds(250)) {} }
        func render(in rect: Rect, on canvas: inout Canvas) { canvas.draw("leaky", at: rect.origin, clip: rect) }
        func handle(_ event: InputEvent) -> EventResult { .ignored }
    }

    @Test func workThatOutlivesTheAppFailsTheScenarioAndIsNamed() async throws {
        let leaky = SceneEntry(
            id: "leaky",
            title: "Leaky",
            summary: "a timer left running",
            make: { Screen(title: "Leaky", content: Leaky(scheduler: $0.scheduler)) }
        )
        let scenario = try ScenarioParser.parse("scene leaky\nexpect \"leaky\"", path: "leak.scenario")
        let result = await ScenarioRunner.showcase(recordSnapshots: false, entries: SceneCatalog.all + [leaky]).run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.hasPrefix("leak.scenario: work still scheduled a minute after the app closed: ShowcaseKitTests/ScenarioRunnerTests.swift:"))
        #expect(failure.contains("(every 250 ms)"))
        #expect(try await run("scene gif\nwait 2s\nexpect \"frame\"").passed, "a scene whose timers end with it passes")
    }

    @Test func aScenarioThatDrawsMoreThanItsBudgetStopsNamingTheLine() async throws {
        // The spinners redraw more often than the parser's estimate; the runner counts what
        // was really drawn. A small limit shows it without spending seconds.
        let scenario = try ScenarioParser.parse("size 100x50\nscene spinners\nwait 5s\nexpect \"Spinners\"", path: "busy.scenario")
        var runner = ScenarioRunner.showcase(recordSnapshots: false)
        runner.workLimit = 200_000
        let result = await runner.run(scenario)
        #expect(
            result.failure?.hasPrefix("busy.scenario:3: the scenario did too much work by this line (over 200000 cell draws)") == true,
            "\(result.failure ?? "passed")"
        )
        runner.workLimit = ScenarioParser.WorkBudget.limit
        #expect(await runner.run(scenario).passed)
    }

    @Test func snapshotsAreAlsoWrittenAsPicturesWhenAsked() async throws {
        let folder = try makeTemporaryFolder("svg")
        defer { try? FileManager.default.removeItem(at: folder) }
        var runner = ScenarioRunner.showcase(recordSnapshots: true)
        runner.svgDirectory = folder.path
        let scenario = try ScenarioParser.parse(
            "size 40x10\nscene terminal\nexpect \"Size\"\nsnapshot start",
            path: folder.appendingPathComponent("check.scenario").path
        )
        #expect(await runner.run(scenario).passed)
        let svg = try String(contentsOfFile: folder.appendingPathComponent("check.start.svg").path, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains(">S</text>"), "the screen's text, cell by cell")
    }

    @Test func aFileOverOneMebibyteIsRefusedUnread() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).scenario").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(ScenarioRunner.largestFile + 1))  // sparse: no need to write it
        try handle.close()
        let result = await ScenarioRunner.showcase(recordSnapshots: false).run(file: file)
        #expect(result.failure?.hasSuffix("a scenario file is at most 1 MiB") == true)
    }

    @Test func expectNotFailsWhenTheTextIsThere() async throws {
        let result = try await run("expect-not \"Home\" in 0 0 20 1")
        #expect(result.failure?.contains("did not expect \"Home\" in 0,0 20x1") == true)
    }

    @Test func unknownScenesAreReported() async throws {
        let result = try await run("scene nowhere")
        #expect(result.failure?.contains("no scene `nowhere`; the scenes are: home, refresh") == true)
    }

    @Test func snapshotsAreRecordedThenComparedWithADiff() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/demo.scenario"

        let missing = try await run("snapshot one", path: path)
        #expect(missing.failure?.contains("run with INDICATORKIT_RECORD_SNAPSHOTS=1") == true)

        let recorded = try await run("snapshot one", path: path, record: true)
        #expect(recorded.passed)
        #expect(recorded.recorded == [folder + "/snapshots/demo.one.txt"])
        let stored = try String(contentsOfFile: folder + "/snapshots/demo.one.txt", encoding: .utf8)
        #expect(stored.hasPrefix(" 1 Home  2 Refresh"), "the tab bar heads the screen")

        #expect(try await run("snapshot one", path: path).passed)

        let changed = try await run("scene terminal\ntype \"z\"\nsnapshot one", path: path)
        let failure = try #require(changed.failure)
        #expect(failure.contains("screen differs from snapshot"))
        #expect(failure.contains(" - ") && failure.contains(" + "))
        #expect(failure.contains("key z"))
    }

    @Test func waitAdvancesTheVirtualClock() async throws {
        // Ten minutes pass on the virtual clock: a request made then is stamped 00:10:00.
        let result = try await run("scene requests\nwait 600s\nkey k\nwait 300ms\nexpect \"00:10:00  ✓ quick\"")
        #expect(result.passed, "\(result.failure ?? "")")
    }
}

/// What `showcase headless` prints: no byte of a scenario or its file name acts on a terminal.
@MainActor
struct HeadlessOutputTests {
    @Test func escapesAndNULsInScenariosAndFileNamesNeverReachTheReport() async throws {
        let folder = try makeTemporaryFolder("headless")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = [
            "name \u{1B}]0;pwned\u{07}\ncovers B0.1\u{1B}[2J\nscene \u{1B}]0;pwned\u{07}\n",
            "expect \"a\u{0}b\u{1B}[31m\"\n",
            "key nosuch\u{1B}[H\n",
            "frobnicate \u{1B}c\n",
        ]
        for (i, text) in hostile.enumerated() {
            try Data(text.utf8).write(to: folder.appendingPathComponent("bad\u{1B}[31m\(i).scenario"))
        }
        var lines: [String] = []
        let status = await HeadlessCommand.run(paths: [folder.path], output: { lines.append($0) }, errors: { lines.append($0) })
        let report = lines.joined(separator: "\n")
        #expect(status == 1)
        #expect(report.hasSuffix("0 passed, 4 failed"))
        #expect(!report.contains("\u{1B}") && !report.contains("\u{0}") && !report.contains("\u{07}"), "\(report.debugDescription)")
        #expect(report.contains("bad\u{FFFD}[31m0.scenario"), "the name is shown, made harmless")
    }

    @Test func aScenarioThatChecksNothingFails() async throws {
        let empty = await ScenarioRunner.showcase().run(try ScenarioParser.parse("", path: "empty.scenario"))
        #expect(empty.failure == "empty.scenario: the scenario checks nothing; add an `expect` or a `snapshot` line")
        let noChecks = await ScenarioRunner.showcase().run(try ScenarioParser.parse("scene gif\nwait 1s\n", path: "idle.scenario"))
        #expect(noChecks.passed == false)
    }
}
