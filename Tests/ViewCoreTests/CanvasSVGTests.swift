import IndicatorKit
import Testing

@testable import ViewCore

/// Canvases as SVG pictures, for the documentation.
struct CanvasSVGTests {
    @Test func blocksAreRectanglesTextIsPlacedByCellAndEscaped() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.put("▀", at: Point(x: 0, y: 0), style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
        canvas.put("<", at: Point(x: 1, y: 0), style: Style(foreground: .ansi(2), attributes: .bold))
        canvas.put("&", at: Point(x: 2, y: 0))
        let svg = canvas.svg(theme: .dark, cellWidth: 10, cellHeight: 20)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"20\""))
        #expect(svg.contains("<rect width=\"100%\" height=\"100%\" fill=\"#000000\"/>"), "the dark theme's background")
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"10\" height=\"20\" fill=\"#0000ff\"/>"), "the painted background, a run of one cell")
        #expect(svg.contains("<rect x=\"0\" width=\"10\" y=\"0\" height=\"10\" fill=\"#ff0000\"/>"), "the upper half block: its top half in the foreground")
        #expect(svg.contains("<text x=\"10\" y=\"15.6\" fill=\"#00cd00\" font-weight=\"bold\">&lt;</text>"), "ANSI green, bold, escaped")
        #expect(svg.contains(">&amp;</text>"))
        #expect(svg.contains("fill=\"#e5e5e5\">&amp;"), "default text in the theme's foreground")
        #expect(Canvas(size: Size(width: 1, height: 1)).svg(theme: .light).contains("fill=\"#ffffff\""), "a light terminal's background")
        var wide = Canvas(size: Size(width: 4, height: 1))
        wide.fill(wide.bounds, with: Cell(" ", style: Style(background: .rgb(1, 2, 3))))
        #expect(
            wide.svg(cellWidth: 10, cellHeight: 20).contains("<rect x=\"0\" y=\"0\" width=\"40\" height=\"20\" fill=\"#010203\"/>"),
            "one rectangle for a run of one colour"
        )
    }

    @Test func sextantsAndQuadrantsAreRectanglesBrailleIsText() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        // Sub-pixels 0, 1, 2 and 4: the left column and the top right.
        let sextant = SymbolSet.sextant.glyph(0b010111)
        canvas.put(sextant, at: Point(x: 0, y: 0), style: Style(foreground: .rgb(255, 0, 0)))
        canvas.put("▚", at: Point(x: 1, y: 0), style: Style(foreground: .rgb(0, 255, 0)))
        canvas.put("⣿", at: Point(x: 2, y: 0), style: Style(foreground: .rgb(0, 0, 255)))
        let svg = canvas.svg(theme: .dark, cellWidth: 12, cellHeight: 24)
        // The left column whole (rows 0-2 of 3), the right column's top third.
        #expect(svg.contains("<rect x=\"0\" width=\"6\" y=\"0\" height=\"24\" fill=\"#ff0000\"/>"))
        #expect(svg.contains("<rect x=\"6\" width=\"6\" y=\"0\" height=\"8\" fill=\"#ff0000\"/>"))
        #expect(!svg.contains(">\(sextant)</text>"), "no font needed")
        // ▚: top-left and bottom-right quarters.
        #expect(svg.contains("<rect x=\"12\" width=\"6\" y=\"0\" height=\"12\" fill=\"#00ff00\"/>"))
        #expect(svg.contains("<rect x=\"18\" width=\"6\" y=\"12\" height=\"12\" fill=\"#00ff00\"/>"))
        #expect(svg.contains(">⣿</text>"), "braille's dots stay text")
    }
}
