import GifDecoding
import TUICore

/// What an ``ActivityIndicator`` animates.
public enum IndicatorContent {
    /// A glyph spinner.
    case glyphs(SpinnerStyle)
    /// Images shown in turn every `interval`, wrapping around (document 001: four images
    /// every 0.3 s, B1.3).
    case images([RGBAImage], interval: Duration)
    /// An animated GIF, by its own timing or a uniform cycle.
    case gif(AnimatedImage, timing: FrameTiming)

    /// The number of frames.
    public var frameCount: Int {
        switch self {
        case .glyphs(let style): style.frames.count
        case .images(let images, _): images.count
        case .gif(let image, _): image.frameCount
        }
    }

    /// The frame to show `elapsed` after the animation started. Computed from time alone,
    /// so a late or repeated tick can never speed the animation up or make it drift.
    public func frame(at elapsed: Duration) -> Int {
        switch self {
        case .glyphs(let style): Self.cycling(elapsed, interval: style.interval, count: style.frames.count)
        case .images(let images, let interval): Self.cycling(elapsed, interval: interval, count: images.count)
        case .gif(let image, let timing): image.position(at: elapsed, timing: timing).frame
        }
    }

    /// How long after `elapsed` the frame changes; nil when it never will.
    public func timeUntilNextFrame(at elapsed: Duration) -> Duration? {
        switch self {
        case .glyphs(let style): Self.untilNext(elapsed, interval: style.interval, count: style.frames.count)
        case .images(let images, let interval): Self.untilNext(elapsed, interval: interval, count: images.count)
        case .gif(let image, let timing): image.timeUntilNextFrame(at: elapsed, timing: timing)
        }
    }

    static func cycling(_ elapsed: Duration, interval: Duration, count: Int) -> Int {
        guard count > 1, interval > .zero else { return 0 }
        return Int(max(elapsed, .zero) / interval) % count
    }

    static func untilNext(_ elapsed: Duration, interval: Duration, count: Int) -> Duration? {
        guard count > 1, interval > .zero else { return nil }
        let time = max(elapsed, .zero)
        let done = interval * Int(time / interval)
        return done + interval - time
    }
}
