import Foundation
import GifSamples
import IndicatorKit
import Testing

@testable import GifDecoding

/// Bad input: every failure is a typed error a person can act on, never a crash.
struct HostileInputTests {
    @Test func aHugeCanvasIsRefusedAtOnce() throws {
        var raw = RawGif(width: 65535, height: 65535, globalPalette: [(0, 0, 0), (1, 1, 1)])
        raw.image(width: 1, height: 1, indices: [1])
        raw.trailer()
        #expect(throws: GifDecodingError.tooLarge("a 65535×65535 screen is 4294836225 pixels, the limit is \(64 << 20)")) {
            try AnimatedImage(data: raw.data)
        }
    }

    @Test func aHugeImageInASmallCanvasIsRefused() throws {
        var raw = RawGif(width: 10, height: 10, globalPalette: [(0, 0, 0), (1, 1, 1)])
        raw.image(width: 60000, height: 60000, indices: [1])
        raw.trailer()
        #expect(throws: GifDecodingError.self) { try AnimatedImage(data: raw.data) }
    }

    @Test func limitsAreConfigurable() throws {
        var raw = RawGif(width: 4, height: 4, globalPalette: [(0, 0, 0), (1, 1, 1)])
        for _ in 0..<3 { raw.image(width: 1, height: 1, indices: [1]) }
        raw.trailer()
        #expect(throws: GifDecodingError.tooLarge("more than 2 frames")) {
            try AnimatedImage(data: raw.data, limits: DecodingLimits(maxFrameCount: 2))
        }
        #expect(throws: GifDecodingError.self) { try AnimatedImage(data: raw.data, limits: DecodingLimits(maxCanvasPixels: 15)) }
        #expect(throws: GifDecodingError.self) { try AnimatedImage(data: raw.data, limits: DecodingLimits(maxInputBytes: 20)) }
        #expect(try AnimatedImage(data: raw.data, limits: DecodingLimits(maxFrameCount: 3)).frameCount == 3)
    }

    /// Two full-screen 8192×8192 frames that restore the previous screen, in 70 bytes:
    /// the screen, a copy handed out, the frame's indices and the saved area are 832 MiB.
    static func twoRestoringFrames() -> RawGif {
        var raw = RawGif(width: 8192, height: 8192, globalPalette: [(0, 0, 0), (255, 255, 255)])
        for _ in 0..<2 {
            raw.graphicControl(disposal: 3)
            raw.image(width: 8192, height: 8192, indices: [1], endAfter: 1)
        }
        raw.trailer()
        return raw
    }

    @Test func aFileNeedingMoreMemoryThanTheBudgetIsRefusedBeforeAnythingIsAllocated() throws {
        let raw = Self.twoRestoringFrames()
        #expect(raw.bytes.count < 100)
        let screen = 8192 * 8192 * 4
        #expect(throws: GifDecodingError.overMemoryBudget(neededBytes: 2 * screen + 8192 * 8192 + screen, budgetBytes: 256 << 20)) {
            try AnimatedImage(data: raw.data)
        }
        // Its structure alone can be read with the budget lifted, and nothing is decoded:
        // the need is reported, the frames listed.
        var structureOnly = DecodingLimits.default
        structureOnly.maxMemoryBytes = .max
        let image = try AnimatedImage(data: raw.data, limits: structureOnly)
        #expect(image.frameCount == 2)
        #expect(image.decodingMemoryBytes == 832 << 20)
        #expect(
            GifDecodingError.overMemoryBudget(neededBytes: 832 << 20, budgetBytes: 256 << 20).description.contains(
                "needs 832 MiB, more than the memory budget of 256 MiB"
            )
        )
    }

    @Test func theMemoryNeedCountsTheScreenTwiceTheLargestFrameAndTheCheckpoints() throws {
        var raw = RawGif(width: 100, height: 50, globalPalette: [(0, 0, 0), (255, 255, 255)])
        raw.image(width: 100, height: 50, indices: [1], endAfter: 1)
        raw.graphicControl(disposal: 3)
        raw.image(x: 90, y: 40, width: 20, height: 20, indices: [1], endAfter: 1)  // 10×10 of it on the screen
        raw.trailer()
        let screen = 100 * 50 * 4
        let image = try AnimatedImage(data: raw.data)
        // Two screens, the largest frame's indices (5 000), the saved 10×10 area, one checkpoint.
        #expect(image.decodingMemoryBytes == 2 * screen + 5000 + 400 + screen)
        let noCache = try AnimatedImage(data: raw.data, limits: DecodingLimits(maxCacheBytes: 0))
        #expect(noCache.decodingMemoryBytes == 2 * screen + 5000 + 400)
        // Without checkpoints, going back replays from the start and gives the same screens.
        let forward = (0..<2).map { noCache.image(at: $0) }
        #expect(noCache.image(at: 0) == forward[0])
        #expect(noCache.image(at: 1) == image.image(at: 1))
    }

    @Test func aBadCodeSizeOrACutAfterTheDescriptorIsNamedAsSuch() throws {
        for size in [12, 13, 255] {
            var raw = RawGif(width: 4, height: 4, globalPalette: [(0, 0, 0), (255, 255, 255)])
            raw.bytes += [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0, UInt8(size), 2, 0x44, 0x01, 0]
            raw.trailer()
            #expect(throws: GifDecodingError.malformed("frame 0 has an invalid LZW code size \(size) (at most 11 can be decoded)")) {
                try AnimatedImage(data: raw.data)
            }
        }
        var cut = RawGif(width: 4, height: 4, globalPalette: [(0, 0, 0), (255, 255, 255)])
        cut.bytes += [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0]
        #expect(throws: GifDecodingError.truncated("the data ends after the descriptor of frame 0")) { try AnimatedImage(data: cut.data) }
        // After a good frame, the same damage keeps that frame and says why the rest is gone.
        var later = RawGif(width: 4, height: 4, globalPalette: [(0, 0, 0), (255, 255, 255)])
        later.image(width: 4, height: 4, indices: Array(repeating: 1, count: 16))
        later.bytes += [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0, 13, 2, 0x44, 0x01, 0]
        let image = try AnimatedImage(data: later.data)
        #expect(image.frameCount == 1)
        #expect(image.warnings == ["frame 1 has an invalid LZW code size 13 (at most 11 can be decoded); showing the 1 frame(s) before it"])
    }

    @Test func aSmallFileDescribingGigapixelsOfFramesIsRefusedAtOnce() throws {
        // 8000×8000, 200 full-screen frames that restore the previous screen, each with one
        // pixel of data: 5 KB of file, 12.8 gigapixels of work.
        var raw = RawGif(width: 8000, height: 8000, globalPalette: [(0, 0, 0), (255, 255, 255)])
        for _ in 0..<200 {
            raw.graphicControl(disposal: 3)
            raw.image(width: 8000, height: 8000, indices: [1])
        }
        raw.trailer()
        #expect(raw.bytes.count < 10_000)
        do {
            _ = try AnimatedImage(data: raw.data)
            Issue.record("the bomb must be refused")
        } catch {
            guard case .tooLarge(let detail) = error else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
            #expect(detail.contains("frames cover more than"))
            #expect(error.description.contains("raise DecodingLimits"))
        }
        // The same frames within a raised limit are decoded.
        var small = RawGif(width: 100, height: 100, globalPalette: [(0, 0, 0), (255, 255, 255)])
        for _ in 0..<3 { small.image(width: 100, height: 100, indices: [1]) }
        small.trailer()
        #expect(throws: GifDecodingError.self) { try AnimatedImage(data: small.data, limits: DecodingLimits(maxTotalFramePixels: 29_999)) }
        #expect(try AnimatedImage(data: small.data, limits: DecodingLimits(maxTotalFramePixels: 30_000)).frameCount == 3)
    }

    @Test func notAGifEmptyAndCutHeaders() {
        #expect(throws: GifDecodingError.notAGif) { try AnimatedImage(data: Data("\u{89}PNG\r\n".utf8)) }
        #expect(throws: GifDecodingError.notAGif) { try AnimatedImage(data: Data("GIF90a......".utf8)) }
        #expect(throws: GifDecodingError.truncated("the file is empty")) { try AnimatedImage(data: Data()) }
        #expect(throws: GifDecodingError.truncated("the header is incomplete")) { try AnimatedImage(data: Data("GIF8".utf8)) }
        #expect(throws: GifDecodingError.truncated("the screen descriptor is incomplete")) { try AnimatedImage(data: Data("GIF89a\u{1}\u{0}".utf8)) }
        #expect(throws: GifDecodingError.emptyCanvas(width: 0, height: 5)) {
            try AnimatedImage(data: Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 5, 0, 0, 0, 0]))
        }
    }

    @Test func unreadableFilesSayWhy() {
        #expect(throws: GifDecodingError.unreadableFile(path: "/no/such/file.gif", reason: "No such file or directory")) {
            try AnimatedImage(contentsOfFile: "/no/such/file.gif")
        }
        #expect(throws: GifDecodingError.unreadableFile(path: "/tmp", reason: "it is a folder")) {
            try AnimatedImage(contentsOfFile: "/tmp")
        }
        // A FIFO is refused at once rather than waited on for a writer.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString).gif").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: GifDecodingError.unreadableFile(path: fifo, reason: "it is not a regular file (a pipe, a device or a socket)")) {
            try AnimatedImage(contentsOfFile: fifo)
        }
        #expect(GifDecodingError.unreadableFile(path: "x", reason: "y").description.contains("check that the file exists"))
    }

    @Test func damageAfterSomeFramesKeepsThoseFrames() throws {
        var raw = RawGif(width: 2, height: 1, globalPalette: [(0, 0, 0), (255, 0, 0), (0, 255, 0)])
        raw.image(width: 2, height: 1, indices: [1, 1])
        raw.image(width: 2, height: 1, indices: [2, 2])
        let intact = raw.bytes.count
        raw.image(width: 2, height: 1, indices: [1, 2])
        let cut = Data(raw.bytes.prefix(intact + 14))  // inside the third image's data
        let image = try AnimatedImage(data: cut)
        #expect(image.frameCount == 3)
        #expect(image.image(at: 1)[0, 0] == RGBA(0, 255, 0))
        #expect(image.warnings.first == "the file ends inside frame 2; its missing pixels are left transparent")
        // Cut right after the second image: two frames and a warning.
        let two = try AnimatedImage(data: Data(raw.bytes.prefix(intact)))
        #expect(two.frameCount == 2)
        #expect(two.warnings.first?.contains("the data ends early") == true)
    }

    @Test func aFileCutInsideTheFirstImageDescriptorIsTruncated() throws {
        var raw = RawGif(width: 2, height: 1, globalPalette: [(0, 0, 0), (255, 0, 0)])
        raw.image(width: 2, height: 1, indices: [1, 1])
        let cut = Data(raw.bytes.prefix(13 + 6 + 5))
        #expect(throws: GifDecodingError.self) { try AnimatedImage(data: cut) }
    }

    @Test func everyPrefixAndEveryByteFlipOfAFileIsSafe() throws {
        // Cheap, deterministic robustness sweep (the libFuzzer target goes much further).
        let data = try GifWriter(width: 5, height: 3, globalPalette: [(0, 0, 0), (9, 9, 9), (200, 0, 0)], loopCount: 0).encode([
            GifWriter.Frame(width: 5, height: 3, indices: (0..<15).map { UInt8($0 % 3) }),
            {
                var f = GifWriter.Frame(x: 1, y: 1, width: 2, height: 2, indices: [1, 2, 0, 1])
                f.disposal = .restorePrevious
                f.transparentIndex = 0
                return f
            }(),
        ])
        let bytes = [UInt8](data)
        // Whatever is read, each frame is a whole canvas of the file's size.
        func framesAreWholeCanvases(_ image: AnimatedImage) -> Bool {
            image.decodeAllFrames()
            return (0..<image.frameCount).allSatisfy { image.image(at: $0).width == image.width && image.image(at: $0).height == image.height }
        }
        var read = 0
        var refused = 0
        for length in 0...bytes.count {
            if let image = try? AnimatedImage(data: Data(bytes.prefix(length))) {
                read += 1
                #expect(framesAreWholeCanvases(image), "prefix of \(length) bytes")
            } else {
                refused += 1
            }
        }
        #expect(refused > 0 && read > 0, "short prefixes are refused, longer ones read as far as they go")
        for position in bytes.indices {
            for value: UInt8 in [0x00, 0xFF, bytes[position] ^ 0x55] {
                var mutated = bytes
                mutated[position] = value
                if let image = try? AnimatedImage(data: Data(mutated)) {
                    #expect(framesAreWholeCanvases(image), "byte \(position) set to \(value)")
                }
            }
        }
    }
}

