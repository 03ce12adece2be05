/// Space round a view: cells on each side.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Int, left: Int, bottom: Int, right: Int

    /// The sides given.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// `vertical` above and below, `horizontal` on the left and right (lipgloss's `Padding(1, 2)`).
    public init(vertical: Int, horizontal: Int) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// The same on every side.
    public static func all(_ cells: Int) -> EdgeInsets { EdgeInsets(top: cells, left: cells, bottom: cells, right: cells) }
}

extension Rect {
    /// The rectangle inside `insets`.
    public func inset(by insets: EdgeInsets) -> Rect {
        inset(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}

/// A view in a border, with padding and a title, as lipgloss's Border and Padding: its
/// content drawn inside, keys passed to it.
///
/// ```swift
/// let card = Box(Table(columns: columns, rows: rows), title: "Cities", padding: EdgeInsets(vertical: 0, horizontal: 1))
/// ```
@MainActor
public final class Box: View {
    /// What is inside.
    public var content: any View
    /// The style of the whole box, laid over what is beneath before the border and the
    /// content are drawn (a background colour), as ratatui's `Block::style`.
    public var style: Style = .plain
    /// The border's lines (nil: no border, the padding alone).
    public var lines: Canvas.BoxStyle?
    /// The border's style (``Theme/border`` unless given; ``Theme/focusedBorder`` for the
    /// view with the focus).
    public var borderStyle: Style
    /// A title in the top edge.
    public var title: String?
    /// Space between the border and the content.
    public var padding: EdgeInsets
    /// Which sides of the border are drawn (all by default), as ratatui's `Borders`.
    public var sides: Canvas.BoxSides = .all
    /// Titles drawn as they are written (no spaces added) in the top or bottom edge, at
    /// either end or in the middle, as ratatui's titles; beside ``title``. An edge with a
    /// title and no border line keeps its row for the title.
    public var titles: [Title] = []

    /// A title in one edge of a box, as written.
    public struct Title: Hashable, Sendable {
        /// The edges a title can stand in.
        public enum Edge: Hashable, Sendable { case top, bottom }

        /// Its text, in its own styles over the border's.
        public var text: StyledText
        /// The edge it stands in.
        public var edge: Edge
        /// Where along the edge.
        public var alignment: TextAlignment

        /// `text` in `edge`, placed as `alignment` says.
        public init(_ text: StyledText, edge: Edge = .top, alignment: TextAlignment = .left) {
            self.text = text.sanitizedForTerminal
            self.edge = edge
            self.alignment = alignment
        }
    }

    /// `content` in a border of `lines`, with `title` (spaced) and `titles` (as written).
    public init(
        _ content: any View = EmptyView(),
        title: String? = nil,
        titles: [Title] = [],
        lines: Canvas.BoxStyle? = .rounded,
        borderStyle: Style = Theme.current.border,
        padding: EdgeInsets = EdgeInsets()
    ) {
        self.content = content
        self.title = title
        self.titles = titles
        self.lines = lines
        self.borderStyle = borderStyle
        self.padding = padding
    }

    /// The rectangle the content is drawn in, inside `rect`.
    public func contentRect(in rect: Rect) -> Rect {
        rect.inset(by: borderInsets).inset(by: padding)
    }

    /// The cells the border takes on each side: a drawn side's line, or the row of a title
    /// in an edge without one (as ratatui's `Block::inner`).
    private var borderInsets: EdgeInsets {
        let drawn: Canvas.BoxSides = lines == nil ? [] : sides
        return EdgeInsets(
            top: drawn.contains(.top) || titles.contains { $0.edge == .top } ? 1 : 0,
            left: drawn.contains(.left) ? 1 : 0,
            bottom: drawn.contains(.bottom) || titles.contains { $0.edge == .bottom } ? 1 : 0,
            right: drawn.contains(.right) ? 1 : 0
        )
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let style = self.style
        if style != .plain { canvas.restyle(rect) { $0 = style.over($0) } }
        if let lines { canvas.drawBox(rect, style: borderStyle.over(style), lines: lines, sides: sides, title: title) }
        for title in titles { draw(title, in: rect, on: &canvas) }
        let inside = contentRect(in: rect)
        guard !inside.isEmpty else { return }
        content.render(in: inside, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult { content.handle(event) }

    /// Draws `title` in its edge of `rect` as tui places it: from inside the left border, in
    /// the middle of the whole edge, or ending inside the right border.
    private func draw(_ title: Title, in rect: Rect, on canvas: inout Canvas) {
        let border = borderInsets
        let width = title.text.displayWidth
        let room = Swift.max(0, rect.width - border.left - border.right)
        let dx =
            switch title.alignment {
            case .left: border.left
            case .center: Swift.max(0, rect.width - width) / 2
            case .right: Swift.max(0, rect.width - width - border.right)
            }
        let y = title.edge == .top ? rect.y : rect.maxY - 1
        let x = rect.x + dx
        canvas.draw(
            title.text,
            at: Point(x: x, y: y),
            style: (lines == nil ? Style.plain : borderStyle).over(style),
            clip: Rect(x: x, y: y, width: Swift.min(room, rect.maxX - x), height: 1)
        )
    }
}

extension Box: MeasuredView {
    /// Its content's size (the whole of `space` for content that cannot say) with the
    /// border and the padding round it, within `space`.
    public func preferredSize(within space: Size) -> Size {
        let border = borderInsets
        let across = border.left + border.right + padding.left + padding.right
        let down = border.top + border.bottom + padding.top + padding.bottom
        let inner = Size(width: Swift.max(0, space.width - across), height: Swift.max(0, space.height - down))
        let content = (content as? any MeasuredView)?.preferredSize(within: inner) ?? inner
        let titled = Swift.max(
            lines == nil || !sides.contains(.top) ? 0 : title.map { $0.sanitizedForTerminal.displayWidth + 4 } ?? 0,
            titles.map { $0.text.displayWidth + border.left + border.right }.max() ?? 0
        )
        return Size(width: Swift.min(space.width, Swift.max(content.width + across, titled)), height: Swift.min(space.height, content.height + down))
    }
}

/// Views side by side or one above another, as lipgloss's JoinHorizontal and JoinVertical:
/// each given its cells, or a share of what the others leave. Keys go to the ``focused``
/// view; a click, to the view under it.
///
/// ```swift
/// let screen = Stack(.vertical, [.fixed(1, header), .fill(Stack(.horizontal, [.fixed(24, sidebar), .fill(list)], spacing: 1)), .fixed(1, help)])
/// ```
@MainActor
public final class Stack: View {
    /// Which way the views follow one another.
    public enum Axis: Hashable, Sendable { case horizontal, vertical }

    /// A view and the room it takes along the axis.
    public struct Item {
        /// The view.
        public var view: any View
        /// Cells along the axis; nil: a share of what the fixed ones leave.
        public var length: Int?
        /// Its share of what is left, beside the other filling views' (1 by default).
        public var weight: Int

        /// A view `length` cells long.
        public static func fixed(_ length: Int, _ view: any View) -> Item { Item(view: view, length: max(0, length), weight: 0) }
        /// A view taking `weight` shares of what the fixed ones leave.
        public static func fill(_ view: any View, weight: Int = 1) -> Item { Item(view: view, length: nil, weight: max(1, weight)) }
    }

    /// Which way.
    public var axis: Axis
    /// The views, in order.
    public var items: [Item]
    /// Cells between two views.
    public var spacing: Int
    /// The view keys go to (an index in ``items``).
    public var focused = 0
    /// Where each view was drawn last.
    public private(set) var frames: [Rect] = []

    /// Views following one another along `axis`.
    public init(_ axis: Axis, _ items: [Item], spacing: Int = 0) {
        self.axis = axis
        self.items = items
        self.spacing = max(0, spacing)
    }

    /// Where each view goes in `rect`.
    public func layout(in rect: Rect) -> [Rect] {
        // Lengths, weights and spacing are any numbers a program passes (Int.max too): sums
        // saturate, and a share is worked out in double width.
        let total = axis == .horizontal ? rect.width : rect.height
        let gaps = spacing.multipliedReportingOverflow(by: max(0, items.count - 1))
        let fixed = items.compactMap(\.length).reduce(gaps.overflow ? Int.max : gaps.partialValue, saturatingSum)
        let left = max(0, total - min(fixed, total))
        let weights = items.filter { $0.length == nil }.map(\.weight).reduce(0, saturatingSum)
        var given = 0
        var filled = 0
        var start = 0
        return items.map { item in
            var length: Int
            if let fixedLength = item.length {
                length = fixedLength
            } else {
                filled = saturatingSum(filled, item.weight)
                // Rounding spread over the shares; `filled` never passes `weights`, so the share fits.
                let upTo = weights == 0 ? 0 : weights.dividingFullWidth(left.multipliedFullWidth(by: filled)).quotient
                length = upTo - given
                given = upTo
            }
            length = max(0, min(length, total - start))
            defer { start = min(total, saturatingSum(start, saturatingSum(length, spacing))) }
            return axis == .horizontal
                ? Rect(x: rect.x + start, y: rect.y, width: length, height: rect.height)
                : Rect(x: rect.x, y: rect.y + start, width: rect.width, height: length)
        }
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        frames = layout(in: rect)
        for (item, frame) in zip(items, frames) where !frame.isEmpty { item.view.render(in: frame, on: &canvas) }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        if case .mouse(let mouse) = event {
            guard let index = frames.firstIndex(where: { $0.contains(mouse.position) }) else { return .ignored }
            return items[index].view.handle(event)
        }
        guard items.indices.contains(focused) else { return .ignored }
        return items[focused].view.handle(event)
    }
}

/// Blank cells over whatever was drawn beneath, as ratatui's `Clear`: drawn before a popup so
/// that none of the screen under it shows through its gaps.
///
/// ```swift
/// Clear().render(in: popup, on: &canvas)
/// Box(message, title: "Saved").render(in: popup, on: &canvas)
/// ```
@MainActor
public final class Clear: View {
    /// A backdrop.
    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) { canvas.fill(rect, with: .blank) }
}

/// A view that draws nothing: a box with no content, a place kept in a stack.
@MainActor
public final class EmptyView: View {
    /// Nothing.
    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) {}
}

/// `a + b`, held at `Int.max` and `Int.min` rather than overflowing: lengths and margins are
/// any numbers a program passes.
func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let sum = a.addingReportingOverflow(b)
    return sum.overflow ? (b > 0 ? Int.max : Int.min) : sum.partialValue
}
