/// An error from SQLite: its result code, its message and the SQL that failed.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite's (extended) result code.
    public let code: Int32
    /// SQLite's message.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    /// Creates an error.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// What went wrong, by the code's primary part, for code that decides what to do.
    public enum Kind: Sendable, Equatable {
        /// Another connection holds a lock and the busy timeout ran out (SQLITE_BUSY):
        /// try again later.
        case busy
        /// A table is locked within this connection (SQLITE_LOCKED).
        case locked
        /// A constraint failed: unique, not null, foreign key, check (SQLITE_CONSTRAINT).
        case constraint
        /// The disk or the database's size limit is full (SQLITE_FULL).
        case full
        /// The file or its folder cannot be written (SQLITE_READONLY).
        case readOnly
        /// The file is not a database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
        case notADatabase
        /// The file cannot be opened (SQLITE_CANTOPEN).
        case cannotOpen
        /// The disk failed (SQLITE_IOERR).
        case ioError
        /// Memory ran out (SQLITE_NOMEM).
        case outOfMemory
        /// A string or blob is too big, or too many columns (SQLITE_TOOBIG).
        case tooBig
        /// The API was used wrongly: several statements to prepare, none at all, a
        /// read inside a read of the same queue (SQLITE_MISUSE).
        case misuse
        /// The schema is newer than the program (SQLITE_MISMATCH, raised by migrations).
        case mismatch
        /// A step ran longer than ``Database/stepTimeLimit`` and was stopped (SQLITE_INTERRUPT).
        case interrupted
        /// Anything else; see ``SQLiteError/code`` and ``SQLiteError/message``.
        case other
    }

    /// What went wrong.
    public var kind: Kind {
        switch code & 0xFF {
        case 5: .busy
        case 6: .locked
        case 19: .constraint
        case 13: .full
        case 8: .readOnly
        case 11, 26: .notADatabase
        case 14: .cannotOpen
        case 10: .ioError
        case 7: .outOfMemory
        case 18: .tooBig
        case 21: .misuse
        case 20: .mismatch
        case 9: .interrupted
        default: .other
        }
    }

    /// Whether the file is not a database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
    public var isNotADatabase: Bool { kind == .notADatabase }

    /// What went wrong: SQLite's message, the statement and what to do.
    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(200)))" }
        return text
    }
}
