import Foundation

/// How faithfully cells show an image: the cells' pixels are rebuilt from each glyph's
/// coverage and its two colours, on a grid of 2×12 sub-pixels a cell (fine enough for every
/// ``SymbolSet``), and compared with the image area-averaged to the same grid. The figure
/// is the peak signal-to-noise ratio in decibels: higher is closer.
package enum RasterFidelity {
    /// Sub-pixels a cell in the comparison grid.
    package static let grid = (columns: 2, rows: 12)

    /// PSNR (dB) of `image` against `reference` (the same size) over the reference's opaque
    /// pixels: how close a picture sent as pixels comes back (a sixel's palette, say).
    package static func psnr(of image: RGBAImage, against reference: RGBAImage) -> Double {
        var error = 0.0
        var count = 0
        for y in 0..<min(image.height, reference.height) {
            for x in 0..<min(image.width, reference.width) where reference[x, y].a >= 128 {
                let a = reference[x, y]
                let b = image[x, y]
                let dr = Double(a.r) - Double(b.r)
                let dg = Double(a.g) - Double(b.g)
                let db = Double(a.b) - Double(b.b)
                error += dr * dr + dg * dg + db * db
                count += 3
            }
        }
        guard count > 0 else { return 0 }
        return error == 0 ? .infinity : 10 * log10(255 * 255 / (error / Double(count)))
    }

    /// The sub-pixels of the comparison grid each block glyph covers, from every set's own
    /// grid (a flat braille cell is a space on its colour: no coverage).
    package static let coverage: [Character: Int] = {
        var table: [Character: Int] = [" ": 0, "█": (1 << (grid.columns * grid.rows)) - 1]
        for set in SymbolSet.allCases {
            let (columns, rows) = set.grid
            for mask in 0..<(1 << (columns * rows)) {
                var covered = 0
                for sy in 0..<grid.rows {
                    for sx in 0..<grid.columns where mask & (1 << ((sy * rows / grid.rows) * columns + sx * columns / grid.columns)) != 0 {
                        covered |= 1 << (sy * grid.columns + sx)
                    }
                }
                table[set.glyph(mask)] = covered
            }
        }
        return table
    }()

    package static func rgb(_ color: Color, _ fallback: RGBA) -> (Double, Double, Double) {
        switch color {
        case .rgb(let r, let g, let b): (Double(r), Double(g), Double(b))
        case .default: (Double(fallback.r), Double(fallback.g), Double(fallback.b))
        case .ansi(let i):
            {
                let c = Color.paletteRGB(i & 15)
                return (Double(c.0), Double(c.1), Double(c.2))
            }()
        case .palette(let i):
            {
                let c = Color.paletteRGB(i)
                return (Double(c.0), Double(c.1), Double(c.2))
            }()
        }
    }
}
