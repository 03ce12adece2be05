import Foundation
import Indicator
import IndicatorKit
import PickerSelection

/// `showcase library import DIR [--album NAME] [--library PATH] [--max-memory MIB]` and
/// `showcase library stats [--library PATH]`.
package enum LibraryCommand: Equatable, Sendable {
    /// Import the GIF, PNG and JPEG files of a folder.
    case importFolder(String, album: String?, library: String?, memory: MemoryBudget = .default)
    /// Print counts.
    case stats(library: String?)

    static func parse(_ words: [String]) throws(UsageError) -> LibraryCommand {
        let usage = ShowcaseCommandLine.specs(named: "library").map(\.usage).joined(separator: " | ")
        guard let verb = words.first else { throw UsageError("`library` needs a command: \(usage)") }
        let rest = Array(words.dropFirst())
        switch verb {
        case "import":
            let parsed = try ShowcaseCommandLine.libraryImport.parse(rest)
            let album = parsed.value("--album")
            if let album, album.trimmingCharacters(in: .whitespaces).isEmpty {
                throw UsageError("--album needs a name; leave it out to name the album after the folder")
            }
            return .importFolder(
                try parsed.oneOperand("folder (DIR)"),
                album: album,
                library: parsed.value("--library"),
                memory: try MemoryBudget.parse(parsed)
            )
        case "stats":
            let parsed = try ShowcaseCommandLine.libraryStats.parse(rest)
            guard parsed.operands.isEmpty else { throw UsageError("`library stats` takes no other arguments: \(ShowcaseCommandLine.libraryStats.usage)") }
            return .stats(library: parsed.value("--library"))
        default:
            throw UsageError("unknown library command `\(verb.sanitizedForTerminal)`: \(usage)")
        }
    }

    /// The same command with the library file given before `library` on the command line;
    /// giving it in both places is refused.
    func choosingLibrary(_ path: String?) throws(UsageError) -> LibraryCommand {
        guard let path else { return self }
        switch self {
        case .importFolder(let folder, let album, nil, let memory): return .importFolder(folder, album: album, library: path, memory: memory)
        case .stats(nil): return .stats(library: path)
        default: throw UsageError("`--library` is given twice; give it once")
        }
    }

    /// Runs the command; an import's progress bar is a line of `progress` (its count, rate
    /// and ETA; none with nil), cleared when it ends. Returns the exit
    /// status: 0, 65 when any GIF file failed (the others are imported), 66 when there is nothing to
    /// import or no library to read, 74 when the library cannot be used.
    @MainActor
    package func run(environment: [String: String], output: (String) -> Void, errors: (String) -> Void, progress: ProgressGroup?) -> Int32 {
        switch self {
        case .stats(let library):
            return Self.stats(library ?? PhotoLibrary.defaultPath(environment: environment), output: output, errors: errors)
        case .importFolder(let folder, let album, let library, let memory):
            let path = library ?? PhotoLibrary.defaultPath(environment: environment)
            return Self.importFolder(folder, album: album, into: path, memory: memory, output: output, errors: errors, progress: progress)
        }
    }

    /// `library stats`: the albums and counts of the library at `path`, from one snapshot.
    static func stats(_ path: String, output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        do {
            let library = try PhotoLibrary(readingExisting: path)  // reading changes nothing on disk
            let summary = try library.summary()  // one snapshot: the counts agree
            output("\(path.sanitizedForTerminal): \(summary.albums.count) albums, \(summary.photos) images, \(summary.selected) selected")
            for album in summary.albums { output("  \(album.name.sanitizedForTerminal): \(album.count)") }
            return 0
        } catch {
            errors("showcase: \(error)" + flagHint(error))
            if case .noLibrary = error { return 66 }
            return 74
        }
    }

    /// `library import`: the folder's pictures into the library at `path`, a bar on
    /// `progress` meanwhile, then what was imported and what failed.
    @MainActor
    static func importFolder(
        _ folder: String,
        album: String?,
        into path: String,
        memory: MemoryBudget,
        output: (String) -> Void,
        errors: (String) -> Void,
        progress: ProgressGroup?
    ) -> Int32 {
        if let problem = problem(withFolder: folder) {
            errors(problem)
            return 66
        }
        let library: PhotoLibrary
        let report: PhotoLibrary.ImportReport
        do {
            library = try PhotoLibrary(path: path)
            var bar: ProgressBar?
            report = try library.importFolder(folder, album: album, reader: .photos(memory: memory)) { done, total in
                guard let progress, total > 0 else { return }
                if bar == nil { bar = progress.bar(total: total, message: "importing") }
                bar?.value = done
            }
            bar?.clear()
        } catch {
            errors("showcase: \(error)" + flagHint(error))
            return 74
        }
        for failure in report.failures { output("  failed: \(failure.path.sanitizedForTerminal): \(failure.reason.sanitizedForTerminal)") }
        return conclude(report, folder: folder, album: album, library: path, output: output, errors: errors)
    }

    /// Why `folder` cannot be imported from, if it cannot.
    static func problem(withFolder folder: String) -> String? {
        guard !RawArguments.isDescriptorPath(folder) else {
            // The library records each file's path as text, which these bytes are not.
            return
                "showcase: the folder's path \(folder.sanitizedForTerminal) is not valid UTF-8, and the library records each file's path as text; rename the folder (or a link to it) and import that"
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "showcase: \(folder.sanitizedForTerminal) is not a folder; give a folder of GIF, PNG or JPEG files"
        }
        return nil
    }

    /// The import's summary line and errors, and the exit status they come to.
    static func conclude(
        _ report: PhotoLibrary.ImportReport,
        folder: String,
        album: String?,
        library path: String,
        output: (String) -> Void,
        errors: (String) -> Void
    ) -> Int32 {
        guard report.found > 0 else {
            errors(
                report.failures.isEmpty
                    ? "showcase: no image files (.gif, .png, .jpg) under \(folder.sanitizedForTerminal); nothing was imported"
                    : "showcase: no image files could be found under \(folder.sanitizedForTerminal): folders could not be read (see above); nothing was imported"
            )
            return 66
        }
        var summary = "imported \(report.imported) of \(report.found) image file(s)"
        if !report.albums.isEmpty { summary += " into \(report.albums.sorted().map { $0.sanitizedForTerminal }.joined(separator: ", "))" }
        if report.alreadyThere > 0 {
            summary += "; \(report.alreadyThere) already in the library"
            if let album { summary += " (put in \(album.sanitizedForTerminal) too)" }
            if report.renewedThumbnails > 0 { summary += ", \(report.renewedThumbnails) with their thumbnails made anew" }
        }
        summary += "; \(report.failures.count) failed"
        if let stop = report.stoppedBy {
            output(summary + "; \(report.notTried) not tried")
            let rest = retryHelps(stop) ? "run the import again to add the rest" : "the rest cannot be added to this library"
            errors(
                "showcase: the import stopped: \(stopReason(stop, library: path)); the \(report.imported) image(s) counted as imported are in the library; \(rest)"
            )
            return 74
        }
        output(summary)
        if report.imported == 0 && report.alreadyThere == 0 {
            errors("showcase: none of the image files could be imported; see the reasons above")
            return 65
        }
        if !report.failures.isEmpty {
            errors("showcase: \(report.failures.count) file(s) could not be imported; see the reasons above (the others were)")
            return 65
        }
        return 0
    }

    /// What the showcase's own flags can do about a library error (the library's messages
    /// name none: they reach other programs' users too).
    static func flagHint(_ error: PhotoLibraryError) -> String {
        switch error {
        case .noLibrary: "; `showcase library import DIR --library PATH` creates one"
        case .notALibrary, .damaged, .readOnly, .cannotOpen, .cannotCreateFolder: " (--library PATH chooses another file)"
        default: ""
        }
    }

    /// Whether running a stopped import again can add the rest (not to a damaged library).
    static func retryHelps(_ error: PhotoLibraryError) -> Bool {
        switch error {
        case .damaged, .notALibrary: false
        case .database(let failure): failure.kind != .notADatabase && failure.kind != .interrupted
        default: true
        }
    }

    /// Why an import stopped, in a user's words.
    static func stopReason(_ error: PhotoLibraryError, library path: String) -> String {
        guard case .database(let failure) = error else { return "\(error)" }
        switch failure.kind {
        case .notADatabase:
            return
                "\(path.sanitizedForTerminal) is damaged (\(failure.message.sanitizedForTerminal)); restore it from a backup, or import into a new library with --library PATH"
        case .full: return "the disk holding \(path.sanitizedForTerminal) is full; free some space"
        case .ioError: return "a disk error writing \(path.sanitizedForTerminal) (\(failure.message.sanitizedForTerminal)); check the disk"
        case .busy, .locked: return "\(path.sanitizedForTerminal) stayed locked by another program; try again when it has finished"
        case .readOnly: return "\(path.sanitizedForTerminal) cannot be written; check its permissions"
        default: return "\(error)"
        }
    }
}
