import Foundation
import GifDecoding
import TUITesting
import TestSupport
import Testing

@testable import ShowcaseKit

struct GifCommandTests {
    static let spinner = (try? SampleFiles.spinner()) ?? "spinner.gif could not be written"

    func run(_ words: [String]) throws -> (status: Int32, out: String, err: String) {
        let command = try GifCommand.parse(words)
        var out: [String] = []
        var err: [String] = []
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
        #expect(
            result.out.hasPrefix(
                "{\"decodingMemoryBytes\":601020,\"frameCount\":12,\"frames\":[{\"delayCentiseconds\":8,\"disposal\":2,\"durationMilliseconds\":80,\"index\":0,\"interlaced\":false,\"rect\":[0,0,126,90],\"transparentIndex\":0}"
            ),
            "the documented keys, sorted: \(result.out.prefix(200))"
        )
        #expect(result.out.hasSuffix("\"height\":90,\"loopCount\":0,\"plays\":\"infinite\",\"warnings\":[],\"width\":126}"))
        #expect(try run(["info", Self.spinner, "--json"]).out == result.out, "the same bytes every run")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect((object["frames"] as? [Any])?.count == 12)
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
        // 126×90: the screen twice, one frame's indices, eleven checkpoints.
        #expect(object["decodingMemoryBytes"] as? Int == 2 * 45_360 + 11_340 + 11 * 45_360)
    }

    @Test func infoReadsTheStructureOfAFileTooBigToDecodeAndFramesRefusesItNamingTheFlag() throws {
        // A 8192×8192 screen with one 1×1 frame, 45 bytes: 513 MiB to decode.
        var bytes: [UInt8] = Array("GIF89a".utf8) + [0x00, 0x20, 0x00, 0x20, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString).gif")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let info = try run(["info", file.path])
        #expect(info.status == 0)
        #expect(info.out.contains("decoding needs 513 MiB (over the default 256 MiB: `gif frames` and `gif play` need --max-memory 513)"))
        let frames = try run(["frames", file.path, "--out", file.path + ".frames"])
        #expect(frames.status == 65)
        #expect(frames.err.contains("needs 513 MiB, more than the 256 MiB allowed; add --max-memory 513"))
        #expect(!frames.err.contains("DecodingLimits"), "the advice names the flag, not the API")
        #expect(
            try ShowcaseCommand.parse(["gif", "frames", "a.gif", "--out", "d", "--max-memory", "600"])
                == .gif(.frames(path: "a.gif", output: "d", memory: MemoryBudget(bytes: 600 << 20)))
        )
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["gif", "play", "a.gif", "--max-memory", "lots"]) }
        #expect(try ShowcaseCommand.parse(["gif", "play", "a.gif", "--symbols", "sextant"]) == .gif(.play(path: "a.gif", symbols: .set(.sextant))))
        #expect(try ShowcaseCommand.parse(["gif", "play", "a.gif", "--symbols=auto"]) == .gif(.play(path: "a.gif", symbols: .automatic)))
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["gif", "play", "a.gif", "--symbols", "octant"]) }
    }

    @Test func infoTextSummarises() throws {
        let result = try run(["info", Self.spinner])
        // The summary line, then a row a frame (frame 11: 0,0 126×90, 9 cs, 90 ms, disposal 2, no transparency).
        let shown = result.out.replacingOccurrences(of: Self.spinner, with: "spinner.gif")  // its path is a temporary one
        expectSnapshot(shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), "info-spinner")
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
        #expect(again.err.contains("is not empty; give a new or empty folder, or add --replace to replace an earlier export"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("frame-0099.rgba")) == Data("mine".utf8))
        // …unless asked: then the earlier export's frames go, so none is left mixed in.
        #expect(try run(["frames", Self.spinner, "--out", folder.path, "--replace"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 13)
        // A file where the folder should be.
        let file = folder.appendingPathComponent("info.json").path
        #expect(try run(["frames", Self.spinner, "--out", file]).status == 73)
    }

    @Test func replaceRefusesAFolderHoldingFilesThatAreNotAnExport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let result = try run(["frames", Self.spinner, "--out", folder.path, "--replace"])
        #expect(result.status == 73)
        #expect(result.err.contains("holds notes.txt, which is not part of an export"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        // A missing parent folder is not created behind the user's back.
        let deep = folder.appendingPathComponent("a/b").path
        let missing = try run(["frames", Self.spinner, "--out", deep])
        #expect(missing.status == 73)
        #expect(missing.err.contains("does not exist; create it first"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a").path))
        // Under a file that is not a folder: said so, not an NSCocoaErrorDomain number.
        let underFile = try run(["frames", Self.spinner, "--out", "/dev/full/x"])
        #expect(underFile.status == 73)
        #expect(underFile.err == "showcase: /dev/full is not a folder; choose another --out")
        // A file system with no blocks: the real reason, not "0 MiB free".
        let proc = try run(["frames", Self.spinner, "--out", "/proc/nope"])
        #expect(proc.status == 73)
        #expect(proc.err.hasPrefix("showcase: cannot create a folder in /proc: ") && !proc.err.contains("MiB free"))
    }

    @Test func replaceNeverRemovesAFolderOrALinkThatHasAnExportsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("info.json")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: mine.appendingPathComponent("notes.txt"))
        let refused = try run(["frames", Self.spinner, "--out", folder.path, "--replace"])
        #expect(refused.status == 73 && refused.err.contains("holds info.json, which is not part of an export"), "\(refused.err)")
        #expect(try Data(contentsOf: mine.appendingPathComponent("notes.txt")) == Data("keep".utf8))
        try FileManager.default.removeItem(at: mine)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("frame-0001.rgba").path, withDestinationPath: "/etc/hostname")
        #expect(try run(["frames", Self.spinner, "--out", folder.path, "--replace"]).status == 73, "a link is not an export's file")
    }

    @Test func outNamesAFolderHoweverItIsWritten() throws {
        #expect(FrameExport.resolvedPath(".", currentDirectory: "/tmp/x") == "/tmp/x")
        #expect(FrameExport.resolvedPath("./", currentDirectory: "/tmp/x") == "/tmp/x")
        #expect(FrameExport.resolvedPath("a/.", currentDirectory: "/tmp/x") == "/tmp/x/a")
        #expect(FrameExport.resolvedPath("a//b/../c", currentDirectory: "/tmp/x") == "/tmp/x/a/c")
        #expect(FrameExport.resolvedPath("/", currentDirectory: "/tmp/x") == "/")
        // A link to a folder, relative or absolute, is followed alike.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("relative").path, withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("absolute").path,
            withDestinationPath: folder.appendingPathComponent("real").path
        )
        let real = FrameExport.resolvedPath(folder.appendingPathComponent("real").path)
        #expect(FrameExport.resolvedPath("relative", currentDirectory: folder.path) == real)
        #expect(FrameExport.resolvedPath(folder.appendingPathComponent("absolute").path) == real)
        #expect(try run(["frames", Self.spinner, "--out", folder.appendingPathComponent("relative").path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: real).count == 13)
        #expect(try run(["frames", Self.spinner, "--out", folder.appendingPathComponent("absolute").path + "/.", "--replace"]).status == 0)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("relative").path) == "real",
            "the links are left as they were"
        )
    }

    /// The spinner's 12 frames take 12 × 45 360 bytes; `info.json` about 2 KB.
    @Test(.enabled(if: SmallFileSystem.isAvailable, SmallFileSystem.skipReason))
    func anExportThatDoesNotFitIsRefusedAndTheEarlierOneKept() throws {
        let disk = try SmallFileSystem(bytes: 1 << 20)
        let out = disk.path + "/frames"
        #expect(try run(["frames", Self.spinner, "--out", out]).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let earlier = try Data(contentsOf: URL(fileURLWithPath: out + "/frame-0003.rgba"))
        // The new export would sit beside the earlier one until complete: 1 MiB cannot hold both.
        let again = try run(["frames", Self.spinner, "--out", out, "--replace"])
        #expect(again.status == 73)
        #expect(again.err.contains("MiB free") && again.err.contains("the earlier export stays until the new one is complete"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/frame-0003.rgba")) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["frames"], "no partial folder left")
    }

    @Test(.enabled(if: SmallFileSystem.isAvailable, SmallFileSystem.skipReason))
    func aFailureWhileWritingLeavesTheEarlierExportIntact() throws {
        // Room for the bytes but too few inodes for a second set of 13 files: writing fails
        // halfway, after the space check passed.
        let disk = try SmallFileSystem(bytes: 4 << 20, inodes: 20)
        let out = disk.path + "/frames"
        #expect(try run(["frames", Self.spinner, "--out", out]).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let info = try Data(contentsOf: URL(fileURLWithPath: out + "/info.json"))
        let again = try run(["frames", Self.spinner, "--out", out, "--replace"])
        #expect(again.status == 73)
        #expect(again.err.contains("No space left on device") && again.err.contains("the earlier export is left as it was"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/info.json")) == info)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["frames"], "no partial folder left")
        // With room, the replacement is swapped in whole.
        let roomy = try SmallFileSystem(bytes: 4 << 20)
        let moved = roomy.path + "/frames"
        #expect(try run(["frames", Self.spinner, "--out", moved]).status == 0)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: moved + "/frame-0011.rgba"))
        #expect(try run(["frames", Self.spinner, "--out", moved, "--replace"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved + "/frame-0011.rgba")).count == 126 * 90 * 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: roomy.path) == ["frames"])
    }

    @Test func badFilesGiveOneLineAndTheRightStatus() throws {
        let missing = try run(["info", "/no/such.gif"])
        #expect(missing.status == 66)
        #expect(missing.err == "showcase: cannot read /no/such.gif: No such file or directory; check that the file exists and is readable")
        let notGif = FileManager.default.temporaryDirectory.appendingPathComponent("not-\(UUID().uuidString).gif")
        try Data("hello".utf8).write(to: notGif)
        defer { try? FileManager.default.removeItem(at: notGif) }
        let bad = try run(["info", notGif.path])
        #expect(bad.status == 65)
        #expect(bad.err.contains("showcase: ") && bad.err.contains("not a GIF"))
        #expect(!bad.err.contains("\n"))
    }

    @Test func absentValuesAreNullAndWarningsAreEscapedJSON() throws {
        // A one-frame GIF with no loop block, no delay and no transparency.
        let bytes: [UInt8] =
            Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
        let report = GifReport(image: try AnimatedImage(data: Data(bytes)))
        #expect(report.json.contains("\"loopCount\":null") && report.json.contains("\"plays\":1"))
        #expect(report.json.contains("\"delayCentiseconds\":null") && report.json.contains("\"transparentIndex\":null"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["width"] as? Int == 1 && object["loopCount"] is NSNull)
    }
}
