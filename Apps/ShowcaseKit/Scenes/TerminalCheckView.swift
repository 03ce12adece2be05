import IndicatorKit

/// The "Terminal" scene: what the terminal does, and how the kit adapts to it.
///
/// It shows the size, how colours and pictures are drawn here, a palette in the terminal's depth, a line of
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

    /// What the terminal does with the samples' widths (measured when it opened): all as we
    /// count them, or the first it draws otherwise and what that means for text; `agrees` is
    /// nil when not measured.
    static func widthVerdict(measured: [String: Int]) -> (text: String, agrees: Bool?) {
        guard !measured.isEmpty else { return ("not measured here: the bars should sit over the ruler's", nil) }
        let wrong = widthSamples.filter { sample in measured[sample].map { $0 != sample.displayWidth } ?? false }
        guard let first = wrong.first, let cells = measured[first] else {
            return ("this terminal draws every sample in the cells we count (measured): text lines up", true)
        }
        let more = wrong.count > 1 ? " (and \(wrong.count - 1) more)" : ""
        return (
            "this terminal draws \(first) in \(cells) cell\(cells == 1 ? "" : "s"), Unicode gives \(first.displayWidth)\(more): "
                + "text after one shifts a cell here, so keep such characters out of labels", false
        )
    }

    /// `256 colours`, `truecolor`, `no colour`.
    static func depthName(_ depth: ColorDepth) -> String {
        switch depth {
        case .trueColor: "truecolor"
        case .none: "no colour"
        default: "\(depth) colours"
        }
    }

    /// How colours are drawn at `depth`.
    static func colourAdaptation(_ depth: ColorDepth) -> String {
        switch depth {
        case .trueColor: "every colour as it is (direct colour)"
        case .palette256: "each colour as the nearest of the 256 this terminal has"
        case .ansi16: "each colour as the nearest of its 16"
        case .none: "none: bold, dim and reverse carry the meaning"
        }
    }

    /// How pictures are drawn with `caps`.
    static func pictureAdaptation(_ caps: TerminalCapabilities) -> String {
        if caps.pixelImages {
            let cell = caps.cellPixels.map { ", cells of \($0.width)×\($0.height) pixels" } ?? ""
            return "as pixels\(cell)" + (caps.pixelImagesMayMove ? "" : "; where a picture would move, symbols instead")
        }
        return "\(caps.symbols.rawValue) blocks: no pixel protocol answered (--graphics insists)"
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
        row("Terminal", "\(caps.name.sanitizedForTerminal) · \(Self.depthName(caps.colorDepth)) · a \(caps.theme) background")
        row("Colours", Self.colourAdaptation(caps.colorDepth))
        row("Mouse", caps.mouse ? "on: click, drag and scroll here" : "off: every scene works by keys alone")
        row("Pictures", Self.pictureAdaptation(caps))
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
            let style = Style(
                foreground: verdict.agrees == nil ? .default : verdict.agrees == true ? .green : .yellow,
                attributes: verdict.agrees == nil ? .dim : []
            )
            for line in verdict.text.wrapped(toWidth: max(8, area.maxX - area.x - 10)).prefix(2) where y < area.maxY {
                canvas.draw(line, at: Point(x: area.x + 10, y: y), style: style, clip: area)
                y += 1
            }
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
