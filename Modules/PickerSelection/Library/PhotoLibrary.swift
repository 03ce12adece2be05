import Foundation
import SQLiteStore
import ViewCore

/// The picker's photo library in a SQLite file: albums, photos with small stored
/// thumbnails, album membership and the saved selection. It is the ``PhotoStore`` apps
/// give the picker.
///
/// ```swift
/// let library = try PhotoLibrary(path: PhotoLibrary.defaultPath(environment: env))
/// _ = try library.fillWithSampleIfEmpty()
/// let first = try library.page(album: albums[0].id, limit: 60)
/// let next = try library.page(album: albums[0].id, after: first.last?.id, limit: 60)
/// ```
public final class PhotoLibrary: PhotoStore {
    /// Thumbnails are this many pixels square: enough for a grid cell of 32×16 characters in
    /// sextants or braille. Each is stored as RGB (12 KiB); a library made before they grew
    /// keeps its 8×8 ones (drawn as they are) until its files are imported again.
    public static let thumbnailSize = 64

    let database: Database
    /// The thumbnail's side as the file's schema has it: its column from version 3, 8 before
    /// (a library only read is not migrated).
    private var thumbnailSide = "thumbnail_side"

    static let migrations = [
        """
        CREATE TABLE album(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE asset(id INTEGER PRIMARY KEY, source TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL, created INTEGER NOT NULL, thumbnail BLOB NOT NULL);
        CREATE TABLE membership(album INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE, asset INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE, PRIMARY KEY(album, asset)) WITHOUT ROWID;
        CREATE TABLE saved_selection(position INTEGER PRIMARY KEY, asset INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE);
        CREATE TABLE library_info(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO library_info(key, value) VALUES ('format', 'indicatorkit-photo-library')
        """,
        // Version 2: importing looks files up by their path (an import never adds one twice).
        "CREATE INDEX asset_source ON asset(source)",
        // Version 3: thumbnails of any size, RGB (the older ones: 8×8 RGBA).
        "ALTER TABLE asset ADD COLUMN thumbnail_side INTEGER NOT NULL DEFAULT 8",
    ]

