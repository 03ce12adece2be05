import Foundation
@_exported import TUIPilot
import Testing

extension Pilot {
    /// Compares the whole screen (its text, and with `styles` its styled rows too) with the
    /// snapshot `name`, kept beside the test in `__Snapshots__/<test file>/<name>.txt`. A
    /// snapshot that does not exist yet is written, and so is every one when
    /// `INDICATORKIT_RECORD_SNAPSHOTS=1`: the test then fails once, saying so, so that a
    /// recording is looked at before it is trusted. A difference is an issue that shows the
    /// rows that differ, expected and actual.
    public func expectSnapshot(_ name: String, styles: Bool = false, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = ScenarioRunner.snapshotText(styles ? styledLines : lines)
        let test = URL(fileURLWithPath: filePath)
        let folder = test.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(
            test.deletingPathExtension().lastPathComponent
        )
        let file = folder.appendingPathComponent(name + (styles ? ".styled.txt" : ".txt"))
        let recording = ProcessInfo.processInfo.environment[ScenarioRunner.recordVariable] == "1"
        guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try actual.write(to: file, atomically: true, encoding: .utf8)
                Issue.record("recorded the snapshot \(file.path); look at it, then run the test again", sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not write the snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard expected != actual else { return }
        Issue.record(Comment(rawValue: Self.difference(expected: expected, actual: actual, name: name)), sourceLocation: sourceLocation)
    }

    /// The rows that differ between two screens, numbered from 1.
    static func difference(expected: String, actual: String, name: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var report = ["the screen differs from the snapshot \(name) (\(ScenarioRunner.recordVariable)=1 records it again):"]
        for row in 0..<max(old.count, new.count) {
            let was = row < old.count ? String(old[row]) : "(no row)"
            let now = row < new.count ? String(new[row]) : "(no row)"
            guard was != now else { continue }
            report.append("row \(row + 1):\n  expected: \(was)\n  actual:   \(now)")
        }
        return report.joined(separator: "\n")
    }
}
