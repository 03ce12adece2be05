import Foundation
import TUICore

/// An activity indicator: a glyph spinner, a cycle of images or an animated GIF, with an
/// optional label beside or below it (B1.1).
///
/// The frame shown is computed from the time since ``startAnimating()`` on the injected
/// scheduler, so a late or duplicate tick never speeds it up or makes it drift. It keeps
/// one timer, for the next frame change, and asks for a redraw (``onNeedsDisplay``) only
/// when the frame changes. With reduced motion it shows a still glyph (or the first image)
/// and the label, and schedules nothing.
///
/// ```swift
/// let spinner = ActivityIndicator(content: .glyphs(.comet), label: "Loading", scheduler: scheduler)
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

    /// What is animated.
    public var content: IndicatorContent {
        didSet { cache = nil; restartTimer() }
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
    /// How images become cells (`.monochrome` for terminals without colour).
    public var imageMode: HalfBlockRasterizer.Mode = .color {
        didSet { cache = nil }
    }
    /// Whether nothing is drawn while stopped.
    public var hidesWhenStopped: Bool
    /// Whether a still glyph replaces the animation (see ``ReducedMotion``).
    public var reducedMotion: Bool {
        didSet { restartTimer() }
    }
    /// Called when the frame changes and the indicator should be drawn again.
    public var onNeedsDisplay: (@MainActor () -> Void)?
    /// When true, the indicator stops waking the process while it is not being drawn (on a
    /// hidden tab, say) and picks up again, at the right frame, when it is drawn.
    public var sleepsWhenNotDrawn = false

    /// Whether the indicator is animating.
    public private(set) var isAnimating = false

    private let scheduler: any Scheduler
    private var startedAt: Duration = .zero
    private var timer: ScheduledWork?
    private var lastDrawnFrame = -1
    private var cache: (frame: Int, box: Size, cells: Canvas)?
    private var drawnSinceTick = true

    /// Creates a stopped indicator. Reduced motion defaults to the environment's request.
    public init(
        content: IndicatorContent, label: String? = nil, labelPlacement: LabelPlacement = .trailing,
        hidesWhenStopped: Bool = true,
        reducedMotion: Bool = ReducedMotion.isRequested(in: ProcessInfo.processInfo.environment),
        scheduler: any Scheduler
    ) {
        self.content = content
        self.label = label
        self.labelPlacement = labelPlacement
        self.hidesWhenStopped = hidesWhenStopped
        self.reducedMotion = reducedMotion
        self.scheduler = scheduler
    }

    /// Starts the animation from its first frame. Calling it while animating does nothing.
    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        startedAt = scheduler.now
        lastDrawnFrame = -1
        restartTimer()
        onNeedsDisplay?()
    }

    /// Stops the animation (and hides the indicator if ``hidesWhenStopped``). Safe to call
    /// at any time, any number of times.
    public func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        timer?.cancel()
        timer = nil
        onNeedsDisplay?()
    }

    /// The frame showing now.
    public var currentFrame: Int {
        guard isAnimating, !reducedMotion else { return 0 }
        return content.frame(at: scheduler.now - startedAt)
    }

    /// The cells the indicator and its label take.
    public var preferredSize: Size {
        let body = bodySize
        let labelWidth = label.map { $0.sanitizedForTerminal.displayWidth } ?? 0
        guard labelWidth > 0 else { return body }
        switch labelPlacement {
        case .trailing: return Size(width: body.width + 1 + labelWidth, height: body.height)
        case .below: return Size(width: max(body.width, labelWidth), height: body.height + 1)
        }
    }

    private var bodySize: Size {
        switch content {
        case .glyphs(let style): return Size(width: style.width, height: 1)
        case .images(let images, _):
            guard let first = images.first else { return .zero }
            return HalfBlockRasterizer().fittedSize(width: first.width, height: first.height, in: imageBox)
        case .gif(let image, _):
            return HalfBlockRasterizer().fittedSize(width: image.width, height: image.height, in: imageBox)
        }
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard isAnimating || !hidesWhenStopped else { return }
        drawnSinceTick = true
        if isAnimating, !reducedMotion, timer == nil || timer?.isCancelled == true { scheduleNextTick() }
        let frame = currentFrame
        lastDrawnFrame = frame
        let size = preferredSize
        let box = alignment == .center ? rect.centered(size) : Rect(origin: rect.origin, size: size).intersection(rect)
        let body = bodySize
        let bodyOrigin: Point
        switch labelPlacement {
        case .trailing: bodyOrigin = box.origin
        case .below: bodyOrigin = Point(x: box.x + (box.width - body.width) / 2, y: box.y)
        }
        switch content {
        case .glyphs(let style):
            // Stopped (but shown) or with reduced motion: the style's still glyph.
            let text = reducedMotion || !isAnimating ? style.still : style.frames[frame % style.frames.count]
            canvas.draw(text, at: bodyOrigin, style: glyphStyle, clip: rect)
        case .images, .gif:
            let cells = imageCells(frame: frame)
            var clipped = Canvas(size: Size(width: min(cells.size.width, rect.maxX - bodyOrigin.x), height: min(cells.size.height, rect.maxY - bodyOrigin.y)))
            clipped.blit(cells, at: .zero)
            canvas.overlay(clipped, at: bodyOrigin)  // transparent parts show what is beneath
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

    private func imageCells(frame: Int) -> Canvas {
        if let cache, cache.frame == frame, cache.box == imageBox { return cache.cells }
        let image: RGBAImage?
        switch content {
        case .images(let images, _): image = images.isEmpty ? nil : images[frame % images.count]
        case .gif(let gif, _): image = gif.frame(at: frame)
        case .glyphs: image = nil
        }
        let cells = image.map { HalfBlockRasterizer(mode: imageMode).rasterize($0, fitting: imageBox) } ?? Canvas(size: .zero)
        cache = (frame, imageBox, cells)
        return cells
    }

    private func restartTimer() {
        timer?.cancel()
        timer = nil
        guard isAnimating, !reducedMotion else { return }
        scheduleNextTick()
    }

    private func scheduleNextTick() {
        guard let wait = content.timeUntilNextFrame(at: scheduler.now - startedAt) else { return }
        timer = scheduler.schedule(after: wait) { [weak self] in self?.tick() }
    }

    private func tick() {
        timer = nil
        guard isAnimating else { return }
        if sleepsWhenNotDrawn {
            guard drawnSinceTick else { return }  // not on screen: wait for the next render
            drawnSinceTick = false
        }
        if currentFrame != lastDrawnFrame { onNeedsDisplay?() }
        scheduleNextTick()
    }
}
