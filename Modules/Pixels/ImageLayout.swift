/// Where a picture goes in cells, from the size of a cell in pixels when the terminal says
/// it (1:2 when it does not), so that it keeps its proportions in any font.
public enum ImageLayout {
    /// The cells `image` (pixels) takes fitted into `box`, a cell being `cellPixels` large.
    ///
    /// ```swift
    /// ImageLayout.cells(for: Size(width: 300, height: 200), in: Size(width: 40, height: 100),
    ///                   cellPixels: Size(width: 10, height: 20))   // 40 × 13
    /// ```
    public static func cells(for image: Size, in box: Size, cellPixels: Size?) -> Size {
        guard image.width > 0, image.height > 0, !box.isEmpty else { return .zero }
        let aspect = cellPixels.map { $0.width > 0 && $0.height > 0 ? Double($0.height) / Double($0.width) : 2 } ?? 2
        let heightInCells = Double(image.height) / aspect  // in cell widths
        let scale = min(Double(box.width) / Double(image.width), Double(box.height) / heightInCells)
        let columns = min(box.width, max(1, Int((Double(image.width) * scale).rounded())))
        let rows = min(box.height, max(1, Int((heightInCells * scale).rounded())))
        return Size(width: columns, height: rows)
    }
}

extension ImageLayout {
    /// The largest size of `image`'s proportions within `box`, both in pixels.
    public static func pixels(for image: Size, in box: Size) -> Size {
        guard image.width > 0, image.height > 0, !box.isEmpty else { return .zero }
        let scale = min(Double(box.width) / Double(image.width), Double(box.height) / Double(image.height))
        return Size(width: max(1, Int((Double(image.width) * scale).rounded())), height: max(1, Int((Double(image.height) * scale).rounded())))
    }
}
