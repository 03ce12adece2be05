import Foundation
import GifDecoding
import Pixels
import Testing
import ViewCore

@testable import DemoRecording
@testable import TerminalScreen

/// asciinema casts read (versions 2 and 3), written, and drawn into a GIF as agg draws them.
struct CastTests {
    @Test func versionTwoAndThreeReadToTheSameOutputs() throws {
        let two = try Cast.parse(
            """
            {"version": 2, "width": 40, "height": 5, "env": {"SHELL": "/bin/zsh"}}
            [0.5, "o", "hello "]
            [0.7, "i", "typed"]
            [1.25, "o", "\\u001b[1mworld\\u001b[0m"]
            """
        )
        let three = try Cast.parse(
            """
            {"version": 3, "term": {"cols": 40, "rows": 5}}
            # a comment
            [0.5, "o", "hello "]
            [0.2, "m", ""]
            [0.55, "o", "\\u001b[1mworld\\u001b[0m"]
            """
        )
        #expect(two.columns == 40 && two.rows == 5 && two.shell == "/bin/zsh")
        #expect(two.outputs == [Cast.Output(seconds: 0.5, text: "hello "), Cast.Output(seconds: 1.25, text: "\u{1B}[1mworld\u{1B}[0m")])
        #expect(three.outputs.map(\.text) == two.outputs.map(\.text) && abs(three.outputs[1].seconds - 1.25) < 1e-9, "v3 counts from the event before")
        // Written as version 2 and read back: the same.
        let again = try Cast.parse(two.encoded())
        #expect(again.outputs == two.outputs && again.columns == 40 && again.shell == "/bin/zsh")
    }

    @Test func aMalformedCastNamesItsLine() {
        func message(_ text: String) -> String {
            do {
                _ = try Cast.parse(text)
                return "parsed"
            } catch { return error.description }
        }
        #expect(message("not json").hasPrefix("line 1: a cast starts with a JSON header"))
        #expect(message("{\"version\": 1, \"width\": 80, \"height\": 24}").hasPrefix("line 1: the header is not one of asciinema's version 2 or 3"))
        #expect(message("{\"version\": 2, \"width\": 0, \"height\": 24}").hasPrefix("line 1:"))
        #expect(
            message("{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.1, \"o\", \"a\"]\n[0.2, \"o\"]")
                == "line 3: an event is `[time, \"o\", \"text\"]`, and this is not one"
        )
    }

    @Test(.enabled(if: RenderingTests.hasFonts, "needs fonts-dejavu-core (Tools/setup installs it)"))
    func outputsInOneFrameAreDrawnOnceAndLongPausesAreCut() throws {
        let cast = Cast(
            columns: 12,
            rows: 2,
            outputs: [
                Cast.Output(seconds: 2, text: "a"),  // the start: times count from the first output
                Cast.Output(seconds: 2.01, text: "b"),  // the same 1/30 s: the same frame
                Cast.Output(seconds: 3, text: "c"),
                Cast.Output(seconds: 23, text: "\u{1B}[31md"),  // 20 s of nothing, cut to 5
            ]
        )
        let renderer = try CastRenderer(fontSize: 14)
        let rendering = try renderer.gif(of: cast)
        let image = try AnimatedImage(data: rendering.data)
        #expect(rendering.frames == 3 && image.frameCount == 3)
        #expect(image.frames.map(\.delayCentiseconds) == [100, 500, 300], "1 s, the pause cut to 5 s, the last screen held 3 s")
        // The last frame, composited, is the screen `abc` + red `d` drawn on its own.
        var terminal = TerminalEmulator(size: Size(width: 12, height: 2))
        terminal.feed(Array("abc\u{1B}[31md".utf8))
        var palette = ColorIndex()
        let cells = try CellRenderer(fontSize: 14, lineHeight: 1.4 / 1.17)
        let expected = cells.draw(terminal.screen, cursor: terminal.cursor, theme: .standard, padding: 10, palette: &palette)
        let last = image.image(at: 2)
        #expect(last.width == expected.width && last.height == expected.height)
        let differing = (0..<expected.height).reduce(0) { sum, y in
            sum
                + (0..<expected.width).filter { x in
                    let color = palette.colors[Int(expected.pixels[y * expected.width + x])]
                    return last[x, y] != RGBA(color.r, color.g, color.b)
                }.count
        }
        #expect(differing == 0, "\(differing) pixels differ from the screen drawn directly")
        var fast = renderer
        fast.speed = 2
        fast.idleTimeLimit = nil
        let faster = try AnimatedImage(data: try fast.gif(of: cast).data)
        #expect(faster.frames.map(\.delayCentiseconds) == [50, 1000, 300], "twice as fast, no pause cut")
        #expect(throws: RecordingError.self) { try renderer.gif(of: Cast(columns: 10, rows: 2)) }
    }

    @Test func aCharacterCutBetweenTwoReadsWaitsForItsEnd() {
        let bytes = Array("ab é ✓ 😀".utf8)
        #expect(UTF8Cut.unfinishedSuffix(of: bytes) == 0)
        #expect(UTF8Cut.unfinishedSuffix(of: Array(bytes.dropLast())) == 3, "three of the emoji's four bytes")
        #expect(UTF8Cut.unfinishedSuffix(of: Array(bytes.dropLast(3))) == 1)
        #expect(UTF8Cut.unfinishedSuffix(of: Array("é".utf8).dropLast().map { $0 }) == 1)
        #expect(UTF8Cut.unfinishedSuffix(of: []) == 0 && UTF8Cut.unfinishedSuffix(of: [0x80, 0x80, 0x80]) == 0)
    }
}

/// The window round a recording: margin, bar, corners.
struct RecordingWindowTests {
    @Test func aWindowHasItsMarginBarAndRoundedCorners() {
        var window = RecordingWindow()
        #expect(window.isPlain && window.chrome == (0, 0))
        window.margin = 20
        #expect(window.chrome == (0, 0), "no margin without a fill, as VHS")
        window.marginFill = GifColor(0x6B, 0x50, 0xFF)
        window.bar = .colorful
        window.borderRadius = 8
        #expect(window.chrome == (40, 70))
        var palette = ColorIndex()
        let template = window.template(content: (100, 50), theme: .standard, palette: &palette)
        #expect(template.width == 140 && template.height == 120 && template.origin == (20, 50))
        let content = IndexedFrame(width: 100, height: 50, pixels: [UInt8](repeating: palette.index(of: GifColor(1, 2, 3)), count: 5000))
        let framed = template.framing(content)
        func color(_ x: Int, _ y: Int) -> GifColor { palette.colors[Int(framed.pixels[y * framed.width + x])] }
        #expect(color(0, 0) == GifColor(0x6B, 0x50, 0xFF) && color(20, 20) == GifColor(0x6B, 0x50, 0xFF), "the margin, and the rounded corner")
        #expect(color(30, 30) == RecordingTheme.standard.background, "the bar in the theme's background")
        #expect(color(20 + 15, 20 + 15) == GifColor(0xFF, 0x4F, 0x4D), "the first dot's centre: 30 / 6 = 5 px radius, 10 px from the edge")
        #expect(color(70, 90) == GifColor(1, 2, 3) && color(20, 99) == GifColor(0x6B, 0x50, 0xFF), "the terminal, its bottom corner rounded")
        window.bar = .ringsRight
        let rings = window.template(content: (100, 50), theme: .standard, palette: &palette).framing(content)
        let right = (x: 20 + 100 - 15, y: 20 + 15)
        #expect(rings.pixels[right.y * 140 + right.x] == palette.index(of: RecordingTheme.standard.background), "a ring is hollow")
    }
}
