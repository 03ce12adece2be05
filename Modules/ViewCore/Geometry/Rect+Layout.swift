/// Simple layout: insets, splits and centering.
extension Rect {
    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// The rectangle shrunk by the given number of cells on each side (never below zero size);
    /// a negative number grows it. Any number is taken, `Int.max` and `Int.min` too: an inset
    /// past the rectangle's size leaves it empty, and it grows by 2³¹ cells at most.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        func bounded(_ cells: Int, _ side: Int) -> Int { min(max(cells, -(1 << 31)), max(side, 0)) }
        let (left, right) = (bounded(left, width), bounded(right, width))
        let (top, bottom) = (bounded(top, height), bounded(bottom, height))
        return Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// Splits off the top `rows` rows (clamped): returns the top part and the rest.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let h = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: h), Rect(x: x, y: y + h, width: width, height: height - h))
    }

    /// Splits off the bottom `rows` rows (clamped): returns the rest and the bottom part.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let h = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - h), Rect(x: x, y: maxY - h, width: width, height: h))
    }

    /// Splits off the left `columns` columns (clamped): returns the left part and the rest.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let w = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: w, height: height), Rect(x: x + w, y: y, width: width - w, height: height))
    }

    /// A rectangle of `size` (clamped to this one) centered inside this one.
    public func centered(_ size: Size) -> Rect {
        let w = min(size.width, width)
        let h = min(size.height, height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    /// The rows of this rectangle, one rectangle per row.
    public var rows: [Rect] {
        (0..<height).map { Rect(x: x, y: y + $0, width: width, height: 1) }
    }
}
