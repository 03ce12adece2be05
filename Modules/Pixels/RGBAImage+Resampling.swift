/// Cutting and resampling pictures.
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
        let samples = areaAveraged(to: size)
        var pixels = [UInt8](repeating: 0, count: size.area * 4)
        for (i, p) in samples.enumerated() {
            pixels[i * 4] = p.r
            pixels[i * 4 + 1] = p.g
            pixels[i * 4 + 2] = p.b
            pixels[i * 4 + 3] = p.a
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels) ?? RGBAImage(width: 0, height: 0)
    }

    /// Area-averaged resampling with alpha weighting; returns `target.area` pixels, row-major.
    package func areaAveraged(to target: Size) -> [RGBA] {
        let image = self
        let xWeights = Self.weights(source: image.width, target: target.width)
        let yWeights = Self.weights(source: image.height, target: target.height)
        var result = [RGBA](repeating: .clear, count: target.area)
        let pixels = image.pixels
        for ty in 0..<target.height {
            for tx in 0..<target.width {
                var r = 0.0
                var g = 0.0
                var b = 0.0
                var a = 0.0
                var total = 0.0
                for (sy, wy) in yWeights[ty] {
                    let rowBase = sy * image.width
                    for (sx, wx) in xWeights[tx] {
                        let w = wx * wy
                        let i = (rowBase + sx) * 4
                        let alpha = Double(pixels[i + 3]) * w
                        r += Double(pixels[i]) * alpha
                        g += Double(pixels[i + 1]) * alpha
                        b += Double(pixels[i + 2]) * alpha
                        a += alpha
                        total += w
                    }
                }
                guard a > 0, total > 0 else { continue }
                func channel(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v / a).rounded()))) }
                result[ty * target.width + tx] = RGBA(channel(r), channel(g), channel(b), UInt8(min(255, (a / total).rounded())))
            }
        }
        return result
    }

    /// For each target index, the source indices it covers and how much of each (summing to 1).
    package static func weights(source: Int, target: Int) -> [[(Int, Double)]] {
        let step = Double(source) / Double(target)
        return (0..<target).map { t in
            let start = Double(t) * step
            let end = start + step
            var list: [(Int, Double)] = []
            var s = Int(start)
            while Double(s) < end, s < source {
                let overlap = min(end, Double(s + 1)) - max(start, Double(s))
                if overlap > 1e-9 { list.append((s, overlap / step)) }
                s += 1
            }
            return list
        }
    }
}
