import ViewCore

/// A progress bar for a full-screen app: a fraction drawn in eighths of a cell, in a
/// gradient, with its percentage; a new value is eased to over a moment on the scheduler
/// (Motion's `Tween`), so steps of a download read as motion, not jumps. (Command-line tools use
/// Indicator's `ProgressBar`, drawn on a line of its own.)
///
/// ```swift
/// let bar = ProgressView(clock: clock)
/// bar.setProgress(0.4)                 // eases from 0 to 0.4 over 0.4 s
/// bar.setProgress(1, animated: false)  // at once
/// ```
@MainActor
public final class ProgressView: View {
    /// The value eased to, from 0 to 1.
    public private(set) var target: Double = 0
    /// How long easing to a new value takes.
    public var easing: Duration = .milliseconds(400)
    /// The filled part's colours, left to right (one colour: no gradient).
    public var colors: [RGBA] = [RGBA(90, 86, 224), RGBA(238, 111, 248)]
    /// The empty part's style.
    public var emptyStyle = Style(foreground: .rgb(70, 70, 80))
    /// Whether the percentage is drawn after the bar.
    public var showsPercentage = true
    /// Called when the bar should be drawn again (nil: the host that drew it is asked).
    public var onNeedsDisplay: (@MainActor () -> Void)?

    private let scheduler: any Scheduler
    /// The filled cells' styles, left to right, for the width and colours last drawn: the
    /// gradient is worked out when they change, not every frame.
    private var gradient: (width: Int, colors: [RGBA], styles: [Style]) = (0, [], [])
    private var motion = Tween<Double>(from: 0, to: 0, duration: .zero, easing: .easeOut, start: .zero)
    private var frames: ScheduledWork?
    private var host = HostLink()

    /// A bar at 0 on `scheduler`'s clock.
    public init(clock scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// The value drawn now: on its way to ``target`` while easing.
    public var shown: Double { motion.value(at: scheduler.now) }

    /// Moves the bar to `value` (clamped to 0…1): eased from where it shows now, or at once.
    public func setProgress(_ value: Double, animated: Bool = true) {
        target = min(1, max(0, value.isNaN ? 0 : value))
        let now = scheduler.now
        motion = Tween(from: shown, to: target, duration: animated ? easing : .zero, easing: .easeOut, start: now)
        frames?.cancel()
        frames = nil
        if animated, easing > .zero {
            // About 30 frames a second while it moves, none once it is there.
            frames = scheduler.scheduleRepeating(every: .milliseconds(33)) { [weak self] in
                guard let self else { return }
                if self.scheduler.now >= self.motion.start + self.motion.duration {
                    self.frames?.cancel()
                    self.frames = nil
                }
                self.host.request(self.onNeedsDisplay)
            }
        }
        host.request(onNeedsDisplay)
    }

    /// Stops easing (the bar shows its target).
    public func finishEasing() {
        frames?.cancel()
        frames = nil
        motion = Tween(from: target, to: target, duration: .zero, easing: .linear, start: scheduler.now)
    }

    private static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        guard !rect.isEmpty else { return }
        let value = shown
        // The label keeps the width of " 100%", so the bar does not change length as it fills.
        let percent = String(Int((value * 100).rounded(.down))) + "%"
        let label = showsPercentage ? String(repeating: " ", count: max(1, 5 - percent.count)) + percent : ""
        let barWidth = max(0, rect.width - label.displayWidth)
        let filledEighths = Int((value * Double(barWidth * 8)).rounded(.down))
        if gradient.width != barWidth || gradient.colors != colors {
            let styles = (0..<barWidth).map { x in
                let color = Self.color(at: barWidth <= 1 ? 0 : Double(x) / Double(barWidth - 1), in: colors)
                return Style(foreground: .rgb(color.r, color.g, color.b))
            }
            gradient = (barWidth, colors, styles)
        }
        for x in 0..<barWidth {
            let point = Point(x: rect.x + x, y: rect.y)
            let eighthsHere = min(8, max(0, filledEighths - x * 8))
            switch eighthsHere {
            case 8: canvas.put("█", at: point, style: gradient.styles[x], clip: rect)
            case 0: canvas.put("░", at: point, style: emptyStyle, clip: rect)
            default: canvas.put(Self.eighths[eighthsHere - 1], at: point, style: gradient.styles[x], clip: rect)
            }
        }
        if showsPercentage { canvas.draw(label, at: Point(x: rect.x + barWidth, y: rect.y), clip: rect) }
    }

    /// The gradient's colour a fraction `t` of the way along `colors`.
    static func color(at t: Double, in colors: [RGBA]) -> RGBA {
        guard let first = colors.first else { return RGBA(255, 255, 255) }
        guard colors.count > 1 else { return first }
        let scaled = min(1, max(0, t)) * Double(colors.count - 1)
        let index = min(colors.count - 2, Int(scaled))
        let f = scaled - Double(index)
        let (a, b) = (colors[index], colors[index + 1])
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * f).rounded()) }
        return RGBA(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
    }
}
