import IndicatorKit
import Testing

@testable import ViewCore

/// Canvases printed inline with escape sequences.
struct CanvasANSITests {
    @Test func coloursAreSentWhenTheyChangeAndEveryRowIsReset() {
        var canvas = Canvas(size: Size(width: 3, height: 2))
        let red = Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))
        canvas.put("▀", at: Point(x: 0, y: 0), style: red)
        canvas.put("▀", at: Point(x: 1, y: 0), style: red)
        canvas.put("x", at: Point(x: 2, y: 0), style: Style(foreground: .ansi(9), attributes: .bold))
        let text = canvas.ansiText(colorDepth: .trueColor)
        #expect(text == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀▀\u{1B}[0;1;91mx\u{1B}[0m\n   \n", "the reset that sets bold also takes the background back")
        #expect(canvas.ansiText(colorDepth: .none) == "▀▀x\n   \n", "no sequences without colour")
        #expect(canvas.ansiText(colorDepth: .palette256).contains("38;5;196"), "true colour brought down to the palette")
    }

    @Test func aWideCharacterIsWrittenOnce() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.put("漢", at: Point(x: 0, y: 0))
        #expect(canvas.ansiText(colorDepth: .none) == "漢 \n")
    }
}
