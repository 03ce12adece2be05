/// Which durations an animation plays its frames with.
public enum FrameTiming: Hashable, Sendable {
    /// The file's own delays, by browser rules (0 or 1 cs, or none, play as 100 ms).
    case file
    /// One cycle of `cycle` spread evenly over the frames, ignoring the file's delays (B0.3),
    /// as `UIImage.animatedImage(with:duration:)` does.
    case uniform(cycle: Duration)

    /// A uniform one-second cycle, the default of the original control.
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
}

extension AnimatedImage {
    /// How long frame `index` shows under `timing`.
    public func duration(ofFrame index: Int, timing: FrameTiming) -> Duration {
        switch timing {
        case .file:
            return frames.indices.contains(index) ? frames[index].duration : .zero
        case .uniform(let cycle):
            return frames.isEmpty ? .zero : cycle / frames.count
        }
    }

    /// The length of one play under `timing`.
    public func cycleDuration(timing: FrameTiming) -> Duration {
        switch timing {
        case .file: frames.reduce(.zero) { $0 + $1.duration }
        case .uniform(let cycle): cycle
        }
    }

    /// The frame to show `elapsed` after the animation started. Timed from the start, so
    /// a late caller skips frames rather than slowing the animation down.
    public func position(at elapsed: Duration, timing: FrameTiming) -> PlaybackPosition {
        let cycle = cycleDuration(timing: timing)
        guard frames.count > 1, cycle > .zero else { return PlaybackPosition(frame: 0, play: 0, isFinished: frames.count <= 1) }
        let time = max(elapsed, .zero)
        let play = Int(time / cycle)
        if case .count(let limit) = plays, play >= limit {
            return PlaybackPosition(frame: frames.count - 1, play: limit - 1, isFinished: true)
        }
        var remaining = time - cycle * play
        for index in frames.indices {
            let d = duration(ofFrame: index, timing: timing)
            if remaining < d { return PlaybackPosition(frame: index, play: play, isFinished: false) }
            remaining -= d
        }
        return PlaybackPosition(frame: frames.count - 1, play: play, isFinished: false)
    }
}

extension AnimatedImage {
    /// How long after `elapsed` the frame to show next changes; nil when playback is over
    /// (or there is nothing to animate).
    public func timeUntilNextFrame(at elapsed: Duration, timing: FrameTiming) -> Duration? {
        let cycle = cycleDuration(timing: timing)
        guard frames.count > 1, cycle > .zero else { return nil }
        let position = position(at: elapsed, timing: timing)
        guard !position.isFinished else { return nil }
        var end = cycle * position.play
        for index in 0...position.frame { end += duration(ofFrame: index, timing: timing) }
        return max(end - max(elapsed, .zero), .nanoseconds(1))
    }
}