    /// Opens the library at `path`, creating it if there is no file there (or an empty
    /// one). Creation is atomic: other processes see no library or a whole one. A file
    /// that is not a photo library is refused and never written to.
    public init(path: String) throws(PhotoLibraryError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateFolder(path: folder, reason: error.localizedDescription)
            }
        }
        switch try Self.state(of: path) {
        case .missing, .empty: try Self.create(at: path)
        case .present: try Self.requireOurs(path)
        }
        let database = try Self.open(path, readOnly: false)
        self.database = database
        try Self.checking(path) {
            try database.enableWriteAheadLog()  // a library made by an older version
            // With write-ahead logging, NORMAL syncs at checkpoints, not at every commit: a
            // commit survives the process being killed (it is in the log); only a power
            // loss may take the last ones back, the file staying whole.
            try database.execute("PRAGMA synchronous = NORMAL")
            try database.migrate(Self.migrations)
        }
    }

    /// Opens an existing library to read it: no folder or file is created, and none is
    /// left behind (the log files SQLite keeps while reading go when it is closed). A
    /// missing or empty file is ``PhotoLibraryError/noLibrary(path:)``; a file that is not
    /// a library is refused unread.
    public init(readingExisting path: String) throws(PhotoLibraryError) {
        guard case .present = try Self.state(of: path) else { throw .noLibrary(path: path) }
        try Self.requireOurs(path)
        do {
            // Read-write, though nothing is written: the last connection to close folds
            // the log into the file and removes it; a read-only one would leave it there.
            database = try Self.open(path, readOnly: false)
        } catch .readOnly, .cannotOpen {
            do {
                database = try Self.open(path, readOnly: true)
            } catch .readOnly, .cannotOpen {
                // A write-ahead-log file in a folder this user cannot write to: read it as it
                // is — unless its log holds changes, which such a read would not see.
                let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
                guard log == 0 else { throw .readOnly(path: path) }
                database = try Self.open(path, readOnly: true, immutable: true)
            }
        }
        let database = self.database
        try Self.checking(path) {
            // An older version reads the same (later versions add indexes, and version 3 the
            // thumbnail's side: 8 before); a newer one is another program's business.
            let version = try database.userVersion
            guard version <= Self.migrations.count else {
                throw PhotoLibraryError.notALibrary(path: path, reason: "it was made by a newer version of this program")
            }
            if version < 3 { thumbnailSide = "8" }
        }
    }

    /// Runs the checks made on opening `path`, naming whatever goes wrong.
    private static func checking(_ path: String, _ body: () throws -> Void) throws(PhotoLibraryError) {
        do {
            try body()
        } catch let error as PhotoLibraryError {
            throw error
        } catch let error as SQLiteError {
            throw .opening(path, error)
        } catch {
            throw .notALibrary(path: path, reason: "\(error)")
        }
    }

    private static func open(_ path: String, readOnly: Bool, immutable: Bool = false) throws(PhotoLibraryError) -> Database {
        do {
            let database = try Database(path: path, readOnly: readOnly, immutable: immutable, writeAheadLog: false)  // not before the format check
            database.stepTimeLimit = stepTimeLimit
            return database
        } catch {
            throw .opening(path, error)
        }
    }

    /// `$XDG_DATA_HOME/indicatorkit/library.sqlite`, else `~/.local/share/indicatorkit/library.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return base + "/indicatorkit/library.sqlite"
    }

    // MARK: Reading

    /// The albums, by name.
    public func albums() throws(PhotoLibraryError) -> [Album] {
        try wrap {
            let statement = try database.prepare(
                "SELECT a.id, a.name, (SELECT count(*) FROM membership m WHERE m.album = a.id) FROM album a ORDER BY a.name = 'All Photos' DESC, a.name"
            )
            var albums: [Album] = []
            while try statement.step() { albums.append(Album(id: statement.int(0), name: statement.text(1), count: statement.int(2))) }
            return albums
        }
    }

    /// The names of the albums that hold photo `id`, by name, "All Photos" left out.
    public func albumNames(of id: Int) throws(PhotoLibraryError) -> [String] {
        try wrap {
            let statement = try database.prepare(
                "SELECT a.name FROM membership m JOIN album a ON a.id = m.album WHERE m.asset = ?1 AND a.name <> 'All Photos' ORDER BY a.name"
            )
            try statement.bind([.integer(Int64(id))])
            var names: [String] = []
            while try statement.step() { names.append(statement.text(0)) }
            return names
        }
    }

    /// Up to `limit` photos of `album` after the photo `after` (keyset paging by identifier,
    /// so any page costs the same however deep it is).
    public func page(album: Int, after: Int? = nil, limit: Int) throws(PhotoLibraryError) -> [Photo] {
        try wrap {
            let statement = try database.prepare(
                """
                SELECT a.id, substr(a.source, 1, \(Self.longestSource)), a.width, a.height, a.created, a.thumbnail, \(thumbnailSide) FROM membership m JOIN asset a ON a.id = m.asset
                WHERE m.album = ?1 AND m.asset > ?2 ORDER BY m.asset LIMIT ?3
                """
            )
            try statement.bind([.integer(Int64(album)), .integer(Int64(after ?? -1)), .integer(Int64(limit))])
            return try readAssets(statement)
        }
    }

    /// The photos with these identifiers, in the order given (missing ones left out).
    public func photos(ids: [Int]) throws(PhotoLibraryError) -> [Photo] {
        try wrap {
            let statement = try database.prepare(
                "SELECT id, substr(source, 1, \(Self.longestSource)), width, height, created, thumbnail, \(thumbnailSide) FROM asset WHERE id = ?1"
            )
            var found: [Photo] = []
            for id in ids {
                statement.reset()
                try statement.bind(id, at: 1)
                found += try readAssets(statement)
            }
            return found
        }
    }

    /// The most characters of a file's path read back (a path is at most 4 096 bytes): a
    /// file written by someone else may hold megabytes there, which would cost every draw.
    static let longestSource = 4096
    /// The largest width or height read back; larger numbers from a file are taken as 0.
    static let largestSide = 1 << 20

    /// Photos as the statement reads them, every number and text checked before it is used:
    /// a file written by someone else may hold anything.
    private func readAssets(_ statement: Statement) throws -> [Photo] {
        var photos: [Photo] = []
        func side(_ column: Int32) -> Int {
            let value = statement.int(column)
            return (0...Self.largestSide).contains(value) ? value : 0
        }
        while try statement.step() {
            let stated = statement.int(6)
            let thumbnail = statement.withBlob(5) { Self.thumbnail(stored: $0, side: stated) }
            photos.append(
                Photo(id: statement.int(0), source: statement.text(1), width: side(2), height: side(3), created: statement.int(4), thumbnail: thumbnail)
            )
        }
        return photos
    }

    /// Counts of albums, photos and saved selection, read together.
    public func stats() throws(PhotoLibraryError) -> (albums: Int, photos: Int, selected: Int) {
        try wrap {
            try database.read {
                (
                    try database.scalarInt("SELECT count(*) FROM album") ?? 0,
                    try database.scalarInt("SELECT count(*) FROM asset") ?? 0,
                    try database.scalarInt("SELECT count(*) FROM saved_selection") ?? 0
                )
            }
        }
    }

    /// The counts and the albums from one snapshot of the file, so they agree even while
    /// another process imports.
    public func summary() throws(PhotoLibraryError) -> (albums: [Album], photos: Int, selected: Int) {
        try wrap {
            try database.read {
                (
                    try albums(), try database.scalarInt("SELECT count(*) FROM asset") ?? 0,
                    try database.scalarInt("SELECT count(*) FROM saved_selection") ?? 0
                )
            }
        }
    }

    // MARK: Selection

    /// The saved selection, in order.
    public func savedSelection() throws(PhotoLibraryError) -> [Int] {
        try wrap {
            try readSavedSelection()
        }
    }

    /// The saved selection's identifiers, in order (inside a transaction or not).
    private func readSavedSelection() throws -> [Int] {
        let statement = try database.prepare("SELECT asset FROM saved_selection ORDER BY position")
        var ids: [Int] = []
        while try statement.step() { ids.append(statement.int(0)) }
        return ids
    }

    /// Replaces the saved selection, atomically.
    public func saveSelection(_ ids: [Int]) throws(PhotoLibraryError) {
        _ = try saveSelection(ids, replacing: nil)
    }

    /// Replaces the saved selection if the file still holds `expected`, in one transaction
    /// that holds the write lock from its first read: of two programs saving at once, one
    /// finds the other's selection and writes nothing. False when it did not.
    public func saveSelection(_ ids: [Int], replacing expected: [Int]) throws(PhotoLibraryError) -> Bool {
        try saveSelection(ids, replacing: .some(expected))
    }

    private func saveSelection(_ ids: [Int], replacing expected: [Int]?) throws(PhotoLibraryError) -> Bool {
        try wrap {
            let saved = try database.transaction { () throws -> Bool in
                if let expected, try readSavedSelection() != expected { return false }
                try database.execute("DELETE FROM saved_selection")
                let insert = try database.prepare("INSERT INTO saved_selection(position, asset) VALUES (?1, ?2)")
                for (position, id) in ids.enumerated() {
                    insert.reset()
                    try insert.bind([.integer(Int64(position)), .integer(Int64(id))])
                    try insert.run()
                }
                return true
            }
            // The file alone holds the selection from now on, whatever ends the process.
            if saved { try? database.checkpoint() }
            return saved
        }
    }

    // MARK: Writing

    /// The album called `name`, created if needed.
    public func album(named name: String) throws(PhotoLibraryError) -> Int {
        try wrap {
            try database.execute("INSERT OR IGNORE INTO album(name) VALUES (?1)", [.text(name)])
            return try database.scalarInt("SELECT id FROM album WHERE name = ?1", [.text(name)]) ?? 0
        }
    }

    /// A stored thumbnail as an image: RGB, or RGBA from a library made before version 3. A
    /// blob that does not fit `side` has its side found from its length (a library read
    /// while another process upgrades it); one that fits nothing is a blank thumbnail.
    static func thumbnail(stored bytes: some Collection<UInt8>, side stated: Int) -> RGBAImage {
        // Any number may be in the file: one beyond the largest side is found from the length.
        var side = (1...1024).contains(stated) ? stated : 0
        if bytes.count != side * side * 3 && bytes.count != side * side * 4 {
            let rgb = Int(Double(bytes.count / 3).squareRoot().rounded())
            let rgba = Int(Double(bytes.count / 4).squareRoot().rounded())
            side = rgb * rgb * 3 == bytes.count ? rgb : rgba * rgba * 4 == bytes.count ? rgba : 0
        }
        guard side > 0, side <= 1024 else { return RGBAImage(width: 0, height: 0) }
        let count = side * side
        if bytes.count == count * 4 { return RGBAImage(width: side, height: side, pixels: Array(bytes)) ?? RGBAImage(width: side, height: side) }
        return RGBAImage(rgb: bytes, width: side, height: side) ?? RGBAImage(width: side, height: side)
    }

    /// Adds a photo to the given albums; returns its identifier. A thumbnail that is not
    /// ``thumbnailSize`` pixels square is made so (its middle square, scaled).
    @discardableResult
    public func addPhoto(source: String, width: Int, height: Int, created: Int, thumbnail: RGBAImage, albums: [Int]) throws(PhotoLibraryError) -> Int {
        let (rgb, side) = Self.storable(thumbnail)
        return try wrap {
            try database.execute(
                "INSERT INTO asset(source, width, height, created, thumbnail, thumbnail_side) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                [.text(source), .integer(Int64(width)), .integer(Int64(height)), .integer(Int64(created)), .blob(rgb), .integer(Int64(side))]
            )
            let id = database.lastInsertRowID
            for album in albums {
                try database.execute("INSERT OR IGNORE INTO membership(album, asset) VALUES (?1, ?2)", [.integer(Int64(album)), .integer(Int64(id))])
            }
            return id
        }
    }

    /// Stores a new thumbnail for a photo (made ``thumbnailSize`` pixels square).
    func replaceThumbnail(of photo: Int, with thumbnail: RGBAImage) throws(PhotoLibraryError) {
        let (rgb, side) = Self.storable(thumbnail)
        try wrap {
            try database.execute(
                "UPDATE asset SET thumbnail = ?1, thumbnail_side = ?2 WHERE id = ?3",
                [.blob(rgb), .integer(Int64(side)), .integer(Int64(photo))]
            )
        }
    }

    /// A thumbnail as stored: ``thumbnailSize`` pixels square, RGB.
    static func storable(_ thumbnail: RGBAImage) -> (rgb: [UInt8], side: Int) {
        let square = thumbnail.width == thumbnailSize && thumbnail.height == thumbnailSize ? thumbnail : Self.thumbnail(of: thumbnail)
        let rgb = square.rgbBytes
        return (rgb, square.width)
    }

    /// Runs `body` in one transaction (for bulk inserts).
    public func batch(_ body: () throws -> Void) throws(PhotoLibraryError) {
        try wrap { try database.transaction(body) }
    }

    func wrap<T>(_ body: () throws -> T) throws(PhotoLibraryError) -> T {
        do {
            return try body()
        } catch let error as PhotoLibraryError {
            throw error
        } catch let error as SQLiteError {
            throw .database(error)
        } catch {
            throw .database(SQLiteError(code: 1, message: "\(error)"))
        }
    }

    /// Closes the library now: the file alone holds it afterwards (the `-wal` and `-shm`
    /// files beside it go, unless another program still has it open). Reading or writing
    /// after it fails. Safe to call more than once; releasing the library closes it too.
    public func close() {
        database.close()
    }

    /// Checks the file (`PRAGMA integrity_check`).
    public func integrityCheck() throws(PhotoLibraryError) -> String {
        try wrap { try database.integrityCheck() }
    }
}
