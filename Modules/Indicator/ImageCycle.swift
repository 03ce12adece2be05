import ViewCore

/// Images shown in turn, each for the same `interval`, wrapping around — a loading
/// image that changes every 0.3 s, say — as a `FrameAnimation`.
///
/// ```swift
/// let cycle = ImageCycle([first, second, third], interval: .milliseconds(300))
/// let indicator = ActivityIndicator(animation: cycle, label: "Loading…", clock: clock)
/// ```
public struct ImageCycle: FrameAnimation, Hashable {
    /// The images, in order (at least one: an empty list shows one transparent pixel).
    public let images: [RGBAImage]
    /// How long each image shows.
    public let interval: Duration

    /// Creates a cycle; the interval is at least 10 ms.
    public init(_ images: [RGBAImage], interval: Duration) {
        self.images = images.isEmpty ? [RGBAImage(width: 1, height: 1)] : images
        self.interval = max(interval, .milliseconds(10))
    }

    /// The number of images.
    public var frameCount: Int { images.count }
    /// The first image's size in pixels.
    public var frameSize: FrameSize { .pixels(Size(width: images[0].width, height: images[0].height)) }
    /// Every image shows for ``interval``.
    public func duration(ofFrame index: Int) -> Duration { interval }
    /// Image `index` (wrapping around).
    public func frame(at index: Int) -> AnimationFrame {
        .image(images[((index % images.count) + images.count) % images.count])
    }
}
