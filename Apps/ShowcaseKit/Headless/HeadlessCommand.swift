import Foundation
import TUICore

/// `showcase headless [PATH…]`: runs scenario files and folders, prints one line per
/// scenario and a closing `N passed, N failed` line.
@MainActor
public enum HeadlessCommand {
    /// The scenario files under `paths` (folders are searched for `*.scenario`, sorted).
    nonisolated public static func scenarioFiles(in paths: [String]) throws(HeadlessError) -> [String] {
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

    /// Runs every scenario under `paths`, writing the report to `output`; returns the exit status.
    public static func run(paths: [String], output: (String) -> Void) async -> Int32 {
        let files: [String]
        do {
            files = try scenarioFiles(in: paths.isEmpty ? ["Tests/Scenarios"] : paths)
        } catch {
            output("error: \(error)")
            return 66
        }
        guard !files.isEmpty else {
            output("error: no *.scenario files in \(paths.joined(separator: " "))")
            return 66
        }
        let runner = ScenarioRunner()
        var passed = 0, failed = 0
        for file in files {
            let result = await runFile(file, runner: runner)
            if result.passed {
                passed += 1
                let covers = result.covers.isEmpty ? "" : "  [\(result.covers.joined(separator: " "))]"
                output("PASS \(file): \(result.name)\(covers)")
                for recorded in result.recorded { output("     recorded \(recorded)") }
            } else {
                failed += 1
                output("FAIL \(file): \(result.name)\n\(result.failure ?? "")")
            }
        }
        output("\(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// Reads, parses and runs one file; read and syntax errors become failures naming the line.
    public static func runFile(_ file: String, runner: ScenarioRunner) async -> ScenarioResult {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            return ScenarioResult(name: file, path: file, covers: [], failure: "\(file): cannot read the file", recorded: [])
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
public enum HeadlessError: Error, CustomStringConvertible {
    /// A path does not exist.
    case missing(String)

    public var description: String {
        switch self {
        case .missing(let path): "no such file or folder: \(path)"
        }
    }
}
