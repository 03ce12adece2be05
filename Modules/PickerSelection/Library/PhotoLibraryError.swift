import Foundation
import SQLiteStore
import ViewCore

/// Why the photo library could not be used. Each message says what is wrong and what to do.
public enum PhotoLibraryError: Error, CustomStringConvertible {
    /// The file exists but is not a photo library (another program's database).
    case notALibrary(path: String, reason: String)
    /// The file is damaged, or is not a SQLite database at all.
    case damaged(path: String, reason: String)
    /// Another program holds the file locked.
    case busy(path: String)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The file cannot be opened (a folder, a missing folder, no permission).
    case cannotOpen(path: String, reason: String)
    /// There is no library at that path (commands that only read do not create one).
    case noLibrary(path: String)
    /// The disk failed, is full, or memory ran out.
    case system(path: String, reason: String)
    /// A database operation failed.
    case database(SQLiteError)
    /// The folder for the library could not be made.
    case cannotCreateFolder(path: String, reason: String)

    /// The error for a failure to open or check the file at `path`, by SQLite's code.
    static func opening(_ path: String, _ error: SQLiteError) -> PhotoLibraryError {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return .cannotOpen(path: path, reason: "it is a folder")
        }
        switch error.code & 0xFF {
        case 5, 6: return .busy(path: path)  // SQLITE_BUSY, SQLITE_LOCKED
        case 7: return .system(path: path, reason: "out of memory")  // SQLITE_NOMEM
        case 10: return .system(path: path, reason: "a disk error: \(error.message)")  // SQLITE_IOERR
        case 13: return .system(path: path, reason: "the disk is full")  // SQLITE_FULL
        case 8: return .readOnly(path: path)  // SQLITE_READONLY
        case 11, 26: return .damaged(path: path, reason: error.message)  // SQLITE_CORRUPT, SQLITE_NOTADB
        case 14:  // SQLITE_CANTOPEN: on a read-only file system, that is what it is
            return isOnReadOnlyFileSystem(path) ? .readOnly(path: path) : .cannotOpen(path: path, reason: error.message)
        default: return .notALibrary(path: path, reason: error.message)
        }
    }

    /// Whether the file at `path` (or its folder) is on a file system mounted read-only.
    static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
        var info = statvfs()
        let folder = (path as NSString).deletingLastPathComponent
        guard statvfs(path, &info) == 0 || statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// What went wrong, in words for the user, with what to do.
    public var description: String {
        switch self {
        case .notALibrary(let path, let reason):
            "\(path.sanitizedForTerminal) is not an IndicatorKit photo library (\(reason.sanitizedForTerminal)); it was left untouched — choose another library file"
        case .damaged(let path, let reason):
            "\(path.sanitizedForTerminal) is damaged or not a database (\(reason.sanitizedForTerminal)); it was left untouched — restore it from a backup, or choose another library file"
        case .busy(let path):
            "\(path.sanitizedForTerminal) is locked by another program; try again when it has finished"
        case .readOnly(let path):
            "\(path.sanitizedForTerminal) cannot be written (a read-only file, folder or file system); check its permissions, or choose another library file"
        case .cannotOpen(let path, let reason):
            "cannot open \(path.sanitizedForTerminal) (\(reason.sanitizedForTerminal)); give the path of a library file"
        case .system(let path, let reason):
            "\(path.sanitizedForTerminal) could not be used (\(reason.sanitizedForTerminal)); it was left as it was — free some space or check the disk, then try again"
        case .noLibrary(let path):
            "there is no photo library at \(path.sanitizedForTerminal); check the path, or create one by importing pictures into it"
        case .database(let error) where error.kind == .interrupted:
            "the photo library took too long and was stopped (\(error.message.sanitizedForTerminal)); another program may have put SQL of its own in it — choose another library file"
        case .database(let error):
            "the photo library failed: \(error)"
        case .cannotCreateFolder(let path, let reason):
            "cannot create \(path.sanitizedForTerminal): \(reason.sanitizedForTerminal.trimmingFinalPeriod); choose another place for the library"
        }
    }
}

extension String {
    /// Without a final full stop (a system message ending a clause of ours).
    var trimmingFinalPeriod: String { hasSuffix(".") ? String(dropLast()) : self }
}
