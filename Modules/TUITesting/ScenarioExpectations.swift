import Foundation
import TUIPilot
import Testing

extension ScenarioRunner {
    /// Runs the scenario files at `paths` (files, or folders searched for `*.scenario`) and
    /// records an issue for each one that fails, with the line and the screen, and for a
    /// path that holds none. A relative path is read from the folder of the test's file, so
    /// the test finds its scenarios wherever `swift test` runs.
    ///
    /// ```swift
    /// @Test func scenarios() async {
    ///     await ScenarioRunner(roots: ["songs": { SongList(clock: $0.clock) }]).expectPasses("Scenarios")
    /// }
    /// ```
    public func expectPasses(_ paths: String..., filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) async {
        let folder = (filePath as NSString).deletingLastPathComponent
        let resolved = paths.map { $0.hasPrefix("/") ? $0 : (folder as NSString).appendingPathComponent($0) }
        let files: [String]
        do {
            files = try Self.files(in: resolved)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return
        }
        if files.isEmpty { Issue.record("no *.scenario files in \(resolved.joined(separator: " "))", sourceLocation: sourceLocation) }
        for file in files {
            let result = await run(file: file)
            if let failure = result.failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
            for recorded in result.recorded {
                Issue.record("recorded the snapshot \(recorded); look at it, then run the test again", sourceLocation: sourceLocation)
            }
        }
    }
}
