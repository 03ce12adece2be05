import Foundation

/// How faithfully cells show an image: the cells' pixels are rebuilt from each glyph's
/// coverage and its two colours, on a grid of 2×12 sub-pixels a cell (fine enough for every
/// ``SymbolSet``), and compared with the image area-averaged to the same grid. The figure
/// is the peak signal-to-noise ratio in decibels: higher is closer.
package enum RasterFidelity {
    /// Sub-pixels a cell in the comparison grid.
    static let grid = (columns: 2, rows: 12)

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

    /// The PSNR (dB) of `cells` against `image` (opaque pixels; translucent ones are taken
    /// over `background`, as are cells in default colours). Every block glyph of every
    /// ``SymbolSet`` is rebuilt from its coverage; any other character counts as background.
    package static func psnr(of cells: Canvas, against image: RGBAImage, background: RGBA = RGBA(0, 0, 0)) -> Double {
        let size = Size(width: cells.size.width * grid.columns, height: cells.size.height * grid.rows)
        guard !size.isEmpty else { return 0 }
        let reference = HalfBlockRasterizer.areaAverage(image, to: size)
        var squared = 0.0
        for row in 0..<cells.size.height {
            for column in 0..<cells.size.width {
                let cell = cells[column, row]
                let fg = rgb(cell.style.foreground, background)
                let bg = rgb(cell.style.background, background)
                let mask = coverage[cell.character] ?? 0
                for sy in 0..<grid.rows {
                    for sx in 0..<grid.columns {
                        let shown = mask & (1 << (sy * grid.columns + sx)) != 0 ? fg : bg
                        let p = reference[(row * grid.rows + sy) * size.width + column * grid.columns + sx]
                        let a = Double(p.a) / 255
                        let want = (
                            Double(p.r) * a + Double(background.r) * (1 - a), Double(p.g) * a + Double(background.g) * (1 - a),
                            Double(p.b) * a + Double(background.b) * (1 - a)
                        )
                        let dr = want.0 - shown.0
                        let dg = want.1 - shown.1
                        let db = want.2 - shown.2
                        squared += dr * dr + dg * dg + db * db
                    }
                }
            }
        }
        let mse = squared / Double(size.area * 3)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// The sub-pixels of the comparison grid each block glyph covers, from every set's own
    /// grid (a flat braille cell is a space on its colour: no coverage).
    static let coverage: [Character: Int] = {
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

    private static func rgb(_ color: Color, _ fallback: RGBA) -> (Double, Double, Double) {
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
