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

    private static func nearestCubeLevel(_ v: UInt8) -> Int {
        if v < 48 { return 0 }
        if v < 115 { return 1 }
        return min(5, (Int(v) - 35) / 40)
    }

    /// The palette entry (cube or grey ramp, 16…255) nearest to an RGB value.
    static func nearestPaletteIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let ri = nearestCubeLevel(r)
        let gi = nearestCubeLevel(g)
        let bi = nearestCubeLevel(b)
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyStep = max(0, min(23, (average - 3) / 10))
        let greyIndex = 232 + greyStep
        let target = (r, g, b)
        let cubeDistance = distance(paletteRGB(UInt8(cubeIndex)), target)
        let greyDistance = distance(paletteRGB(UInt8(greyIndex)), target)
        return UInt8(greyDistance < cubeDistance ? greyIndex : cubeIndex)
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
