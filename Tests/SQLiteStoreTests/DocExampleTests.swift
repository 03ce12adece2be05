import Foundation
import SQLiteStore
import TestSupport
import Testing

/// The example of docs/SQLiteStore.md, compiled and run as written on a real file.
struct DocExampleTests {
    @Test func migrateInsertAndPageWithABoundKey() throws {
        let folder = try makeTemporaryFolder("ik-doc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "Sea"
        var printed: [String] = []

        let db = try Database(path: folder.appendingPathComponent("app.sqlite").path)
        try db.migrate([
            "CREATE TABLE album(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
            "ALTER TABLE album ADD COLUMN created INTEGER NOT NULL DEFAULT 0",
        ])
        try db.transaction {
            try db.execute("INSERT INTO album(name) VALUES (?1)", [.text(name)])
        }
        let statement = try db.prepare("SELECT id, name FROM album WHERE id > :after ORDER BY id LIMIT 50")
        try statement.bind(.integer(0), named: ":after")
        while try statement.step() { printed.append("\(statement.int(0)) \(statement.text(1))") }

        #expect(printed == ["1 Sea"])
        #expect(try db.scalarInt("PRAGMA user_version") == 2)
    }
}
