import Foundation
import GifDecoding
import Testing

@testable import DemoRecording

/// A tape played on a real bash in a pseudo-terminal, recorded to a GIF, a cast and text.
struct RecorderTests {
    static let canRecord =
        RenderingTests.hasFonts && FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") && Recorder.isOnPath("bash")

    @Test(.timeLimit(.minutes(1)), .enabled(if: canRecord, "needs bash, util-linux's setsid and fonts-dejavu-core"))
    func aTapeTypesIntoAShellAndItsOutputsAreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tape = try Tape.parse(
            """
            Output out.gif
            Output out.cast
            Output out.txt
            Set FontSize 14
            Set Width 400
            Set Height 200
            Set Padding 10
            Set TypingSpeed 10ms
            Type "echo hello"
            Enter
            Wait /^>/
            Type "printf '\\033[1;31mred\\033[0m\\n'"
            Enter
            Wait+Screen /red/
            Screenshot shot.png
            """
        )
        let report = try Recorder(tape: tape, folder: folder.path).record()
        let text = try String(contentsOf: folder.appendingPathComponent("out.txt"), encoding: .utf8)
        #expect(text.hasPrefix("> echo hello\nhello\n> printf") && text.contains("\nred\n"), "\(text)")
        let gif = try AnimatedImage(data: Data(contentsOf: folder.appendingPathComponent("out.gif")))
        #expect(gif.frameCount == report.frames && gif.frameCount >= 10, "a frame for each key's echo at least: \(gif.frameCount)")
        let cells = try CellRenderer(fontSize: 14)
        #expect(gif.width == report.columns * cells.cellWidth + 20 && gif.height == report.rows * cells.cellHeight + 20)
        let cast = try String(contentsOf: folder.appendingPathComponent("out.cast"), encoding: .utf8).split(separator: "\n")
        #expect(cast.first?.hasPrefix("{\"version\": 2, \"width\": \(report.columns), \"height\": \(report.rows)") == true)
        #expect(cast.dropFirst().allSatisfy { $0.hasPrefix("[") && $0.contains(", \"o\", ") })
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shot.png").path))
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: canRecord, "needs bash, util-linux's setsid and fonts-dejavu-core"))
    func aWaitThatTimesOutSaysWhatItSaw() throws {
        let tape = try Tape.parse("Set FontSize 14\nSet Width 400\nSet Height 200\nType \"echo nope\"\nEnter\nWait@300ms /never/")
        #expect(throws: RecordingError.self) { try Recorder(tape: tape, folder: NSTemporaryDirectory()).record() }
        do {
            _ = try Recorder(tape: tape, folder: NSTemporaryDirectory()).record()
        } catch let error as RecordingError {
            #expect(error.description.hasPrefix("line 6: waited 0.3 s for /never/ on the last line; the last line is “> ”"), "\(error)")
        }
    }
}
