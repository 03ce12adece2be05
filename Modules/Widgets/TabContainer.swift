/// Screens side by side behind a tab bar on the top row; one is selected and shown.
/// Tab and Shift-Tab move between tabs, a click on a tab title selects it, and so do
/// the digit keys 1…9 when the selected screen does not use them.
@MainActor
public final class TabContainer: Screen {
    /// The tabs, in order.
    public private(set) var tabs: [Screen]
    /// The index of the selected tab.
    public private(set) var selectedIndex: Int
    /// The cells of each tab title on the tab bar, from the last render.
    private var titleRanges: [Range<Int>] = []
    private var barRow = -1

    /// Creates a container; `tabs` must not be empty for anything to show.
    public init(title: String = "", tabs: [Screen], selectedIndex: Int = 0) {
        self.tabs = tabs
        self.selectedIndex = tabs.isEmpty ? 0 : min(max(0, selectedIndex), tabs.count - 1)
        super.init(title: title)
    }

    /// The selected screen.
    public override var visibleChild: Screen? { tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil }

    /// Selects the tab at `index` (ignored when out of range).
    public func select(_ index: Int) {
        guard tabs.indices.contains(index) else { return }
        selectedIndex = index
    }

    public override func renderBody(in rect: Rect, on canvas: inout Canvas) {
        let (bar, body) = rect.splitTop(1)
        let barStyle = Style(foreground: .brightWhite, background: .blue)
        canvas.fill(bar, with: Cell(" ", style: barStyle))
        titleRanges = []
        barRow = bar.y
        var x = bar.x
        let labels = Self.labels(for: tabs.map { $0.title.sanitizedForTerminal }, selected: selectedIndex, width: bar.width)
        for (index, label) in labels.enumerated() {
            // The active tab: bold black on white, in RGB (terminals that brighten bold ANSI
            // black would show it grey, as if disabled), and underlined where colours are few.
            let style = index == selectedIndex ? Style(foreground: .rgb(0, 0, 0), background: .rgb(255, 255, 255), attributes: [.bold, .underline]) : barStyle
            let used = canvas.draw(label, at: Point(x: x, y: bar.y), style: style, clip: bar)
            if index != selectedIndex, let digits = label.firstIndex(where: \.isNumber) {
                // The number is the key that opens the tab: drawn as a key, apart from the title.
                let number = String(index + 1)
                canvas.draw(number, at: Point(x: x + label.distance(from: label.startIndex, to: digits), y: bar.y), style: Self.numberStyle, clip: bar)
            }
            titleRanges.append(x..<(x + used))
            x += used + 1
        }
        visibleChild?.render(in: body, on: &canvas)
    }

    /// The other tabs' numbers: bold yellow on the bar's blue.
    static let numberStyle = Style(foreground: .ansi(11), background: .blue, attributes: .bold)

    /// The tab bar's labels, ` N Title `, one cell apart. When they do not all fit, the
    /// other tabs lose their spaces (`N Title`); when that does not fit either, they
    /// show their number alone (never a title cut mid-word), so every tab keeps a
    /// place on the bar; the selected tab keeps its whole title while it fits.
    static func labels(for titles: [String], selected: Int, width: Int) -> [String] {
        func fits(_ labels: [String]) -> Bool { labels.reduce(0) { $0 + $1.displayWidth + 1 } - 1 <= width }
        let full = titles.enumerated().map { " \($0.offset + 1) \($0.element) " }
        if fits(full) { return full }
        // Tighter: the other titles lose their spaces (their numbers, drawn in a colour of
        // their own, keep them apart).
        let tight = titles.enumerated().map { index, title in index == selected ? " \(index + 1) \(title) " : "\(index + 1) \(title)" }
        if fits(tight) { return tight }
        return titles.enumerated().map { index, title in index == selected ? " \(index + 1) \(title) " : " \(index + 1) " }
    }

    public override func handleBody(_ event: InputEvent) -> EventResult {
        if case .mouse(let mouse) = event, mouse.action == .press, mouse.position.y == barRow {
            if let index = titleRanges.firstIndex(where: { $0.contains(mouse.position.x) }) {
                select(index)
                return .handled
            }
        }
        if let child = visibleChild, case let result = child.handle(event), result != .ignored { return result }
        switch event {
        case .key(.tab):
            if !tabs.isEmpty { select((selectedIndex + 1) % tabs.count) }
            return .handled
        case .key(.backTab):
            if !tabs.isEmpty { select((selectedIndex + tabs.count - 1) % tabs.count) }
            return .handled
        case .key(.character(let c)):
            if let digit = c.wholeNumberValue, digit >= 1, digit <= tabs.count {
                select(digit - 1)
                return .handled
            }
            return .ignored
        default:
            return .ignored
        }
    }
}
