/// Where a long list or text stands, as a thumb on a track along one edge of an area, as
/// ratatui's `Scrollbar`: the thumb as long as the share of the content that shows, as far
/// along as the part that shows. Arrows at the ends when `arrows` is set.
///
/// ```swift
/// let bar = Scrollbar(.verticalRight, contentLength: paragraph.lineCount(width: area.width), viewportLength: area.height, position: paragraph.scrollRows)
/// bar.render(in: area, on: &canvas)
/// ```
@MainActor
public final class Scrollbar: View {
    /// The edge it is drawn along.
    public enum Orientation: Hashable, Sendable {
        /// Down the right edge.
        case verticalRight
        /// Down the left edge.
        case verticalLeft
        /// Along the bottom edge.
        case horizontalBottom
        /// Along the top edge.
        case horizontalTop

        var isVertical: Bool { self == .verticalRight || self == .verticalLeft }
    }

    /// The edge.
    public var orientation: Orientation
    /// How many lines (or columns) the content has.
    public var contentLength: Int
    /// How many of them show at once.
    public var viewportLength: Int
    /// The first one that shows (0 at the start).
    public var position: Int
    /// Whether arrows (`▲▼`, `◀▶`) end the track.
    public var arrows: Bool
    /// The thumb's style.
    public var thumbStyle: Style
    /// The track's style.
    public var trackStyle: Style

    /// A scroll bar along `orientation`'s edge.
    public init(
        _ orientation: Orientation = .verticalRight,
        contentLength: Int = 0,
        viewportLength: Int = 0,
        position: Int = 0,
        arrows: Bool = false,
        thumbStyle: Style = .plain,
        trackStyle: Style = Style(attributes: .dim)
    ) {
        self.orientation = orientation
        self.contentLength = contentLength
        self.viewportLength = viewportLength
        self.position = position
        self.arrows = arrows
        self.thumbStyle = thumbStyle
        self.trackStyle = trackStyle
    }

    /// Where the thumb starts along a track `track` cells long, and how long it is; nil when
    /// the content all shows (nothing to scroll).
    public func thumb(onTrack track: Int) -> (start: Int, length: Int)? {
        let content = Double(Swift.max(0, contentLength))
        let shown = Double(Swift.max(0, viewportLength))
        guard track > 0, content > shown else { return nil }
        let length = Swift.min(track, Swift.max(1, Int((Double(track) * shown / content).rounded())))
        let farthest = content - shown
        let along = Swift.min(1, Swift.max(0, Double(position) / farthest))
        return (Int((Double(track - length) * along).rounded()), length)
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let vertical = orientation.isVertical
        let line: Rect =
            switch orientation {
            case .verticalRight: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height)
            case .verticalLeft: Rect(x: rect.x, y: rect.y, width: 1, height: rect.height)
            case .horizontalBottom: Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1)
            case .horizontalTop: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
            }
        let total = vertical ? line.height : line.width
        let ends = arrows && total >= 3 ? 1 : 0
        let track = total - 2 * ends
        func point(_ offset: Int) -> Point { vertical ? Point(x: line.x, y: line.y + offset) : Point(x: line.x + offset, y: line.y) }
        if ends == 1 {
            canvas.put(vertical ? "▲" : "◀", at: point(0), style: trackStyle, clip: line)
            canvas.put(vertical ? "▼" : "▶", at: point(total - 1), style: trackStyle, clip: line)
        }
        let thumb = thumb(onTrack: track)
        for offset in 0..<track {
            let onThumb = thumb.map { offset >= $0.start && offset < $0.start + $0.length } ?? false
            canvas.put(onThumb ? "█" : (vertical ? "│" : "─"), at: point(ends + offset), style: onThumb ? thumbStyle : trackStyle, clip: line)
        }
    }
}
