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

    /// The image enlarged to `size` by bilinear interpolation (alpha premultiplied, so a
    /// transparent edge brings no dark fringe): a soft picture — an anti-aliased spinner, a
    /// photo — stays soft where ``scaled(to:)`` would show each source pixel as a block and
    /// its curves as staircases. For enlarging; smaller sizes are area averaged.
    public func smoothlyScaled(to size: Size) -> RGBAImage {
        guard size.width > 0, size.height > 0, width > 0, height > 0 else { return RGBAImage(width: 0, height: 0) }
        guard size.width >= width, size.height >= height else { return scaled(to: size) }
        if size.width == width && size.height == height { return self }
        var out = [UInt8](repeating: 0, count: size.area * 4)
        // Where each target pixel's centre falls among the source pixels' centres.
        func axis(_ target: Int, _ source: Int) -> [(Int, Int, Double)] {
            (0..<target).map { t in
                let position = max(0, min(Double(source - 1), (Double(t) + 0.5) * Double(source) / Double(target) - 0.5))
                let low = Int(position)
                return (low, min(source - 1, low + 1), position - Double(low))
            }
        }
        let xs = axis(size.width, width)
        let ys = axis(size.height, height)
        pixels.withUnsafeBufferPointer { p in
            for (ty, (y0, y1, fy)) in ys.enumerated() {
                for (tx, (x0, x1, fx)) in xs.enumerated() {
                    var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
                    func add(_ sx: Int, _ sy: Int, _ w: Double) {
                        guard w > 0 else { return }
                        let i = (sy * width + sx) * 4
                        let alpha = Double(p[i + 3]) * w
                        sum.r += Double(p[i]) * alpha
                        sum.g += Double(p[i + 1]) * alpha
                        sum.b += Double(p[i + 2]) * alpha
                        sum.a += alpha
                    }
                    add(x0, y0, (1 - fx) * (1 - fy))
                    add(x1, y0, fx * (1 - fy))
                    add(x0, y1, (1 - fx) * fy)
                    add(x1, y1, fx * fy)
                    guard sum.a > 0 else { continue }
                    let o = (ty * size.width + tx) * 4
                    out[o] = UInt8(min(255, max(0, (sum.r / sum.a).rounded())))
                    out[o + 1] = UInt8(min(255, max(0, (sum.g / sum.a).rounded())))
                    out[o + 2] = UInt8(min(255, max(0, (sum.b / sum.a).rounded())))
                    out[o + 3] = UInt8(min(255, max(0, sum.a.rounded())))
                }
            }
        }
        return RGBAImage(width: size.width, height: size.height, pixels: out) ?? RGBAImage(width: 0, height: 0)
    }

    /// Whether the picture is soft — most neighbouring colours that differ at all differ a
    /// little, as in a gradient, an anti-aliased curve or a photo — rather than pixel art,
    /// whose neighbours are the same colour or far apart, and whose pixels are meant to show
    /// as sharp blocks when enlarged.
    public func isSoft() -> Bool {
        var slight = 0
        var different = 0
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                for x in 1..<max(1, width) {
                    let i = (y * width + x) * 4
                    guard p[i + 3] >= 128, p[i - 1] >= 128 else { continue }  // opaque neighbours only
                    let delta = abs(Int(p[i]) - Int(p[i - 4])) + abs(Int(p[i + 1]) - Int(p[i - 3])) + abs(Int(p[i + 2]) - Int(p[i - 2]))
                    guard delta > 0 else { continue }
                    different += 1
                    if delta <= 48 { slight += 1 }
                }
            }
        }
        return different > 0 && slight * 2 >= different
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
