/// Frames over time: the one seam every animated thing in IndicatorKit meets through.
///
/// A GIF (`AnimatedImage` in GifDecoding), a glyph spinner and a cycle of images (Indicator)
/// all conform, so any view that hosts a `FramePlayer` can show any of them, and a module
/// that animates links only what its animation needs: a glyph spinner links no GIF decoder.
///
/// A conforming type says how many frames it has, how long each shows by its own timing,
/// how many times it plays and what each frame is; where it is at an instant and when the
/// next change comes follow from that (``position(at:timing:)``,
/// ``timeUntilNextFrame(at:timing:)``), timed from the start so a late caller skips frames
/// rather than slowing the animation down.
///
/// ```swift
/// struct Blink: FrameAnimation {
///     var frameCount: Int { 2 }
///     var frameSize: FrameSize { .text(width: 1) }
///     func duration(ofFrame index: Int) -> Duration { .milliseconds(500) }
///     func frame(at index: Int) -> AnimationFrame { .text(index == 0 ? "●" : " ") }
/// }
/// ```
public protocol FrameAnimation: Sendable {
    /// The number of frames; at least 1.
    var frameCount: Int { get }
    /// What the frames are: images of a pixel size, or glyph text of a display width.
    var frameSize: FrameSize { get }
    /// How many times the animation plays (forever by default).
    var plays: AnimationPlays { get }
    /// How long frame `index` shows by the animation's own timing.
    func duration(ofFrame index: Int) -> Duration
    /// Frame `index` (clamped to the frames): an image or a line of glyph text.
    func frame(at index: Int) -> AnimationFrame
    /// What shows when the animation stands still (stopped but shown, or reduced motion);
    /// the first frame by default.
    var stillFrame: AnimationFrame { get }
    /// Where the animation is `elapsed` after it started. The default computes it from
    /// ``duration(ofFrame:)`` and ``plays``.
    func position(at elapsed: Duration, timing: FrameTiming) -> PlaybackPosition
    /// How long after `elapsed` the frame shown next changes; nil when it never will.
    func timeUntilNextFrame(at elapsed: Duration, timing: FrameTiming) -> Duration?
}

/// One frame of a ``FrameAnimation``.
public enum AnimationFrame: Hashable, Sendable {
    /// Pixels, drawn with a rasterizer fitted to a cell box.
    case image(RGBAImage)
    /// A line of glyphs, drawn as text.
    case text(String)
}

/// What the frames of a ``FrameAnimation`` are, for layout before any frame is drawn.
public enum FrameSize: Hashable, Sendable {
    /// Images of this many pixels.
    case pixels(Size)
    /// Glyph text this many cells wide (one row).
    case text(width: Int)
}

/// How many times an animation plays.
public enum AnimationPlays: Hashable, Sendable {
    /// Forever.
    case infinite
    /// This many times; the last frame then stays.
    case count(Int)
}

/// Which durations an animation plays its frames with.
public enum FrameTiming: Hashable, Sendable {
    /// The animation's own durations (a GIF's delays by browser rules, a spinner's interval).
    case own
    /// One cycle of `cycle` spread evenly over the frames, ignoring their own durations
    ///, as `UIImage.animatedImage(with:duration:)` does.
    case uniform(cycle: Duration)

    /// A uniform one-second cycle, the refresh control's default.
    public static let uniformOneSecond = FrameTiming.uniform(cycle: .seconds(1))
}

/// Where an animation is at some instant.
public struct PlaybackPosition: Hashable, Sendable {
    /// The frame to show.
    public let frame: Int
    /// Which play this is, from 0.
    public let play: Int
    /// Whether every play is over (the last frame stays).
    public let isFinished: Bool

    /// Creates a position.
    public init(frame: Int, play: Int, isFinished: Bool) {
        self.frame = frame
        self.play = play
        self.isFinished = isFinished
    }
}

extension FrameAnimation {
    public var plays: AnimationPlays { .infinite }

    public var stillFrame: AnimationFrame { frame(at: 0) }

    /// How long frame `index` shows under `timing`.
    public func duration(ofFrame index: Int, timing: FrameTiming) -> Duration {
        switch timing {
        case .own: index >= 0 && index < frameCount ? duration(ofFrame: index) : .zero
        case .uniform(let cycle): frameCount > 0 ? cycle / frameCount : .zero
        }
    }

    /// The length of one play under `timing`.
    public func cycleDuration(timing: FrameTiming) -> Duration {
        switch timing {
        case .own: (0..<frameCount).reduce(.zero) { $0 + duration(ofFrame: $1) }
        case .uniform(let cycle): cycle
        }
    }

    /// Where frame `index` starts within one play under `timing`.
    public func startOffset(ofFrame index: Int, timing: FrameTiming) -> Duration {
        (0..<min(max(0, index), frameCount)).reduce(.zero) { $0 + duration(ofFrame: $1, timing: timing) }
    }

    public func position(at elapsed: Duration, timing: FrameTiming) -> PlaybackPosition {
        let cycle = cycleDuration(timing: timing)
        guard frameCount > 1, cycle > .zero else { return PlaybackPosition(frame: 0, play: 0, isFinished: frameCount <= 1) }
        let time = max(elapsed, .zero)
        let play = Int(time / cycle)
        if case .count(let limit) = plays, play >= limit {
            return PlaybackPosition(frame: frameCount - 1, play: max(0, limit - 1), isFinished: true)
        }
        if case .uniform = timing {
            // Evenly spaced: no walk over the frames (the estimate is corrected exactly).
            let step = cycle / frameCount
            let remaining = time - cycle * play
            var frame = min(frameCount - 1, max(0, Int(remaining / step)))
            while frame > 0, step * frame > remaining { frame -= 1 }
            while frame < frameCount - 1, step * (frame + 1) <= remaining { frame += 1 }
            return PlaybackPosition(frame: frame, play: play, isFinished: false)
        }
        var remaining = time - cycle * play
        for index in 0..<frameCount {
            let d = duration(ofFrame: index)
            if remaining < d { return PlaybackPosition(frame: index, play: play, isFinished: false) }
            remaining -= d
        }
        return PlaybackPosition(frame: frameCount - 1, play: play, isFinished: false)
    }

    public func timeUntilNextFrame(at elapsed: Duration, timing: FrameTiming) -> Duration? {
        let cycle = cycleDuration(timing: timing)
        guard frameCount > 1, cycle > .zero else { return nil }
        let position = position(at: elapsed, timing: timing)
        guard !position.isFinished else { return nil }
        let end = cycle * position.play + startOffset(ofFrame: position.frame + 1, timing: timing)
        return max(end - max(elapsed, .zero), .nanoseconds(1))
    }
}
