import Foundation
import GifDecoding
import IndicatorKit
import SQLiteStore
import TestSupport
import Testing

@testable import PickerSelection

/// The photo library against real temporary SQLite files.
struct PhotoLibraryTests {
    /// GIF files, read with GifDecoding (the library itself knows no image format).
    static let gifs = PhotoReader(fileExtensions: ["gif"]) { try AnimatedImage(contentsOfFile: $0).image(at: 0) }

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
        let a = try library.page(album: albums[0].id, limit: 150)
        let b = try other.page(album: try other.albums()[0].id, limit: 150)
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
        #expect(try reopened.photos(ids: [42, 7, 99]).map(\.id) == [42, 7, 99])
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
        #expect(
            try Database(path: foreign, writeAheadLog: false).scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'asset'") == 0,
            "nothing was added"
        )
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
        let gif = try GifWriter(width: 128, height: 128, globalPalette: [(0, 0, 0), (255, 0, 0)]).encode([
            GifWriter.Frame(width: 128, height: 128, indices: (0..<(128 * 128)).map { UInt8($0 % 2) })
        ])
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
        #expect(first.thumbnail.width == PhotoLibrary.thumbnailSize && first.thumbnail.height == PhotoLibrary.thumbnailSize)
        #expect(first.thumbnail[0, 0] == RGBA(127, 0, 0), "black and red columns average to dark red")
        #expect(first.width == 128)
    }

    @Test func everyFileToldAsImportedIsAlreadyCommitted() throws {
        // More files than a chunk holds: several transactions.
        let source = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let count = PhotoLibrary.importChunkSize * 2 + 5
        for i in 0..<count {
            try GifWriter(width: 4, height: 4, globalPalette: [(0, 0, 0), (UInt8(i), 255, 0)]).encode([
                GifWriter.Frame(width: 4, height: 4, indices: Array(repeating: 1, count: 16))
            ])
            .write(to: source.appendingPathComponent(String(format: "%03d.gif", i)))
        }
        let library = try PhotoLibrary(path: path())
        var told: [Int] = []
        var committed: [Int] = []
        let report = try library.importFolder(source.path, reader: Self.gifs) { done, _ in
            // What another process would find in the file at that moment.
            told.append(done)
            committed.append((try? PhotoLibrary(readingExisting: path()).stats().photos) ?? -1)
        }
        #expect(report.imported == count)
        #expect(told == Array(1...count))
        #expect(zip(told, committed).allSatisfy { $0 <= $1 }, "told \(told) while committed \(committed)")
    }

    @Test func aThumbnailIsTheMiddleSquareOfThePicture() throws {
        // 192×64: blue, red, blue thirds. The middle square is the red one.
        var wide = RGBAImage(width: 192, height: 64)
        for y in 0..<64 { for x in 0..<192 { wide[x, y] = (64..<128).contains(x) ? RGBA(255, 0, 0) : RGBA(0, 0, 255) } }
        let thumbnail = PhotoLibrary.thumbnail(of: wide)
        #expect(thumbnail.width == 64 && thumbnail.height == 64)
        #expect(thumbnail[0, 0] == RGBA(255, 0, 0) && thumbnail[63, 63] == RGBA(255, 0, 0))
        // A translucent picture is shown over a dark grey.
        var clear = RGBAImage(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { clear[x, y] = RGBA(255, 255, 255, 0) } }
        #expect(PhotoLibrary.thumbnail(of: clear)[10, 10] == RGBA(20, 20, 24))
    }

    @Test func aLibraryWithSmallThumbnailsIsMigratedAndItsThumbnailsRenewedByImport() throws {
        // A library as version 2 made it: 8×8 RGBA thumbnails, no thumbnail_side.
        let source = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let file = source.appendingPathComponent("red.gif").path
        try GifWriter(width: 100, height: 100, globalPalette: [(255, 0, 0)]).encode([
            GifWriter.Frame(width: 100, height: 100, indices: Array(repeating: 0, count: 10_000))
        ]).write(to: URL(fileURLWithPath: file))
        do {
            let old = try Database(path: path())
            try old.migrate(Array(PhotoLibrary.migrations.prefix(2)))
            try old.execute("INSERT INTO album(name) VALUES ('All Photos'), ('photos')")
            try old.execute(
                "INSERT INTO asset(source, width, height, created, thumbnail) VALUES (?1, 100, 100, 0, ?2)",
                [.text(file), .blob([UInt8](repeating: 200, count: 8 * 8 * 4))]
            )
            try old.execute("INSERT INTO membership(album, asset) VALUES (1, 1), (2, 1)")
        }
        // Only read, it is not migrated, and reads the same.
        let reader = try PhotoLibrary(readingExisting: path())
        #expect(try reader.page(album: reader.albums()[0].id, limit: 1).first?.thumbnail.width == 8)
        let library = try PhotoLibrary(path: path())
        let before = try library.page(album: library.albums()[0].id, limit: 1)
        #expect(
            before.count == 1 && before[0].thumbnail.width == 8 && before[0].thumbnail[3, 3] == RGBA(200, 200, 200, 200),
            "the old thumbnail is read as it was stored"
        )
        let report = try library.importFolder(source.path, reader: Self.gifs)
        #expect(report.imported == 0 && report.alreadyThere == 1 && report.renewedThumbnails == 1)
        let after = try library.page(album: library.albums()[0].id, limit: 1)
        #expect(after[0].thumbnail.width == PhotoLibrary.thumbnailSize && after[0].thumbnail[30, 30] == RGBA(255, 0, 0))
        #expect(try library.importFolder(source.path, reader: Self.gifs).renewedThumbnails == 0, "made once")
        // The reader opened before the upgrade still reads the renewed thumbnail whole.
        #expect(try reader.page(album: reader.albums()[0].id, limit: 1).first?.thumbnail[30, 30] == RGBA(255, 0, 0))
    }

    @Test func aSecondImportOfTheSameFolderAddsNothingAndALinkIsFollowed() throws {
        let source = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let gif = try GifWriter(width: 4, height: 4, globalPalette: [(0, 0, 0), (255, 255, 255)]).encode([
            GifWriter.Frame(width: 4, height: 4, indices: Array(repeating: 1, count: 16))
        ])
        try gif.write(to: source.appendingPathComponent("one.gif"))
        try gif.write(to: source.appendingPathComponent("two.gif"))
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source.path)
        let library = try PhotoLibrary(path: path())
        let first = try library.importFolder(link, album: "Linked", reader: Self.gifs)
        #expect(first.found == 2 && first.imported == 2, "the link's folder is read")
        let second = try library.importFolder(source.path, album: "Linked", reader: Self.gifs)
        #expect(second.imported == 0 && second.alreadyThere == 2 && second.failures.isEmpty)
        #expect(try library.stats().photos == 2, "nothing was added twice")
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
            guard case .noLibrary = error else {
                Issue.record("expected noLibrary, got \(error)")
                return
            }
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
        #expect(try reader.stats().photos == 150)
        // A library cut short is called damaged, and left as it is.
        let whole = try Data(contentsOf: URL(fileURLWithPath: path()))
        let cut = path("cut.sqlite")
        try whole.prefix(3000).write(to: URL(fileURLWithPath: cut))
        do {
            _ = try PhotoLibrary(readingExisting: cut)
            Issue.record("a cut library must be refused")
        } catch {
            guard case .damaged = error else {
                Issue.record("expected damaged, got \(error)")
                return
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cut)) == whole.prefix(3000))
    }

    @Test(arguments: [
        (Int32(5), "is locked by another program; try again"),
        (Int32(8), "cannot be written (a read-only file, folder or file system)"),
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

    /// A library file written by someone else: the genuine format row, then SQL of their own.
    func hostileLibrary(_ sql: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).sqlite").path
        let library = try PhotoLibrary(path: path)
        try library.fillWithSampleIfEmpty()
        let database = try Database(path: path)
        try database.executeScript(sql)
        return path
    }

    @Test func aLibraryCarryingViewsOrTriggersOfAnotherProgramIsRefused() throws {
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
        let view = try hostileLibrary("ALTER TABLE asset RENAME TO asset_old; CREATE VIEW asset AS SELECT * FROM asset_old WHERE (\(endless)) > 0")
        #expect(throws: PhotoLibraryError.self) { try PhotoLibrary(readingExisting: view) }
        do { _ = try PhotoLibrary(readingExisting: view) } catch {
            #expect("\(error)".contains("is not an IndicatorKit photo library"), "\(error)")
        }
        let trigger = try hostileLibrary("CREATE TRIGGER stall AFTER INSERT ON saved_selection BEGIN SELECT (\(endless)); END")
        #expect(throws: PhotoLibraryError.self) { try PhotoLibrary(path: trigger) }
        do { _ = try PhotoLibrary(path: trigger) } catch {
            #expect("\(error)".contains("another program added a trigger, `stall`"), "\(error)")
        }
    }

    @Test func aStatementThatRunsTooLongIsStopped() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString).sqlite").path
        let database = try Database(path: path)
        database.stepTimeLimit = .milliseconds(50)
        #expect(throws: SQLiteError.self) {
            _ = try database.scalarInt("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
        }
        do { _ = try database.scalarInt("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n") } catch {
            #expect(error.kind == .interrupted)
        }
        #expect(try database.scalarInt("SELECT 41 + 1") == 42, "the next statement runs as usual")
    }

    @Test func numbersAndTextFromTheFileAreCheckedBeforeUse() throws {
        let path = try hostileLibrary(
            """
            UPDATE asset SET thumbnail_side = 2147483647 WHERE id = 1;
            UPDATE asset SET thumbnail_side = -5, width = -1, height = 9223372036854775807 WHERE id = 2;
            UPDATE asset SET source = printf('%.*c', 5000000, 'x') WHERE id = 3
            """
        )
        let library = try PhotoLibrary(readingExisting: path)
        let photos = try library.photos(ids: [1, 2, 3])
        #expect(photos.count == 3)
        #expect(photos[0].thumbnail.width == PhotoLibrary.thumbnailSize, "the side found from the blob's length")
        #expect(photos[1].width == 0 && photos[1].height == 0)
        #expect(photos[2].source.utf8.count == PhotoLibrary.longestSource, "a 5 MB path is read as its first 4 096 characters")
    }

    @Test(.enabled(if: SmallFileSystem.isAvailable, SmallFileSystem.skipReason))
    func aLibraryOnAReadOnlyFileSystemIsSaidToBeReadOnly() throws {
        let disk = try SmallFileSystem(bytes: 4 << 20)
        let path = disk.path + "/library.sqlite"
        do { try PhotoLibrary(path: path).fillWithSampleIfEmpty() }
        try disk.makeReadOnly()
        #expect(throws: PhotoLibraryError.self) { try PhotoLibrary(path: path) }
        do { _ = try PhotoLibrary(path: path) } catch {
            #expect("\(error)".contains("cannot be written (a read-only file, folder or file system)"), "\(error)")
        }
        #expect(try PhotoLibrary(readingExisting: path).stats().photos == 150, "reading it still works")
    }

    @Test func closingLeavesTheFileAloneAndLaterCallsFail() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("close-\(UUID().uuidString).sqlite").path
        let library = try PhotoLibrary(path: path)
        try library.fillWithSampleIfEmpty()
        try library.saveSelection([1, 2])
        library.close()
        library.close()
        for suffix in ["-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(suffix) left beside it") }
        #expect(throws: PhotoLibraryError.self) { try library.savedSelection() }
        #expect(try PhotoLibrary(readingExisting: path).savedSelection() == [1, 2])
    }

    @Test func aFolderNamedAllPhotosGetsAnAlbumOfItsOwn() throws {
        #expect(PhotoLibrary.albumName(forFolder: "All Photos") == "All Photos (folder)")
        #expect(PhotoLibrary.albumName(forFolder: "Holidays") == "Holidays")
    }

    @Test func anOlderLibraryIsReadAndANewerOneRefused() throws {
        do { _ = try PhotoLibrary(path: path()).fillWithSampleIfEmpty() }
        do {
            let db = try Database(path: path())  // as the first version left it
            try db.execute("DROP INDEX asset_source")
            try db.execute("PRAGMA user_version = 1")
        }
        #expect(try PhotoLibrary(readingExisting: path()).stats().photos == 150)
        try Database(path: path()).execute("PRAGMA user_version = 9")
        do {
            _ = try PhotoLibrary(readingExisting: path())
            Issue.record("a newer library must be refused")
        } catch {
            #expect(error.description.contains("made by a newer version"))
        }
    }

    /// Other programs' SQLite files that hold no table of ours, each read back byte for byte.
    func foreignFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let noTables = path("no-tables.sqlite")
        do { try Database(path: noTables, writeAheadLog: false).execute("PRAGMA user_version = 7") }
        let viewOnly = path("view-only.sqlite")
        do { try Database(path: viewOnly, writeAheadLog: false).execute("CREATE VIEW answer AS SELECT 42") }
        let walMode = path("wal-mode.sqlite")
        do {
            let db = try Database(path: walMode)
            try db.execute("CREATE TABLE album(name TEXT)")  // a table of the same name, not ours
        }
        for file in [noTables, viewOnly, walMode] { files[file] = try Data(contentsOf: URL(fileURLWithPath: file)) }
        return files
    }

    @Test func aFileThatIsNotALibraryIsNeverWrittenByOpeningImportingOrReading() throws {
        let source = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try GifWriter(width: 2, height: 2, globalPalette: [(0, 0, 0), (255, 255, 255)]).encode([GifWriter.Frame(width: 2, height: 2, indices: [0, 1, 1, 0])])
            .write(to: source.appendingPathComponent("a.gif"))
        for (file, bytes) in try foreignFiles() {
            do {
                _ = try PhotoLibrary(path: file)
                Issue.record("\(file) must be refused")
            } catch {
                guard case .notALibrary = error else {
                    Issue.record("expected notALibrary, got \(error)")
                    continue
                }
            }
            #expect(throws: PhotoLibraryError.self) { try PhotoLibrary(readingExisting: file) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes, "\(file) is byte for byte as it was")
            #expect(
                !FileManager.default.fileExists(atPath: file + "-wal") && !FileManager.default.fileExists(atPath: file + "-shm"),
                "no journal files beside \(file)"
            )
        }
    }

    @Test func readingALibraryLeavesNoJournalFilesAndTheFileAloneHoldsTheSavedSelection() throws {
        do {
            let library = try PhotoLibrary(path: path())
            _ = try library.fillWithSampleIfEmpty()
            try library.saveSelection([3, 1, 2])
            // Still open (as in the app before it quits): the file alone already has it.
            let copy = path("copy.sqlite")
            try FileManager.default.copyItem(atPath: path(), toPath: copy)
            #expect(try PhotoLibrary(readingExisting: copy).savedSelection() == [3, 1, 2])
        }
        #expect(!FileManager.default.fileExists(atPath: path() + "-wal"))
        let summary = try PhotoLibrary(readingExisting: path()).summary()
        #expect(summary.photos == 150 && summary.selected == 3)
        #expect(summary.albums.first { $0.name == "All Photos" }?.count == 150)
        #expect(
            !FileManager.default.fileExists(atPath: path() + "-wal") && !FileManager.default.fileExists(atPath: path() + "-shm"),
            "stats leaves no file behind"
        )
    }

    @Test func manyConnectionsCreatingTheSameLibraryAtOnceAllGetTheWholeOne() async throws {
        // Threads stand in for processes here (each its own connection); the end-to-end
        // test does the same with showcase processes.
        for trial in 0..<5 {
            let file = path("race-\(trial).sqlite")
            if trial % 2 == 1 { #expect(FileManager.default.createFile(atPath: file, contents: Data())) }  // an empty file in the way
            let results = await Concurrently.failures(of: 4) { _ = try PhotoLibrary(path: file).album(named: "All Photos") }
            #expect(results.isEmpty, "trial \(trial): \(results)")
            #expect(try PhotoLibrary(readingExisting: file).stats().albums == 1)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".creating-") }
            #expect(leftovers.isEmpty, "no building file is left: \(leftovers)")
        }
    }

    @Test(.enabled(if: SmallFileSystem.isAvailable, SmallFileSystem.skipReason))
    func aFullDiskStopsTheImportAtOnceAndANewLibraryIsNotLeftHalfMade() throws {
        let source = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for i in 0..<200 {
            let indices = (0..<4096).map { UInt8(($0 * 7 + $0 / 64 * i) % 2) }  // distinct pixels, so thumbnails differ
            try GifWriter(width: 64, height: 64, globalPalette: [(0, 0, 0), (255, 255, 255)]).encode([GifWriter.Frame(width: 64, height: 64, indices: indices)])
                .write(to: source.appendingPathComponent(String(format: "%03d.gif", i)))
        }
        let disk = try SmallFileSystem(bytes: 1 << 20)
        let file = disk.path + "/library.sqlite"
        let library = try PhotoLibrary(path: file)
        let report = try library.importFolder(source.path, reader: Self.gifs)
        #expect(report.found == 200)
        #expect(report.imported > 0 && report.imported < 200, "imported \(report.imported)")
        guard case .database(let error) = report.stoppedBy else {
            Issue.record("expected a stop, got \(String(describing: report.stoppedBy))")
            return
        }
        #expect(error.kind == .full)
        #expect(report.failures.isEmpty, "no file is blamed for the disk")
        #expect(report.notTried == 200 - report.imported)
        #expect(try library.stats().photos == report.imported, "every image counted is in the library")
        // No room for even a new library: nothing is left behind.
        let tiny = try SmallFileSystem(bytes: 4 << 10)
        #expect(throws: PhotoLibraryError.self) { try PhotoLibrary(path: tiny.path + "/library.sqlite") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: tiny.path).isEmpty)
    }

    @Test(.enabled(if: getuid() != 0, "root reads every folder, so none can be made unreadable"))
    func anUnreadableSubfolderIsListedNotSkippedSilently() throws {
        let source = folder.appendingPathComponent("photos")
        let locked = source.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try GifWriter(width: 2, height: 2, globalPalette: [(0, 0, 0), (255, 255, 255)]).encode([GifWriter.Frame(width: 2, height: 2, indices: [0, 1, 1, 0])])
            .write(to: source.appendingPathComponent("a.gif"))
        chmod(locked.path, 0)
        defer { chmod(locked.path, 0o755) }
        let report = try PhotoLibrary(path: path()).importFolder(source.path, reader: Self.gifs)
        #expect(report.imported == 1)
        #expect(report.failures.contains { $0.path.hasSuffix("locked") && $0.reason.contains("cannot read this folder") })
    }
}
