import Foundation
import GifDecoding
import Testing
import TestSupport
@testable import ShowcaseKit

struct GifCommandTests {
    static let spinner = (try? SampleFiles.spinner()) ?? "spinner.gif could not be written"

    func run(_ words: [String]) throws -> (status: Int32, out: String, err: String) {
        let command = try GifCommand.parse(words)
        var out: [String] = [], err: [String] = []
        let status = GifCommand.run(command, output: { out.append($0) }, errors: { err.append($0) })
        return (status, out.joined(separator: "\n"), err.joined(separator: "\n"))
    }

    @Test func parsesTheGifCommands() throws {
        #expect(try ShowcaseCommand.parse(["gif", "info", "a.gif"]) == .gif(.info(path: "a.gif", json: false)))
        #expect(try ShowcaseCommand.parse(["gif", "info", "--json", "a.gif"]) == .gif(.info(path: "a.gif", json: true)))
        #expect(try ShowcaseCommand.parse(["gif", "frames", "a.gif", "--out", "d"]) == .gif(.frames(path: "a.gif", output: "d")))
        #expect(try ShowcaseCommand.parse(["gif", "frames", "a.gif", "--out", "d", "--replace"]) == .gif(.frames(path: "a.gif", output: "d", replace: true)))
        #expect(try ShowcaseCommand.parse(["gif", "play", "a.gif"]) == .gif(.play(path: "a.gif")))
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["gif"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["gif", "frames", "a.gif"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["gif", "info", "a.gif", "--fast"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["gif", "convert", "a.gif"]) }
    }

    @Test func infoJSONHasTheDocumentedShape() throws {
        let result = try run(["info", Self.spinner, "--json"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("{\"width\": 63, \"height\": 45, \"frameCount\": 12, \"loopCount\": 0, \"plays\": \"infinite\", \"frames\": [{\"index\": 0, \"rect\": [0, 0, 63, 45], \"delayCentiseconds\": 8, \"durationMilliseconds\": 80, \"disposal\": 2, \"interlaced\": false, \"transparentIndex\": 0}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect((object["frames"] as? [Any])?.count == 12)
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test func infoTextSummarises() throws {
        let result = try run(["info", Self.spinner])
        #expect(result.out.contains("63×45, 12 frames, loop value 0 (plays forever), one play 1000 ms"))
        #expect(result.out.contains("11     0,0 63×45             9cs    90ms      2         no          0"))
    }

    @Test func framesWritesRawRGBAAndInfo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(["frames", Self.spinner, "--out", folder.path])
        #expect(result.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count == 13)
        #expect(names.first == "frame-0000.rgba")
        #expect(names.contains("info.json"))
        let frame = try Data(contentsOf: folder.appendingPathComponent("frame-0005.rgba"))
        let image = try AnimatedImage(contentsOfFile: Self.spinner)
        #expect([UInt8](frame) == image.image(at: 5).pixels)

        // A second export into the same folder is refused, and nothing is touched…
        try Data("mine".utf8).write(to: folder.appendingPathComponent("frame-0099.rgba"))
        let again = try run(["frames", Self.spinner, "--out", folder.path])
        #expect(again.status == 73)
        #expect(again.err.contains("is not empty; give a new or empty folder, or add --replace"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("frame-0099.rgba")) == Data("mine".utf8))
        // …unless asked: then the earlier export's frames go, so none is left mixed in.
        #expect(try run(["frames", Self.spinner, "--out", folder.path, "--replace"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 13)
        // A file where the folder should be.
        let file = folder.appendingPathComponent("info.json").path
        #expect(try run(["frames", Self.spinner, "--out", file]).status == 73)
    }

    @Test func badFilesGiveOneLineAndTheRightStatus() throws {
        let missing = try run(["info", "/no/such.gif"])
        #expect(missing.status == 66)
        #expect(missing.err.hasPrefix("error: cannot read /no/such.gif"))
        let notGif = FileManager.default.temporaryDirectory.appendingPathComponent("not-\(UUID().uuidString).gif")
        try Data("hello".utf8).write(to: notGif)
        defer { try? FileManager.default.removeItem(at: notGif) }
        let bad = try run(["info", notGif.path])
        #expect(bad.status == 65)
        #expect(bad.err.contains("error: ") && bad.err.contains("not a GIF"))
        #expect(!bad.err.contains("\n"))
    }

    @Test func jsonStringsAreEscaped() {
        #expect(GifReport.jsonString("a\"b\\c\n\u{1B}") == "\"a\\\"b\\\\c\\n\\u001b\"")
    }
}
