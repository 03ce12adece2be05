import Foundation
import ImageFiles
import IndicatorKit
import Testing

@testable import ShowcaseKit

/// `showcase pick`'s thumbnails: read off the main actor, kept at the size shown.
@MainActor
struct ThumbnailTests {
    /// A 1600×1200 PNG, a gradient, in a folder of its own; removed by `remove`.
    static func largePicture() throws -> (path: String, remove: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnail-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (width, height) = (1600, 1200)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels[(y * width + x) * 4] = UInt8(x * 255 / width)
                pixels[(y * width + x) * 4 + 1] = UInt8(y * 255 / height)
            }
        }
        let path = folder + "/large.png"
        try ImageFile.writePNG(try #require(RGBAImage(width: width, height: height, pixels: pixels)), to: path)
        return (path, { try? FileManager.default.removeItem(atPath: folder) })
    }

    /// Draws `view` in a canvas of `size` as a host would, its requests for a frame told to `asked`.
    static func draw(_ view: any View, size: Size, asked: AsyncStream<Void>.Continuation) -> Canvas {
        var canvas = Canvas(size: size)
        let requests = HostRequests(display: { asked.yield() }, quit: { _ in })
        DisplayRequest.$current.withValue(requests) { view.render(in: canvas.bounds, on: &canvas) }
        return canvas
    }

    @Test(.timeLimit(.minutes(1)))
    func aPictureIsReadOffTheMainActorAndKeptOnlyAtTheSizeItIsShown() async throws {
        let picture = try Self.largePicture()
        defer { picture.remove() }
        let style = ImageStyle(pixels: true, cellPixels: Size(width: 10, height: 20))
        let thumbnails = Thumbnails(reader: .photos(memory: .default), style: { style })
        let thumbnail = try #require(thumbnails.view(for: picture.path) as? Thumbnail)
        let (asked, continuation) = AsyncStream.makeStream(of: Void.self)
        let first = Self.draw(thumbnail, size: Size(width: 12, height: 5), asked: continuation)
        #expect(first.lines.first == "reading…    ", "the frame is drawn at once, the picture not yet read")
        #expect(first.placements.isEmpty)
        for await _ in asked { break }  // read: a frame is asked for
        let second = Self.draw(thumbnail, size: Size(width: 12, height: 5), asked: continuation)
        let placed = try #require(second.placements.first)
        // 12×5 cells of 10×20 pixels cover 120×100: the 4:3 picture is kept at 120×90, not 1600×1200.
        #expect(placed.image.width == 120 && placed.image.height == 90)
        #expect(placed.rect.size == Size(width: 12, height: 5))
        guard case .pixels(let kept)? = thumbnail.shown?.content else {
            Issue.record("no picture kept")
            return
        }
        #expect(kept.width * kept.height == 120 * 90, "all it keeps")
    }

    @Test(.timeLimit(.minutes(1)))
    func aFileThatIsNoPictureAfterAllSaysSo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnail-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/notes.png"
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        let thumbnails = Thumbnails(reader: .photos(memory: .default), style: { ImageStyle() })
        let thumbnail = try #require(thumbnails.view(for: path))
        let (asked, continuation) = AsyncStream.makeStream(of: Void.self)
        _ = Self.draw(thumbnail, size: Size(width: 20, height: 3), asked: continuation)
        for await _ in asked { break }
        #expect(Self.draw(thumbnail, size: Size(width: 20, height: 3), asked: continuation).lines.first == "(cannot be read)    ")
    }
}
