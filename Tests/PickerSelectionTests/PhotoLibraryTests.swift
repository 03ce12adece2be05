import Foundation
import GifDecoding
import SQLiteStore
import Testing
import TUICore
@testable import PickerSelection

/// The photo library against real temporary SQLite files.
struct PhotoLibraryTests {
    /// GIF files, read with GifDecoding (the library itself knows no image format).
    static let gifs = ImageReader(fileExtensions: ["gif"]) { try AnimatedImage(contentsOfFile: $0).image(at: 0) }

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
        let report = try library.importFolder(source.path, reader: Self.gifs) { calls.append(($0, $1)) }
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

    @Test func aSecondImportOfTheSameFolderAddsNothingAndALinkIsFollowed() throws {
        let source = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let gif = try GifWriter(width: 4, height: 4, globalPalette: [(0, 0, 0), (255, 255, 255)]).encode([GifWriter.Frame(width: 4, height: 4, indices: Array(repeating: 1, count: 16))])
        try gif.write(to: source.appendingPathComponent("one.gif"))
        try gif.write(to: source.appendingPathComponent("two.gif"))
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source.path)
        let library = try PhotoLibrary(path: path())
        let first = try library.importFolder(link, album: "Linked", reader: Self.gifs)
        #expect(first.found == 2 && first.imported == 2, "the link's folder is read")
        let second = try library.importFolder(source.path, album: "Linked", reader: Self.gifs)
        #expect(second.imported == 0 && second.alreadyThere == 2 && second.failures.isEmpty)
        #expect(try library.stats().assets == 2, "nothing was added twice")
    }

    @Test func readingAnExistingLibraryChangesNothingOnDisk() throws {
        let missing = folder.appendingPathComponent("typo/dir/library.sqlite").path
        #expect(throws: PhotoLibraryError.self) { try PhotoLibrary(readingExisting: missing) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo").path), "no folder made")
        let empty = path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        do {
            _ = try PhotoLibrary(readingExisting: empty)
            Issue.record("an empty file holds no library")
        } catch {
            guard case .noLibrary = error else { Issue.record("expected noLibrary, got \(error)"); return }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty, "not rewritten")
        do {
            _ = try PhotoLibrary(readingExisting: folder.path)
            Issue.record("a folder is not a library")
        } catch {
            #expect(error.description.contains("it is a folder"))
        }
        // A real library, read: stats work and no journal files appear.
        do { _ = try PhotoLibrary(path: path()).fillWithSampleIfEmpty() }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path() + suffix) }
        let reader = try PhotoLibrary(readingExisting: path())
        #expect(try reader.stats().assets == 150)
        // A library cut short is called damaged, and left as it is.
        let whole = try Data(contentsOf: URL(fileURLWithPath: path()))
        let cut = path("cut.sqlite")
        try whole.prefix(3000).write(to: URL(fileURLWithPath: cut))
        do {
            _ = try PhotoLibrary(readingExisting: cut)
            Issue.record("a cut library must be refused")
        } catch {
            guard case .damaged = error else { Issue.record("expected damaged, got \(error)"); return }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cut)) == whole.prefix(3000))
    }

    @Test(arguments: [
        (Int32(5), "is locked by another program; try again"),
        (Int32(8), "cannot be written (a read-only file or folder)"),
        (Int32(11), "is damaged or not a database"),
        (Int32(26), "is damaged or not a database"),
        (Int32(14), "cannot open"),
        (Int32(10), "a disk error"),
        (Int32(13), "the disk is full"),
    ])
    func openingFailuresSayWhatIsWrong(code: Int32, message: String) {
        let error = PhotoLibraryError.opening("/nowhere/lib.sqlite", SQLiteError(code: code, message: "sqlite says so"))
        #expect(error.description.contains(message), "\(error)")
    }

    @Test func anOlderLibraryIsReadAndANewerOneRefused() throws {
        do { _ = try PhotoLibrary(path: path()).fillWithSampleIfEmpty() }
        do {
            let db = try Database(path: path())  // as the first version left it
            try db.execute("DROP INDEX asset_source")
            try db.execute("PRAGMA user_version = 1")
        }
        #expect(try PhotoLibrary(readingExisting: path()).stats().assets == 150)
        try Database(path: path()).execute("PRAGMA user_version = 9")
        do {
            _ = try PhotoLibrary(readingExisting: path())
            Issue.record("a newer library must be refused")
        } catch {
            #expect(error.description.contains("made by a newer version"))
        }
    }
}
