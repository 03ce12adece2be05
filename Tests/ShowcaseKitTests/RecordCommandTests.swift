import Foundation
import GifDecoding
import Pixels
import Testing

@testable import ShowcaseKit

/// `showcase record FILE`: which recording a file asks for, the options each takes, and a
/// cast drawn to a GIF on disk.
@MainActor
struct RecordCommandTests {
    @Test func eachKindOfFileTakesItsOwnOptions() throws {
        #expect(try ShowcaseCommand.parse(["record", "demo.tape"]) == .record(RecordCommand(source: .tape, file: "demo.tape", output: "demo.gif")))
        var cast = RecordCommand(source: .cast, file: "a/s.cast", output: "out.gif")
        cast.fontSize = 20
        cast.framesPerSecond = 15
        cast.idleTimeLimit = 1.5
        cast.speed = 2
        cast.theme = "Dracula"
        #expect(
            try ShowcaseCommand.parse([
                "record", "a/s.cast", "--out", "out.gif", "--font-size", "20", "--fps", "15", "--idle-time-limit", "1.5", "--speed", "2", "--theme", "Dracula",
            ]) == .record(cast)
        )
        #expect(throws: UsageError("`--theme` is for a scenario or a cast; a tape says it with `Output` and `Set`")) {
            try ShowcaseCommand.parse(["record", "demo.tape", "--theme", "Dracula"])
        }
        #expect(throws: UsageError("`--fps` is for a cast; a tape sets `Framerate` and `PlaybackSpeed`, a scenario runs on its own clock")) {
            try ShowcaseCommand.parse(["record", "x.scenario", "--fps", "10"])
        }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["record", "x.cast", "--fps", "0"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["record", "x.cast", "--speed", "fast"]) }
        do {
            _ = try ShowcaseCommand.parse(["record", "x.cast", "--theme", "Plaid"])
            Issue.record("an unknown theme was taken")
        } catch {
            #expect("\(error)".hasPrefix("no theme `Plaid`: give one of Catppuccin Latte, Catppuccin Mocha, Default, Dracula"), "\(error)")
        }
    }

    @Test(.enabled(if: ScenarioRecordingTests.hasFonts, "needs fonts-dejavu-core")) func aCastIsDrawnToAGif() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cast-gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("s.cast").path
        try "{\"version\": 2, \"width\": 30, \"height\": 4}\n[0.1, \"o\", \"one\\r\\n\"]\n[0.6, \"o\", \"two\\r\\n\"]\n".write(
            toFile: cast,
            atomically: true,
            encoding: .utf8
        )
        var said: [String] = []
        var errors: [String] = []
        let output = folder.appendingPathComponent("s.gif").path
        var command = try RecordCommand.parse([cast, "--out", output, "--theme", "light"])
        #expect(await command.run(output: { said.append($0) }, errors: { errors.append($0) }) == 0)
        let gif = try AnimatedImage(data: Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(gif.frameCount == 2 && gif.image(at: 0)[0, 0] == RGBA(0xFA, 0xFA, 0xFA), "two frames on the light theme's white")
        #expect(said.count == 1 && said[0].hasPrefix("recorded \(output): ") && said[0].contains(", 2 frames, "), "\(said)")
        try "{\"version\": 2, \"width\": 30, \"height\": 4}\n[0.1, \"o\"]\n".write(toFile: cast, atomically: true, encoding: .utf8)
        #expect(await command.run(output: { said.append($0) }, errors: { errors.append($0) }) == 65)
        #expect(errors.last == "showcase: \(cast): line 2: an event is `[time, \"o\", \"text\"]`, and this is not one")
        command.file = folder.appendingPathComponent("missing.cast").path
        #expect(await command.run(output: { said.append($0) }, errors: { errors.append($0) }) == 66)
    }
}
