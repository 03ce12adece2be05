import Foundation
import SQLiteStore
import Testing

/// Statements that must be one, scripts, rows by name, error kinds, and the shared queue,
/// against real temporary files.
struct DatabaseQueueTests {
    let files: TemporaryFolder

    init() throws { files = try TemporaryFolder("sqlite-queue") }

    @Test func prepareRefusesASecondStatementInsteadOfIgnoringIt() throws {
        let db = try Database(path: files.path())
        try db.execute("CREATE TABLE t(x)")
        #expect {
            try db.execute("INSERT INTO t VALUES (1); DROP TABLE t")
        } throws: { ($0 as? SQLiteError)?.kind == .misuse }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 0, "nothing of it ran")
        try db.execute("INSERT INTO t VALUES (2);  -- a comment after is fine\n")
        #expect(try db.scalarInt("SELECT x FROM t") == 2)
        #expect(throws: SQLiteError.self) { try db.prepare("  -- only a comment") }
    }

    @Test func scriptsAndMigrationsSplitLikeSQLiteNotOnSemicolons() throws {
        let db = try Database(path: files.path())
        try db.migrate([
            """
            CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT NOT NULL);
            INSERT INTO note(text) VALUES ('a; b; c');
            CREATE TRIGGER no_empty BEFORE INSERT ON note WHEN NEW.text = '' BEGIN SELECT RAISE(ABORT, 'empty; no'); END;
            """
        ])
        #expect(try db.scalarText("SELECT text FROM note") == "a; b; c")
        #expect(try db.userVersion == 1)
        #expect {
            try db.execute("INSERT INTO note(text) VALUES ('')")
        } throws: { ($0 as? SQLiteError)?.message == "empty; no" }
    }

    @Test func rowsReadColumnsByNameAndNullAsNil() throws {
        let db = try Database(path: files.path())
        try db.executeScript(
            "CREATE TABLE album(id INTEGER PRIMARY KEY, name TEXT, score REAL, cover BLOB); INSERT INTO album(name, score, cover) VALUES ('Sea', 4.5, x'0102'), (NULL, NULL, NULL)"
        )
        let rows = try db.rows("SELECT id, name, score, cover FROM album ORDER BY id")
        #expect(rows.count == 2)
        #expect(rows[0].int("id") == 1 && rows[0].text("name") == "Sea" && rows[0].double("score") == 4.5 && rows[0].blob("cover") == [1, 2])
        #expect(rows[1].text("name") == nil && rows[1].double("score") == nil && rows[1]["name"] == .null)
        #expect(rows[0]["missing"] == nil && rows[0].int("name") == nil, "no such column, or another type: nil")
    }

    @Test func errorsSayWhatKindTheyAre() throws {
        let db = try Database(path: files.path())
        try db.executeScript("CREATE TABLE u(name TEXT UNIQUE); INSERT INTO u VALUES ('a')")
        #expect { try db.execute("INSERT INTO u VALUES ('a')") } throws: { ($0 as? SQLiteError)?.kind == .constraint }

        // Busy: another connection holds the write lock past a short timeout.
        let other = try Database(path: files.path(), busyTimeout: .milliseconds(50))
        try db.execute("BEGIN IMMEDIATE")
        #expect { try other.execute("INSERT INTO u VALUES ('b')") } throws: { ($0 as? SQLiteError)?.kind == .busy }
        try db.execute("ROLLBACK")

        // Full: the database may not grow past its page limit.
        let small = try Database(path: files.path("small.sqlite"))
        try small.executeScript("CREATE TABLE big(b BLOB); PRAGMA max_page_count = 8")
        #expect {
            for _ in 0..<20 { try small.execute("INSERT INTO big VALUES (zeroblob(4096))") }
        } throws: { ($0 as? SQLiteError)?.kind == .full }

        // Read-only: a connection opened to read cannot write.
        let reader = try Database(path: files.path(), readOnly: true)
        #expect { try reader.execute("INSERT INTO u VALUES ('c')") } throws: { ($0 as? SQLiteError)?.kind == .readOnly }

        // Not a database: a text file is refused and left as it was.
        let text = files.path("notes.txt")
        try Data("not a database, just notes\n".utf8).write(to: URL(fileURLWithPath: text))
        #expect { try Database(path: text) } throws: { ($0 as? SQLiteError)?.kind == .notADatabase }
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a database, just notes\n")
    }

    @Test func aSharedQueueSerializesWritesFromManyTasks() async throws {
        let queue = try DatabaseQueue(path: files.path())
        try await queue.write { db in try db.execute("CREATE TABLE hit(n INTEGER NOT NULL)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for n in 0..<25 {
                        try await queue.write { db in
                            // Read then write in one transaction: no other write may come between.
                            let count = try db.scalarInt("SELECT count(*) FROM hit") ?? 0
                            try db.execute("INSERT INTO hit(n) VALUES (?1)", [.integer(Int64(count))])
                        }
                        _ = task + n
                    }
                }
            }
            try await group.waitForAll()
        }
        let numbers = try await queue.read { db in try db.rows("SELECT n FROM hit ORDER BY rowid").compactMap { $0.int("n") } }
        #expect(numbers == Array(0..<200), "every write saw all the ones before it")
        let count = try await queue.read { db in try db.scalarInt("SELECT count(*) FROM hit") ?? 0 }
        #expect(count == 200)
    }

    @Test func aWriteThatThrowsLeavesNothingAndReentryIsRefused() throws {
        let queue = try DatabaseQueue(path: files.path())
        try queue.write { db in try db.execute("CREATE TABLE t(x)") }
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try queue.write { db in
                try db.execute("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try queue.read { db in try db.scalarInt("SELECT count(*) FROM t") } == 0, "rolled back")
        #expect {
            try queue.read { _ in try queue.read { db in try db.scalarInt("SELECT 1") } }
        } throws: { ($0 as? SQLiteError)?.kind == .misuse }
    }
}
