import Foundation
import GifDecoding
import Testing

@testable import ShowcaseKit

/// A scenario recorded on the virtual clock: its frames in a GIF, the same bytes every time.
@MainActor
struct ScenarioRecordingTests {
    nonisolated static let hasFonts = FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")

    @Test(.enabled(if: hasFonts, "needs fonts-dejavu-core")) func aScenarioRecordsTheSameGifEveryTime() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("spin.scenario").path
        try "scenario spin\nsize 60x20\nscene spinners\nexpect \"comet\"\nwait 3s\nkey down\nwait 1s\nexpect \"› tide\"\n".write(
            toFile: scenario,
            atomically: true,
            encoding: .utf8
        )
        let first = folder.appendingPathComponent("a.gif").path
        let second = folder.appendingPathComponent("b.gif").path
        #expect(await ScenarioRecording.record(scenario, to: first) == nil)
        #expect(await ScenarioRecording.record(scenario, to: second) == nil)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))), "the same bytes every time")
        let gif = try AnimatedImage(data: bytes)
        let shown = gif.frames.reduce(0) { $0 + ($1.delayCentiseconds ?? 0) }
        #expect(gif.frameCount > 20 && shown >= 400, "4 virtual seconds of a spinning comet, frame by frame: \(gif.frameCount) frames, \(shown) cs")
        #expect(await ScenarioRecording.record(folder.appendingPathComponent("none.scenario").path, to: first) != nil)
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["record", "demo.tape", "--out", "x.gif"]) }
        #expect(try ShowcaseCommand.parse(["record", "a/b.scenario"]) == .record(RecordCommand(source: .scenario, file: "a/b.scenario", output: "b.gif")))
    }
}
