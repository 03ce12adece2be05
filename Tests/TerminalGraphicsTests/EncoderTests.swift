import Foundation
import ImageFiles
import IndicatorKit
import TestSupport
import Testing

@testable import TerminalGraphics

/// What we send, read back as a terminal would, against the frame.
struct EncoderTests {
    @Test func kittyTransmitsTheFramesPixelsExactlyInChunksOfAtMost4096() throws {
        let photo = Decoders.photo()
        let sent = KittyGraphics.display(photo, id: 7, columns: 40, rows: 15)
        let commands = Decoders.kittyCommands(sent)
        try #require(commands.count == 1)
        let keys = commands[0].keys
        #expect(keys["a"] == "T" && keys["f"] == "32" && keys["o"] == "z" && keys["i"] == "7")
        #expect(keys["s"] == "320" && keys["v"] == "240" && keys["c"] == "40" && keys["r"] == "15")
        let pixels = try #require(Deflate.decompress(commands[0].payload, limit: photo.pixels.count))
        #expect(pixels == photo.pixels, "the frame's own pixels")
        for chunk in sent.components(separatedBy: "\u{1B}_G").dropFirst() {
            let payload = chunk.split(separator: ";", maxSplits: 1).last ?? ""
            #expect(payload.count <= 4096 + 2, "a chunk of at most 4096 base64 bytes")
        }
    }

    @Test func kittyAnimationFramesCarryTheirGaps() throws {
        var frame = RGBAImage(width: 2, height: 2)
        frame[0, 0] = RGBA(255, 0, 0)
        let sent = KittyGraphics.addFrame(frame, to: 9, gap: .milliseconds(120)) + KittyGraphics.animate(id: 9, running: true)
        let commands = Decoders.kittyCommands(sent)
        #expect(commands.map { $0.keys["a"] } == ["f", "a"])
        #expect(commands[0].keys["z"] == "120")
        #expect(try #require(Deflate.decompress(commands[0].payload, limit: 16)) == frame.pixels)
        #expect(commands[1].keys["s"] == "3" && commands[1].keys["v"] == "1", "runs, looping for ever")
        #expect(KittyGraphics.delete(id: 9) == "\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\")
    }

