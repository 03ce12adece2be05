import Foundation
import TUICore

extension PhotoLibrary {
    /// The outcome of an import.
    public struct ImportReport: Sendable {
        /// How many images were added.
        public var imported = 0
        /// How many image files were found.
        public var found = 0
        /// Files already in the library (by path), left as they are.
        public var alreadyThere = 0
        /// Files that could not be imported, with the reason.
        public var failures: [(path: String, reason: String)] = []
        /// The albums that received images.
        public var albums: Set<String> = []
    }

    /// Imports the image files under `folder` that `reader` reads (a link to a folder is
    /// followed): the image (a GIF's first frame) becomes the thumbnail; files in sub-folders go to an album named after the
    /// sub-folder, the others to `album` (or the folder's own name). Every image is also in
    /// "All Photos". Each file goes in whole (its image and its albums in one transaction)
    /// or not at all; files already imported are left as they are; files that fail are
    /// listed with the reason and the rest are imported. `progress(done, total)` is called
    /// after each file.
    public func importFolder(_ folder: String, album: String? = nil, reader: ImageReader, progress: (Int, Int) -> Void = { _, _ in }) throws(PhotoLibraryError) -> ImportReport {
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL
        var files: [URL] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where reader.fileExtensions.contains(url.pathExtension.lowercased()) { files.append(url) }
        }
        files.sort { $0.path < $1.path }
        var report = ImportReport()
        report.found = files.count
        let defaultAlbum = album ?? root.lastPathComponent
        for (index, file) in files.enumerated() {
            defer { progress(index + 1, files.count) }
            let relative = file.path.dropFirst(root.path.count + 1)
            let parts = relative.split(separator: "/")
            let albumName = parts.count > 1 ? String(parts[0]) : defaultAlbum
            if file.path.contains("\u{FFFD}") {
                report.failures.append((file.path, "its name is not valid UTF-8; rename it"))
                continue
            }
            do {
                if try contains(source: file.path) {
                    report.alreadyThere += 1
                    continue
                }
                let image = try reader.read(file.path)
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
                report.failures.append((file.path, "\(error)"))
            }
        }
        return report
    }

    /// Whether an asset was imported from `source`.
    public func contains(source: String) throws(PhotoLibraryError) -> Bool {
        try wrap { try database.scalarInt("SELECT 1 FROM asset WHERE source = ?1", [.text(source)]) != nil }
    }
}
