import CellPictures
import ViewCore

/// A glyph spinner: frames of text shown one after another at a fixed interval.
/// Every frame of a style has the same display width, so the label beside it never moves.
///
/// ```swift
/// let style = SpinnerStyle(name: "dots", frames: ["·  ", "·· ", "···"], interval: .milliseconds(120))
/// let indicator = ActivityIndicator(animation: style, label: "Loading", clock: clock)
/// ```
///
/// It is a `FrameAnimation` of text frames, so a refresh control or any `FramePlayer`
/// plays it as readily as a GIF.
public struct SpinnerStyle: Hashable, Sendable, FrameAnimation {
    /// A short name, as the gallery and `showcase run --style` use it.
    public let name: String
    /// The frames, in order; the animation wraps around.
    public let frames: [String]
    /// How long each frame shows.
    public let interval: Duration
    /// What reduced motion shows instead of the animation.
    public let still: String
    /// What a command-line line shows in `{spinner}` once it ended with
    /// ``LineIndicator/finish()`` (nil: ✓).
    public let finished: String?
    /// The display width of the widest frame (every frame of a catalogue style has this
    /// width), worked out once: a spinner asks for it every frame.
    public let width: Int

    /// Creates a style; `still` defaults to the last frame; `finished`, the frame a finished
    /// line keeps, to ✓.
    public init(name: String, frames: [String], interval: Duration, still: String? = nil, finished: String? = nil) {
        self.name = name
        self.frames = frames.isEmpty ? [" "] : frames
        self.interval = max(interval, .milliseconds(10))
        self.still = still ?? self.frames[self.frames.count - 1]
        self.finished = finished?.sanitizedForTerminal
        self.width = self.frames.lazy.map(\.displayWidth).max() ?? 0
    }

    /// A style from indicatif's `tick_strings`: every string but the last is a frame, and the
    /// last is what a finished line keeps (`["▹▹▹", "▸▹▹", "▹▸▹", "▹▹▸", "▪▪▪"]` ends on `▪▪▪`).
    /// A single string is both.
    public static func tickStrings(_ strings: [String], interval: Duration = .milliseconds(100), name: String = "custom") -> SpinnerStyle {
        let frames = strings.count > 1 ? Array(strings.dropLast()) : strings
        return SpinnerStyle(name: name, frames: frames, interval: interval, finished: strings.last)
    }

    /// A style from indicatif's `tick_chars`: every character but the last is a frame, the
    /// last what a finished line keeps (`"⠁⠂⠄⡀⢀⠠⠐⠈ "` ends on a space).
    public static func tickCharacters(_ characters: String, interval: Duration = .milliseconds(100), name: String = "custom") -> SpinnerStyle {
        tickStrings(characters.map(String.init), interval: interval, name: name)
    }

    /// Whether every frame (and the still glyph) has the same display width.
    public var hasUniformWidth: Bool {
        let w = width
        return frames.allSatisfy { $0.displayWidth == w } && still.displayWidth == w
    }

    /// One full turn of the animation.
    public var cycle: Duration { interval * frames.count }
}

extension SpinnerStyle {
    /// The number of frames.
    public var frameCount: Int { frames.count }
    /// One row as wide as the widest frame.
    public var frameSize: FrameSize { .text(width: width) }
    /// Every frame shows for ``interval``.
    public func duration(ofFrame index: Int) -> Duration { interval }
    /// Frame `index` (wrapping around) as text.
    public func frame(at index: Int) -> AnimationFrame {
        .text(frames[((index % frames.count) + frames.count) % frames.count])
    }
    /// The ``still`` glyph.
    public var stillFrame: AnimationFrame { .text(still) }
}
