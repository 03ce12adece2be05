import Dispatch
import Foundation

/// One database connection shared safely between tasks and threads: every access runs on
/// the queue's own serial queue, one at a time, with `read` for reading and `write` for a
/// transaction. It is `Sendable`; the ``Database`` handed to a closure is only valid inside it.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.sqlite")
/// try queue.write { db in try db.execute("INSERT INTO album(name) VALUES (?1)", [.text("Holidays")]) }
/// let names = try queue.read { db in try db.rows("SELECT name FROM album").compactMap { $0.text("name") } }
/// let count = try await queue.read { db in try db.scalarInt("SELECT count(*) FROM album") ?? 0 }
/// ```
///
/// Calling `read` or `write` of a queue from inside one of its own closures throws a
/// ``SQLiteError`` of kind ``SQLiteError/Kind/misuse`` (it would wait for itself): use the
/// `Database` the closure was given.
public final class DatabaseQueue: @unchecked Sendable {  // the database is only touched on `queue`
    private let database: Database
    private let queue: DispatchQueue
    private let key = DispatchSpecificKey<ObjectIdentifier>()

    /// The file's path.
    public let path: String

    /// Opens (creating if needed) the database at `path`, as ``Database/init(path:readOnly:immutable:busyTimeout:writeAheadLog:)`` does.
    public init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(5)) throws(SQLiteError) {
        database = try Database(path: path, readOnly: readOnly, busyTimeout: busyTimeout)
        self.path = path
        queue = DispatchQueue(label: "SQLiteStore.DatabaseQueue")
        queue.setSpecific(key: key, value: ObjectIdentifier(self))
    }

    private var isInside: Bool { DispatchQueue.getSpecific(key: key) == ObjectIdentifier(self) }

    private func refuseReentry() throws(SQLiteError) {
        guard !isInside else {
            throw SQLiteError(code: 21, message: "read or write called inside a read or write of the same DatabaseQueue; use the Database given to the closure")
        }
    }

    /// Runs `body` alone on the connection and returns its result.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try refuseReentry()
        return try queue.sync { try body(database) }
    }

    /// Runs `body` alone on the connection, in a transaction: committed when it returns,
    /// rolled back when it throws.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try refuseReentry()
        return try queue.sync { try database.transaction { try body(database) } }
    }

    /// Runs `body` alone on the connection without blocking the calling task.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try refuseReentry()
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(self.database) }) }
        }
    }

    /// Runs `body` in a transaction without blocking the calling task.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try refuseReentry()
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.database.transaction { try body(self.database) } }) }
        }
    }
}
