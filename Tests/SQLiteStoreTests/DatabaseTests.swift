import Foundation
import TestSupport
import Testing

@testable import SQLiteStore

/// Against real temporary files.
struct DatabaseTests {
    let files: TemporaryFolder

    init() throws { files = try TemporaryFolder("sqlite") }

    func open() throws -> Database {
        let db = try Database(path: files.path())
        try db.migrate(["CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, data BLOB)", "CREATE INDEX item_name ON item(name)"])
        return db
    }

    @Test func migratesOnceAndRecordsTheVersion() throws {
        let db = try open()
        #expect(try db.userVersion == 2)
        try db.migrate(["CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, data BLOB)", "CREATE INDEX item_name ON item(name)"])
        #expect(try db.userVersion == 2, "already applied: nothing runs twice")
        #expect(try db.scalarText("PRAGMA journal_mode") == "wal")
        #expect(try db.scalarInt("PRAGMA foreign_keys") == 1)
        #expect(try db.integrityCheck() == "ok")
    }

    @Test func valuesAreBoundNeverSpliced() throws {
        let db = try open()
        let hostile = "Robert'); DROP TABLE item;--"
        try db.execute("INSERT INTO item(name, data) VALUES (?1, ?2)", [.text(hostile), .blob([0, 1, 2, 255])])
        let statement = try db.prepare("SELECT id, name, data FROM item WHERE name = :name")
        try statement.bind(.text(hostile), named: ":name")
        #expect(try statement.step())
        #expect(statement.text(1) == hostile)
        #expect(statement.blob(2) == [0, 1, 2, 255])
        #expect(try !statement.step())
        #expect(try db.scalarInt("SELECT count(*) FROM item") == 1)
        #expect(throws: SQLiteError.self) { try statement.bind(.null, named: ":missing") }
    }

    @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
        struct Stop: Error {}
        let db = try open()
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.execute("INSERT INTO item(name) VALUES (?1)", [.text("a")])
                throw Stop()
            }
        }
        #expect(try db.scalarInt("SELECT count(*) FROM item") == 0)
        try db.transaction { try db.execute("INSERT INTO item(name) VALUES (?1)", [.text("b")]) }
        #expect(try db.scalarInt("SELECT count(*) FROM item") == 1)
    }

    @Test func errorsCarryTheCodeMessageAndSQL() throws {
        let db = try open()
        do {
            try db.execute("INSERT INTO item(name) VALUES (NULL)")
            Issue.record("NOT NULL must fail")
        } catch {
            #expect(error.code & 0xFF == 19)  // SQLITE_CONSTRAINT
            #expect(error.message.contains("NOT NULL"))
            #expect(error.sql == "INSERT INTO item(name) VALUES (NULL)")
            #expect(error.description.contains("in: INSERT"))
        }
        #expect(throws: SQLiteError.self) { try db.prepare("SELEKT 1") }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let file = files.path("notes.sqlite")
        let original = Data("These are my notes, not a database.\n".utf8) + Data(repeating: 7, count: 4000)
        try original.write(to: URL(fileURLWithPath: file))
        do {
            _ = try Database(path: file)
            Issue.record("a text file must be refused")
        } catch {
            #expect(error.isNotADatabase)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)
    }

    @Test func aNewerSchemaIsRefused() throws {
        let db = try open()
        try db.execute("PRAGMA user_version = 9")
        #expect(throws: SQLiteError.self) { try db.migrate(["CREATE TABLE x(a)"]) }
    }

    @Test func statementsRunAgainAfterReset() throws {
        let db = try open()
        let insert = try db.prepare("INSERT INTO item(name) VALUES (?1)")
        for name in ["a", "b", "c"] {
            try insert.bind(name, at: 1)
            try insert.run()
            insert.reset()
        }
        #expect(try db.scalarInt("SELECT count(*) FROM item") == 3)
        #expect(db.lastInsertRowID == 3)
    }

    @Test func connectionsMigratingOneFileAtOnceRunEachMigrationOnce() async throws {
        // Neither migration may run twice: the second would fail ("already exists").
        let migrations = ["CREATE TABLE t(a INTEGER)", "ALTER TABLE t ADD COLUMN b INTEGER"]
        for trial in 0..<20 {
            let path = files.path("race-\(trial).sqlite")
            try Database(path: path).migrate(Array(migrations.prefix(0)))  // the file exists, at version 0
            let failures = await Concurrently.failures(of: 3) { try Database(path: path).migrate(migrations) }
            #expect(failures.isEmpty, "trial \(trial): \(failures)")
            #expect(try Database(path: path).userVersion == 2)
        }
    }

    @Test func keptStatementsHoldNoReadOpenAndAreFinalizedBeforeTheConnectionCloses() throws {
        do {
            let db = try open()
            for i in 0..<200 { try db.execute("INSERT INTO item(name) VALUES (?1)", [.text("n\(i)")]) }
            #expect(try db.scalarText("SELECT name FROM item WHERE id = ?1", [.integer(7)]) == "n6")
            #expect(try db.scalarText("SELECT name FROM item WHERE id = ?1", [.integer(8)]) == "n7", "the same statement, bound again")
            // The first row was read and the rest left: another connection can still
            // checkpoint the whole log (no read of ours holds it).
            #expect(try db.scalarInt("SELECT id FROM item ORDER BY id") == 1)
            let other = try Database(path: files.path())
            #expect(try other.rows("PRAGMA wal_checkpoint(TRUNCATE)").first?["busy"] == .integer(0))
        }
        // Closed: the statements kept were finalized first, so the connection really closed
        // and took its write-ahead log with it.
        #expect(!FileManager.default.fileExists(atPath: files.path() + "-wal"))
    }

    @Test func anImmutableOpenReadsAWriteAheadLogFileWithoutJournalFiles() throws {
        let name = files.path("odd ?#%名.sqlite")
        do {
            let db = try Database(path: name)  // write-ahead log
            try db.execute("CREATE TABLE t(x INTEGER)")
            try db.execute("INSERT INTO t VALUES (7)")
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: name + suffix) }
        let reader = try Database(path: name, immutable: true)
        #expect(try reader.scalarInt("SELECT x FROM t") == 7)
        #expect(!FileManager.default.fileExists(atPath: name + "-shm"), "no journal file made")
        #expect(throws: SQLiteError.self) { try reader.execute("INSERT INTO t VALUES (8)") }
        #expect(Database.uriEscaped("/a b/c?d#e%f") == "/a%20b/c%3Fd%23e%25f")
    }
}