    /// kitty takes a chunk without `a=` as a transmit's: each chunk of a frame says `a=f`, or
    /// the frame replaces frame 2 instead of being added (GIFs froze after their first loop).
    @Test func everyChunkOfAnAnimationFrameSaysItIsAFrame() throws {
        var generator = SeededGenerator(seed: 7)
        var frame = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { frame[x, y] = RGBA(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator), 9) }
        }
        let sent = KittyGraphics.addFrame(frame, to: 9, gap: .milliseconds(100))
        let chunks = sent.components(separatedBy: "\u{1B}_G").dropFirst()
        try #require(chunks.count > 2, "sent in several chunks")
        for chunk in chunks { #expect(chunk.hasPrefix("a=f,"), "\(chunk.prefix(40))") }
        let commands = Decoders.kittyCommands(sent)
        #expect(commands.map { $0.keys["a"] } == ["f"] && commands.first?.keys["q"] == "2")
        #expect(try #require(Deflate.decompress(commands[0].payload, limit: frame.pixels.count)) == frame.pixels)
    }

    @Test func iTermImagesAreAPNGOfTheFramesPixels() throws {
        var photo = Decoders.photo(width: 64, height: 48)
        photo[0, 0] = RGBA(1, 2, 3, 0)  // a transparent pixel survives
        let sent = ITermImage.display(photo, columns: 20, rows: 6)
        #expect(sent.hasPrefix("\u{1B}]1337;File=inline=1;size=") && sent.hasSuffix("\u{07}"))
        #expect(sent.contains(";width=20;height=6;"))
        let base64 = String(sent.split(separator: ":").last!.dropLast())
        let png = try #require(Data(base64Encoded: base64))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("iterm-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try png.write(to: URL(fileURLWithPath: file))
        let decoded = try ImageFile.read(file).image
        #expect(decoded.pixels == photo.pixels, "libpng reads back the very pixels")
    }

    /// A gradient drawn with few registers: dithered, each 8×8 block keeps its own shade on
    /// average (a fine mix of registers) where undithered blocks fall into bands of one.
    @Test func sixelDithersAGradientInsteadOfBandingIt() throws {
        var ramp = RGBAImage(width: 256, height: 32)
        for y in 0..<32 { for x in 0..<256 { ramp[x, y] = RGBA(UInt8(x), UInt8(x / 2), 200) } }
        let palette = Sixel.Palette(ramp, colors: 8)
        func blockError(_ indices: [Int16]) -> Double {
            var total = 0.0
            for by in stride(from: 0, to: 32, by: 8) {
                for bx in stride(from: 0, to: 256, by: 8) {
                    var shown = 0
                    var wanted = 0
                    for y in by..<by + 8 {
                        for x in bx..<bx + 8 {
                            shown += Int(palette.colors[Int(indices[y * 256 + x])].r)
                            wanted += Int(ramp[x, y].r)
                        }
                    }
                    total += abs(Double(shown - wanted)) / 64
                }
            }
            return total / Double(32 / 8 * 256 / 8)
        }
        let banded = blockError(palette.indices(of: ramp))
        let dithered = blockError(palette.indices(of: ramp, dithering: true))
        #expect(dithered < banded / 2, "an 8×8 block's mean off by \(dithered) dithered, \(banded) banded")
        var flat = RGBAImage(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { flat[x, y] = x < 8 ? RGBA(30, 60, 90) : RGBA(200, 100, 0) } }
        let panels = Sixel.Palette(flat, colors: 8)
        #expect(Set(panels.indices(of: flat, dithering: true)).count == 2, "a colour the palette holds stays itself: no grain on a panel")
    }

    @Test func sixelKeepsAPhotoAbove30DecibelsAndLeavesTransparencyUnpainted() throws {
        var photo = Decoders.photo()
        for y in 0..<20 { for x in 0..<20 { photo[x, y] = RGBA(0, 0, 0, 0) } }
        let sent = Sixel.encode(photo, colors: 256)
        #expect(sent.hasPrefix("\u{1B}P0;1;0q\"1;1;320;240"), "P2=1: unpainted pixels keep what is beneath")
        let decoded = try #require(Sixel.decode(sent))
        #expect(decoded.width == 320 && decoded.height == 240)
        let quality = Decoders.psnr(decoded, photo)
        #expect(quality >= 30, "\(quality) dB")
        #expect(decoded[5, 5].a == 0 && decoded[25, 25].a == 255, "the transparent corner is not painted")
        let fewer = try #require(Sixel.decode(Sixel.encode(photo, colors: 16)))
        #expect(Decoders.psnr(fewer, photo) < quality, "fewer registers, less fidelity")
        #expect(sent.components(separatedBy: "#").count - 1 > 256, "registers defined, then used")
    }

    @Test func sixelRunsAreShorterThanThePixels() {
        var flat = RGBAImage(width: 600, height: 12)
        for y in 0..<12 { for x in 0..<600 { flat[x, y] = RGBA(200, 10, 10) } }
        let sent = Sixel.encode(flat)
        #expect(sent.utf8.count < 80, "two bands of one run each: \(sent.debugDescription)")
        #expect(sent.contains("!600~"))
    }
}

struct ProbeTests {
    @Test func answersAreReadWhicheverWayTheyAreCutAndKeysAreKept() {
        let answers =
            "\u{1B}_Gi=31;OK\u{1B}\\" + "x" + "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}[?1;0;256S" + "\u{1B}[?2;0;1920;1080S"
            + "\u{1B}[6;20;10t" + "\u{1B}[4;480;800t" + "\u{1B}[A" + "\u{1B}[?62;4;22c"
        for cut in [1, 3, 7, 1000] {
            var probe = GraphicsProbe()
            var bytes = Array(answers.utf8)[...]
            while !bytes.isEmpty {
                probe.read(Array(bytes.prefix(cut)))
                bytes = bytes.dropFirst(cut)
            }
            #expect(probe.isComplete)
            #expect(probe.answers.kitty && probe.answers.sixel)
            #expect(probe.answers.version == "kitty(0.26.5)")
            #expect(probe.answers.colorRegisters == 256 && probe.answers.sixelMaximum == Size(width: 1920, height: 1080))
            #expect(probe.answers.cellPixels == Size(width: 10, height: 20) && probe.answers.windowPixels == Size(width: 800, height: 480))
            #expect(probe.leftover == Array("x\u{1B}[A".utf8), "a typed key and an arrow are not answers")
        }
    }

