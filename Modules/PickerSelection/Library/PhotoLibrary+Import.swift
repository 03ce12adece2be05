import Foundation
import TUICore

extension PhotoLibrary {
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
    }

    /// Imports the image files under `folder` that `reader` reads (a link to a folder is
    /// followed): the image (a GIF's first frame) becomes the thumbnail; files in sub-folders go to an album named after the
    /// sub-folder, the others to `album` (or the folder's own name). Every image is also in
    /// "All Photos". Each file goes in whole (its image and its albums in one transaction)
    /// or not at all; a file already imported is not added again, but when `album` is
    /// given, files directly in `folder` are put in that album too; files that fail are
    /// listed with the reason and the rest are imported; when the library itself cannot be
    /// written (a full disk), the import stops at once (see ``ImportReport/stoppedBy``).
    /// `progress(done, total)` is called after each file.
    public func importFolder(_ folder: String, album: String? = nil, reader: ImageReader, progress: (Int, Int) -> Void = { _, _ in }) throws(PhotoLibraryError) -> ImportReport {
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL
        var files: [URL] = []
        let unreadable = UnreadableFolders()
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: []) { url, error in
            unreadable.found.append((url.path, Self.readingReason(error)))
            return true  // go on with the rest
        }
        if let walker {
            for case let url as URL in walker where reader.fileExtensions.contains(url.pathExtension.lowercased()) { files.append(url) }
        }
        files.sort { $0.path < $1.path }
        var report = ImportReport()
        report.failures = unreadable.found
        report.found = files.count
        let defaultAlbum = album ?? root.lastPathComponent
        // Pictures are decoded a chunk at a time on every core, then stored one by one in
        // file order, each in its own transaction (so a file counted is a file kept).
        let chunkSize = 16
        var decoded: [Int: Result<RGBAImage, any Error>] = [:]
        for (index, file) in files.enumerated() {
            defer { progress(index + 1, files.count) }
            if index % chunkSize == 0 {
                decoded = try decodeChunk(files[index..<min(files.count, index + chunkSize)], startingAt: index, reader: reader)
            }
            let relative = file.path.dropFirst(root.path.count + 1)
            let parts = relative.split(separator: "/")
            let albumName = parts.count > 1 ? String(parts[0]) : defaultAlbum
            if file.path.contains("\u{FFFD}") {
                report.failures.append((file.path, "its name is not valid UTF-8; rename it"))
                continue
            }
            do {
                // Not decoded: it was in the library when its chunk was looked up.
                guard let outcome = decoded[index] else {
                    report.alreadyThere += 1
                    if let album, parts.count == 1, let existing = try asset(source: file.path) {
                        try batch { try addToAlbum(existing, album: try self.album(named: album)) }
                        report.albums.insert(album)
                    }
                    continue
                }
                let image: RGBAImage
                switch outcome {
                case .success(let picture): image = picture
                case .failure(let error):
                    report.failures.append((file.path, "\(error)"))
                    continue
                }
                let thumbnail = Self.thumbnail(of: image)
                let created = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date).map { Int($0.timeIntervalSince1970) } ?? 0
                var added = false
                try batch {
                    // Asked again inside the transaction: another import may have added it.
                    guard try !contains(source: file.path) else { return }
                    let albums = [try self.album(named: "All Photos"), try self.album(named: albumName)]
                    try addAsset(source: file.path, width: image.width, height: image.height, created: created, thumbnail: thumbnail, albums: albums)
                    added = true
                }
                guard added else {
                    report.alreadyThere += 1
                    continue
                }
                report.imported += 1
                report.albums.insert(albumName)
            } catch {
                report.stoppedBy = error
                report.notTried = files.count - index
                return report
            }
        }
        return report
    }

    /// Decodes the chunk's files not yet in the library, on every core; by index in `files`
    /// (a file already there, or with a name that is not UTF-8, has no entry).
    private func decodeChunk(_ chunk: ArraySlice<URL>, startingAt start: Int, reader: ImageReader) throws(PhotoLibraryError) -> [Int: Result<RGBAImage, any Error>] {
        var wanted: [(index: Int, path: String)] = []
        for (offset, file) in chunk.enumerated() where !file.path.contains("\u{FFFD}") {
            if try asset(source: file.path) == nil { wanted.append((start + offset, file.path)) }
        }
        let results = DecodedPictures(count: wanted.count)
        let paths = wanted.map(\.path)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            results.set(i, Result { try reader.read(paths[i]) })
        }
        var byIndex: [Int: Result<RGBAImage, any Error>] = [:]
        for (i, item) in wanted.enumerated() { byIndex[item.index] = results.get(i) }
        return byIndex
    }

    /// Results written by several threads, one slot each.
    private final class DecodedPictures: @unchecked Sendable {  // each slot under `lock`
        private var slots: [Result<RGBAImage, any Error>?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: Result<RGBAImage, any Error>) { lock.withLock { slots[i] = value } }
        func get(_ i: Int) -> Result<RGBAImage, any Error>? { lock.withLock { slots[i] } }
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

    /// Whether an asset was imported from `source`.
    public func contains(source: String) throws(PhotoLibraryError) -> Bool {
        try asset(source: source) != nil
    }

    /// The identifier of the asset imported from `source`, if any.
    func asset(source: String) throws(PhotoLibraryError) -> Int? {
        try wrap { try database.scalarInt("SELECT id FROM asset WHERE source = ?1", [.text(source)]) }
    }

    /// Puts an asset in an album (nothing when it is there already).
    func addToAlbum(_ asset: Int, album: Int) throws {
        try database.execute("INSERT OR IGNORE INTO membership(album, asset) VALUES (?1, ?2)", [.integer(Int64(album)), .integer(Int64(asset))])
    }
}
