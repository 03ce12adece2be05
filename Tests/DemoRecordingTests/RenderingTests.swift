import Foundation
import GifDecoding
import Pixels
import Testing
import ViewCore

@testable import DemoRecording
@testable import TerminalScreen

/// Cells to pixels with DejaVu Sans Mono, and frames to a GIF the kit's decoder reads back.
struct RenderingTests {
    static let hasFonts = FileManager.default.fileExists(atPath: CellRenderer.defaultFontFiles[0])

    @Test(.enabled(if: hasFonts, "needs fonts-dejavu-core (Tools/setup installs it)"))
    func textIsDrawnInItsColoursAndAGifHoldsTheFramesThatChanged() throws {
        let renderer = try CellRenderer(fontSize: 16)
        #expect(
            renderer.cellWidth >= 8 && renderer.cellWidth <= 12 && renderer.cellHeight >= 16 && renderer.cellHeight <= 22,
            "\(renderer.cellWidth)×\(renderer.cellHeight)"
        )
        var terminal = TerminalEmulator(size: Size(width: 20, height: 3))
        var colors = ColorIndex()
        var sequence = FrameSequence()
        terminal.feed("$ ")
        sequence.append(renderer.draw(terminal.screen, cursor: terminal.cursor, theme: .standard, padding: 10, palette: &colors), lasting: .milliseconds(500))
        sequence.append(renderer.draw(terminal.screen, cursor: terminal.cursor, theme: .standard, padding: 10, palette: &colors), lasting: .milliseconds(500))
        terminal.feed("echo \u{1B}[1;32mhello\u{1B}[0m")
        let last = renderer.draw(terminal.screen, cursor: nil, theme: .standard, padding: 10, palette: &colors)
        sequence.append(last, lasting: .seconds(1))
        #expect(sequence.frames.count == 2 && sequence.frames[0].centiseconds == 100, "the same frame twice is one, shown for both")
        // Bold green is the bright green of the theme; its full-coverage pixels are there.
        let green = colors.colors.firstIndex(of: RecordingTheme.standard.ansi[10]).map(UInt8.init)
        #expect(green != nil && last.pixels.contains(green!))
        #expect(colors.colors.count < 40, "few colours: \(colors.colors.count)")
        let data = try sequence.gif(colors: colors.colors)
        let image = try AnimatedImage(data: data)
        #expect(image.width == 20 * renderer.cellWidth + 20 && image.height == 3 * renderer.cellHeight + 20)
        #expect(image.frameCount == 2 && image.frames.map(\.delayCentiseconds) == [100, 100])
        #expect(image.frames[1].width < image.width, "the second frame is the rectangle that changed")
        let decoded = image.image(at: 1)
        let decodedGreen = (0..<decoded.height).contains { y in (0..<decoded.width).contains { x in decoded[x, y] == RGBA(0x00, 0xD7, 0x87) } }
        #expect(decodedGreen, "the composited last frame shows the green word")
    }

    @Test func aMissingFontIsSaidWithWhatToDo() {
        #expect(throws: FontError.self) { try CellRenderer(fontSize: 16, files: ["/nonexistent/font.ttf"]) }
    }
}

struct RecordingThemeTests {
    @Test func aJSONThemeTakesVHSsKeysAndKeepsTheRest() {
        let theme = RecordingTheme.json(
            ##"{"name": "Whimsy", "background": "#29283b", "purple": "#aa7ff0", "brightGreen": "#00D787", "cursorColor": "#b3b0d6"}"##
        )
        #expect(theme?.name == "Whimsy" && theme?.background == GifColor(0x29, 0x28, 0x3B))
        #expect(theme?.ansi[5] == GifColor(0xAA, 0x7F, 0xF0) && theme?.ansi[10] == GifColor(0x00, 0xD7, 0x87), "purple is magenta")
        #expect(theme?.cursor == GifColor(0xB3, 0xB0, 0xD6) && theme?.ansi[1] == RecordingTheme.standard.ansi[1], "the rest from the default")
        #expect(RecordingTheme.json("{not json") == nil && RecordingTheme.named["catppuccin mocha"]?.background == GifColor(0x1E, 0x1E, 0x2E))
    }
}
