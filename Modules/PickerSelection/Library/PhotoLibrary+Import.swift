import Foundation
import KitSupport
import SQLiteStore
import ViewCore

extension PhotoLibrary {
    /// The album for a folder's files: its name, unless that is the built-in album's, which
    /// holds every image already (a folder named "All Photos" gets "All Photos (folder)").
    static func albumName(forFolder name: String) -> String {
        name == "All Photos" ? "All Photos (folder)" : name
    }

    /// Whether `path` is a folder (itself, not through a link).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The outcome of an import.
    public struct ImportReport: Sendable {
        /// How many images were added.
        public var imported = 0
        /// How many image files were found.
        public var found = 0
        /// Files already in the library (by path): not added again (but put in the album
        /// named with `album`, see ``importFolder(_:album:reader:progress:)``).
        public var alreadyThere = 0
        /// Files that could not be imported, with the reason.
        public var failures: [(path: String, reason: String)] = []
        /// The albums that received images.
        public var albums: Set<String> = []
        /// Why the import stopped before the end: the library itself could not be written
        /// (a full disk, a disk error, a lock held too long). Everything counted as
        /// imported is in the library; the files after it were not tried.
        public var stoppedBy: PhotoLibraryError?
        /// How many files were left untried when it stopped (the one it stopped on included).
        public var notTried = 0
        /// Files already in the library whose thumbnail was smaller than
        /// ``PhotoLibrary/thumbnailSize`` (made by an older version): made again (and
        /// counted in ``alreadyThere``).
        public var renewedThumbnails = 0
    }

