import Foundation
import TUICore

/// `showcase headless [PATH…]`: runs scenario files and folders, prints one line per
/// scenario and a closing `N passed, N failed` line.
@MainActor
package enum HeadlessCommand {
    /// The scenario files under `paths` (folders are searched for `*.scenario`, sorted).
    nonisolated package static func scenarioFiles(in paths: [String]) throws(HeadlessError) -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
            if isDirectory.boolValue {
                guard let items = fm.enumerator(atPath: path) else { throw .missing(path) }
                let found = items.compactMap { $0 as? String }.filter { $0.hasSuffix(".scenario") }.sorted()
                files += found.map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Runs every scenario under `paths` (default `Tests/Scenarios`), writing the report to
    /// `output` and problems with the paths to `errors`; returns the exit status.
    /// With `svgDirectory`, every snapshot is also written there as a picture,
    /// `STEM.NAME.svg` (colours and text; see `Canvas.svg`).
    package static func run(paths: [String], svgDirectory: String? = nil, output write: (String) -> Void, errors writeError: (String) -> Void = { _ in }) async -> Int32 {
        // Scenario text and file names reach the report: no byte of them may act on a terminal.
        func output(_ text: String) { write(text.sanitizedKeepingLines) }
        func errors(_ text: String) { writeError(text.sanitizedKeepingLines) }
        let chosen = paths.isEmpty ? ["Tests/Scenarios"] : paths
        let hint = paths.isEmpty ? "; run it from the repository, or give the scenario files or folders: showcase headless PATH…" : ""
        let files: [String]
        do {
            files = try scenarioFiles(in: chosen)
        } catch {
            errors("error: \(error)\(hint)")
            return 66
        }
        guard !files.isEmpty else {
            errors("error: no *.scenario files in \(chosen.joined(separator: " ").sanitizedForTerminal)\(hint)")
            return 66
        }
        var runner = ScenarioRunner()
        if let svgDirectory {
            do {
                try FileManager.default.createDirectory(atPath: svgDirectory, withIntermediateDirectories: true)
            } catch {
                errors("error: cannot create \(svgDirectory.sanitizedForTerminal) for the pictures: \(error.localizedDescription)")
                return 73
            }
            runner.svgDirectory = svgDirectory
        }
        var passed = 0, failed = 0
        for file in files {
            let result = await runFile(file, runner: runner)
            if result.passed {
                passed += 1
                let covers = result.covers.isEmpty ? "" : "  [\(result.covers.joined(separator: " "))]"
                output("PASS \(file.sanitizedForTerminal): \(result.name.sanitizedForTerminal)\(covers)")
                for recorded in result.recorded { output("     recorded \(recorded)") }
            } else {
                failed += 1
                output("FAIL \(file.sanitizedForTerminal): \(result.name.sanitizedForTerminal)\n\(result.failure ?? "")")
            }
        }
        output("\(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// The largest scenario file read: 1 MiB (refused before reading).
    nonisolated static let largestFile = 1 << 20

    /// Reads, parses and runs one file; read and syntax errors become failures naming the line.
    package static func runFile(_ file: String, runner: ScenarioRunner) async -> ScenarioResult {
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        guard size <= largestFile else {
            return ScenarioResult(name: file, path: file, covers: [], failure: "\(file.sanitizedForTerminal): the file is \(size >> 20) MiB; a scenario file is at most 1 MiB", recorded: [])
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            return ScenarioResult(name: file, path: file, covers: [], failure: "\(file.sanitizedForTerminal): cannot read the file (is it UTF-8 text?)", recorded: [])
        }
        do {
            let scenario = try ScenarioParser.parse(text, path: file)
            return await runner.run(scenario)
        } catch {
            return ScenarioResult(name: file, path: file, covers: [], failure: "\(error)", recorded: [])
        }
    }
}

/// Why `showcase headless` could not start.
package enum HeadlessError: Error, CustomStringConvertible {
    /// A path does not exist.
    case missing(String)

    package var description: String {
        switch self {
        case .missing(let path): "no such file or folder: \(path.sanitizedForTerminal)"
        }
    }
}
