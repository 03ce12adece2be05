import Foundation
import GifDecoding
import GifSamples
import IndicatorKit
import TerminalIO

/// What an animation costs on the wire: the bytes a terminal receives for each frame after
/// the first. Ours go through ncurses on a pseudo-terminal in true colour (it sends only the
/// cells that changed, as the GIF player does); chafa's are its own `--animate on` output for
/// one pass through the same GIF (it draws every frame whole).
@MainActor
enum AnimationBytesBench {
    static func run(chafa: String?, box: Size = Size(width: 80, height: 24)) throws -> [String] {
        var lines = [
            "animation: bytes a frame after the first at \(box.width)×\(box.height) (ncurses, true colour\(chafa == nil ? "" : "; chafa's --animate output, one pass"))"
        ]
        let gifs: [(String, Data)] = [
            ("video 320×240", try GifSamples.video(width: 320, height: 240, frames: 12)),
            ("sprites 400×400", try GifSamples.sprites(size: 400, frames: 12)),
        ]
        for (name, data) in gifs {
            let image = try AnimatedImage(data: data)
            let frames = (0..<image.frameCount).map { image.image(at: $0) }
            var row = name.padding(toLength: 20, withPad: " ", startingAt: 0)
            let path = chafa == nil ? nil : NSTemporaryDirectory() + "animation-\(UUID().uuidString).gif"
            if let path { try data.write(to: URL(fileURLWithPath: path)) }
            defer { if let path { try? FileManager.default.removeItem(atPath: path) } }
            for set in SymbolSet.allCases {
                let ours = try ncursesBytesPerFrame(frames.map { SymbolRasterizer(symbols: set).rasterize($0, fitting: box) }, box: box)
                var cell = String(format: "%6.0f", ours)
                if let chafa, let path {
                    let output = try RasterBench.runChafa(chafa, path: path, size: box, symbols: RasterBench.chafaClass(set), animating: true)
                    cell += String(format: " / %6.0f", Double(output.count) / Double(frames.count))
                }
                row += cell.padding(toLength: 20, withPad: " ", startingAt: 0)
            }
            lines.append(row)
        }
        return lines
    }

    /// The bytes ncurses sends for each frame after the first (the loop's return to the first
    /// frame included), on a pseudo-terminal of `box`'s size.
    static func ncursesBytesPerFrame(_ frames: [Canvas], box: Size) throws -> Double {
        let pty = try PseudoTerminal(size: box)
        let counter = ByteCounter(pty: pty)
        let terminal = try FullScreenTerminal.open(
            input: pty.secondary,
            output: pty.secondary,
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "INDICATORKIT_BACKGROUND": "dark"],
            mouse: false,
            asksBackground: false
        )
        defer {
            terminal.close()
            counter.stop()
        }
        func screen(_ frame: Canvas) -> Canvas {
            var canvas = Canvas(size: box)
            canvas.blit(frame, at: Point(x: 0, y: 0))
            return canvas
        }
        terminal.present(screen(frames[0]))
        let before = counter.settledTotal()
        for frame in frames.dropFirst() + [frames[0]] { terminal.present(screen(frame)) }
        if ProcessInfo.processInfo.environment["BENCH_TRACE"] == "1" {
            counter.startCapture()
            terminal.present(screen(frames[1]))
            print("trace: \(String(decoding: counter.endCapture().prefix(300), as: UTF8.self).debugDescription)")
        }
        return Double(counter.settledTotal() - before) / Double(frames.count)
    }
}
