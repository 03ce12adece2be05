/// A row of tab titles with the selected one picked out, as ratatui's `Tabs`: each title a
/// cell in from the last, a divider between two (`│`), cut at the right edge, drawn over the
/// colours beneath (a background shows through). It draws the
/// bar alone; what each tab shows is the program's (``TabContainer`` holds screens behind a
/// bar of its own).
///
/// ```swift
/// let tabs = Tabs(["Tab0", "Tab1", "Tab2"], selectedIndex: 1, highlightStyle: Style(attributes: .bold))
/// ```
@MainActor
public final class Tabs: View {
    /// The titles, in order, in their own styles over ``style``.
    public var titles: [StyledText]
    /// The selected title's index (none is picked out when out of range).
    public var selectedIndex: Int
    /// The style of the whole row.
    public var style: Style
    /// Laid over the selected title (``Theme/selected`` unless given).
    public var highlightStyle: Style
    /// Drawn between two titles.
    public var divider: StyledText
    /// The cells of each title on the row, from the last render.
    public private(set) var titleRanges: [Range<Int>] = []

    /// A bar of `titles` with `selectedIndex` picked out in `highlightStyle`.
    public init(
        _ titles: [StyledText],
        selectedIndex: Int = 0,
        style: Style = .plain,
        highlightStyle: Style = Theme.current.selected,
        divider: StyledText = "│"
    ) {
        self.titles = titles
        self.selectedIndex = selectedIndex
        self.style = style
        self.highlightStyle = highlightStyle
        self.divider = divider
    }

    /// The index of the title at column `x`, as last drawn (a click on it).
    public func titleIndex(at x: Int) -> Int? { titleRanges.firstIndex { $0.contains(x) } }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        titleRanges = []
        guard !rect.isEmpty else { return }
        let style = self.style
        if style != .plain { canvas.restyle(rect) { $0 = style.over($0) } }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let divider = self.divider.sanitizedForTerminal
        var x = rect.x
        for (index, title) in titles.enumerated() {
            x += 1
            guard x < row.maxX else { break }
            let used = canvas.drawKeepingBackground(title.sanitizedForTerminal, at: Point(x: x, y: row.y), style: style, clip: row)
            let drawn = x..<min(x + used, row.maxX)
            titleRanges.append(drawn)
            if index == selectedIndex {
                let highlight = highlightStyle
                canvas.restyle(Rect(x: x, y: row.y, width: drawn.count, height: 1)) { $0 = highlight.over($0) }
            }
            x = drawn.upperBound + 1
            guard x < row.maxX, index < titles.count - 1 else { break }
            x += canvas.drawKeepingBackground(divider, at: Point(x: x, y: row.y), style: style, clip: row)
        }
    }
}
