import Foundation
import Pixels
import ViewCore

extension RasterFidelity {
    /// The PSNR (dB) of `cells` against `image` (opaque pixels; translucent ones are taken
    /// over `background`, as are cells in default colours). Every block glyph of every
    /// `SymbolSet` is rebuilt from its coverage; any other character counts as background.
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
}
