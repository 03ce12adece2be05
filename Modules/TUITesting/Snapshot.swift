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
        TUITesting.expectSnapshot(styles ? styledLines : lines, name + (styles ? ".styled" : ""), filePath: filePath, sourceLocation: sourceLocation)
    }
}

/// Compares `rows` — a canvas's `lines`, an `InMemoryLineOutput`'s `screen`, any screen read
/// back — with the snapshot `name` kept beside the test (see `Pilot.expectSnapshot`): for a
/// view drawn without a `Pilot`.
public func expectSnapshot(_ rows: [String], _ name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    SnapshotFile.expect(rows, name, filePath: filePath, sourceLocation: sourceLocation)
}

/// The snapshot files beside a test and how a screen is compared with one.
enum SnapshotFile {
    static func expect(_ rows: [String], _ name: String, filePath: String, sourceLocation: SourceLocation) {
        let actual = ScenarioRunner.snapshotText(rows)
        let test = URL(fileURLWithPath: filePath)
        let folder = test.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(
            test.deletingPathExtension().lastPathComponent
        )
        let file = folder.appendingPathComponent(name + ".txt")
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
        Issue.record(Comment(rawValue: difference(expected: expected, actual: actual, name: name)), sourceLocation: sourceLocation)
    }

    /// How the screen differs from the snapshot `name`: both side by side, the rows that
    /// differ marked (as `expectScreen` shows them).
    static func difference(expected: String, actual: String, name: String) -> String {
        func rows(_ text: String) -> [String] {
            var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if rows.last == "" { rows.removeLast() }
            return rows
        }
        let comparison = ScreenComparison(actual: rows(actual), expected: rows(expected)).report ?? "the screens differ in their trailing blanks"
        return "the screen differs from the snapshot \(name) (\(ScenarioRunner.recordVariable)=1 records it again); " + comparison
    }
}
