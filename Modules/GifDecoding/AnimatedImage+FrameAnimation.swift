import Pixels

extension AnimatedImage: FrameAnimation {
    /// The screen's size in pixels.
    public var frameSize: FrameSize { .pixels(Size(width: width, height: height)) }

    /// How long frame `index` shows by the file's delays (browser rules: 0 or 1 cs, or
    /// none, play as 100 ms); zero outside the frames.
    public func duration(ofFrame index: Int) -> Duration {
        frames.indices.contains(index) ? frames[index].duration : .zero
    }

    /// The screen after frame `index` is drawn (see ``frame(at:)``).
    public func frame(at index: Int) -> AnimationFrame {
        .image(image(at: index))
    }
}
