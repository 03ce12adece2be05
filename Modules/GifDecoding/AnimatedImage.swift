import Foundation
import KitSupport
import Pixels

/// An animated (or still) GIF: its screen size, frames, timing and loop count, and its
/// fully composited frames as straight-alpha `RGBAImage`s, decoded lazily in bounded memory.
///
/// ```swift
/// let spinner = try AnimatedImage.spinner()
/// let position = spinner.position(at: .milliseconds(500), timing: .uniform(cycle: .seconds(1)))
/// let pixels = spinner.image(at: position.frame)
/// ```
///
/// Loading reads the file's structure only (the screen, palettes, extensions and where
/// each image's data is); pixels are decoded when a frame is asked for. Damage after some
/// frames keeps those frames and is reported in ``warnings``; a file that cannot be read
/// at all throws a ``GifDecodingError``.
///
/// It is a `FrameAnimation` (Pixels' seam), so any player or indicator plays it. It is
/// `Sendable`: decode in a detached task and hand the image back; frames are produced
/// under a lock, one caller at a time.
public final class AnimatedImage: Sendable {
    /// How many times the animation plays: forever, or a count.
    public typealias Plays = AnimationPlays

    /// Screen width in pixels.
    public let width: Int
    /// Screen height in pixels.
    public let height: Int
    /// One entry per image descriptor, in file order.
    public let frames: [FrameInfo]
    /// The raw NETSCAPE2.0 / ANIMEXTS1.0 loop value; nil when the file has no such block.
    public let loopCount: Int?
    /// The text of the file's comment extensions, the first 100 of them, each cut at 4 KiB
    /// (not sanitised: sanitise before display).
    public let comments: [String]
    /// How many comment extensions there were beyond the first 100.
    public let omittedCommentCount: Int

    /// The most memory decoding this file's frames holds at once, in bytes: the screen
    /// (width × height × 4), a copy of it handed out, the largest frame's colour indices (one
    /// byte a pixel), what a restore-to-previous frame saves, and the checkpoints the cache
    /// keeps. Loading refuses a file whose need is over ``DecodingLimits/maxMemoryBytes``;
    /// reading only the structure (``frames``, ``warnings``) allocates none of it.
    public let decodingMemoryBytes: Int

    private let indexWarnings: [String]
    private let store: Locked<FrameStore>

    /// The number of frames.
    public var frameCount: Int { frames.count }

    /// How many times the animation plays: no loop block means once, 0 forever, N means N + 1.
    public var plays: AnimationPlays {
        guard let loopCount else { return .count(1) }
        return loopCount == 0 ? .infinite : .count(loopCount + 1)
    }

    /// Problems found in the file so far (damage, unknown records, bad pixel data); frames
    /// decoded later may add more. ``decodeAllFrames()`` finds them all.
    public var warnings: [String] {
        let decoded = store.withLock { $0.decodeWarnings }
        return indexWarnings + decoded.keys.sorted().compactMap { decoded[$0] }
    }

    /// Loads a GIF file. Only the structure is read now; the file stays open for the pixels.
    public convenience init(contentsOfFile path: String, limits: DecodingLimits = .default) throws(GifDecodingError) {
        try self.init(source: try FileByteSource(path: path), limits: limits)
    }

    /// Loads a GIF from memory.
    public convenience init(data: Data, limits: DecodingLimits = .default) throws(GifDecodingError) {
        try self.init(source: DataByteSource(data), limits: limits)
    }

    /// Loads `name.gif` from a bundle's resources, like `UIImageView(gifNamed:)`:
    /// `Bundle.module` in a target that lists the GIF among its resources.
    public convenience init(named name: String, bundle: Bundle, limits: DecodingLimits = .default) throws(GifDecodingError) {
        let file = name.hasSuffix(".gif") ? String(name.dropLast(4)) : name
        guard let path = bundle.path(forResource: file, ofType: "gif") else {
            throw .resourceNotFound(name: file, bundle: bundle.bundleURL.lastPathComponent)
        }
        try self.init(contentsOfFile: path, limits: limits)
    }

    init(source: ByteSource, limits: DecodingLimits) throws(GifDecodingError) {
        var index = try GifIndexer.index(source, limits: limits)
        let memory = index.decodingMemoryBytes(cacheBytes: limits.maxCacheBytes)
        guard memory <= limits.maxMemoryBytes else { throw .overMemoryBudget(neededBytes: memory, budgetBytes: limits.maxMemoryBytes) }
        if index.frames.isEmpty {
            // A screen with no image shows as one transparent frame, as browsers do.
            index.warnings.append("the file has no image; it shows as one transparent frame")
            let empty = FrameInfo(
                index: 0,
                x: 0,
                y: 0,
                width: 0,
                height: 0,
                interlaced: false,
                delayCentiseconds: nil,
                disposal: .unspecified,
                transparentIndex: nil,
                hasLocalColorTable: false
            )
            index.frames = [GifIndex.Frame(info: empty, localPalette: nil, codeSize: 2, dataOffset: 0)]
        }
        width = index.width
        height = index.height
        frames = index.frames.map(\.info)
        loopCount = index.loopCount
        comments = index.comments
        decodingMemoryBytes = memory
        omittedCommentCount = index.omittedComments
        indexWarnings = index.reportedWarnings
        store = Locked(FrameStore(index: index, source: source, limits: limits))
    }

    /// The screen after frame `index` is drawn, `width × height` straight-alpha RGBA.
    /// An index outside the frames is clamped to the first or last frame.
    public func image(at index: Int) -> RGBAImage {
        store.withLock { $0.frame(min(max(0, index), frames.count - 1)) }
    }

    /// Decodes every frame once, so that ``warnings`` lists every problem of the file.
    public func decodeAllFrames() {
        store.withLock { store in
            for i in frames.indices { _ = store.frame(i) }
        }
    }
}
