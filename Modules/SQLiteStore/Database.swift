internal import CSQLite
import Foundation

/// A connection to a SQLite database file, opened with write-ahead logging, foreign keys
/// and a busy timeout. Use it from one task at a time; ``DatabaseQueue`` shares one safely.
///
/// ```swift
/// let db = try Database(path: "library.sqlite")
/// try db.migrate([
///     "CREATE TABLE album(id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
/// ])
/// try db.transaction {
///     try db.execute("INSERT INTO album(name) VALUES (?1)", [.text("Holidays")])
/// }
/// ```
public final class Database {
    let handle: OpaquePointer
    /// The file's path.
    public let path: String

    /// The longest one step of a statement may run (nil: no limit, the default). A step that
    /// runs longer is stopped with a ``SQLiteError/Kind/interrupted`` error, so SQL that a
    /// file carries (a view over an endless recursive query, a trigger) cannot hang the
    /// caller. Waiting for another connection's lock is the busy timeout's, not counted here.
    public var stepTimeLimit: Duration? {
        didSet { installStepClock() }
    }

    /// When the step running now must end, in `DispatchTime` nanoseconds; read by SQLite's
    /// progress handler every thousand virtual-machine instructions.
    final class StepClock {
        var deadline: UInt64 = .max
    }
    let stepClock = StepClock()

    private func installStepClock() {
        guard !isClosed else { return }
        guard stepTimeLimit != nil else {
            sqlite3_progress_handler(handle, 0, nil, nil)
            return
        }
        sqlite3_progress_handler(
            handle,
            1000,
            { context in
                guard let context else { return 0 }
                let clock = Unmanaged<StepClock>.fromOpaque(context).takeUnretainedValue()
                return DispatchTime.now().uptimeNanoseconds > clock.deadline ? 1 : 0
            },
            Unmanaged.passUnretained(stepClock).toOpaque()
        )
    }

    /// Starts the clock of a step (see ``stepTimeLimit``).
    func startStep() {
        guard let limit = stepTimeLimit else { return }
        let (seconds, attoseconds) = limit.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let span = nanoseconds.overflow ? UInt64.max / 2 : UInt64(clamping: max(0, nanoseconds.partialValue + attoseconds / 1_000_000_000))
        stepClock.deadline = DispatchTime.now().uptimeNanoseconds &+ span
    }