    @Test func theChoiceFollowsTheOverrideThenTheAnswers() {
        var answers = GraphicsAnswers()
        answers.sixel = true
        #expect(GraphicsProbe.choose(answers, environment: [:]) == .sixel)
        answers.kitty = true
        #expect(GraphicsProbe.choose(answers, environment: [:]) == .kitty)
        #expect(GraphicsProbe.choose(answers, environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "xterm-kitty"]) == .symbols)
        #expect(GraphicsProbe.choose(answers, environment: ["INDICATORKIT_GRAPHICS": "sixel"]) == .sixel)
        #expect(GraphicsProbe.choose(nil, environment: ["INDICATORKIT_GRAPHICS": "auto"]) == .symbols)
        #expect(GraphicsProbe.choose(GraphicsAnswers(), environment: ["TERM_PROGRAM": "WezTerm"]) == .iterm)
    }

    @Test func sixelsUseNoMoreRegistersThanTheTerminalHas() {
        var answers = GraphicsAnswers()
        #expect(GraphicsProbe.sixelColors(nil) == 208)
        answers.colorRegisters = 16
        #expect(GraphicsProbe.sixelColors(answers) == 16)
        answers.colorRegisters = 1024
        #expect(GraphicsProbe.sixelColors(answers) == 208)
        let sent = Sixel.encode(Decoders.photo(width: 64, height: 48), colors: GraphicsProbe.sixelColors(GraphicsAnswers(colorRegisters: 16)))
        let defined = sent.split(separator: "#").filter { $0.contains(";2;") }.count
        #expect(defined <= 16, "\(defined) registers defined")
    }

    @Test func theCellSizeComesFromTheWindowsPixelsThenTheAnswers() {
        var answers = GraphicsAnswers()
        answers.windowPixels = Size(width: 800, height: 480)
        let cells = Size(width: 80, height: 24)
        #expect(GraphicsProbe.cellPixels(windowPixels: Size(width: 720, height: 408), cells: cells, answers: answers) == Size(width: 9, height: 17))
        #expect(GraphicsProbe.cellPixels(windowPixels: nil, cells: cells, answers: answers) == Size(width: 10, height: 20))
        answers.cellPixels = Size(width: 7, height: 15)
        #expect(GraphicsProbe.cellPixels(windowPixels: nil, cells: cells, answers: answers) == Size(width: 7, height: 15))
        #expect(GraphicsProbe.cellPixels(windowPixels: nil, cells: cells, answers: nil) == nil)
    }

