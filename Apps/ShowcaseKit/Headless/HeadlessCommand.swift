import Foundation
import IndicatorKit
import TUIPilot

/// `showcase headless [PATH…]`: the showcase's scenarios, run by TUIPilot's runner.
@MainActor
package enum HeadlessCommand {
    /// Runs every scenario under `paths` (default `Tests/Scenarios`), writing the report to
    /// `output` and problems with the paths to `errors`; returns the exit status. With
    /// `svgDirectory`, every snapshot is also written there as a picture, `STEM.NAME.svg`.
    package static func run(paths: [String], svgDirectory: String? = nil, output: (String) -> Void, errors: (String) -> Void = { _ in }) async -> Int32 {
        var runner = ScenarioRunner.showcase()
        runner.svgDirectory = svgDirectory
        let hint = paths.isEmpty ? "; run it from the repository, or give the scenario files or folders: showcase headless PATH…" : ""
        return await runner.runFiles(paths.isEmpty ? ["Tests/Scenarios"] : paths, hint: hint, output: output, errors: errors)
    }
}

extension ScenarioRunner {
    /// A runner for the showcase: every scenario gets a fresh app with `entries` as its
    /// scenes, the simulated network on the scenario's clock and a fresh sample library in
    /// the scenario's folder.
    package static func showcase(
        recordSnapshots: Bool = ProcessInfo.processInfo.environment[recordVariable] == "1",
        entries: [SceneEntry] = SceneCatalog.all
    ) -> ScenarioRunner {
        ScenarioRunner(recordSnapshots: recordSnapshots) { context in
            let network = SceneNetwork.simulated(scheduler: context.clock)
            let libraryPath = (context.folder as NSString).appendingPathComponent("library.sqlite")
            weak var appReference: ShowcaseApp?
            let sceneContext = SceneContext(
                scheduler: context.clock,
                capabilities: { context.terminal.capabilities },
                setNeedsDisplay: { context.requestDisplay() },
                root: { appReference?.tabs },
                network: { network },
                library: LibraryOpener { libraryPath }.opening
            )
            let app = ShowcaseApp(context: sceneContext, entries: entries)
            appReference = app
            return app
        }
    }
}

extension ShowcaseApp: ScenarioApp {
    package var root: any View { self }
    package var minimumSize: Size { Self.minimumSize }
    package var sceneNames: [String] { entries.map(\.id) }
    package func showScene(_ name: String) -> Bool { selectScene(id: name) }
}
