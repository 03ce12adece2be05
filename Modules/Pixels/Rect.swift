/// A rectangle of cells: an origin and a size.
///
/// ```swift
/// let screen = Rect(x: 0, y: 0, width: 80, height: 24)
/// let (header, body) = screen.splitTop(1)
/// let dialog = body.centered(Size(width: 30, height: 5))
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left cell.
    public var origin: Point
    /// The number of columns and rows.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four numbers; negative sizes become zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rectangle at the origin covering `size`.
    public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left column.
    public var x: Int { origin.x }
    /// The top row.
    public var y: Int { origin.y }
    /// The number of columns.
    public var width: Int { size.width }
    /// The number of rows.
    public var height: Int { size.height }
    /// One past the right column.
    public var maxX: Int { origin.x + size.width }
    /// One past the bottom row.
    public var maxY: Int { origin.y + size.height }
    /// Whether the rectangle holds no cell.
    public var isEmpty: Bool { size.isEmpty }

    /// `x,y WxH`.
    public var description: String { "\(origin) \(size)" }

    /// Whether every cell of `rect` lies inside.
    public func encloses(_ rect: Rect) -> Bool {
        rect.x >= x && rect.y >= y && rect.maxX <= maxX && rect.maxY <= maxY
    }

    /// Whether the two share a cell.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && other.x < maxX && x < other.maxX && other.y < maxY && y < other.maxY
    }

    /// Whether the cell at `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The overlap of two rectangles; empty (at the clamped origin) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