    /// Imports the image files under `folder` that `reader` reads (a link to a folder is
    /// followed): the image (a GIF's first frame) becomes the thumbnail; files in sub-folders go to an album named after the
    /// sub-folder, the others to `album` (or the folder's own name). Every image is also in
    /// "All Photos". Each file goes in whole (its image and its albums) or not at all,
    /// files being stored a chunk at a time in one transaction; a file already imported is not added again, but when `album` is
    /// given, files directly in `folder` are put in that album too; files that fail are
    /// listed with the reason and the rest are imported; when the library itself cannot be
    /// written (a full disk), the import stops at once (see ``ImportReport/stoppedBy``).
    /// `progress(done, total)` is called for each file once its chunk is committed: every file
    /// counted as imported is in the library, even if the process is killed a moment later.
    public func importFolder(
        _ folder: String,
        album: String? = nil,
        reader: PhotoReader,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws(PhotoLibraryError) -> ImportReport {
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL
        var found: [URL] = []
        let unreadable = UnreadableFolders()
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: []) { url, error in
            unreadable.found.append((url.path, Self.readingReason(error)))
            return true  // go on with the rest
        }
        if let walker {
            // A folder named like a picture (`x.png`) is a folder: walked into, never read as a file.
            for case let url as URL in walker where reader.fileExtensions.contains(url.pathExtension.lowercased()) && !Self.isFolder(url.path) {
                found.append(url)
            }
        }
        let files = found.map(\.path).sorted()
        var report = ImportReport()
        report.failures = unreadable.found
        report.found = files.count
        let defaultAlbum = album ?? root.lastPathComponent
        var albumIDs: [String: Int] = [:]  // an album, once made, keeps its identifier
        func albumID(_ name: String) throws(PhotoLibraryError) -> Int {
            if let id = albumIDs[name] { return id }
            let id = try self.album(named: name)
            albumIDs[name] = id
            return id
        }
        // A chunk of files is read and made into thumbnails on every core (the next two
        // chunks while this one is stored, so the cores never wait for the store), then
        // stored in file order in one transaction; progress is told only once it is
        // committed, so a file counted is a file kept (a kill -9 a moment later loses none).
        func slice(from start: Int) -> ArraySlice<String> { files[start..<min(files.count, start + Self.importChunkSize)] }
        var start = 0
        var queued = 0
        var inFlight: [PreparingChunk] = []
        // However many chunks are in flight, no more pictures are decoded at once than there
        // are cores: each may take the reader's whole memory budget.
        let decoding = DispatchSemaphore(value: max(1, ProcessInfo.processInfo.activeProcessorCount))
        // When the import stops early, the chunks read ahead skip what they have not begun,
        // and the import returns only once none is still reading.
        let stopping = StopFlag()
        defer {
            stopping.set()
            for chunk in inFlight { chunk.group.wait() }
        }
        func prepareNext() throws(PhotoLibraryError) {
            guard queued < files.count else { return }
            let chunk = slice(from: queued)
            inFlight.append(try startPreparing(chunk, reader: reader, decoding: decoding, stopping: stopping))
            queued += chunk.count
        }
        do {
            try prepareNext()
            try prepareNext()
        } catch {
            report.stoppedBy = error
            report.notTried = files.count
            return report
        }
        while start < files.count, !inFlight.isEmpty {
            let preparing = inFlight.removeFirst()
            let chunk = slice(from: start)
            var outcome = ImportReport()
            do {
                let prepared = preparing.finish()
                try prepareNext()
                try batch {
                    outcome = ImportReport()
                    for (offset, path) in chunk.enumerated() {
                        let parts = path.dropFirst(root.path.count + 1).split(separator: "/")
                        let albumName = Self.albumName(forFolder: parts.count > 1 ? String(parts[0]) : defaultAlbum)
                        if path.unicodeScalars.contains("\u{FFFD}") {
                            outcome.failures.append((path, "its name is not valid UTF-8; rename it"))
                            continue
                        }
                        switch prepared[offset] {
                        case nil:  // in the library when the chunk was looked up
                            outcome.alreadyThere += 1
                            if let album, parts.count == 1, let existing = try photo(source: path) {
                                try addToAlbum(existing, album: try albumID(album))
                                outcome.albums.insert(album)
                            }
                        case .failure(let error)?:
                            outcome.failures.append((path, "\(error)"))
                        case .success(let picture)?:
                            // Asked again inside the transaction: another import may have added it.
                            if let existing = try storedThumbnail(source: path) {
                                outcome.alreadyThere += 1
                                if existing.side < Self.thumbnailSize {
                                    try replaceThumbnail(of: existing.id, with: picture.thumbnail)
                                    outcome.renewedThumbnails += 1
                                }
                                if let album, parts.count == 1 {
                                    try addToAlbum(existing.id, album: try albumID(album))
                                    outcome.albums.insert(album)
                                }
                                continue
                            }
                            let albums = [try albumID("All Photos"), try albumID(albumName)]
                            try addPhoto(
                                source: path,
                                width: picture.width,
                                height: picture.height,
                                created: picture.created,
                                thumbnail: picture.thumbnail,
                                albums: albums
                            )
                            outcome.imported += 1
                            outcome.albums.insert(albumName)
                        }
                    }
                }
            } catch {
                report.stoppedBy = error
                report.notTried = files.count - start
                return report
            }
            report.imported += outcome.imported
            report.alreadyThere += outcome.alreadyThere
            report.renewedThumbnails += outcome.renewedThumbnails
            report.failures += outcome.failures
            report.albums.formUnion(outcome.albums)
            for done in start..<(start + chunk.count) { progress(done + 1, files.count) }
            start += chunk.count
        }
        return report
    }

    /// Files read, made into thumbnails and stored together: enough to keep both cores busy,
    /// few enough that a chunk's transaction stays short.
    public static let importChunkSize = 32

    /// A file made ready to store: its thumbnail, size and modification time.
    private struct PreparedPicture: Sendable {
        let thumbnail: RGBAImage
        let width: Int, height: Int, created: Int
    }

