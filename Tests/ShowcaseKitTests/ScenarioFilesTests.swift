import Foundation
import TUIPilot
import Testing

@testable import ShowcaseKit

/// Runs every scenario in `Tests/Scenarios/` against the real showcase scenes.
/// The behaviour ids each one covers are in its `covers` line.
@MainActor
struct ScenarioFilesTests {
    nonisolated static let folder: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios").path
    }()

    nonisolated static let files: [String] = (try? ScenarioRunner.files(in: [folder])) ?? []

    @Test func thereAreScenarios() {
        #expect(!Self.files.isEmpty, "no scenarios found in \(Self.folder)")
    }

    @Test(arguments: files)
    func scenarioPasses(_ file: String) async {
        let result = await ScenarioRunner.showcase(recordSnapshots: false).run(file: file)
        #expect(result.passed, "\(result.failure ?? "")")
    }
}
