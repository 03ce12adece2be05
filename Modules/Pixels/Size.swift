/// A size in cells. Negative values are clamped to zero.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a size; negative values become zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No cells at all.
    public static let zero = Size(width: 0, height: 0)

    /// The number of cells, `width × height`.
    public var area: Int { width * height }

    /// Whether the size holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// `WxH`, as scenarios write it.
    public var description: String { "\(width)x\(height)" }

    /// Whether `other` fits inside this size.
    public func contains(_ other: Size) -> Bool {
        other.width <= width && other.height <= height
    }

    /// Parses `WxH` (for example `80x24`); nil when the text is not two non-negative integers.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 0, h >= 0 else {
            return nil
        }
        self.init(width: w, height: h)
    }
}