    /// Looks the chunk's files up, then reads those not yet in the library (or there with a
    /// thumbnail smaller than ``thumbnailSize``) and makes their thumbnails in the background,
    /// on every core.
    private func startPreparing(
        _ chunk: ArraySlice<String>,
        reader: PhotoReader,
        decoding: DispatchSemaphore,
        stopping: StopFlag
    ) throws(PhotoLibraryError) -> PreparingChunk {
        var wanted: [(offset: Int, path: String)] = []
        for (offset, path) in chunk.enumerated() where !path.unicodeScalars.contains("\u{FFFD}") {
            if (try storedThumbnail(source: path)?.side ?? 0) < Self.thumbnailSize { wanted.append((offset, path)) }
        }
        let preparing = PreparingChunk(count: chunk.count, offsets: wanted.map(\.offset))
        let paths = wanted.map(\.path)
        let results = preparing.results
        DispatchQueue.global().async(group: preparing.group) {
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                results.set(
                    i,
                    Result {
                        decoding.wait()
                        defer { decoding.signal() }
                        guard !stopping.isSet else { throw CancellationError() }
                        let picture = try reader.readForThumbnail(paths[i], Self.thumbnailSize)
                        var status = stat()
                        let created = stat(paths[i], &status) == 0 ? Int(status.st_mtim.tv_sec) : 0
                        return PreparedPicture(
                            thumbnail: Self.thumbnail(of: picture.image),
                            width: picture.fullSize.width,
                            height: picture.fullSize.height,
                            created: created
                        )
                    }
                )
            }
        }
        return preparing
    }

    /// Set once, read from the reading threads.
    private struct StopFlag: Sendable {
        private let value = Locked(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    /// A chunk being read in the background.
    private struct PreparingChunk {
        let count: Int
        let offsets: [Int]
        let results: PreparedPictures
        let group = DispatchGroup()

        init(count: Int, offsets: [Int]) {
            self.count = count
            self.offsets = offsets
            results = PreparedPictures(count: offsets.count)
        }

        /// Waits for the chunk; by offset in it (a file already there, or with a name that is
        /// not UTF-8, has none).
        func finish() -> [Result<PreparedPicture, any Error>?] {
            group.wait()
            var byOffset = [Result<PreparedPicture, any Error>?](repeating: nil, count: count)
            for (i, offset) in offsets.enumerated() { byOffset[offset] = results.get(i) }
            return byOffset
        }
    }

    /// Results written by several threads, one slot each.
    private struct PreparedPictures: Sendable {
        private let slots: Locked<[Result<PreparedPicture, any Error>?]>
        init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }
        func set(_ i: Int, _ value: Result<PreparedPicture, any Error>) { slots.withLock { $0[i] = value } }
        func get(_ i: Int) -> Result<PreparedPicture, any Error>? { slots.withLock { $0[i] } }
    }

    /// Folders the walk could not read, with the reason.
    private final class UnreadableFolders {
        var found: [(path: String, reason: String)] = []
    }

    private static func readingReason(_ error: Error) -> String {
        let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        let reason = posix?.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(posix?.code ?? 0))) : error.localizedDescription
        return "cannot read this folder (\(reason)); its files were not imported — check its permissions"
    }

    /// Whether a photo was imported from `source`.
    public func contains(source: String) throws(PhotoLibraryError) -> Bool {
        try photo(source: source) != nil
    }

    /// The identifier of the photo imported from `source`, if any.
    func photo(source: String) throws(PhotoLibraryError) -> Int? {
        try wrap { try database.scalarInt("SELECT id FROM asset WHERE source = ?1", [.text(source)]) }
    }

    /// The photo imported from `source` and its thumbnail's side, if any.
    func storedThumbnail(source: String) throws(PhotoLibraryError) -> (id: Int, side: Int)? {
        try wrap {
            try database.withStatement("SELECT id, thumbnail_side FROM asset WHERE source = ?1") { statement throws(SQLiteError) in
                try statement.bind([.text(source)])
                return try statement.step() ? (statement.int(0), statement.int(1)) : nil
            }
        }
    }

    /// Puts a photo in an album (nothing when it is there already).
    func addToAlbum(_ photo: Int, album: Int) throws {
        try database.execute("INSERT OR IGNORE INTO membership(album, asset) VALUES (?1, ?2)", [.integer(Int64(album)), .integer(Int64(photo))])
    }
}
