import Foundation
import Testing
@testable import PickerSelection

/// Kills a process that is saving selections (SIGKILL, at random moments, many times) and
/// checks that every committed selection is there and the file stays healthy.
@Suite(.serialized)
struct DurabilityTests {
    static let writer: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
        return url.appendingPathComponent("durability-writer")
    }()

    @Test func committedSelectionsSurviveSIGKILL() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("durability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        try PhotoLibrary(path: path).fillWithSampleIfEmpty()
        var generator = SystemRandomNumberGenerator()
        var start = 1
        var kills = 0, runsWithCommits = 0
        for _ in 0..<25 {
            let process = Process()
            process.executableURL = Self.writer
            process.arguments = [path, String(start)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            usleep(UInt32.random(in: 20_000...120_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            kills += process.terminationReason == .uncaughtSignal ? 1 : 0
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let last = printed.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").last ?? "") }

            let library = try PhotoLibrary(path: path)
            #expect(try library.integrityCheck() == "ok")
            let saved = try library.savedSelection()
            if let last {
                runsWithCommits += 1
                // The last printed commit, or the one after it if the kill came between commit and print.
                #expect(saved == DurabilityPattern.selection(last) || saved == DurabilityPattern.selection(last + 1), "after commit \(last): \(saved)")
                start = last + 2
            } else {
                start += 1
            }
        }
        #expect(kills == 25)
        #expect(runsWithCommits >= 20, "the writer must have committed before most kills (\(runsWithCommits) of 25)")
    }
}
