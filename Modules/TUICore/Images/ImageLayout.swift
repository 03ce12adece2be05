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

extension RGBAImage {
    /// The pixels inside `rect` (cut to the image).
    public func cropped(to rect: Rect) -> RGBAImage {
        let area = rect.intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return RGBAImage(width: 0, height: 0) }
        if area.width == width && area.height == height { return self }
        var out = [UInt8](repeating: 0, count: area.width * area.height * 4)
        for y in 0..<area.height {
            let from = ((area.y + y) * width + area.x) * 4
            out.replaceSubrange((y * area.width * 4)..<((y + 1) * area.width * 4), with: pixels[from..<(from + area.width * 4)])
        }
        return RGBAImage(width: area.width, height: area.height, pixels: out) ?? RGBAImage(width: 0, height: 0)
    }

    /// The image resampled to `size` by area averaging (alpha weighted), its proportions as
    /// given: a picture made ready for cells whose shape a rasterizer does not assume.
    public func scaled(to size: Size) -> RGBAImage {
        guard size.width > 0, size.height > 0 else { return RGBAImage(width: 0, height: 0) }
        if size.width == width && size.height == height { return self }
        let samples = HalfBlockRasterizer.areaAverage(self, to: size)
        var pixels = [UInt8](repeating: 0, count: size.area * 4)
        for (i, p) in samples.enumerated() {
            pixels[i * 4] = p.r
            pixels[i * 4 + 1] = p.g
            pixels[i * 4 + 2] = p.b
            pixels[i * 4 + 3] = p.a
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels) ?? RGBAImage(width: 0, height: 0)
    }
}
