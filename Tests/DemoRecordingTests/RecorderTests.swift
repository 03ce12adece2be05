import Foundation
import GifDecoding
import Pixels
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
        let cells = try CellRenderer(fontSize: 14, letterSpacing: 1)
        #expect(gif.width == 400 && gif.height == 200, "the tape's size")
        #expect(report.columns == 380 / cells.cellWidth && report.rows == 180 / cells.cellHeight)
        let cast = try String(contentsOf: folder.appendingPathComponent("out.cast"), encoding: .utf8).split(separator: "\n")
        #expect(cast.first?.hasPrefix("{\"version\": 2, \"width\": \(report.columns), \"height\": \(report.rows)") == true)
        #expect(cast.dropFirst().allSatisfy { $0.hasPrefix("[") && $0.contains(", \"o\", ") })
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shot.png").path))
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: canRecord, "needs bash, util-linux's setsid and fonts-dejavu-core"))
    func theWindowIsDrawnRoundTheTerminalAndTheCursorBlinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func record(_ settings: String) throws -> AnimatedImage {
            let tape = try Tape.parse("Output out.gif\nSet FontSize 14\nSet Width 400\nSet Height 200\nSet Padding 10\n\(settings)\nSleep 2.5s")
            _ = try Recorder(tape: tape, folder: folder.path).record()
            return try AnimatedImage(data: Data(contentsOf: folder.appendingPathComponent("out.gif")))
        }
        let blinking = try record("Set Margin 10\nSet MarginFill \"#6B50FF\"\nSet WindowBar Rings\nSet BorderRadius 6")
        #expect(blinking.width == 400 && blinking.height == 200)
        let first = blinking.image(at: 0)
        #expect(first[0, 0] == RGBA(0x6B, 0x50, 0xFF) && first[10, 10] == RGBA(0x6B, 0x50, 0xFF), "margin and rounded corner")
        #expect(first[200, 12] == RGBA(0x17, 0x17, 0x17), "the bar, in the theme's background")
        // 2.5 s of a still prompt: the cursor on, off, on, off, on (600 ms each).
        #expect(blinking.frameCount >= 4, "the cursor blinks: \(blinking.frameCount) frames")
        let steady = try record("Set CursorBlink false")
        #expect(steady.frameCount == 1, "a still screen with a steady cursor is one frame: \(steady.frameCount)")
        #expect(throws: RecordingError.self) { try record("Set WindowBar Plaid") }
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