    /// Opens (creating if needed) the database at `path`. A file that is not a SQLite
    /// database is refused with an error and left untouched.
    /// With `writeAheadLog: false` the journal mode is left as the file has it (so a file can
    /// be inspected without changing it); switch it on later with ``enableWriteAheadLog()``.
    ///
    /// `immutable` (read-only) promises that nothing changes the file while it is open, so
    /// SQLite takes no locks and needs no journal files: a file in a folder the user cannot
    /// write to can still be read.
    public init(
        path: String,
        readOnly: Bool = false,
        immutable: Bool = false,
        busyTimeout: Duration = .seconds(5),
        writeAheadLog: Bool = true
    ) throws(SQLiteError) {
        self.path = path
        var connection: OpaquePointer?
        var flags = readOnly || immutable ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        let code = sqlite3_open_v2(name, &connection, flags | SQLITE_OPEN_FULLMUTEX, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(connection)
            throw SQLiteError(code: code, message: message)
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        sqlite3_busy_timeout(
            handle,
            milliseconds.overflow ? Int32.max : Int32(clamping: max(0, milliseconds.partialValue + attoseconds / 1_000_000_000_000_000))
        )
        // Reading the schema fails at once on a file that is not a database. (On a throw
        // from here on, `deinit` closes the connection.)
        _ = try scalarInt("SELECT count(*) FROM sqlite_master")
        if writeAheadLog && !readOnly { try enableWriteAheadLog() }
        try execute("PRAGMA foreign_keys = ON")
    }

    /// `path` with every byte outside letters, digits, `-._~/` written as `%XX`.
    static func uriEscaped(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-._~/".contains(character) {
                result.append(character)
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// Switches the file to write-ahead logging (a lasting change to the file); does
    /// nothing to a file already in that mode, so opening a shared file takes no lock.
    public func enableWriteAheadLog() throws(SQLiteError) {
        guard try scalarText("PRAGMA journal_mode")?.lowercased() != "wal" else { return }
        try execute("PRAGMA journal_mode = WAL")
    }

    /// Copies what the write-ahead log holds into the database file, so the file alone
    /// holds every committed change (as much as readers in other connections allow), and
    /// empties the log. Does nothing for a file not in WAL mode.
    public func checkpoint() throws(SQLiteError) {
        _ = try scalarInt("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    deinit { close() }

    /// Whether ``close()`` was called.
    public private(set) var isClosed = false

    /// Closes the connection now (a last connection to a file in WAL mode folds the log into
    /// it and removes the `-wal` and `-shm` files). Anything run after it fails with kind
    /// `misuse`. Safe to call more than once; releasing the database closes it too.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        cachedStatements.removeAll()  // finalized first, so the connection closes now
        sqlite3_close_v2(handle)  // and, were a statement still held elsewhere, once it is released
    }

    /// Statements run through ``withStatement(_:_:)``, kept prepared by their SQL.
    private var cachedStatements: [String: Statement] = [:]

    /// Runs `body` with the statement for `sql`, prepared once and kept for the next call
    /// (up to 64 of them): reset and its bindings cleared after `body`, so no read stays open.
    /// Parsing the SQL is most of the cost of a one-row statement. `body` must not keep it,
    /// nor run the same SQL through `withStatement` again inside (that would reset it).
    public func withStatement<T>(_ sql: String, _ body: (Statement) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let statement: Statement
        if let cached = cachedStatements[sql] {
            statement = cached
        } else {
            statement = try prepare(sql)
            if cachedStatements.count < 64 { cachedStatements[sql] = statement }
        }
        defer { statement.reset() }
        return try body(statement)
    }

    func error(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Prepares a statement.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs `sql` (one statement) with `values` bound from index 1, ignoring rows.
    public func execute(_ sql: String, _ values: [Statement.Value] = []) throws(SQLiteError) {
        try withStatement(sql) { statement throws(SQLiteError) in
            try statement.bind(values)
            try statement.run()
        }
    }

    /// Runs every statement of `script` in order, as SQLite's parser splits them (a `;`
    /// inside a string literal or a trigger body is no separator). Nothing is bound.
    public func executeScript(_ script: String) throws(SQLiteError) {
        var rest = script
        while !rest.isEmpty {
            let (prepared, tail) = try Statement.prepareFirst(of: rest, on: self)
            guard let prepared else { return }  // only spaces and comments remain
            var code: Int32
            repeat {
                startStep()
                code = sqlite3_step(prepared)
            } while code == SQLITE_ROW  // rows are run through, as sqlite3_exec does
            sqlite3_finalize(prepared)
            guard code == SQLITE_DONE || code == SQLITE_ROW else { throw error(code, sql: rest) }
            rest = tail
        }
    }

    /// Every row of `sql` with `values` bound from index 1.
    public func rows(_ sql: String, _ values: [Statement.Value] = []) throws(SQLiteError) -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(values)
        guard try statement.step() else { return [] }
        let columns = statement.columnNames  // read once, shared by every row
        var rows = [statement.row(columns: columns)]
        while try statement.step() { rows.append(statement.row(columns: columns)) }
        return rows
    }

    /// The first column of the first row as an integer (nil without a row).
    public func scalarInt(_ sql: String, _ values: [Statement.Value] = []) throws(SQLiteError) -> Int? {
        try withStatement(sql) { statement throws(SQLiteError) in
            try statement.bind(values)
            return try statement.step() ? statement.int(0) : nil
        }
    }

    /// The first column of the first row as text (nil without a row).
    public func scalarText(_ sql: String, _ values: [Statement.Value] = []) throws(SQLiteError) -> String? {
        try withStatement(sql) { statement throws(SQLiteError) in
            try statement.bind(values)
            return try statement.step() ? statement.text(0) : nil
        }
    }

    /// The row id of the last insert.
    public var lastInsertRowID: Int { isClosed ? 0 : Int(sqlite3_last_insert_rowid(handle)) }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in a read transaction: every query in it sees the same snapshot of the
    /// file, whatever other connections commit meanwhile.
    public func read<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// The schema version (`PRAGMA user_version`).
    public var userVersion: Int {
        get throws(SQLiteError) { try scalarInt("PRAGMA user_version") ?? 0 }
    }

    /// Brings the schema up to date: runs each migration (a script of one or more
    /// statements, see ``executeScript(_:)``) after the current `user_version`, each in its
    /// own transaction, and records the new version. Migration N (1-based) is
    /// `migrations[N - 1]`. The version is read again inside each transaction, so connections
    /// migrating the same file at once each run a migration once between them.
    public func migrate(_ migrations: [String]) throws {
        let current = try userVersion
        guard current <= migrations.count else {
            throw SQLiteError(
                code: SQLITE_MISMATCH,
                message:
                    "the database is at schema version \(current), newer than this program knows (\(migrations.count)); use a newer version or another file"
            )
        }
        for version in current..<migrations.count {
            try transaction {
                guard try userVersion == version else { return }  // another connection ran it
                try executeScript(migrations[version])
                try execute("PRAGMA user_version = \(version + 1)")  // an integer we own, not data
            }
        }
    }

    /// `PRAGMA integrity_check`: "ok" for a healthy file.
    public func integrityCheck() throws(SQLiteError) -> String {
        try scalarText("PRAGMA integrity_check") ?? ""
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
