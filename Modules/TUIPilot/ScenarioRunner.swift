import Foundation
import TerminalRuntime

/// The outcome of one scenario.
public struct ScenarioResult: Sendable {
    /// The scenario's name.
    public let name: String
    /// The file it came from.
    public let path: String
    /// What it covers (its `covers` line).
    public let covers: [String]
    /// Why it failed (`file:line: message`), or nil when it passed.
    public let failure: String?
    /// Snapshot files written because recording was on.
    public let recorded: [String]

    /// Whether every step passed.
    public var passed: Bool { failure == nil }
}

/// Runs scenario files against an app on a `HeadlessTerminal` and a `VirtualScheduler`:
/// every step is delivered synchronously, then the screen is drawn, so expectations see
/// exactly what a terminal would show at that instant. A fresh app is made for every
/// scenario, and a scenario fails when it checks nothing, when its async work waits on
/// something other than the virtual clock, or when work it scheduled outlives the app.
///
/// ```swift
/// let runner = ScenarioRunner(roots: ["songs": { context in SongList(clock: context.clock) }])
/// let result = await runner.run(file: "Scenarios/pull.scenario")
/// print(result.failure ?? "passed")
/// ```
@MainActor
public struct ScenarioRunner {
    /// The environment variable that records snapshots again instead of comparing them.
    nonisolated public static let recordVariable = "INDICATORKIT_RECORD_SNAPSHOTS"

    /// Whether snapshots are written rather than compared.
    public var recordSnapshots: Bool
    /// Where snapshots are also written as SVG pictures, `STEM.NAME.svg` (nil: not written).
    /// A picture is never written over a file this run did not write (a user's, an earlier
    /// run's), nor by two scenarios of one run (`a/shot.scenario` and `b/shot.scenario` would
    /// share names): the scenario fails instead, naming both.
    public var svgDirectory: String?
    /// The pictures written in this run, and by which scenario.
    fileprivate let picturesWritten = PicturesWritten()
    /// Told of every frame the app presents, with the virtual time it was presented at (a
    /// recording of the scenario); nil: none.
    public var onFrame: (@MainActor (Canvas, Duration) -> Void)?
    /// The most cell draws a scenario may cost (see `docs/SCENARIOS.md`).
    public var workLimit = ScenarioParser.WorkBudget.limit
    /// The app's own commands, beside the built-in ones.
    public let commands: [ScenarioCommand]
    fileprivate let makeApp: @MainActor (ScenarioContext) -> any ScenarioApp

    /// A runner for the app `makeApp` makes, with `commands` of its own; by default it
    /// records snapshots when ``recordVariable`` is `1`.
    public init(
        recordSnapshots: Bool = ProcessInfo.processInfo.environment[ScenarioRunner.recordVariable] == "1",
        commands: [ScenarioCommand] = [],
        app makeApp: @escaping @MainActor (ScenarioContext) -> any ScenarioApp
    ) {
        self.recordSnapshots = recordSnapshots
        self.commands = commands
        self.makeApp = makeApp
    }

    /// A runner for root views by name (``ScenarioRoots``): the first is shown first, and
    /// `scene NAME` shows a fresh one of another.
    public init(
        recordSnapshots: Bool = ProcessInfo.processInfo.environment[ScenarioRunner.recordVariable] == "1",
        commands: [ScenarioCommand] = [],
        roots: KeyValuePairs<String, @MainActor (ScenarioContext) -> any View>
    ) {
        let makers = roots.map { (name: $0.key, make: $0.value) }
        self.init(recordSnapshots: recordSnapshots, commands: commands) { ScenarioRoots(makers, context: $0) }
    }

    /// Parses `text` (read from `path`) with this runner's commands.
    public func parse(_ text: String, path: String) throws(ScenarioSyntaxError) -> Scenario {
        try ScenarioParser.parse(text, path: path, commands: Set(commands.map(\.name)))
    }

