import IndicatorKit
import TerminalGraphics
import Testing

@testable import TerminalIO

/// Accents moved away from the background, pictures' cells left alone.
struct ReadableColorsTests {
    /// Every ANSI colour a picture's id can be (ids below 8 are ANSI colours), on dark and light.
    @Test(arguments: [RGBA(0, 0, 0), RGBA(255, 255, 255)])
    func aKittyPlaceholderKeepsTheColourThatIsItsPicturesID(background: RGBA) {
        var colors = ReadableColors(theme: background.r == 0 ? .dark : .light, background: background, depth: .trueColor)
        let placeholder = Character(KittyPlaceholder.cell(row: 0, column: 0))
        var moved = 0
        for id in UInt8(0)..<8 {
            let style = Style(foreground: .ansi(id))
            #expect(colors.readable(style, for: placeholder) == style, "id \(id) on \(background)")
            if colors.readable(style, for: "x") != style { moved += 1 }
        }
        #expect(moved > 0, "the same colours on text are moved (the check can fail)")
        var canvas = Canvas(size: Size(width: 2, height: 1))
        canvas[0, 0] = Cell(placeholder, style: Style(foreground: .ansi(4), attributes: .dim))
        canvas[1, 0] = Cell("x", style: Style(foreground: .ansi(4), attributes: .dim))
        let drawn = colors.readable(canvas)
        #expect(drawn[0, 0].style == canvas[0, 0].style && drawn[1, 0].style != canvas[1, 0].style)
    }
}
