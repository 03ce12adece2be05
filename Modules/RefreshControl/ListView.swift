import TUICore

/// A scrolling list of text rows: ↑/↓ scroll a row, PgUp/PgDn a page, Home/End to the
/// ends, the mouse wheel three rows. A scroll bar shows on the right when the rows do not
/// fit. Rows are sanitised before drawing.
///
/// ```swift
/// let list = ListView(rows: (1...50).map { "Item \($0)" })
/// list.scroll(to: 10)
/// ```
@MainActor
public final class ListView: View {
    /// The rows, top first. Setting them keeps the scroll position where possible.
    public var rows: [String] {
        didSet { clampOffset() }
    }
    /// The index of the first visible row.
    public private(set) var offset = 0
    /// The rectangle of the last render.
    public private(set) var frame = Rect.zero
    /// Style of the rows.
    public var rowStyle = Style()

    /// Creates a list.
    public init(rows: [String] = []) {
        self.rows = rows
    }

    /// Whether the first row is visible (the list is scrolled to its top).
    public var isAtTop: Bool { offset == 0 }

    private var pageHeight: Int { max(1, frame.height) }
    private var maxOffset: Int { max(0, rows.count - pageHeight) }

    /// Scrolls so that row `index` is the first visible one (clamped).
    public func scroll(to index: Int) {
        offset = min(max(0, index), maxOffset)
    }

    private func clampOffset() { offset = min(max(0, offset), maxOffset) }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        frame = rect
        clampOffset()
        guard !rect.isEmpty else { return }
        let needsBar = rows.count > rect.height
        let textArea = needsBar ? rect.inset(right: 1) : rect
        for row in 0..<rect.height where offset + row < rows.count {
            let text = rows[offset + row].sanitizedForTerminal.truncated(toWidth: textArea.width)
            canvas.draw(text, at: Point(x: textArea.x, y: rect.y + row), style: rowStyle, clip: textArea)
        }
        guard needsBar else { return }
        let bar = rect.maxX - 1
        let thumbHeight = max(1, rect.height * rect.height / rows.count)
        let thumbTop = maxOffset == 0 ? 0 : (rect.height - thumbHeight) * offset / maxOffset
        for row in 0..<rect.height {
            let inThumb = row >= thumbTop && row < thumbTop + thumbHeight
            canvas.put(inThumb ? "┃" : "│", at: Point(x: bar, y: rect.y + row), style: Style(attributes: inThumb ? [] : .dim))
        }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.up): scroll(to: offset - 1)
        case .key(.down): scroll(to: offset + 1)
        case .key(.pageUp): scroll(to: offset - max(1, pageHeight - 1))
        case .key(.pageDown): scroll(to: offset + max(1, pageHeight - 1))
        case .key(.home): scroll(to: 0)
        case .key(.end): scroll(to: maxOffset)
        case .mouse(let mouse) where mouse.action == .wheelUp: scroll(to: offset - 3)
        case .mouse(let mouse) where mouse.action == .wheelDown: scroll(to: offset + 3)
        default: return .ignored
        }
        return .handled
    }
}
