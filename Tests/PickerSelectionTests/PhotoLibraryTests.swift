import Foundation
import GifDecoding
import SQLiteStore
import Testing
import TUICore
@testable import PickerSelection

/// The photo library against real temporary SQLite files.
struct PhotoLibraryTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String = "library.sqlite") -> String { folder.appendingPathComponent(name).path }

    @Test func theSampleHasThreeAlbumsAnd150ImagesAndIsDeterministic() throws {
        let library = try PhotoLibrary(path: path())
        #expect(try library.fillWithSampleIfEmpty())
        #expect(try !library.fillWithSampleIfEmpty(), "only an empty library is filled")
        let albums = try library.albums()
        #expect(albums.map(\.name) == ["All Photos", "City", "Mountains", "Sea"])
        #expect(albums.map(\.count) == [150, 50, 50, 50])
        let other = try PhotoLibrary(path: path("other.sqlite"))
        try other.fillWithSampleIfEmpty()
        let a = try library.page(album: albums[0].id, limit: 150), b = try other.page(album: try other.albums()[0].id, limit: 150)
        #expect(a.map(\.thumbnail) == b.map(\.thumbnail))
        #expect(a.map(\.source) == b.map(\.source))
    }

    @Test func keysetPagesCoverTheAlbumOnceInOrder() throws {
        let library = try PhotoLibrary(path: path())
        try library.fillWithSampleIfEmpty()
        let album = try library.albums()[0]
        var seen: [Int] = []
        var after: Int?
        while true {
            let page = try library.page(album: album.id, after: after, limit: 40)
            if page.isEmpty { break }
            seen += page.map(\.id)
            after = page.last?.id
        }
        #expect(seen.count == 150)
        #expect(seen == seen.sorted())
        #expect(Set(seen).count == 150)
    }

    // B4.8
    @Test("B4.8: the selection is saved in the library and comes back after a restart")
    func selectionSurvivesReopening() throws {
        do {
            let library = try PhotoLibrary(path: path())
            try library.fillWithSampleIfEmpty()
            try library.saveSelection([42, 7, 99])
        }
        let reopened = try PhotoLibrary(path: path())
        #expect(try reopened.savedSelection() == [42, 7, 99])
        #expect(try reopened.assets(ids: [42, 7, 99]).map(\.id) == [42, 7, 99])
        try reopened.saveSelection([])
        #expect(try reopened.savedSelection() == [])
    }

    @Test func aForeignOrDamagedFileIsRefusedAndNeverOverwritten() throws {
        let foreign = path("foreign.sqlite")
        do {
            let db = try Database(path: foreign, writeAheadLog: false)  // another program's file, in rollback-journal mode
            try db.execute("CREATE TABLE invoices(id INTEGER PRIMARY KEY, total REAL)")
            try db.execute("INSERT INTO invoices(total) VALUES (12.5)")
        }
        #expect(throws: PhotoLibraryError.self) { try PhotoLibrary(path: foreign) }
        #expect(try Database(path: foreign, writeAheadLog: false).scalarInt("SELECT count(*) FROM invoices") == 1, "the other program's data is intact")
        #expect(try Database(path: foreign, writeAheadLog: false).scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'asset'") == 0, "nothing was added")
        #expect(try Database(path: foreign, writeAheadLog: false).scalarText("PRAGMA journal_mode") == "delete", "not switched to write-ahead logging")
        #expect(!FileManager.default.fileExists(atPath: foreign + "-wal"))
        let garbage = path("garbage.sqlite")
        let bytes = Data(repeating: 0x5A, count: 8192)
        try bytes.write(to: URL(fileURLWithPath: garbage))
        do {
            _ = try PhotoLibrary(path: garbage)
            Issue.record("garbage must be refused")
        } catch {
            #expect(error.description.contains("left untouched"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: garbage)) == bytes)
    }

    @Test func importTakesGoodGifsAndListsBrokenOnes() throws {
        let source = folder.appendingPathComponent("photos")
        let trip = source.appendingPathComponent("Trip")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        let gif = try GifWriter(width: 16, height: 16, globalPalette: [(0, 0, 0), (255, 0, 0)]).encode([GifWriter.Frame(width: 16, height: 16, indices: (0..<256).map { UInt8($0 % 2) })])
        try gif.write(to: source.appendingPathComponent("top.gif"))
        try gif.write(to: trip.appendingPathComponent("a.gif"))
        try gif.write(to: trip.appendingPathComponent("b.gif"))
        try Data("not a gif".utf8).write(to: trip.appendingPathComponent("broken.gif"))
        try Data(gif.prefix(8)).write(to: trip.appendingPathComponent("cut.gif"))
        try Data("ignored".utf8).write(to: source.appendingPathComponent("notes.txt"))
        let library = try PhotoLibrary(path: path())
        var calls: [(Int, Int)] = []
        let report = try library.importFolder(source.path) { calls.append(($0, $1)) }
        #expect(report.imported == 3)
        #expect(report.failures.count == 2)
        #expect(report.failures.map { ($0.path as NSString).lastPathComponent }.sorted() == ["broken.gif", "cut.gif"])
        #expect(report.failures.contains { $0.reason.contains("not a GIF") })
        #expect(report.albums == ["Trip", "photos"])
        #expect(calls.last.map { $0 == (5, 5) } == true)
        let albums = try library.albums()
        #expect(albums.first { $0.name == "Trip" }?.count == 2)
        #expect(albums.first { $0.name == "All Photos" }?.count == 3)
        let first = try library.page(album: albums[0].id, limit: 1)[0]
        #expect(first.thumbnail[0, 0] == RGBA(127, 0, 0), "black and red columns average to dark red")
        #expect(first.width == 16)
    }
}
