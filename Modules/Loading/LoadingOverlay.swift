import Indicator
import ViewCore

/// The view a ``LoadingCenter`` lays over a screen: a shade, an indicator, the label and
/// any progress, in the center's presentation. With `stopTouch` it takes every key (but the
/// center's `passingKeys`: Ctrl-C, Ctrl-Z and the app's quit key) and
/// click; Esc cancels cancellable activities.
@MainActor
final class LoadingOverlay: View {
    private unowned let center: LoadingCenter
    private let pageIndicator: ActivityIndicator
    private let spinnerIndicator: ActivityIndicator

    init(center: LoadingCenter) {
        self.center = center
        pageIndicator = ActivityIndicator(animation: center.pageAnimation, clock: center.scheduler)
        spinnerIndicator = ActivityIndicator(animation: center.spinnerAnimation, timing: center.spinnerTiming, clock: center.scheduler)
        for indicator in [pageIndicator, spinnerIndicator] {
            indicator.labelPlacement = .below
            indicator.onNeedsDisplay = { [weak center] in center?.requestDisplay() }
        }
    }

    /// Starts both indicators with the center's animations as they are now.
    func startAnimating() {
        pageIndicator.animation = center.pageAnimation
        spinnerIndicator.animation = center.spinnerAnimation
        spinnerIndicator.timing = center.spinnerTiming
        for indicator in [pageIndicator, spinnerIndicator] {
            indicator.reducedMotion = center.reducedMotion
            indicator.startAnimating()
        }
    }

    func stopAnimating() {
        pageIndicator.stopAnimating()
        spinnerIndicator.stopAnimating()
    }

    /// The compact box for a screen area: a quarter of its width, square in pixels (cells
    /// are twice as tall as wide), centered.
    static func compactBox(in rect: Rect) -> Rect {
        let side = max(4, rect.width / 4)
        return rect.centered(Size(width: side, height: max(3, side / 2)))
    }

    /// The panel labels and the compact box sit on: a tone off the terminal's background.
    static func panel(_ theme: TerminalTheme) -> Style {
        theme == .light
            ? Style(foreground: .rgb(20, 20, 28), background: .rgb(232, 232, 238)) : Style(foreground: .rgb(235, 235, 240), background: .rgb(40, 40, 48))
    }

    /// `label` cut to `width` cells with `…`, the count of other activities (`(+2)`) kept.
    static func fitted(_ label: String, width: Int) -> String {
        guard label.displayWidth > width else { return label }
        if let open = label.range(of: " (+", options: .backwards), label.hasSuffix(")") {
            let count = String(label[open.lowerBound...])
            if count.displayWidth < width { return String(label[..<open.lowerBound]).truncated(toWidth: width - count.displayWidth) + count }
        }
        return label.truncated(toWidth: width)
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        let opacity = center.opacity
        guard opacity > 0, !rect.isEmpty else { return }
        let label = center.currentLabel
        let theme = center.imageStyle.theme
        let panel = Self.panel(theme)
        pageIndicator.imageStyle = center.imageStyle
        spinnerIndicator.imageStyle = center.imageStyle
        // Labels on a panel of their own, a space either side; the images over the page as
        // they are (their transparent pixels show what is beneath, text included).
        for indicator in [pageIndicator, spinnerIndicator] { indicator.labelStyle = panel.adding(.bold) }
        func padded(_ text: String?) -> String? { text.map { " " + Self.fitted($0, width: max(1, rect.width - 2)) + " " } }
        switch center.presentation {
        case .page:
            // A translucent page: what is beneath fades towards the terminal's background,
            // dark or light.
            let (r, g, b) = theme.background
            canvas.shade(rect, with: .rgb(r, g, b), opacity: 0.55 * opacity, theme: theme)
            pageIndicator.imageBox = Size(width: min(32, max(16, rect.width / 4)), height: min(12, max(8, rect.height / 3)))
            pageIndicator.label = padded(label ?? "Loading…")
            pageIndicator.render(in: rect, on: &canvas)
            drawProgress(under: rect.centered(pageIndicator.preferredSize), within: rect, on: &canvas)
        case .fullScreen:
            canvas.shade(rect, with: .black, opacity: 0.6 * opacity, theme: theme)
            // The image grows with the screen (a quarter of its width, a third of its
            // height), never smaller than 14×5.
            spinnerIndicator.imageBox = Size(width: min(28, max(14, rect.width / 4)), height: min(10, max(5, rect.height / 3)))
            spinnerIndicator.label = padded(label)
            spinnerIndicator.render(in: rect, on: &canvas)
            drawProgress(under: rect.centered(spinnerIndicator.preferredSize), within: rect, on: &canvas)
        case .compact:
            canvas.shade(rect, with: .black, opacity: 0.4 * opacity, theme: theme)
            let box = Self.compactBox(in: rect)
            canvas.fill(box, with: Cell(" ", style: panel))
            canvas.drawBox(box, style: Style(foreground: .brightBlack, background: panel.background))
            // The indicator at half the box's size in its middle; the label inside the
            // box, on its last row.
            let inner = box.inset(by: 1)
            let labelRows = label == nil || inner.height < 3 ? 0 : 1
            spinnerIndicator.imageBox = Size(width: max(2, box.width / 2), height: max(1, box.height / 2))
            spinnerIndicator.label = nil
            spinnerIndicator.render(in: Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - labelRows), on: &canvas)
            if let label, labelRows == 1 {
                let text = Self.fitted(label, width: inner.width)
                canvas.draw(text, at: Point(x: inner.x + (inner.width - text.displayWidth) / 2, y: inner.maxY - 1), style: panel.adding(.bold), clip: inner)
            }
            drawProgress(under: box.inset(top: 0, left: 0, bottom: -1, right: 0), within: rect, on: &canvas)
        }
        if center.hasCancellable {
            canvas.draw("Esc cancels", at: Point(x: rect.x + 1, y: rect.maxY - 1), style: Style(attributes: .dim), clip: rect)
        }
    }

    private func drawProgress(under area: Rect, within rect: Rect, on canvas: inout Canvas) {
        guard let progress = center.currentProgress else { return }
        let width = max(10, min(30, rect.width - 4))
        let y = area.maxY + 1
        let x = rect.x + (rect.width - width) / 2
        // The bar the command-line indicators draw, to an eighth of a cell.
        let (filled, empty) = ProgressStyle.BarGlyphs.smooth.render(fraction: progress.fraction, width: width)
        canvas.draw(filled, at: Point(x: x, y: y), style: Style(foreground: .cyan), clip: rect)
        canvas.draw(empty, at: Point(x: x + filled.displayWidth, y: y), style: Style(foreground: .cyan, attributes: .dim), clip: rect)
        let text = "\(Int((progress.fraction * 100).rounded())) %" + (progress.message.map { " · \($0)" } ?? "")
        canvas.draw(text.truncated(toWidth: rect.width), at: Point(x: rect.x + max(0, (rect.width - text.displayWidth) / 2), y: y + 1), clip: rect)
    }

    func handle(_ event: InputEvent) -> EventResult {
        if event == .key(.escape), center.hasCancellable {
            center.cancelCancellable()
            return .handled
        }
        guard center.stopTouch else { return .ignored }
        switch event {
        case .key(let key) where center.passingKeys.contains(key): return .ignored  // quit, suspend
        case .key, .mouse, .paste, .pasteCut: return .handled  // nothing beneath reacts
        case .resize: return .ignored
        }
    }
}