    /// Runs `scenario` and reports the first failing step, if any.
    public func run(_ scenario: Scenario) async -> ScenarioResult {
        let terminal = HeadlessTerminal(size: scenario.initialSize)
        let scheduler = VirtualScheduler()
        if let onFrame {
            let start = scheduler.now
            terminal.onPresent = { [unowned scheduler] canvas in onFrame(canvas, scheduler.now - start) }
        }
        let folder = NSTemporaryDirectory() + "indicatorkit-scenario-\(UUID().uuidString)"
        var recorded: [String] = []
        func result(_ failure: String?) -> ScenarioResult {
            ScenarioResult(name: scenario.name, path: scenario.path, covers: scenario.covers, failure: failure, recorded: recorded)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return result("\(scenario.path): cannot create the scenario's folder \(folder): \(fileProblem(error))")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let outcome = await play(scenario, on: terminal, scheduler: scheduler, folder: folder, recorded: &recorded)
        guard outcome == nil else { return result(outcome) }
        let checks = scenario.lines.contains { line in
            switch line.step {
            case .expect, .snapshot, .expectQuit: true
            default: false
            }
        }
        guard checks else {
            return result("\(scenario.path): the scenario checks nothing; add an `expect` or a `snapshot` line")
        }
        guard scheduler.unsettledCount == 0 else {
            return result(
                "\(scenario.path): async work did not settle \(scheduler.unsettledCount) time(s): a task waited on something other than the virtual clock"
            )
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

    /// What a file of mode `mode` that is not a regular file is, in words.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "it is a FIFO (a named pipe)"
        case S_IFCHR: "it is a character device"
        case S_IFBLK: "it is a block device"
        case S_IFSOCK: "it is a socket"
        case S_IFDIR: "it is a folder"
        default: "it is not a regular file"
        }
    }

    /// The largest scenario file read: 1 MiB (refused before reading).
    public static let largestFile = 1 << 20

    /// Reads, parses and runs one file; read and syntax errors become failures naming the line.
    public func run(file: String) async -> ScenarioResult {
        func failure(_ message: String) -> ScenarioResult {
            ScenarioResult(name: file, path: file, covers: [], failure: message, recorded: [])
        }
        var status = stat()
        if stat(file, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            return failure("\(file.sanitizedForTerminal): \(Self.kind(of: status.st_mode)), not a scenario file; give a regular text file")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        guard size <= Self.largestFile else {
            return failure("\(file.sanitizedForTerminal): the file is \(size >> 20) MiB; a scenario file is at most 1 MiB")
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            let why = access(file, R_OK) == 0 ? "it is not UTF-8 text" : "cannot read it: \(String(cString: strerror(errno)))"
            return failure("\(file.sanitizedForTerminal): \(why); a scenario is a UTF-8 text file")
        }
        do {
            return await run(try parse(text, path: file))
        } catch {
            return failure("\(error)")
        }
    }

    /// Plays the steps on a new app; nil when every step held, else the failure. The app
    /// is released when this returns.
    private func play(
        _ scenario: Scenario,
        on terminal: HeadlessTerminal,
        scheduler: VirtualScheduler,
        folder: String,
        recorded: inout [String]
    ) async -> String? {
        var session = ScenarioSession(runner: self, scenario: scenario, terminal: terminal, scheduler: scheduler, folder: folder)
        defer { recorded += session.recorded }
        do {
            for line in scenario.lines {
                let location = "\(scenario.path):\(line.number)"
                try await session.perform(line.step, at: location)
                session.host.renderIfNeeded()
                try session.chargeRenders(at: location)
            }
            return nil
        } catch {
            return error.message
        }
    }

    /// What running a burst of due timers costs, in cell draws, drawn or not: so timers
    /// that never draw still count.
    static let costOfTimerBurst = 100

    /// Where snapshot `name` of the scenario at `path` lives: `snapshots/STEM.NAME.txt` beside it.
    public static func snapshotPath(for path: String, name: String) -> String {
        let file = path as NSString
        let stem = (file.lastPathComponent as NSString).deletingPathExtension
        return ((file.deletingLastPathComponent as NSString).appendingPathComponent("snapshots") as NSString)
            .appendingPathComponent("\(stem).\(name).txt")
    }

    /// The screen as stored in a snapshot (a scenario's or `expectSnapshot`'s): a line a
    /// row, trailing spaces removed.
    nonisolated public static func snapshotText(_ lines: [String]) -> String {
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

/// The pictures a runner wrote, shared by its copies.
private final class PicturesWritten {
    var writer: [String: (path: String, location: String)] = [:]
}

/// Why a scenario's step failed: the message, starting with the file and line.
struct ScenarioStepFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// One scenario being played: the app, its host on the headless terminal, the clock, and the
/// work done so far. Each kind of step is a method of its own; a failed step throws.
@MainActor
private struct ScenarioSession {
    let runner: ScenarioRunner
    let scenario: Scenario
    let terminal: HeadlessTerminal
    let scheduler: VirtualScheduler
    let app: any ScenarioApp
    let host: TerminalHost
    /// The snapshots recorded (with `recordSnapshots`).
    var recorded: [String] = []
    /// The work done so far, in cell draws: the parser's estimate bounds the script, this
    /// bounds what the scenes really drew (many spinners redraw more often than it assumes).
    private var spent = 0
    private var countedRenders = 0

    init(runner: ScenarioRunner, scenario: Scenario, terminal: HeadlessTerminal, scheduler: VirtualScheduler, folder: String) {
        weak var hostReference: TerminalHost?
        let app = runner.makeApp(ScenarioContext(terminal: terminal, clock: scheduler, folder: folder, host: { hostReference }))
        let host = TerminalHost(backend: terminal, root: app.root, minimumSize: app.minimumSize)
        hostReference = host
        host.renderIfNeeded()
        self.runner = runner
        self.scenario = scenario
        self.terminal = terminal
        self.scheduler = scheduler
        self.app = app
        self.host = host
    }

    /// Plays one step.
    mutating func perform(_ step: Scenario.Step, at location: String) async throws(ScenarioStepFailure) {
        switch step {
        case .resize(let size):
            terminal.resize(to: size)
            host.pumpEvents()
        case .colors(let depth):
            terminal.capabilities.colorDepth = depth
            host.setNeedsDisplay()
        case .background(let theme):
            terminal.capabilities.theme = theme
            host.setNeedsDisplay()
        case .symbols(let set):
            terminal.capabilities.symbols = set
            host.setNeedsDisplay()
        case .graphics(let pixels, let mayMove):
            terminal.capabilities.pixelImages = pixels
            terminal.capabilities.pixelImagesMayMove = mayMove
            host.setNeedsDisplay()
        case .scene(let id): try show(scene: id, at: location)
        case .command(let name, let arguments): try await perform(command: name, arguments, at: location)
        case .events(let events): try await send(events, at: location)
        case .wait(let duration): try await wait(duration, at: location)
        case .expect(let text, let region, let present): try expect(text, in: region, present: present, at: location)
        case .expectQuit(let status): try expectQuit(status, at: location)
        case .snapshot(let name): try snapshot(name, at: location)
        }
    }

    private func show(scene id: String, at location: String) throws(ScenarioStepFailure) {
        guard app.showScene(id) else {
            let known = app.sceneNames.isEmpty ? "the app has none" : "the scenes are: " + app.sceneNames.joined(separator: ", ")
            throw ScenarioStepFailure("\(location): no scene `\(id)`; \(known)")
        }
        host.root = app.root
        host.minimumSize = app.minimumSize
    }

    private func perform(command name: String, _ arguments: [String], at location: String) async throws(ScenarioStepFailure) {
        guard let command = runner.commands.first(where: { $0.name == name }) else {
            throw ScenarioStepFailure("\(location): unknown command `\(name)`")
        }
        if let failure = command.perform(arguments, app) { throw ScenarioStepFailure("\(location): \(failure)") }
        await scheduler.settle()
        host.setNeedsDisplay()
    }

    private mutating func send(_ events: [InputEvent], at location: String) async throws(ScenarioStepFailure) {
        for event in events {
            terminal.send(event)
            host.pumpEvents()
            await scheduler.settle()
            host.renderIfNeeded()
            spent += ScenarioParser.WorkBudget.leastCostOfAStep
            try chargeRenders(at: location)
        }
    }

    /// As the live loop does: a render after each burst of due work.
    private mutating func wait(_ duration: Duration, at location: String) async throws(ScenarioStepFailure) {
        let target = scheduler.now + duration
        while let next = scheduler.nextDeadline, next <= target {
            await scheduler.run(for: next - scheduler.now)
            // Drawn after every burst, asked or not: a component given no `onNeedsDisplay`
            // asks a running loop's host, and there is none here.
            host.setNeedsDisplay()
            host.renderIfNeeded()
            spent += ScenarioRunner.costOfTimerBurst
            try chargeRenders(at: location)
        }
        await scheduler.run(for: target - scheduler.now)
    }

    private func expect(_ text: String, in region: Rect?, present: Bool, at location: String) throws(ScenarioStepFailure) {
        host.renderIfNeeded()
        let screen = region.map { terminal.text(in: $0) } ?? terminal.text
        guard screen.contains(text) != present else { return }
        let place = region.map { "in \($0)" } ?? "on screen"
        let verb = present ? "expected" : "did not expect"
        throw ScenarioStepFailure("\(location): \(verb) \"\(text)\" \(place); the screen is:\n" + ScenarioRunner.framed(terminal.lines))
    }

    private func expectQuit(_ status: Int32, at location: String) throws(ScenarioStepFailure) {
        guard host.quitStatus != status else { return }
        let said = host.quitStatus.map { "asked to quit with \($0)" } ?? "has not asked to quit"
        throw ScenarioStepFailure("\(location): expected the app to quit with \(status); it \(said)")
    }

    private mutating func snapshot(_ name: String, at location: String) throws(ScenarioStepFailure) {
        host.renderIfNeeded()
        if let svgDirectory = runner.svgDirectory { try writePicture(name, into: svgDirectory, at: location) }
        let file = ScenarioRunner.snapshotPath(for: scenario.path, name: name)
        let actual = ScenarioRunner.snapshotText(terminal.lines)
        if runner.recordSnapshots {
            do {
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try actual.write(toFile: file, atomically: true, encoding: .utf8)
                recorded.append(file)
            } catch {
                throw ScenarioStepFailure("\(location): cannot write snapshot \(file): \(fileProblem(error))")
            }
            return
        }
        guard let expected = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw ScenarioStepFailure("\(location): no snapshot \(file); run with \(ScenarioRunner.recordVariable)=1 to record it")
        }
        guard expected == actual else {
            throw ScenarioStepFailure(
                "\(location): screen differs from snapshot \(file) (- expected, + actual; re-record with \(ScenarioRunner.recordVariable)=1):\n"
                    + ScenarioRunner.diff(expected: expected, actual: actual)
            )
        }
    }

    /// The screen as an SVG picture (`--svg`), never over a file this run did not write.
    private func writePicture(_ name: String, into svgDirectory: String, at location: String) throws(ScenarioStepFailure) {
        let stem = ((scenario.path as NSString).lastPathComponent as NSString).deletingPathExtension
        let picture = (svgDirectory as NSString).appendingPathComponent("\(stem).\(name).svg")
        let written = runner.picturesWritten
        // The same scenario may take the same snapshot again (it then holds the same screen).
        if let earlier = written.writer[picture], earlier.path != scenario.path {
            throw ScenarioStepFailure(
                "\(location): \(picture) was written by \(earlier.location) in this run already; give the scenario files or snapshots names of their own"
            )
        }
        var status = stat()
        if written.writer[picture] == nil, lstat(picture, &status) == 0 {
            throw ScenarioStepFailure("\(location): \(picture) is there already and this run did not write it; remove it, or give --svg a folder of its own")
        }
        written.writer[picture] = (scenario.path, location)
        do {
            try terminal.screen.svg(theme: terminal.capabilities.theme).write(toFile: picture, atomically: true, encoding: .utf8)
        } catch {
            throw ScenarioStepFailure("\(location): cannot write \(picture): \(fileProblem(error))")
        }
    }

    /// Counts the frames drawn since the last count; fails once the scenario is over its budget.
    mutating func chargeRenders(at location: String) throws(ScenarioStepFailure) {
        spent += (host.renderCount - countedRenders) * max(1, terminal.size.width * terminal.size.height)
        countedRenders = host.renderCount
        guard spent <= runner.workLimit else {
            throw ScenarioStepFailure(
                "\(location): the scenario did too much work by this line (over \(runner.workLimit) cell draws); use fewer keys, shorter waits or a smaller size"
            )
        }
    }
}
