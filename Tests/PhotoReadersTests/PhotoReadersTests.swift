import Foundation
import GifDecoding
import ImageFiles
import IndicatorKit
import PhotoReaders
import PickerSelection
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The kit's GIF, PNG and JPEG reader, on files written here, as an app importing photos uses it.
struct PhotoReadersTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-readers-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static func picture(_ width: Int, _ height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = RGBA(UInt8(x % 256), UInt8(y % 256), 90) } }
        return image
    }

    @Test func readsGIFPNGAndJPEGAndAJPEGSmallerForAThumbnail() throws {
        try ImageFile.writePNG(Self.picture(40, 30), to: folder + "/a.png")
        try ImageFile.writeJPEG(Self.picture(800, 600), to: folder + "/b.JPG")
        try GifWriter(width: 3, height: 2, globalPalette: [(0, 0, 0), (255, 255, 255)])
            .encode([GifWriter.Frame(width: 3, height: 2, indices: [0, 1, 0, 1, 0, 1])])
            .write(to: URL(fileURLWithPath: folder + "/c.gif"))
        let reader = PhotoReader.photos()
        #expect(reader.fileExtensions == ["gif", "png", "jpg", "jpeg"])
        #expect(try reader.read(folder + "/a.png") == Self.picture(40, 30))
        let thumbnail = try reader.readForThumbnail(folder + "/b.JPG", 64)
        #expect(thumbnail.fullSize == Size(width: 800, height: 600))
        #expect(thumbnail.image.width == 100 && thumbnail.image.height == 75, "decoded at 1/8 by its DCT")
        #expect(try reader.read(folder + "/c.gif")[1, 0] == RGBA(255, 255, 255))
    }

    @Test func aFailureSaysWhatKindItIs() throws {
        let reader = PhotoReader.photos(maxMemoryBytes: 1 << 20)
        func kind(_ path: String) -> PhotoReadFailure.Kind? {
            do {
                _ = try reader.read(path)
                return nil
            } catch { return (error as? PhotoReadFailure)?.kind }
        }
        #expect(kind(folder + "/missing.png") == .unreadable)
        #expect(mkfifo(folder + "/pipe.jpg", 0o600) == 0)
        #expect(kind(folder + "/pipe.jpg") == .unreadable, "a FIFO is refused, never waited on")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
        #expect(kind(folder + "/bad.png") == .undecodable)
        try ImageFile.writePNG(Self.picture(1024, 512), to: folder + "/large.png")
        #expect(kind(folder + "/large.png") == .overMemoryBudget(neededBytes: 2 << 20, budgetBytes: 1 << 20))
    }

    @Test func aPhotoLibraryImportsWithIt() throws {
        for name in ["one.png", "two.jpg"] {
            let path = folder + "/" + name
            if name.hasSuffix(".png") {
                try ImageFile.writePNG(Self.picture(64, 64), to: path)
            } else {
                try ImageFile.writeJPEG(Self.picture(64, 64), to: path)
            }
        }
        let library = try PhotoLibrary(path: folder + "/library.sqlite")
        let report = try library.importFolder(folder, reader: .photos())
        #expect(report.imported == 2 && report.failures.isEmpty)
        library.close()
    }
}
