import TUICore

/// The "Terminal" scene: what the terminal can do, and whether it draws what we think.
///
/// It shows the size and colour depth, a palette in the terminal's depth, a line of
/// characters of every width between bars (the bars line up only when the terminal
/// counts widths as we do), and the last input events as they arrive.
@MainActor
final class TerminalCheckView: View {
    /// The width test: each sample sits between bars; its width in cells follows in brackets.
    nonisolated static let widthSamples: [String] = ["A", "漢字", "한국", "😀", "e\u{301}", "👩‍💻", "❤️", "🇰🇷"]
    /// A line of mixed-width text that reaches the right edge of most terminals.
    static let mixedText = "日本語のテキスト、한국어 텍스트, and ＡＳＣＩＩ in one line: 漢字が右端で切れない"
    private let context: SceneContext
    private var recentEvents: [String] = []
    private var lastRect = Rect.zero

    init(context: SceneContext) {
        self.context = context
    }

    /// Pass when the terminal moved the cursor as many cells for every sample as we count
    /// (measured when it opened), fail naming the first that differs; nil when not measured.
    static func widthVerdict(measured: [String: Int]) -> (text: String, passed: Bool?) {
        guard !measured.isEmpty else { return ("not measured here: the bars should sit over the ruler's", nil) }
        let wrong = widthSamples.filter { sample in measured[sample].map { $0 != sample.displayWidth } ?? false }
        guard let first = wrong.first, let cells = measured[first] else { return ("pass: the terminal draws every width as we count it (measured)", true) }
        return (
            "fail: \(first) takes \(cells) cell\(cells == 1 ? "" : "s") here, we count \(first.displayWidth)"
                + (wrong.count > 1 ? " (and \(wrong.count - 1) more)" : ""), false
        )
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        lastRect = rect
        let area = rect.inset(top: 1, left: 2, bottom: 0, right: 1)
        let caps = context.capabilities()
        var y = area.y
        func row(_ label: String, _ value: String) {
            guard y < area.maxY else { return }
            canvas.draw(label, at: Point(x: area.x, y: y), style: Style(attributes: .bold), clip: area)
            canvas.draw(value.truncated(toWidth: max(0, area.maxX - area.x - 10)), at: Point(x: area.x + 10, y: y), clip: area)
            y += 1
        }
        row("Size", "\(canvas.size.width)×\(canvas.size.height) cells")
        row("Colours", "\(caps.colorDepth) on a \(caps.theme) background (terminal \(caps.name.sanitizedForTerminal))")
        row("Mouse", caps.mouse ? "on: click, drag and scroll here" : "off")
        if y < area.maxY {
            canvas.draw("Palette", at: Point(x: area.x, y: y), style: Style(attributes: .bold), clip: area)
            var x = area.x + 10
            for index in 0..<16 where x < area.maxX {
                canvas.put(" ", at: Point(x: x, y: y), style: Style(background: .ansi(UInt8(index))), clip: area)
                x += 1
            }
            x += 1
            for step in 0..<24 where x < area.maxX {
                let t = Double(step) / 23
                let color = Color.rgb(UInt8(255 * (1 - t)), UInt8(80 + 100 * t), UInt8(255 * t))
                canvas.put(" ", at: Point(x: x, y: y), style: Style(background: color), clip: area)
                x += 1
            }
            y += 1
        }
        if y < area.maxY {
            canvas.draw("Widths", at: Point(x: area.x, y: y), style: Style(attributes: .bold), clip: area)
            let line = "|" + Self.widthSamples.map { "\($0)|" }.joined()
            canvas.draw(line, at: Point(x: area.x + 10, y: y), clip: area)
            y += 1
        }
        if y < area.maxY {
            // The reference: where the bars above belong when the terminal counts as we do.
            let ruler = "|" + Self.widthSamples.map { String(repeating: "-", count: $0.displayWidth) + "|" }.joined()
            canvas.draw(ruler, at: Point(x: area.x + 10, y: y), style: Style(attributes: .dim), clip: area)
            y += 1
        }
        if y < area.maxY {
            let verdict = Self.widthVerdict(measured: caps.measuredWidths)
            canvas.draw(
                verdict.text.truncated(toWidth: max(0, area.maxX - area.x - 10)),
                at: Point(x: area.x + 10, y: y),
                style: Style(
                    foreground: verdict.passed == nil ? .default : verdict.passed == true ? .green : .red,
                    attributes: verdict.passed == nil ? .dim : .bold
                ),
                clip: area
            )
            y += 1
        }
        if y < area.maxY {
            // Long enough to reach the right edge: a wide character there is never split.
            canvas.draw("Text", at: Point(x: area.x, y: y), style: Style(attributes: .bold), clip: area)
            canvas.draw(Self.mixedText, at: Point(x: area.x + 10, y: y), clip: area)
            y += 2
        }
        guard y < area.maxY else { return }
        canvas.draw("Input", at: Point(x: area.x, y: y), style: Style(attributes: .bold), clip: area)
        if recentEvents.isEmpty {
            canvas.draw("press keys, click or scroll…", at: Point(x: area.x + 10, y: y), style: Style(attributes: .dim), clip: area)
        }
        for (i, line) in recentEvents.enumerated() where y + i < area.maxY {
            canvas.draw(line, at: Point(x: area.x + 10, y: y + i), style: i == 0 ? Style(foreground: .green) : .plain, clip: area)
        }
    }

    func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.tab), .key(.backTab), .resize:
            return .ignored  // tab switching belongs to the shell
        case .key(.character(let c)) where c.isNumber:
            return .ignored  // 1…9 select scenes
        default:
            break
        }
        var text = event.description
        if case .mouse(let mouse) = event {
            text += " (\(mouse.position.x - lastRect.x),\(mouse.position.y - lastRect.y) in scene)"
        }
        recentEvents.insert(text, at: 0)
        if recentEvents.count > 8 { recentEvents.removeLast(recentEvents.count - 8) }
        return .handled
    }
}

extension ShowcaseApp {
    /// The texts whose widths the Terminal scene checks, measured as the terminal opens.
    package static var widthSamples: [String] { TerminalCheckView.widthSamples }
}
