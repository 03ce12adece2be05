internal import CSQLite
import Foundation

/// A prepared statement: bind values by index or name, step through rows, read typed
/// columns. Finalized when released. Values are always bound, never spliced into SQL.
///
/// ```swift
/// let statement = try db.prepare("SELECT id, name FROM album WHERE id > ?1 ORDER BY id LIMIT ?2")
/// try statement.bind(lastID, at: 1)
/// try statement.bind(50, at: 2)
/// while try statement.step() { print(statement.int(0), statement.text(1)) }
/// ```
public final class Statement {
    let handle: OpaquePointer
    private unowned let database: Database
    /// The SQL text.
    public let sql: String

    /// Prepares exactly one statement: text after it other than spaces and comments is
    /// refused (it would be silently ignored), as is text with no statement at all.
    init(database: Database, sql: String) throws(SQLiteError) {
        self.database = database
        self.sql = sql
        let (statement, rest) = try Self.prepareFirst(of: sql, on: database)
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "there is no statement to prepare", sql: sql)
        }
        if !rest.isEmpty {
            let next = try? Self.prepareFirst(of: rest, on: database)
            if let following = next?.statement { sqlite3_finalize(following) }
            guard let next, next.statement == nil else {
                sqlite3_finalize(statement)
                throw SQLiteError(
                    code: SQLITE_MISUSE,
                    message: "prepare takes one statement, and more follow; run a script of several with executeScript(_:)",
                    sql: sql
                )
            }
        }
        handle = statement
    }

    /// Prepares the first statement of `sql`: nil when there is none (only spaces and
    /// comments), and the text after it.
    static func prepareFirst(of sql: String, on database: Database) throws(SQLiteError) -> (statement: OpaquePointer?, rest: String) {
        guard !database.isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database was closed", sql: sql) }
        let utf8 = Array(sql.utf8CString)
        var statement: OpaquePointer?
        var consumed = 0
        let code = utf8.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return SQLITE_MISUSE }
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(database.handle, base, Int32(buffer.count - 1), &statement, &tail)
            consumed = tail.map { $0 - base } ?? buffer.count - 1
            return code
        }
        guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
        let rest = String(decoding: utf8[consumed..<(utf8.count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (statement, rest.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit { sqlite3_finalize(handle) }

    /// A value that can be bound.
    public enum Value: Sendable, Equatable {
        /// SQL NULL.
        case null
        /// A 64-bit integer.
        case integer(Int64)
        /// A double.
        case real(Double)
        /// UTF-8 text.
        case text(String)
        /// Bytes.
        case blob([UInt8])
    }

    /// Binds `value` to parameter `index` (1-based).
    public func bind(_ value: Value, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
        case .real(let v): code = sqlite3_bind_double(handle, index, v)
        case .text(let v): code = sqlite3_bind_text(handle, index, v, -1, SQLITE_TRANSIENT)
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
        }
        guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }

    /// Binds an integer.
    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) { try bind(.integer(Int64(value)), at: index) }
    /// Binds text.
    public func bind(_ value: String, at index: Int32) throws(SQLiteError) { try bind(.text(value), at: index) }

    /// Binds `value` to the named parameter (`:name`, `@name` or `$name`).
    public func bind(_ value: Value, named name: String) throws(SQLiteError) {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else { throw SQLiteError(code: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql) }
        try bind(value, at: index)
    }

    /// Binds several values from index 1.
    public func bind(_ values: [Value]) throws(SQLiteError) {
        for (i, value) in values.enumerated() { try bind(value, at: Int32(i + 1)) }
    }

    /// Steps once: true when a row is available, false when done.
    public func step() throws(SQLiteError) -> Bool {
        database.startStep()
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code, sql: sql)
        }
    }

    /// Runs the statement to the end, ignoring rows.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Resets the statement and clears its bindings, to run it again.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Column `index` (0-based) as an integer (0 for NULL).
    public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }
    /// Column `index` as a double.
    public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }
    /// Column `index` as text ("" for NULL).
    public func text(_ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        return String(cString: pointer)
    }
    /// Column `index` as bytes.
    public func blob(_ index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
    /// Column `index`'s bytes, lent to `body` without a copy (valid only inside it).
    public func withBlob<T>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }
    /// Whether column `index` is NULL.
    public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    // MARK: Columns by name

    /// The names of the result's columns, in order.
    public var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { sqlite3_column_name(handle, $0).map { String(cString: $0) } ?? "" }
    }

    /// Column `index` of the current row as a ``Value`` (NULL is `.null`).
    public func value(_ index: Int32) -> Value {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, index))
        case SQLITE_BLOB: .blob(blob(index))
        default: .text(text(index))
        }
    }

    /// The current row, its columns by name.
    public var row: Row { row(columns: columnNames) }

    /// The current row under names already read (the same for every row of a result).
    func row(columns: [String]) -> Row {
        Row(columns: columns, values: (0..<Int32(columns.count)).map { value($0) })
    }
}

/// SQLite's "copy this value now" destructor, which Swift cannot import as a macro.
let SQLITE_TRANSIENT = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
