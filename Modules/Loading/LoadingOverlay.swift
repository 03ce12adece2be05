import Indicator
import TUICore

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
        pageIndicator = ActivityIndicator(animation: center.pageAnimation, scheduler: center.scheduler)
        spinnerIndicator = ActivityIndicator(animation: center.spinnerAnimation, timing: center.spinnerTiming, scheduler: center.scheduler)
        for indicator in [pageIndicator, spinnerIndicator] {
            indicator.labelPlacement = .below
            indicator.onNeedsDisplay = { [weak center] in requestDisplay(center?.onNeedsDisplay) }
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

    /// Blanks the characters in `rect`, keeping each cell's background.
    static func clearText(in rect: Rect, on canvas: inout Canvas) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                canvas[x, y] = Cell(" ", style: Style(background: canvas[x, y].style.background))
            }
        }
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        let opacity = center.opacity
        guard opacity > 0, !rect.isEmpty else { return }
        let label = center.currentLabel
        pageIndicator.imageStyle = center.imageStyle
        spinnerIndicator.imageStyle = center.imageStyle
        switch center.presentation {
        case .page:
            canvas.shade(rect, with: .rgb(255, 255, 255), opacity: 0.3 * opacity, theme: center.imageStyle.theme)
            pageIndicator.imageBox = Size(width: min(32, max(16, rect.width / 4)), height: min(12, max(8, rect.height / 3)))
            pageIndicator.label = label ?? "Loading…"
            // The images sit on a clean panel: the text beneath does not show through their
            // transparent pixels (the shade's colours stay).
            Self.clearText(in: rect.centered(pageIndicator.preferredSize).inset(by: -1).intersection(rect), on: &canvas)
            pageIndicator.render(in: rect, on: &canvas)
            drawProgress(under: rect.centered(pageIndicator.preferredSize), within: rect, on: &canvas)
        case .fullScreen:
            canvas.shade(rect, with: .black, opacity: 0.6 * opacity, theme: center.imageStyle.theme)
            // The image grows with the screen (a quarter of its width, a third of its
            // height), never smaller than 14×5.
            spinnerIndicator.imageBox = Size(width: min(28, max(14, rect.width / 4)), height: min(10, max(5, rect.height / 3)))
            spinnerIndicator.label = label
            spinnerIndicator.render(in: rect, on: &canvas)
            drawProgress(under: rect.centered(spinnerIndicator.preferredSize), within: rect, on: &canvas)
        case .compact:
            canvas.shade(rect, with: .black, opacity: 0.4 * opacity, theme: center.imageStyle.theme)
            let box = Self.compactBox(in: rect)
            canvas.fill(box, with: Cell(" ", style: Style(background: .rgb(40, 40, 48))))
            canvas.drawBox(box, style: Style(foreground: .brightBlack, background: .rgb(40, 40, 48)))
            // The indicator at half the box's size.
            spinnerIndicator.imageBox = Size(width: max(2, box.width / 2), height: max(1, box.height / 2))
            spinnerIndicator.label = nil
            spinnerIndicator.render(in: box.inset(by: 1), on: &canvas)
            if let label {
                // Under the box, as wide as the screen allows (a count of others must show).
                let text = label.truncated(toWidth: max(0, rect.width - 2))
                let x = max(rect.x, box.x + (box.width - text.displayWidth) / 2)
                canvas.draw(text, at: Point(x: x, y: box.maxY), style: Style(attributes: .bold), clip: rect)
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
        case .key, .mouse, .paste: return .handled  // nothing beneath reacts (B3.4)
        case .resize: return .ignored
        }
    }
}
