import Foundation
import SQLiteStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a library file is found, made and told apart from other programs' files.
///
/// - A library is created whole or not at all: it is built in a file of its own beside
///   the target and hard-linked into place, which never replaces a file that appeared
///   meanwhile. Any number of processes may create the same library at once: one link
///   wins, the others open what it made. Nobody ever sees a half-made library, and a
///   failure (a full disk) leaves no file behind.
/// - A file that exists and is not empty is used only when its own bytes say it is one of
///   ours (its `library_info` table names the format). It is read for that with SQLite's
///   `immutable` mode, which takes no lock and writes nothing, not even a journal; any
///   other file is refused and left byte for byte as it was.
extension PhotoLibrary {
    /// What is at a library path.
    enum FileState {
        case missing
        /// A file with no bytes (made by `touch`, say): taken as no library yet.
        case empty
        case present
    }

    static func state(of path: String) throws(PhotoLibraryError) -> FileState {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .missing }
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotOpen(path: path, reason: "it is a folder") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .cannotOpen(path: path, reason: "it is not a regular file") }
        return info.st_size == 0 ? .empty : .present
    }

    /// The format row every library has from its creation.
    static let formatName = "indicatorkit-photo-library"

    /// Refuses a file that is not one of ours, reading it without changing anything. An
    /// immutable read takes no lock, so it can meet a page that another process's
    /// checkpoint is rewriting at that moment and find it malformed, or miss the format row:
    /// that read is tried again (up to 20 times, 5 ms apart) before the file is called
    /// damaged — or, while a write-ahead log beside it says the file is in use, not ours.
    static func requireOurs(_ path: String) throws(PhotoLibraryError) {
        var attempt = 0
        while true {
            do {
                let (format, objects) = try probeFormat(path)
                if format != formatName, attempt < 19, FileManager.default.fileExists(atPath: path + "-wal") {
                    attempt += 1
                    usleep(5_000)
                    continue
                }
                guard format == formatName else {
                    throw PhotoLibraryError.notALibrary(
                        path: path,
                        reason: objects == 0 ? "it is another program's database, with no tables of ours" : "it holds another program's tables or views"
                    )
                }
                return
            } catch let error as SQLiteError where error.isNotADatabase && attempt < 19 {
                attempt += 1
                usleep(5_000)
            } catch let error as SQLiteError {
                throw .opening(path, error)
            } catch let error as PhotoLibraryError {
                throw error
            } catch {
                throw .opening(path, SQLiteError(code: 1, message: "\(error)"))
            }
        }
    }

    /// The format row of the file at `path` (nil without one) and how many schema objects it
    /// has, read with SQLite's `immutable` mode. A file with the format row must have our
    /// schema and nothing that runs SQL of its own: our tables as tables, indexes, and no
    /// view or trigger (another program's SQL, run by our reads and writes, could take for
    /// ever or change what we store).
    private static func probeFormat(_ path: String) throws -> (format: String?, objects: Int) {
        let probe = try Database(path: path, readOnly: true, immutable: true, writeAheadLog: false)
        probe.stepTimeLimit = stepTimeLimit
        let hasInfo = try probe.scalarInt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'library_info'") != nil
        let format = hasInfo ? try probe.scalarText("SELECT value FROM library_info WHERE key = 'format'") : nil
        if format == formatName {
            for row in try probe.rows("SELECT type, name FROM sqlite_master") {
                let type = row.text("type") ?? ""
                let name = (row.text("name") ?? "").sanitizedForTerminal
                if type == "view" || type == "trigger" {
                    throw PhotoLibraryError.notALibrary(path: path, reason: "another program added a \(type), `\(name)`; a library runs no SQL but its own")
                }
                if ourTables.contains(name), type != "table" {
                    throw PhotoLibraryError.notALibrary(path: path, reason: "its `\(name)` is a \(type), not a table")
                }
            }
        }
        return (format, format == nil ? try probe.scalarInt("SELECT count(*) FROM sqlite_master") ?? 0 : 0)
    }

    /// The tables a library has.
    static let ourTables: Set = ["album", "asset", "membership", "saved_selection", "library_info"]

    /// The longest one step of the library's SQL may take: far longer than any of its own
    /// statements takes on a library of 100 000 images, and short enough that the picker
    /// stays responsive whatever a file holds.
    static let stepTimeLimit: Duration = .seconds(2)

    /// Makes a new library at `path` unless one appears there first (see the type's notes).
    static func create(at path: String) throws(PhotoLibraryError) {
        let folder = (path as NSString).deletingLastPathComponent
        let building =
            (folder.isEmpty ? "" : folder + "/") + ".\((path as NSString).lastPathComponent).creating-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(building + suffix) } }
        do {
            try build(building)
        } catch {
            throw creationError(error, path: path)
        }
        if link(building, path) == 0 { return }
        let failure = errno
        switch failure {
        case EEXIST:
            // Another process made it first, or an empty file is in the way.
            if case .empty = try state(of: path) { try replaceEmptyFile(at: path, with: building) }
        case EPERM, ENOTSUP, EXDEV, EMLINK:
            // A file system without hard links: move it in, unless something is there now.
            guard case .missing = try state(of: path) else { return }
            guard rename(building, path) == 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        default:
            throw creationError(SQLiteError(code: 14, message: String(cString: strerror(failure))), path: path)
        }
    }

    /// Creates the tables in a new file and closes it, so its log is folded in and removed.
    private static func build(_ file: String) throws(SQLiteError) {
        let database = try Database(path: file)
        do {
            try database.migrate(migrations)
        } catch let error as SQLiteError {
            throw error
        } catch {
            throw SQLiteError(code: 1, message: "\(error)")
        }
        try database.checkpoint()
    }

    private static func creationError(_ error: SQLiteError, path: String) -> PhotoLibraryError {
        switch error.kind {
        case .full: .system(path: path, reason: "the disk is full; nothing was created")
        case .ioError: .system(path: path, reason: "a disk error (is the disk full?): \(error.message); nothing was created")
        case .readOnly, .cannotOpen: .readOnly(path: path)
        default: .opening(path, error)
        }
    }

    /// Puts the built library in place of an empty file, holding a lock on the empty file
    /// so that of several processes doing this, one does it and the others see its library.
    private static func replaceEmptyFile(at path: String, with built: String) throws(PhotoLibraryError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        defer { closeDescriptor(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        var held = stat()
        var current = stat()
        guard fstat(fd, &held) == 0, stat(path, &current) == 0 else { return }
        // Still the same empty file (nobody replaced it while we waited for the lock)?
        guard held.st_ino == current.st_ino, held.st_dev == current.st_dev, current.st_size == 0 else { return }
        guard rename(built, path) == 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
    }
}

/// `close(2)`, under a name `PhotoLibrary.close()` does not shadow.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
