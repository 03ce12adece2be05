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

    /// Whether the file is not a database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
    public var isNotADatabase: Bool { code & 0xFF == 26 || code & 0xFF == 11 }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(200)))" }
        return text
    }
}
