import Foundation
import TestSupport
import Testing

@testable import ShowcaseKit

/// Paths that are not valid UTF-8, as a shell passes them.
struct RawArgumentsTests {
    /// Makes `parent/name` (a folder) from raw bytes; returns the bytes of its path.
    func makeFolder(in parent: String, named name: [UInt8]) -> [UInt8] {
        let path = Array(parent.utf8) + [UInt8(ascii: "/")] + name
        let made = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { mkdir($0, 0o755) }
        }
        #expect(made == 0)
        return path
    }

    @Test func aWordThatIsNotUTF8ReachesItsFileAndIsShownAsTheUserWroteIt() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = makeFolder(in: parent, named: [0x70, 0x68, 0x6F, 0x74, 0x6F, 0xFF])  // "photo" + a byte no UTF-8 has
        let gif = try Data(contentsOf: URL(fileURLWithPath: try SampleFiles.spinner()))
        let arguments = RawArguments([Array("info".utf8), folder + Array("/spinner.gif".utf8)])
        let alias = try #require(arguments.aliases.first)
        #expect(arguments.words[0] == "info")
        #expect(arguments.words[1].hasPrefix("/proc/self/fd/") && arguments.words[1].hasSuffix("/spinner.gif"))
        try gif.write(to: URL(fileURLWithPath: arguments.words[1]))  // through the descriptor, into the real folder
        #expect(FileManager.default.fileExists(atPath: arguments.words[1]))
        #expect(alias.shown == parent + "/photo\u{FFFD}/spinner.gif")
        #expect(arguments.showing("error: \(arguments.words[1]) is bad") == "error: \(parent)/photo\u{FFFD}/spinner.gif is bad")
        // The gif command reads it as any other file.
        var out: [String] = []
        let status = GifCommand.run(.info(path: arguments.words[1], json: false), output: { out.append($0) }, errors: { _ in })
        #expect(status == 0)
        #expect(out.first?.contains("126×90, 12 frames") == true)
        // Valid words are left alone; a bad word naming nothing is shown repaired.
        let missing = RawArguments([Array("plain".utf8), [0x6E, 0x6F, 0xFE]])
        #expect(missing.words == ["plain", "no\u{FFFD}"])
        #expect(missing.aliases.isEmpty)
    }

    @Test @MainActor func aFolderNotInUTF8IsRefusedForImportWithWhatToDo() {
        var errors: [String] = []
        let status = LibraryCommand.importFolder("/proc/self/fd/9/x", album: nil, library: "/nowhere/lib.sqlite")
            .run(environment: [:], output: { _ in }, errors: { errors.append($0) }, progress: nil)
        #expect(status == 66)
        #expect(errors.first?.contains("is not valid UTF-8, and the library records each file's path as text; rename the folder") == true)
    }
}