    /// Whatever a terminal says of its cells is checked like file data: a size no cell has
    /// (huge, zero, a line of one pixel) is passed over for the next source, or for none.
    @Test func aCellSizeNoTerminalHasIsNotBelieved() {
        let cells = Size(width: 80, height: 24)
        var probe = GraphicsProbe()
        probe.read(Array("\u{1B}[6;9223372036854775807;9223372036854775807t\u{1B}[4;99999999999999999999;1t\u{1B}[?62c".utf8))
        #expect(probe.isComplete)
        #expect(GraphicsProbe.cellPixels(windowPixels: nil, cells: cells, answers: probe.answers) == nil, "2^63 is no cell")
        for (cell, window) in [
            (Size(width: 100_000, height: 100_000), nil), (Size(width: 1, height: 100_000), nil), (Size(width: 0, height: 20), nil),
            (nil, Size(width: 16000, height: 16000)), (nil, Size(width: 80, height: 24)),
        ] as [(Size?, Size?)] {
            var answers = GraphicsAnswers()
            answers.cellPixels = cell
            answers.windowPixels = window
            #expect(
                GraphicsProbe.cellPixels(windowPixels: nil, cells: cells, answers: answers) == nil,
                "\(String(describing: cell)) \(String(describing: window))"
            )
        }
        var answers = GraphicsAnswers(cellPixels: Size(width: 9, height: 18))
        #expect(
            GraphicsProbe.cellPixels(windowPixels: Size(width: 16000, height: 16000), cells: cells, answers: answers) == Size(width: 9, height: 18),
            "an implausible window's pixels give way to the next source"
        )
        answers.cellPixels = nil
        #expect(GraphicsProbe.cellPixels(windowPixels: Size(width: 16000, height: 16000), cells: Size(width: 0, height: 0), answers: answers) == nil)
    }

    /// A sixel is sent as large as it shows, so its pixels, not the cells asked for, bound
    /// memory and bytes.
    @Test func aSixelIsNeverLargerThanThePixelBudget() {
        let huge = Sixel.cellsWithinBudget(Size(width: 1000, height: 1000), cell: Size(width: 10, height: 20))
        #expect(huge.width * 10 * huge.height * 20 <= Sixel.pixelBudget)
        #expect(huge.width == huge.height && huge.width > 140, "in the same proportions, as large as the budget allows: \(huge)")
        #expect(Sixel.cellsWithinBudget(Size(width: 80, height: 24), cell: Size(width: 10, height: 20)) == Size(width: 80, height: 24))
        let pixels = Sixel.pixelsWithinBudget(Size(width: 10240, height: 10240))
        #expect(pixels.width * pixels.height <= Sixel.pixelBudget && pixels.width == pixels.height)
    }

    @Test func insideTmuxKittyImagesGoOnlyWherePassthroughReachesATerminalThatPlacesThemAsText() {
        let tmux = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]
        let newKitty = GraphicsProbe.answers(fromTmux: "1 kitty(0.35.2)\n")
        #expect(newKitty.tmuxPassthrough && newKitty.kitty && newKitty.kittyPlaceholders)
        #expect(GraphicsProbe.choose(newKitty, environment: tmux) == .kitty)
        #expect(GraphicsProbe.placesKittyImagesAsText(newKitty, environment: tmux))
        #expect(GraphicsProbe.choose(GraphicsProbe.answers(fromTmux: "0 kitty(0.35.2)"), environment: tmux) == .symbols, "no passthrough")
        #expect(GraphicsProbe.choose(GraphicsProbe.answers(fromTmux: "1 kitty(0.26.5)"), environment: tmux) == .symbols, "Debian's kitty: no placeholders")
        #expect(GraphicsProbe.choose(GraphicsProbe.answers(fromTmux: "1 XTerm(379)"), environment: tmux) == .symbols)
        #expect(GraphicsProbe.choose(GraphicsProbe.answers(fromTmux: "1 ghostty 1.1.3"), environment: tmux) == .kitty)
        #expect(GraphicsProbe.choose(GraphicsProbe.answers(fromTmux: "1 tmux 3.3a"), environment: tmux) == .symbols, "tmux in tmux")
        #expect(GraphicsProbe.choose(nil, environment: tmux) == .symbols)
    }

    @Test func kittyPlacesImagesAsTextFromVersion028() {
        #expect(!GraphicsAnswers(kitty: true, version: "kitty(0.26.5)").kittyPlaceholders)
        #expect(GraphicsAnswers(kitty: true, version: "kitty(0.28.0)").kittyPlaceholders)
        #expect(GraphicsAnswers(kitty: true, version: "kitty(1.2)").kittyPlaceholders)
        #expect(!GraphicsAnswers(kitty: false, version: "kitty(0.40.0)").kittyPlaceholders, "the protocol itself not there")
        #expect(!GraphicsAnswers(kitty: true, version: "WezTerm 20240203").kittyPlaceholders)
        #expect(!GraphicsProbe.placesKittyImagesAsText(GraphicsAnswers(kitty: true, version: "kitty(0.26.5)"), environment: [:]))
        #expect(
            GraphicsProbe.placesKittyImagesAsText(GraphicsAnswers(kitty: true, version: "kitty(0.26.5)"), environment: ["INDICATORKIT_KITTY_PLACEHOLDERS": "1"])
        )
        #expect(
            !GraphicsProbe.placesKittyImagesAsText(
                GraphicsAnswers(kitty: true, version: "kitty(0.30.0)"),
                environment: ["INDICATORKIT_KITTY_PLACEHOLDERS": "0"]
            )
        )
    }

    @Test func everyPlaceholderCellReadsBackAsItsRowAndColumn() {
        #expect(KittyPlaceholder.limit == 297)
        for row in [0, 1, 17, 296] {
            for column in 0..<KittyPlaceholder.limit {
                let cell = KittyPlaceholder.cell(row: row, column: column)
                #expect(cell.count == 1, "one grapheme, one cell")
                let back = KittyPlaceholder.decode(cell[...].unicodeScalars)
                #expect(back?.row == row && back?.column == column && back?.idHighByte == nil)
            }
        }
        #expect(KittyPlaceholder.decode(KittyPlaceholder.cell(row: 3, column: 4, idHighByte: 9)[...].unicodeScalars)?.idHighByte == 9)
        #expect(KittyPlaceholder.decode("x\u{305}"[...].unicodeScalars) == nil)
    }

    @Test func tmuxPassthroughWrapsEachSequenceAndDoublesItsEscapes() {
        let two = KittyGraphics.delete(id: 1) + KittyGraphics.delete(id: 2)
        #expect(
            TmuxPassthrough.wrap(two) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\u{1B}\\\u{1B}\\"
                + "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\u{1B}\\\u{1B}\\"
        )
    }
}
