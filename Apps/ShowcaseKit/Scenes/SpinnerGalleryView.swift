import Indicator
import IndicatorKit

/// The "Spinners" scene: every built-in spinner style animating side by side.
/// ↑/↓ (or the wheel) choose a style, space stops or starts it, `r` toggles reduced
/// motion for all of them.
@MainActor
final class SpinnerGalleryView: View {
    private let indicators: [ActivityIndicator]
    private var selected = 0
    private var firstVisible = 0
    private var reducedMotion: Bool
    private var lastRect = Rect.zero

    init(context: SceneContext, reducedMotion: Bool) {
        self.reducedMotion = reducedMotion
        indicators = SpinnerStyle.catalogue.map { style in
            let indicator = ActivityIndicator(animation: style, label: nil, hidesWhenStopped: false, reducedMotion: reducedMotion, clock: context.scheduler)
            indicator.alignment = .leading
            indicator.sleepsWhenNotDrawn = true
            indicator.onNeedsDisplay = context.setNeedsDisplay
            indicator.startAnimating()
            return indicator
        }
    }

    /// What a style's glyphs need of the terminal's fonts that common ones lack (Debian's
    /// DejaVu and Noto core fonts draw boxes for Hangul).
    static let fontNotes = ["hangul": "needs a Hangul font (fonts-noto-cjk)"]

    func render(in rect: Rect, on canvas: inout Canvas) {
        lastRect = rect
        let area = rect.inset(top: 1, left: 2, bottom: 0, right: 1)
        let (header, list) = area.splitTop(2)
        // Whole parts only: the count always, the rest while it fits (the keys are on the status line too).
        var parts = ["\(indicators.count) styles", reducedMotion ? "reduced motion (r: animate)" : "r: reduced motion", "↑/↓ choose", "space stop/start"]
        var headline = parts.removeFirst()
        for part in parts where headline.displayWidth + 3 + part.displayWidth <= header.width { headline += " · " + part }
        canvas.draw(headline, at: header.origin, style: Style(attributes: .dim), clip: header)
        // When the list is longer than the room, its last row says how much more there is.
        let scrolls = indicators.count > list.height
        let rows = max(1, scrolls ? list.height - 1 : list.height)
        if selected < firstVisible { firstVisible = selected }
        if selected >= firstVisible + rows { firstVisible = selected - rows + 1 }
        for (row, index) in (firstVisible..<min(indicators.count, firstVisible + rows)).enumerated() {
            let line = Rect(x: list.x, y: list.y + row, width: list.width, height: 1)
            let indicator = indicators[index]
            guard let style = indicator.animation as? SpinnerStyle else { continue }
            let isSelected = index == selected
            let nameStyle = isSelected ? Style(attributes: [.reverse, .bold]) : Style()
            canvas.draw((isSelected ? "› " : "  ") + style.name.padded(toWidth: 12), at: line.origin, style: nameStyle, clip: line)
            indicator.render(in: line.inset(left: 15), on: &canvas)
            let facts =
                "\(style.interval.milliseconds) ms × \(style.frames.count)" + (indicator.isAnimating ? "" : "  stopped")
                + (Self.fontNotes[style.name].map { "  · " + $0 } ?? "")
            canvas.draw(facts, at: Point(x: line.x + 24, y: line.y), style: Style(attributes: .dim), clip: line)
        }
        if scrolls, list.height >= 2 {
            let above = firstVisible
            let below = max(0, indicators.count - firstVisible - rows)
            let hint = [above > 0 ? "↑ \(above) above" : nil, below > 0 ? "↓ \(below) more below" : nil].compactMap { $0 }.joined(separator: " · ")
            canvas.draw("  " + hint + " (↑/↓ or the wheel)", at: Point(x: list.x, y: list.y + rows), style: Style(attributes: [.dim, .bold]), clip: list)
        }
    }

    func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.down):
            selected = min(indicators.count - 1, selected + 1)
        case .key(.up):
            selected = max(0, selected - 1)
        case .mouse(let mouse) where mouse.action == .wheelDown || mouse.action == .wheelUp:
            selected = max(0, min(indicators.count - 1, selected + (mouse.action == .wheelDown ? 1 : -1)))
        case .key(.character(" ")):
            let indicator = indicators[selected]
            if indicator.isAnimating { indicator.stopAnimating() } else { indicator.startAnimating() }
        case .key(.character("r")):
            reducedMotion.toggle()
            for indicator in indicators { indicator.reducedMotion = reducedMotion }
        default:
            return .ignored
        }
        return .handled
    }
}
