import Foundation
import TestSupport
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
        let folder = try makeTemporaryFolder("durability")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        try PhotoLibrary(path: path).fillWithSampleIfEmpty()
        var generator = SeededGenerator()  // the kill moments; the race itself is the machine's
        var start = 1
        var kills = 0
        var runsWithCommits = 0
        var committed: [Int] = []
        for _ in 0..<25 {
            let process = Process()
            process.executableURL = Self.writer
            process.arguments = [path, String(start)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Kill it once it has committed a random number of saves: the kill then races
            // the next save, at whatever point of it the machine has reached.
            let target = Int.random(in: 1...40, using: &generator)
            var printed = ""
            while printed.components(separatedBy: "\ndone\n").count - 1 < target {
                let chunk = output.fileHandleForReading.availableData  // waits for the writer
                if chunk.isEmpty { break }  // it ended by itself: the checks below say why
                printed += String(decoding: chunk, as: UTF8.self)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            kills += process.terminationReason == .uncaughtSignal ? 1 : 0
            printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            // The last save that printed "done" was committed; one begun after it may have been
            // committed too if the kill came between its commit and its "done".
            var begun: [Int]?
            var committedThisRun = false
            for line in printed.split(separator: "\n") {
                if line.hasPrefix("begin ") {
                    begun = line.dropFirst(6).split(separator: ",").compactMap { Int($0) }
                } else if line == "done", let ids = begun {
                    committed = ids
                    begun = nil
                    committedThisRun = true
                }
            }

            let library = try PhotoLibrary(path: path)
            #expect(try library.integrityCheck() == "ok")
            let saved = try library.savedSelection()
            #expect(
                saved == committed || (begun != nil && saved == begun),
                "committed \(committed), begun \(begun ?? []), found \(saved); seed \(generator.seed)"
            )
            if committedThisRun { runsWithCommits += 1 }
            committed = saved
            start += 1000
        }
        #expect(kills == 25)
        #expect(runsWithCommits == 25, "every kill came after some commits (\(runsWithCommits) of 25)")
    }
}
