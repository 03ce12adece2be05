import Foundation
import PickerSelection
import TUICore

/// The outcome of one scenario.
package struct ScenarioResult: Sendable {
    /// The scenario's name.
    package let name: String
    /// The file it came from.
    package let path: String
    /// The behaviour ids it covers.
    package let covers: [String]
    /// Why it failed (`file:line: message`), or nil when it passed.
    package let failure: String?
    /// Snapshot files written because recording was on.
    package let recorded: [String]

    /// Whether every step passed.
    package var passed: Bool { failure == nil }
}

/// Runs scenarios against the real showcase scenes on a ``HeadlessTerminal`` and a
/// ``VirtualScheduler``: every step is delivered synchronously, then the screen is
/// rendered, so expectations see exactly what a terminal would show at that instant.
@MainActor
package struct ScenarioRunner {
    /// The environment variable that re-records golden snapshots instead of comparing.
    package static let recordVariable = "INDICATORKIT_RECORD_SNAPSHOTS"

    /// Whether snapshots are written rather than compared.
    package var recordSnapshots: Bool
    /// The scenes available to `scene NAME`.
    package var entries: [SceneEntry]
    /// Where snapshots are also written as SVG pictures (`showcase headless --svg DIR`).
    package var svgDirectory: String?
    /// The most cell draws a scenario may cost (see `docs/SCENARIOS.md`).
    package var workLimit = ScenarioParser.WorkBudget.limit

    /// Creates a runner; by default it records when ``recordVariable`` is `1`.
    package init(recordSnapshots: Bool = ProcessInfo.processInfo.environment[ScenarioRunner.recordVariable] == "1",
                entries: [SceneEntry] = SceneCatalog.all) {
        self.recordSnapshots = recordSnapshots
        self.entries = entries
    }

    /// Runs `scenario` and reports the first failing step, if any.
    package func run(_ scenario: Scenario) async -> ScenarioResult {
        let terminal = HeadlessTerminal(size: scenario.initialSize)
        let scheduler = VirtualScheduler()
        let network = SceneNetwork.simulated(scheduler: scheduler)
        // A fresh sample library in a temporary file for each scenario (deterministic).
        let libraryPath = NSTemporaryDirectory() + "indicatorkit-scenario-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: libraryPath + suffix) }
        }
        let openLibrary = LibraryOpener { libraryPath }.opening
        var recorded: [String] = []

        func result(_ failure: String?) -> ScenarioResult {
            ScenarioResult(name: scenario.name, path: scenario.path, covers: scenario.covers, failure: failure, recorded: recorded)
        }

        let outcome = await play(scenario, on: terminal, scheduler: scheduler, network: network, library: openLibrary, recorded: &recorded)
        guard outcome == nil else { return result(outcome) }
        let checks = scenario.lines.contains { line in
            switch line.step {
            case .expect, .snapshot: true
            default: false
            }
        }
        guard checks else {
            return result("\(scenario.path): the scenario checks nothing; add an `expect` or a `snapshot` line")
        }
        guard scheduler.unsettledCount == 0 else {
            return result("\(scenario.path): async work did not settle \(scheduler.unsettledCount) time(s): a task waited on something other than the virtual clock")
        }
        // The app is closed now: what it scheduled must end with it. One-shot work gets a
        // minute to run out; whatever is still scheduled then outlives its owner.
        scheduler.advance(by: .seconds(60))
        let left = scheduler.pendingWork
        guard left.isEmpty else {
            return result("\(scenario.path): work still scheduled a minute after the app closed: " + left.map(\.description).joined(separator: ", "))
        }
        return result(nil)
    }

    /// Plays the steps on a new app; nil when every step held, else the failure. The app
    /// is released when this returns.
    private func play(
        _ scenario: Scenario, on terminal: HeadlessTerminal, scheduler: VirtualScheduler, network: SceneNetwork,
        library openLibrary: @escaping @MainActor () -> Result<PhotoLibrary, PhotoLibraryError>, recorded: inout [String]
    ) async -> String? {
        let (app, liveHost) = ShowcaseApp.hosted(on: terminal, scheduler: scheduler, entries: entries, network: { network }, library: openLibrary)
        liveHost.renderIfNeeded()
        func result(_ failure: String?) -> String? { failure }
        // The work done so far, in cell draws: the parser's estimate bounds the script, this
        // bounds what the scenes really drew (many spinners redraw more often than it assumes).
        var spent = 0, countedRenders = 0
        func overBudget() -> Bool {
            spent += (liveHost.renderCount - countedRenders) * max(1, terminal.size.width * terminal.size.height)
            countedRenders = liveHost.renderCount
            return spent > workLimit
        }
        func tooMuchWork(_ location: String) -> String {
            "\(location): the scenario did too much work by this line (over \(workLimit) cell draws); use fewer keys, shorter waits or a smaller size"
        }

        for line in scenario.lines {
            let location = "\(scenario.path):\(line.number)"
            switch line.step {
            case .resize(let size):
                terminal.resize(to: size)
                liveHost.pumpEvents()
            case .colors(let depth):
                terminal.capabilities.colorDepth = depth
                liveHost.setNeedsDisplay()
            case .background(let theme):
                terminal.capabilities.theme = theme
                liveHost.setNeedsDisplay()
            case .symbols(let set):
                terminal.capabilities.symbols = set
                liveHost.setNeedsDisplay()
            case .scene(let id):
                guard app.selectScene(id: id) else {
                    let known = entries.map(\.id).joined(separator: ", ")
                    return result("\(location): no scene `\(id)`; the scenes are: \(known)")
                }
                liveHost.setNeedsDisplay()
            case .events(let events):
                for event in events {
                    terminal.send(event)
                    liveHost.pumpEvents()
                    await scheduler.settle()
                    liveHost.renderIfNeeded()
                    if overBudget() { return result(tooMuchWork(location)) }
                }
            case .wait(let duration):
                // As the live loop does: render after each burst of due work.
                let target = scheduler.now + duration
                while let next = scheduler.nextDeadline, next <= target {
                    await scheduler.run(for: next - scheduler.now)
                    liveHost.renderIfNeeded()
                    spent += Self.costOfTimerBurst
                    if overBudget() { return result(tooMuchWork(location)) }
                }
                await scheduler.run(for: target - scheduler.now)
            case .expect(let text, let region, let present):
                liveHost.renderIfNeeded()
                let screen = region.map { terminal.text(in: $0) } ?? terminal.text
                let found = screen.contains(text)
                if found != present {
                    let place = region.map { "in \($0)" } ?? "on screen"
                    let verb = present ? "expected" : "did not expect"
                    return result("\(location): \(verb) \"\(text)\" \(place); the screen is:\n" + Self.framed(terminal.lines))
                }
            case .snapshot(let name):
                liveHost.renderIfNeeded()
                if let svgDirectory {
                    let stem = ((scenario.path as NSString).lastPathComponent as NSString).deletingPathExtension
                    let picture = (svgDirectory as NSString).appendingPathComponent("\(stem).\(name).svg")
                    do {
                        try terminal.screen.svg(theme: terminal.capabilities.theme).write(toFile: picture, atomically: true, encoding: .utf8)
                    } catch {
                        return result("\(location): cannot write \(picture): \(error.localizedDescription)")
                    }
                }
                let file = Self.snapshotPath(for: scenario.path, name: name)
                let actual = Self.snapshotText(terminal.lines)
                if recordSnapshots {
                    do {
                        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                        try actual.write(toFile: file, atomically: true, encoding: .utf8)
                        recorded.append(file)
                    } catch {
                        return result("\(location): cannot write snapshot \(file): \(error.localizedDescription)")
                    }
                } else {
                    guard let expected = try? String(contentsOfFile: file, encoding: .utf8) else {
                        return result("\(location): no snapshot \(file); run with \(Self.recordVariable)=1 to record it")
                    }
                    if expected != actual {
                        return result("\(location): screen differs from snapshot \(file) (- expected, + actual; re-record with \(Self.recordVariable)=1):\n"
                            + Self.diff(expected: expected, actual: actual))
                    }
                }
            }
            liveHost.renderIfNeeded()
            if overBudget() { return result(tooMuchWork(location)) }
        }
        return nil
    }

    /// What running a burst of due timers costs, in cell draws, drawn or not: so timers
    /// that never draw still count.
    static let costOfTimerBurst = 100

    /// Where snapshot `name` of the scenario at `path` lives: `snapshots/STEM.NAME.txt` beside it.
    package static func snapshotPath(for path: String, name: String) -> String {
        let file = path as NSString
        let stem = (file.lastPathComponent as NSString).deletingPathExtension
        return ((file.deletingLastPathComponent as NSString).appendingPathComponent("snapshots") as NSString)
            .appendingPathComponent("\(stem).\(name).txt")
    }

    /// The screen as stored in a snapshot: lines with trailing spaces removed.
    static func snapshotText(_ lines: [String]) -> String {
        lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }

    /// The screen inside a frame, for failure messages.
    static func framed(_ lines: [String]) -> String {
        let width = lines.first?.displayWidth ?? 0
        let border = "+" + String(repeating: "-", count: width) + "+"
        return ([border] + lines.map { "|" + $0 + "|" } + [border]).joined(separator: "\n")
    }

    /// A line-by-line diff: unchanged lines are left out, changed ones shown as -/+ with row numbers.
    static func diff(expected: String, actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for row in 0..<max(a.count, b.count) {
            let left = row < a.count ? String(a[row]) : nil
            let right = row < b.count ? String(b[row]) : nil
            if left == right { continue }
            let label = String(format: "%3d", row)
            if let left { out.append("\(label) - \(left)") }
            if let right { out.append("\(label) + \(right)") }
        }
        return out.joined(separator: "\n")
    }
}
