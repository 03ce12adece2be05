import Foundation
import GifSamples
import IndicatorKit
import PickerSelection

/// The picker's library at scale (100 000 images) and its snapshot diff.
enum PickerBench {
    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func run() throws -> [String] {
        var lines: [String] = []
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("indicatorkit-bench")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Named for the schema: a library kept from before 64-pixel thumbnails is not reused.
        let path = folder.appendingPathComponent("library-100k-v3.sqlite").path
        if !FileManager.default.fileExists(atPath: path) {
            let build = try milliseconds {
                let library = try PhotoLibrary(path: path)
                let all = try library.album(named: "All Photos")
                let albums = try (0..<10).map { try library.album(named: "Album \($0)") }
                var random = SplitMix64(seed: 100_000)
                try library.batch {
                    for i in 0..<100_000 {
                        var thumbnail = RGBAImage(width: PhotoLibrary.thumbnailSize, height: PhotoLibrary.thumbnailSize)
                        let shade = UInt8(truncatingIfNeeded: random.next())
                        thumbnail.withMutablePixels { bytes in
                            for k in stride(from: 0, to: bytes.count, by: 4) {
                                bytes[k] = shade
                                bytes[k + 3] = 255
                            }
                        }
                        try library.addPhoto(
                            source: "generated/\(i).gif",
                            width: 640,
                            height: 480,
                            created: i,
                            thumbnail: thumbnail,
                            albums: [all, albums[i % 10]]
                        )
                    }
                }
            }
            lines.append(String(format: "picker: generated a 100 000-image library in %.0f ms", build))
        }
        // Open and read the first page (a fresh connection, as at start-up).
        var firstPage: [Photo] = []
        let open = try milliseconds {
            let library = try PhotoLibrary(path: path)
            let all = try library.albums()[0]
            firstPage = try library.page(album: all.id, limit: 120)
        }
        let library = try PhotoLibrary(path: path)
        let all = try library.albums()[0]
        var further = Double.infinity
        for _ in 0..<20 {
            further = min(further, try milliseconds { _ = try library.page(album: all.id, after: 50_000, limit: 120) })
        }
        lines.append(
            String(
                format: "picker: open + first page of %d: %.2f ms (target < 50); a page deep in the album: %.3f ms (target < 2)",
                firstPage.count,
                open,
                further
            )
        )

        // Diff 10 000 items with 1 000 moves.
        var random = SplitMix64(seed: 42)
        let old = Array(0..<10_000)
        var new = old
        for _ in 0..<1000 {
            let from = Int(random.next() % UInt64(new.count))
            let item = new.remove(at: from)
            new.insert(item, at: Int(random.next() % UInt64(new.count + 1)))
        }
        var ours = Double.infinity
        var standard = Double.infinity
        var diff = try SnapshotDiff.between([Int](), [Int]())
        for _ in 0..<5 {
            ours = min(ours, try milliseconds { diff = try SnapshotDiff.between(old, new) })
            standard = min(standard, milliseconds { _ = new.difference(from: old).inferringMoves() })
        }
        let correct = diff.apply(to: old) { new[$0] } == new
        lines.append(
            String(
                format: "picker: diff of 10 000 items with 1 000 moves: %.2f ms vs CollectionDifference %.2f ms — %.0f× faster (target ≥ 10×); %@",
                ours,
                standard,
                standard / ours,
                correct ? "applying it gives the new snapshot" : "WRONG RESULT"
            )
        )
        return lines
    }
}
