/// Bounds on what a GIF may make the decoder do, so that a hostile or broken file cannot
/// exhaust memory. Checked before anything is allocated.
///
/// ```swift
/// var limits = DecodingLimits.default
/// limits.maxCanvasPixels = 4096 * 4096
/// let image = try AnimatedImage(contentsOfFile: path, limits: limits)
/// ```
public struct DecodingLimits: Hashable, Sendable {
    /// The largest screen, in pixels (width × height). Default 64 megapixels (256 MiB RGBA).
    public var maxCanvasPixels: Int
    /// The most images a file may have. Default 20 000.
    public var maxFrameCount: Int
    /// The largest input, in bytes. Default 512 MiB.
    public var maxInputBytes: Int
    /// The most pixels all the frames' rectangles may cover together: the work of
    /// decoding the whole animation, so a small file that describes gigapixels of frames
    /// is refused at once. Default 4 gigapixels (a 1080p animation of about 2 000 frames).
    public var maxTotalFramePixels: Int
    /// How many bytes of checkpoints (decoded screens) may be kept for random access and
    /// replay. Default 16 MiB; when not even one screen fits, going back replays from the
    /// first frame.
    public var maxCacheBytes: Int
    /// The most memory decoding frames may hold at once: the screen, a copy of it handed
    /// out, the largest frame's colour indices, what a restore-to-previous frame saves and
    /// the checkpoints (see ``AnimatedImage/decodingMemoryBytes``). A file that would need
    /// more is refused when it is loaded, before anything is allocated. Default 256 MiB.
    public var maxMemoryBytes: Int

    /// Creates limits.
    public init(
        maxCanvasPixels: Int = 64 << 20,
        maxFrameCount: Int = 20_000,
        maxTotalFramePixels: Int = 4 << 30,
        maxInputBytes: Int = 512 << 20,
        maxCacheBytes: Int = 16 << 20,
        maxMemoryBytes: Int = 256 << 20
    ) {
        self.maxCanvasPixels = maxCanvasPixels
        self.maxFrameCount = maxFrameCount
        self.maxTotalFramePixels = maxTotalFramePixels
        self.maxInputBytes = maxInputBytes
        self.maxCacheBytes = maxCacheBytes
        self.maxMemoryBytes = maxMemoryBytes
    }

    /// Safe defaults for files from anywhere.
    public static let `default` = DecodingLimits()
}