/// Repetition bombs: a small file repeating a record millions of times costs no more
/// memory than a file with the first hundred.
struct RepetitionBombTests {
    @Test func warningsAndCommentsAreCappedAndTheRestCounted() throws {
        var raw = RawGif(width: 2, height: 2, globalPalette: [(0, 0, 0), (255, 255, 255)])
        let badControl: [UInt8] = [0x21, 0xF9, 0x03, 0x00, 0x00, 0x00, 0x00]  // 3 bytes instead of 4
        for _ in 0..<200_000 { raw.bytes += badControl }
        for i in 0..<150 { raw.comment("note \(i)") }
        raw.image(width: 2, height: 2, indices: [0, 1, 1, 0])
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(image.frameCount == 1)
        #expect(image.warnings.count == 101)
        #expect(image.warnings.last == "and 199900 more warnings like these")
        #expect(image.comments.count == 100 && image.comments.first == "note 0")
        #expect(image.omittedCommentCount == 50)
    }

    @Test func theFuzzersSeedBombsDecodeWithinItsLimits() throws {
        let limits = DecodingLimits(
            maxCanvasPixels: 1 << 20,
            maxFrameCount: 256,
            maxTotalFramePixels: 64 << 20,
            maxInputBytes: 1 << 20,
            maxCacheBytes: 1 << 18,
            maxMemoryBytes: 32 << 20
        )
        let corpus = try GifSamples.corpus()
        for name in ["bad-controls-repeated.gif", "comments-repeated.gif", "comment-blocks-long.gif", "restore-previous-full-screen.gif", "lzw-long-runs.gif"] {
            let data = try #require(corpus[name])
            let image = try AnimatedImage(data: data, limits: limits)
            image.decodeAllFrames()
            #expect(image.warnings.count <= 101 + image.frameCount, "\(name): at most 100 kept, a count of the rest, one per frame from its pixels")
            #expect(image.comments.allSatisfy { $0.utf8.count <= 4096 }, "\(name)")
        }
        #expect(
            try AnimatedImage(data: try #require(corpus["comment-blocks-long.gif"]), limits: limits).comments.first?.utf8.count == 4096,
            "a long comment is cut at 4 KiB"
        )
    }
}
