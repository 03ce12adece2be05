import Foundation
import TerminalRuntime

extension ScenarioRunner {
    /// The scenario files under `paths`: files as given, folders searched for `*.scenario`
    /// (sorted).
    nonisolated public static func files(in paths: [String]) throws(ScenarioPathError) -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw ScenarioPathError(path: path) }
            if isDirectory.boolValue {
                guard let items = fm.enumerator(atPath: path) else { throw ScenarioPathError(path: path) }
                let found = items.compactMap { $0 as? String }.filter { $0.hasSuffix(".scenario") }.sorted()
                files += found.map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Runs every scenario under `paths` — what an app's `headless` command does: one line
    /// a scenario (`PASS file: name  [covers]`, or `FAIL` and why), then `N passed, N
    /// failed`, to `output`; problems with the paths go to `errors`, followed by `hint`.
    /// With ``svgDirectory`` set, the folder is made first. Every line is sanitised: no
    /// byte of a scenario or a file name acts on a terminal.
    ///
    /// Returns the exit status: 0 when every scenario passed, 1 when one failed, 66 when a
    /// path does not exist or holds no scenario, 73 when the picture folder cannot be made.
    public func runFiles(_ paths: [String], hint: String = "", output write: (String) -> Void, errors writeError: (String) -> Void = { _ in }) async -> Int32 {
        func output(_ text: String) { write(text.sanitizedKeepingLines) }
        func errors(_ text: String) { writeError(text.sanitizedKeepingLines) }
        let files: [String]
        do {
            files = try Self.files(in: paths)
        } catch {
            errors("error: \(error)\(hint)")
            return 66
        }
        guard !files.isEmpty else {
            errors("error: no *.scenario files in \(paths.joined(separator: " ").sanitizedForTerminal)\(hint)")
            return 66
        }
        if let svgDirectory, let problem = makeWritableFolder(svgDirectory) {
            errors("error: cannot write the pictures to \(svgDirectory.sanitizedForTerminal): \(problem); give --svg a folder you can write to")
            return 73
        }
        var passed = 0
        var failed = 0
        for file in files {
            let result = await run(file: file)
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
}

/// A path given to ``ScenarioRunner/files(in:)`` that does not exist.
public struct ScenarioPathError: Error, CustomStringConvertible, Equatable {
    /// The path.
    public let path: String

    /// The path and why it cannot be read.
    public var description: String { "no such file or folder: \(path.sanitizedForTerminal)" }
}

/// Why a file operation failed, in the system's words (`Permission denied`, `No space left
/// on device`) rather than Foundation's (`The file doesn't exist`, a bare `NSCocoaErrorDomain
/// error 512`): the POSIX error beneath, when there is one.
package func fileProblem(_ error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    return error.localizedDescription
}

/// Makes `path` a folder (and its parents) that can be written to; nil when it is one, else why not.
func makeWritableFolder(_ path: String) -> String? {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
        guard isFolder.boolValue else { return "it is a file, not a folder" }
    } else {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            // Foundation may give no reason (a bare NSCocoaErrorDomain 512): the nearest part
            // of the path that is there says it.
            var above = (path as NSString).deletingLastPathComponent
            while !above.isEmpty, above != "/", !FileManager.default.fileExists(atPath: above) { above = (above as NSString).deletingLastPathComponent }
            var aboveIsFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: above, isDirectory: &aboveIsFolder), !aboveIsFolder.boolValue {
                return "\(above.sanitizedForTerminal) is not a folder"
            }
            if !above.isEmpty, access(above, W_OK) != 0 { return "\(above.sanitizedForTerminal): \(String(cString: strerror(errno)))" }
            return fileProblem(error)
        }
    }
    // Written to for real: a folder may be writable by its mode and not in fact (/proc, a
    // read-only mount).
    let probe = (path as NSString).appendingPathComponent(".indicatorkit-write-check-\(getpid())")
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    close(descriptor)
    unlink(probe)
    return nil
}
