import CellPictures
import ViewCore

/// An activity indicator: a glyph spinner, a cycle of images or an animated GIF — any
/// `FrameAnimation` — with an optional label beside or below it.
///
/// A `FramePlayer` plays the animation: the frame shown is computed from the time since
/// ``startAnimating()`` on the injected scheduler, so a late or duplicate tick never speeds
/// it up or makes it drift; one timer runs, for the next frame change, and a redraw is asked
/// for (``onNeedsDisplay``) only when the frame changes. With reduced motion it shows the
/// animation's still frame (a spinner's still glyph, an image's first frame) and the label,
/// and schedules nothing.
///
/// ```swift
/// let spinner = ActivityIndicator(animation: SpinnerStyle.comet, label: "Loading", clock: clock)
/// spinner.onNeedsDisplay = { host.setNeedsDisplay() }
/// spinner.startAnimating()
/// ```
@MainActor
public final class ActivityIndicator: View {
    /// Where the label goes.
    public enum LabelPlacement: Sendable {
        /// On the same row, after one space.
        case trailing
        /// On the row under the indicator, centered.
        case below
    }

    /// Where the indicator sits in the rectangle it is given.
    public enum Alignment: Sendable {
        /// At the top-left corner.
        case leading
        /// In the middle.
        case center
    }

    /// What is animated: a `SpinnerStyle`, an ``ImageCycle``, a GIF (GifDecoding's
    /// `AnimatedImage`) or any other `FrameAnimation`.
    public var animation: any FrameAnimation {
        get { player.animation }
        set { player.animation = newValue }
    }
    /// Which durations the frames play with (their own by default).
    public var timing: FrameTiming {
        get { player.timing }
        set { player.timing = newValue }
    }
    /// Text shown with the indicator (sanitised before drawing).
    public var label: String?
    /// Where the label goes.
    public var labelPlacement: LabelPlacement
    /// Where the indicator sits.
    public var alignment: Alignment = .center
    /// Colour and attributes of glyph frames.
    public var glyphStyle = Style(foreground: .cyan, attributes: .bold)
    /// Colour and attributes of the label.
    public var labelStyle = Style()
    /// The cell box images and GIFs are fitted into (aspect ratio kept).
    public var imageBox = Size(width: 16, height: 8)
    /// How image frames are drawn: symbols, the terminal's background, contrast, colour
    /// (pass `ImageStyle(for: capabilities)`). Where it leaves the contrast to the
    /// indicator, a GIF's pixels keep 0.25 from the background, so its dim strokes stay
    /// visible at indicator size.
    public var imageStyle: ImageStyle {
        get { player.imageStyle }
        set { player.imageStyle = newValue }
    }
    /// Whether nothing is drawn while stopped.
    public var hidesWhenStopped: Bool
    /// Whether the still frame replaces the animation (see `ReducedMotion`).
    public var reducedMotion: Bool {
        get { player.reducedMotion }
        set { player.reducedMotion = newValue }
    }
    /// Called when the frame changes and the indicator should be drawn again.
    public var onNeedsDisplay: (@MainActor () -> Void)? {
        get { player.onNeedsDisplay }
        set { player.onNeedsDisplay = newValue }
    }
    /// When true, the indicator stops waking the process while it is not being drawn (on a
    /// hidden tab, say) and picks up again, at the right frame, when it is drawn.
    public var sleepsWhenNotDrawn: Bool {
        get { player.sleepsWhenNotDrawn }
        set { player.sleepsWhenNotDrawn = newValue }
    }

    /// Whether the indicator is animating.
    public var isAnimating: Bool { player.state != .stopped }

    /// The player behind the indicator.
    public let player: FramePlayer

    /// Creates a stopped indicator. Reduced motion is off unless asked for: pass
    /// `ReducedMotion.isRequested(in: ProcessInfo.processInfo.environment)` to follow the
    /// environment.
    public init(
        animation: any FrameAnimation,
        timing: FrameTiming = .own,
        label: String? = nil,
        labelPlacement: LabelPlacement = .trailing,
        hidesWhenStopped: Bool = true,
        reducedMotion: Bool = false,
        clock scheduler: any Scheduler = LiveScheduler()
    ) {
        player = FramePlayer(animation: animation, timing: timing, clock: scheduler)
        player.defaultMinimumContrast = 0.25
        player.reducedMotion = reducedMotion
        self.label = label
        self.labelPlacement = labelPlacement
        self.hidesWhenStopped = hidesWhenStopped
    }

    /// Starts the animation from its first frame. Calling it while animating does nothing.
    public func startAnimating() {
        guard !isAnimating else { return }
        player.play()
    }

    /// Stops the animation (and hides the indicator if ``hidesWhenStopped``). Safe to call
    /// at any time, any number of times.
    public func stopAnimating() {
        player.stop()
    }

    /// The frame showing now (0 while stopped or with reduced motion).
    public var currentFrame: Int { player.currentFrame }

    /// The cells the indicator and its label take.
    public var preferredSize: Size {
        let body = player.size(fitting: imageBox)
        let labelWidth = label.map { $0.sanitizedForTerminal.displayWidth } ?? 0
        guard labelWidth > 0 else { return body }
        switch labelPlacement {
        case .trailing: return Size(width: body.width + 1 + labelWidth, height: body.height)
        case .below: return Size(width: max(body.width, labelWidth), height: body.height + 1)
        }
    }

    /// Draws the current frame and the label in `rect`, aligned by ``alignment``.
    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard isAnimating || !hidesWhenStopped else { return }
        let size = preferredSize
        let box = alignment == .center ? rect.centered(size) : Rect(origin: rect.origin, size: size).intersection(rect)
        let body = player.size(fitting: imageBox)
        let bodyOrigin: Point
        switch labelPlacement {
        case .trailing: bodyOrigin = box.origin
        case .below: bodyOrigin = Point(x: box.x + (box.width - body.width) / 2, y: box.y)
        }
        let cells = player.cells(fitting: imageBox, textStyle: glyphStyle)
        let room = Size(width: min(cells.size.width, rect.maxX - bodyOrigin.x), height: min(cells.size.height, rect.maxY - bodyOrigin.y))
        if room == cells.size {
            canvas.overlay(cells, at: bodyOrigin)  // transparent parts show what is beneath
        } else {
            var clipped = Canvas(size: room)  // cut at the rectangle's edges
            clipped.blit(cells, at: .zero)
            canvas.overlay(clipped, at: bodyOrigin)
        }
        guard let label, !label.isEmpty else { return }
        let text = label.sanitizedForTerminal
        switch labelPlacement {
        case .trailing:
            canvas.draw(text, at: Point(x: box.x + body.width + 1, y: box.y + (body.height - 1) / 2), style: labelStyle, clip: rect)
        case .below:
            let x = box.x + max(0, (box.width - text.displayWidth) / 2)
            canvas.draw(text, at: Point(x: x, y: box.y + body.height), style: labelStyle, clip: rect)
        }
    }
}
