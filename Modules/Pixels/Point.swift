/// A cell position: column `x` from the left, row `y` from the top, both zero-based.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The column, counted from zero at the left edge.
    public var x: Int
    /// The row, counted from zero at the top edge.
    public var y: Int

    /// Creates a point at column `x`, row `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// `x,y`, as scenarios write it.
    public var description: String { "\(x),\(y)" }
}
