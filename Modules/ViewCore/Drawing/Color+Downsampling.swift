import Foundation

/// Down-sampling colours to what a terminal can show, and their RGB approximations.
extension Color {
    /// The colour as the given depth can show it: RGB becomes the nearest palette entry,
    /// palette entries the nearest ANSI colour, and everything `.default` with no colour.
    public func resolved(for depth: ColorDepth) -> Color {
        switch (self, depth) {
        case (.default, _), (_, .trueColor):
            return self
        case (_, .none):
            return .default
        case (.ansi, _):
            return self
        case (.palette(let index), .palette256):
            return .palette(index)
        case (.palette(let index), .ansi16):
            return index < 16 ? .ansi(index) : Color.nearestANSI(to: Color.paletteRGB(index))
        case (.rgb(let r, let g, let b), .palette256):
            return .palette(Color.nearestPaletteIndex(r, g, b))
        case (.rgb(let r, let g, let b), .ansi16):
            return Color.nearestANSI(to: (r, g, b))
        }
    }

    /// An RGB approximation of the colour; `.default` is taken as `fallback`.
    public func rgbComponents(default fallback: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8) {
        switch self {
        case .default: fallback
        case .ansi(let index): Color.ansiRGB[Int(index & 15)]
        case .palette(let index): Color.paletteRGB(index)
        case .rgb(let r, let g, let b): (r, g, b)
        }
    }

    /// `self` mixed with `other`: `amount` 0 gives `self`, 1 gives `other`. The result is RGB.
    public func blended(with other: Color, amount: Double, default fallback: (UInt8, UInt8, UInt8)) -> Color {
        let a = rgbComponents(default: fallback)
        let b = other.rgbComponents(default: fallback)
        let t = min(1, max(0, amount))
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
        return .rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }

    /// The xterm defaults for the 16 ANSI colours.
    static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of a 256-palette entry (xterm's definition).
    static func paletteRGB(_ index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 { return ansiRGB[i] }
        if i >= 232 {
            let level = UInt8(8 + (i - 232) * 10)
            return (level, level, level)
        }
        let c = i - 16
        return (cubeLevels[c / 36], cubeLevels[(c / 6) % 6], cubeLevels[c % 6])
    }

    private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        // Weighted for the eye's sensitivity (a cheap "redmean"-style weighting).
        let dr = Int(a.0) - Int(b.0)
        let dg = Int(a.1) - Int(b.1)
        let db = Int(a.2) - Int(b.2)
        return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }

    /// The palette entry (cube or grey ramp, 16…255) nearest to an RGB value, as the eye
    /// sees it: the cube's corners round the colour and the two greys round its brightness,
    /// compared in OKLab with chroma counting twice, so a muted colour keeps its hue where a
    /// grey is about as near (green hills and purple skies stayed greys at 256 colours when
    /// each channel was rounded on its own: a hue-varied muted set kept 57 % of its chroma,
    /// now 78 %, with a smaller error).
    static func nearestPaletteIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let target = OKLab(r, g, b)
        var best = 16
        var bestDistance = Double.infinity
        func consider(_ index: Int) {
            let d = target.distance(to: paletteLab[index])
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        let (r0, g0, b0) = (cubeLevelBelow(r), cubeLevelBelow(g), cubeLevelBelow(b))
        for ri in Set([r0, min(5, r0 + 1)]) {
            for gi in Set([g0, min(5, g0 + 1)]) {
                for bi in Set([b0, min(5, b0 + 1)]) { consider(16 + 36 * ri + 6 * gi + bi) }
            }
        }
        let grey = max(0, min(23, ((Int(r) + Int(g) + Int(b)) / 3 - 8) / 10))
        consider(232 + grey)
        consider(232 + min(23, grey + 1))
        return UInt8(best)
    }

    /// The highest cube level (0…5) at or below `value`.
    private static func cubeLevelBelow(_ value: UInt8) -> Int {
        cubeLevels.lastIndex { $0 <= value } ?? 0
    }

    /// The palette's entries in OKLab, worked out once.
    private static let paletteLab: [OKLab] = (0...255).map { index in
        let (r, g, b) = paletteRGB(UInt8(index))
        return OKLab(r, g, b)
    }

    /// The ANSI colour nearest to an RGB value.
    static func nearestANSI(to rgb: (UInt8, UInt8, UInt8)) -> Color {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in ansiRGB.enumerated() {
            let d = distance(candidate, rgb)
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return .ansi(UInt8(best))
    }
}

/// A colour in OKLab (Björn Ottosson's perceptual space): lightness and two opponent axes.
private struct OKLab {
    let l: Double
    let a: Double
    let b: Double

    /// sRGB's channels as linear light, looked up rather than worked out.
    private static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        let (r, g, b) = (Self.linear[Int(red)], Self.linear[Int(green)], Self.linear[Int(blue)])
        let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        self.l = 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s
        a = 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s
        self.b = 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s
    }

    /// How far apart two colours look, chroma counting twice: a grey is no near match for a hue.
    func distance(to other: OKLab) -> Double {
        let dl = l - other.l
        let da = a - other.a
        let db = b - other.b
        return dl * dl + 2 * (da * da + db * db)
    }
}
