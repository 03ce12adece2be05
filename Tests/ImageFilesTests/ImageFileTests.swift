import Foundation
import IndicatorKit
import Testing

@testable import ImageFiles

#if canImport(Glibc)
import Glibc
#endif

/// PNG and JPEG through the system libraries, against real files written here.
struct ImageFileTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static func picture(_ width: Int, _ height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = RGBA(UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128, x < 2 ? 0 : 255) }
        }
        return image
    }

    @Test func aPNGComesBackExactly() throws {
        let path = folder + "/a.png"
        let image = Self.picture(17, 9)
        try ImageFile.writePNG(image, to: path)
        let read = try ImageFile.read(path)
        #expect(read.image == image, "lossless, alpha included")
        #expect(read.warning == nil)
    }

    /// What a file is, its first bytes say: a PNG named `.jpg` or with no extension is read as
    /// the PNG it is; a FIFO is not waited on to find out.
    @Test func aFileIsReadAsItsFirstBytesSayWhateverItsName() throws {
        let image = Self.picture(9, 5)
        try ImageFile.writePNG(image, to: folder + "/real.png")
        for name in ["/named.jpg", "/noext"] {
            try FileManager.default.copyItem(atPath: folder + "/real.png", toPath: folder + name)
            #expect(try ImageFile.read(folder + name).image == image, "\(name)")
        }
        #expect(ImageFile.Format(signature: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFile.Format(signature: Array("GIF89a".utf8)) == nil && ImageFile.Format(signature: []) == nil)
        #expect(mkfifo(folder + "/fifo.png", 0o600) == 0)
        #expect(ImageFile.firstBytes(ofFile: folder + "/fifo.png") == nil, "a FIFO: not waited on")
        #expect(ImageFile.firstBytes(ofFile: folder + "/nope") == nil)
        #expect(throws: ImageFileError.self) { try ImageFile.read(folder + "/fifo.png") }
    }

    @Test func aJPEGComesBackClose() throws {
        let path = folder + "/a.jpg"
        var image = Self.picture(32, 16)
        for y in 0..<16 { for x in 0..<32 { image[x, y].a = 255 } }
        try ImageFile.writeJPEG(image, to: path, quality: 95)
        let read = try ImageFile.read(path)
        #expect(read.image.width == 32 && read.image.height == 16)
        let p = read.image[20, 8]
        let q = image[20, 8]
        #expect(abs(Int(p.r) - Int(q.r)) < 16 && abs(Int(p.g) - Int(q.g)) < 16, "lossy but close")
    }

    @Test func aJPEGReadForAThumbnailIsDecodedSmallerButNotBelowTheSideAsked() throws {
        let path = folder + "/big.jpg"
        var image = Self.picture(800, 600)
        for y in 0..<600 { for x in 0..<800 { image[x, y].a = 255 } }
        try ImageFile.writeJPEG(image, to: path)
        let small = try ImageFile.read(path, minimumSide: 64)
        #expect(small.image.width == 100 && small.image.height == 75, "1/8: the shorter side 75 ≥ 64")
        #expect(small.fullSize == Size(width: 800, height: 600))
        let middle = try ImageFile.read(path, minimumSide: 200)
        #expect(middle.image.width == 400 && middle.image.height == 300, "1/2: 1/4 would make 150 < 200")
        let full = try ImageFile.read(path)
        #expect(full.image.width == 800 && full.fullSize == Size(width: 800, height: 600))
        let p = small.image[50, 37]
        let q = image[400, 300]
        #expect(abs(Int(p.r) - Int(q.r)) < 20 && abs(Int(p.g) - Int(q.g)) < 20, "the same picture, smaller")
        // A PNG has no such shortcut: read whole, whatever is asked.
        try ImageFile.writePNG(Self.picture(80, 60), to: folder + "/a.png")
        #expect(try ImageFile.read(folder + "/a.png", minimumSide: 8).image.width == 80)
    }

    @Test func everyKindOfPNGComesAsRGBA() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PNGKinds").path
        // Pixels (12, 7), (10, 7) and (36, 22) as Pillow reads them; 16-bit grey as its values
        // scaled to 8 bits (v / 257, rounded), which Pillow versions read differently.
        let expected: [(String, [RGBA])] = [
            ("rgba8.png", [RGBA(84, 77, 95), RGBA(70, 77, 85, 40), RGBA(252, 242, 34)]),
            ("rgba8-interlaced.png", [RGBA(84, 77, 95), RGBA(70, 77, 85, 40), RGBA(252, 242, 34)]),
            ("rgb8.png", [RGBA(84, 77, 95), RGBA(70, 77, 85), RGBA(252, 242, 34)]),
            ("gray8.png", [RGBA(81, 81, 81), RGBA(76, 76, 76), RGBA(221, 221, 221)]),
            ("gray1.png", [RGBA(0, 0, 0), RGBA(0, 0, 0), RGBA(255, 255, 255)]),
            ("gray-alpha.png", [RGBA(81, 81, 81), RGBA(76, 76, 76, 40), RGBA(221, 221, 221)]),
            ("palette-trns.png", [RGBA(88, 83, 100), RGBA(88, 83, 100), RGBA(189, 226, 163)]),
            ("gray16.png", [RGBA(74, 74, 74), RGBA(73, 73, 73), RGBA(232, 232, 232)]),
        ]
        for (name, pixels) in expected {
            let image = try ImageFile.read(folder + "/" + name).image
            #expect(image.width == 37 && image.height == 23, "\(name)")
            #expect([image[12, 7], image[10, 7], image[36, 22]] == pixels, "\(name)")
        }
        // The palette's transparent entry becomes alpha 0.
        #expect(try ImageFile.read(folder + "/palette-trns.png").image[24, 10] == RGBA(154, 143, 175, 0))
    }

    @Test func aDamagedOrCutPNGIsReported() throws {
        let path = folder + "/b.png"
        try ImageFile.writePNG(Self.picture(64, 48), to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // A byte of the compressed image data flipped: its chunk's CRC no longer matches.
        let idat = bytes.indices.first { bytes[$0] == 0x49 && bytes[$0 + 1] == 0x44 && bytes[$0 + 2] == 0x41 && bytes[$0 + 3] == 0x54 }!
        bytes[idat + 10] ^= 0x55
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/flipped.png"))
        #expect(throws: ImageFileError.self) { try ImageFile.read(folder + "/flipped.png") }
        try Data(bytes.prefix(idat + 20)).write(to: URL(fileURLWithPath: folder + "/cut.png"))
        do {
            _ = try ImageFile.read(folder + "/cut.png")
            Issue.record("a cut PNG was read")
        } catch {
            #expect(error.description.contains("PNG file is damaged"), "\(error)")
        }
    }

    @Test func aTruncatedJPEGIsReportedNotACrash() throws {
        let path = folder + "/cut.jpg"
        try ImageFile.writeJPEG(Self.picture(256, 256), to: path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count * 7 / 10).write(to: URL(fileURLWithPath: path))
        let read = try ImageFile.read(path)
        #expect(read.image.width == 256)
        #expect(read.warning?.contains("ends early") == true)
        try Data("not a jpeg at all".utf8).write(to: URL(fileURLWithPath: folder + "/bad.jpg"))
        #expect(throws: ImageFileError.self) { try ImageFile.read(folder + "/bad.jpg") }
    }

    @Test func aHugeImageIsRefusedBeforeItsPixelsAreAllocated() throws {
        // A PNG header claiming 30 000 × 30 000 pixels, nothing after it.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0]
        func chunkEnd(from start: Int) {
            let crc = Self.crc32(Array(png[start...]))
            png += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        chunkEnd(from: 12)
        // An empty IDAT and the end: where the header's reading stops.
        let idat = png.count + 4
        png += [0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54]
        chunkEnd(from: idat)
        let iend = png.count + 4
        png += [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44]
        chunkEnd(from: iend)
        let path = folder + "/huge.png"
        try Data(png).write(to: URL(fileURLWithPath: path))
        #expect(throws: ImageFileError.tooLarge(path: path, width: 30_000, height: 30_000, maxPixels: ImageFile.defaultMaxPixels)) {
            try ImageFile.read(path)
        }
        #expect(throws: ImageFileError.self) { try ImageFile.read(folder + "/missing.png") }
        #expect(throws: ImageFileError.unknownFormat(path: "a.tiff")) { try ImageFile.read("a.tiff") }
    }

    /// The byte ranges of a JPEG's scans (each SOS marker and its entropy-coded data).
    static func scans(of jpeg: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, jpeg[i + 1] != 0xD9 {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            guard jpeg[i + 1] == 0xDA else {
                i += 2 + length
                continue
            }
            var end = i + 2 + length
            while end + 1 < jpeg.count, !(jpeg[end] == 0xFF && jpeg[end + 1] != 0 && !(0xD0...0xD7).contains(jpeg[end + 1])) { end += 1 }
            ranges.append(i..<end)
            i = end
        }
        return ranges
    }

    @Test func aJPEGOfThousandsOfScansIsRefusedAtTheScanLimit() throws {
        let path = folder + "/scans.jpg"
        var flat = RGBAImage(width: 512, height: 512)
        for y in 0..<512 { for x in 0..<512 { flat[x, y] = RGBA(90, 120, 150) } }
        try ImageFile.writeJPEG(flat, to: path, progressive: true)
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let scans = Self.scans(of: jpeg)
        #expect(scans.count == 10, "libjpeg's simple progression")
        #expect(try ImageFile.read(path).image.width == 512)
        // The last scan again and again: each pass costs the whole picture's time.
        let last = try #require(scans.last)
        jpeg.insert(contentsOf: Array(repeating: Array(jpeg[last]), count: 2000).joined(), at: last.upperBound)
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        #expect(throws: ImageFileError.unsupported(path: path, format: .jpeg, reason: "more than 100 scans")) { try ImageFile.read(path) }
        #expect(throws: ImageFileError.unsupported(path: path, format: .jpeg, reason: "more than 100 scans")) { try ImageFile.read(path, minimumSide: 16) }
    }

    @Test func aProgressiveJPEGCountsItsCoefficientsInTheMemoryBudget() throws {
        let path = folder + "/progressive.jpg"
        let baseline = folder + "/baseline.jpg"
        try ImageFile.writeJPEG(Self.picture(1024, 1024), to: path, progressive: true)
        try ImageFile.writeJPEG(Self.picture(1024, 1024), to: baseline)
        // 4 MiB of RGBA either way; the progressive one keeps 3 MiB of coefficients besides
        // (1024² luma and two 512² chroma planes, two bytes a coefficient), whatever the scale.
        #expect(try ImageFile.read(baseline, maxMemoryBytes: 6 << 20).image.width == 1024)
        #expect(throws: ImageFileError.overMemoryBudget(path: path, needed: 7 << 20, budget: 6 << 20)) { try ImageFile.read(path, maxMemoryBytes: 6 << 20) }
        #expect(throws: ImageFileError.self) { try ImageFile.read(path, maxMemoryBytes: 3 << 20, minimumSide: 64) }
        #expect(try ImageFile.read(path, maxMemoryBytes: 8 << 20).image.width == 1024)
        // A PNG counts its pixels.
        try ImageFile.writePNG(Self.picture(1024, 1024), to: folder + "/a.png")
        #expect(throws: ImageFileError.overMemoryBudget(path: folder + "/a.png", needed: 4 << 20, budget: 2 << 20)) {
            try ImageFile.read(folder + "/a.png", maxMemoryBytes: 2 << 20)
        }
    }

    @Test func onlyRegularFilesAreReadAndNeverWaitedOn() throws {
        let fifo = folder + "/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO for reading waits for a writer, for ever: refused without opening it so.
        #expect(throws: ImageFileError.notAnImageFile(path: fifo, reason: "is not a regular file (a pipe, a device or a socket)")) { try ImageFile.read(fifo) }
        let link = folder + "/stdin.jpg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        #expect(throws: ImageFileError.notAnImageFile(path: link, reason: "is not a regular file (a pipe, a device or a socket)")) { try ImageFile.read(link) }
        try FileManager.default.createDirectory(atPath: folder + "/folder.png", withIntermediateDirectories: false)
        #expect(throws: ImageFileError.notAnImageFile(path: folder + "/folder.png", reason: "is a folder")) { try ImageFile.read(folder + "/folder.png") }
        _ = FileManager.default.createFile(atPath: folder + "/empty.jpg", contents: Data())
        #expect(throws: ImageFileError.notAnImageFile(path: folder + "/empty.jpg", reason: "is empty")) { try ImageFile.read(folder + "/empty.jpg") }
    }

    @Test func aCMYKJPEGIsReadAsRGBAndA12BitOneIsCalledUnsupportedNotDamaged() throws {
        // 64×64 of pure red in CMYK (C 0, M 100 %, Y 100 %, K 0), as Adobe's files store it, inverted.
        let cmyk = folder + "/cmyk.jpg"
        try Data(base64Encoded: Self.cmykRed)!.write(to: URL(fileURLWithPath: cmyk))
        let red = try ImageFile.read(cmyk).image[10, 10]
        #expect(red.r > 240 && red.g < 16 && red.b < 16 && red.a == 255, "\(red)")
        // A baseline file's frame header made to say 12-bit samples (extended, SOF1).
        let path = folder + "/twelve.jpg"
        try ImageFile.writeJPEG(Self.picture(16, 16), to: path)
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let sof = try #require((0..<(jpeg.count - 4)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 1] = 0xC1
        jpeg[sof + 4] = 12
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        #expect(throws: ImageFileError.unsupported(path: path, format: .jpeg, reason: "12-bit samples")) { try ImageFile.read(path) }
        #expect(ImageFileError.unsupported(path: path, format: .jpeg, reason: "12-bit samples").description.contains("of a kind not read"))
    }

    static let cmykRed =
        "/9j/7gAOQWRvYmUAZAAAAAAA/9sAQwAIBgYHBgUIBwcHCQkICgwUDQwLCwwZEhMPFB0aHx4dGhwcICQuJyAiLCMcHCg3KSwwMTQ0NB8nOT04MjwuMzQy/8AAFAgAQABABEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4EQwBNAFkASwAAPwD3+vn+vn+vf6KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK//2Q=="

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
