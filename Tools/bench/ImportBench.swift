import Foundation
import GifDecoding
import GifSamples
import ImageFiles
import IndicatorKit
import PhotoReaders
import PickerSelection

/// Importing 1 000 generated pictures (GIF, PNG and JPEG in turn, 320×240) into a new photo
/// library: files a second, against a Pillow + sqlite3 script doing the same thumbnails
/// where Python and Pillow are installed.
enum ImportBench {
    static func run(count: Int = 1_000) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("indicatorkit-import-\(UUID().uuidString)")
        let pictures = folder.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix64(seed: 1_000)
        for i in 0..<count {
            var image = RGBAImage(width: 320, height: 240)
            let (r, g, b) = (UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()))
            image.withMutablePixels { bytes in
                for k in stride(from: 0, to: bytes.count, by: 4) {
                    let x = (k / 4) % 320
                    let y = (k / 4) / 320
                    bytes[k] = r &+ UInt8(x % 200)
                    bytes[k + 1] = g &+ UInt8(y % 200)
                    bytes[k + 2] = b
                    bytes[k + 3] = 255
                }
            }
            let base = pictures.appendingPathComponent(String(format: "%04d", i)).path
            switch i % 3 {
            case 0: try ImageFile.writePNG(image, to: base + ".png")
            case 1: try ImageFile.writeJPEG(image, to: base + ".jpg", quality: 85)
            default:
                let palette: [GifWriter.RGB] = (0..<256).map { (UInt8($0), UInt8(255 - $0), b) }
                let indices = (0..<(320 * 240)).map { UInt8(truncatingIfNeeded: $0 % 320 + $0 / 320) }
                try GifWriter(width: 320, height: 240, globalPalette: palette).encode([GifWriter.Frame(width: 320, height: 240, indices: indices)]).write(
                    to: URL(fileURLWithPath: base + ".gif")
                )
            }
        }
        // The showcase's own reader (`library import`): limits checked, a JPEG for a
        // thumbnail decoded scaled down by its DCT.
        let reader = PhotoReader.photos()
        // Each side three times, in turn, into a new library each time; the best and the
        // median of each (the machine's other work only ever slows a run down).
        var ours: [Double] = []
        var theirs: [Double] = []
        var cpu: [Double] = []
        var imported = 0
        for round in 0..<3 {
            let library = try PhotoLibrary(path: folder.appendingPathComponent("library-\(round).sqlite").path)
            let cpuBefore = cpuSeconds()
            let start = DispatchTime.now().uptimeNanoseconds
            let report = try library.importFolder(pictures.path, reader: reader)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            cpu.append(cpuSeconds() - cpuBefore)
            imported = report.imported
            ours.append(Double(report.imported) / seconds)
            guard let rate = pillow(pictures.path, database: folder.appendingPathComponent("pillow-\(round).sqlite").path) else { continue }
            theirs.append(rate)
        }
        ours.sort()
        theirs.sort()
        cpu.sort()
        var lines = [
            String(
                format:
                    "import: %d of %d pictures (GIF, PNG, JPEG; 320×240): best %.0f files/s, median %.0f (read and thumbnailed on every core, %.2f s of CPU; a transaction each %d files)",
                imported,
                count,
                ours[2],
                ours[1],
                cpu[1],
                PhotoLibrary.importChunkSize
            )
        ]
        if theirs.count == 3 {
            lines.append(
                String(
                    format:
                        "import: Pillow + sqlite3, the same files: best %.0f files/s, median %.0f; ours is %.1f× as fast (best against best; medians %.1f×)",
                    theirs[2],
                    theirs[1],
                    ours[2] / theirs[2],
                    ours[1] / theirs[1]
                )
            )
        } else {
            lines.append(pillowMissing)
        }
        return lines
    }

    /// User and system CPU time of the process so far, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The same with Pillow, written as a Pillow user would: open (a JPEG drafted at the
    /// smallest DCT scale that still covers the thumbnail, as `Image.thumbnail` does), the
    /// middle square resized to the same RGB thumbnail, inserted into SQLite in WAL mode with
    /// `synchronous = NORMAL`, a commit each chunk of the same size as ours.
    /// Files a second, or nil where Python or Pillow is missing (``pillowMissing`` says so).
    static func pillow(_ folder: String, database: String) -> Double? {
        let script = """
            import os, sqlite3, sys, time
            from PIL import Image
            folder, db = sys.argv[1], sys.argv[2]
            side, chunk = int(sys.argv[3]), int(sys.argv[4])
            c = sqlite3.connect(db); c.execute('PRAGMA journal_mode=WAL'); c.execute('PRAGMA synchronous=NORMAL')
            c.execute('CREATE TABLE asset(id INTEGER PRIMARY KEY, source TEXT, width INT, height INT, thumbnail BLOB)')
            start = time.time(); n = 0
            for name in sorted(os.listdir(folder)):
                im = Image.open(os.path.join(folder, name))
                w, h = im.size
                im.draft('RGB', (side, side))
                im = im.convert('RGB')
                s = min(im.size); x, y = (im.size[0] - s) // 2, (im.size[1] - s) // 2
                t = im.resize((side, side), Image.BOX, box=(x, y, x + s, y + s)).tobytes()
                c.execute('INSERT INTO asset(source, width, height, thumbnail) VALUES (?,?,?,?)', (name, w, h, t)); n += 1
                if n % chunk == 0: c.commit()
            c.commit()
            print(n, time.time() - start)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder, database, "\(PhotoLibrary.thumbnailSize)", "\(PhotoLibrary.importChunkSize)"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard process.terminationStatus == 0, parts.count == 2, parts[1] > 0 else { return nil }
        return parts[0] / parts[1]
    }

    static let pillowMissing = "import: Python 3 with Pillow is not installed: no comparison (apt-get install python3-pil, or pip install Pillow)"
}
