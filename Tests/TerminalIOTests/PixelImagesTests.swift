import Foundation
import IndicatorKit
import TerminalScreen
import TestSupport
import Testing

@testable import TerminalGraphics
@testable import TerminalIO

/// What the full-screen backend writes for pictures placed as pixels, read from a pipe.
@MainActor
struct PixelImagesTests {
    /// A pipe whose read end never blocks, and what came out of it so far.
    final class Sink {
        let read: Int32, write: Int32
        private(set) var text = ""
        init() {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            read = fds[0]
            write = fds[1]
            _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
        }
        func drain() {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                text += String(decoding: buffer[0..<n], as: UTF8.self)
            }
        }
        func clear() { text = "" }
        deinit {
            close(read)
            close(write)
        }
    }

    static func frames(_ count: Int) -> [RGBAImage] {
        (0..<count).map { index in
            var image = RGBAImage(width: 24, height: 24)
            for y in 0..<24 { for x in 0..<24 where (x + y + index) % 5 == 0 { image[x, y] = RGBA(40, UInt8(20 * index), 200) } }
            return image
        }
    }

    func canvas(showing frame: Int, of frames: [RGBAImage], group: Int = 1) -> Canvas {
        var canvas = Canvas(size: Size(width: 40, height: 12))
        canvas.place(frames[frame], key: group * 1000 + frame, in: Rect(x: 4, y: 2, width: 12, height: 6), animation: (group, frame))
        return canvas
    }

    @Test func aGIFsFramesGoOnceThenEachFrameIsASwitchOfAFewBytes() {
        let sink = Sink()
        let frames = Self.frames(12)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        for tick in 0..<12 {
            pixels.present(canvas(showing: tick, of: frames), repainted: false) { _ in false }
            sink.drain()
        }
        let upload = sink.text.utf8.count
        #expect(sink.text.components(separatedBy: "\u{1B}_Ga=t,").count - 1 == 1, "one image")
        #expect(sink.text.components(separatedBy: "\u{1B}_Ga=f,").count - 1 == 11, "its other eleven frames")
        // Ten seconds at 12 frames a second after the upload.
        for tick in 12..<(12 + 120) {
            pixels.present(canvas(showing: tick % 12, of: frames), repainted: false) { _ in false }
            sink.drain()
        }
        let perSecond = Double(sink.text.utf8.count - upload) / 10
        #expect(perSecond < 1024, "\(perSecond) bytes a second after the upload")
        #expect(!sink.text.dropFirst(upload).contains("a=t") && !sink.text.dropFirst(upload).contains("a=f"), "nothing sent again")
    }

    /// A soft picture much smaller than its cells goes to kitty enlarged twice at most (kitty
    /// scales the rest); pixel art is enlarged here into sharp blocks, which kitty would blur.
    @Test func kittyScalesASoftPictureItselfAndIsSentPixelArtEnlarged() {
        var soft = RGBAImage(width: 32, height: 20)
        for y in 0..<20 { for x in 0..<32 { soft[x, y] = RGBA(UInt8(x * 7), UInt8(y * 11), 120) } }  // a gradient
        var art = RGBAImage(width: 32, height: 20)
        for y in 0..<20 { for x in 0..<32 where (x / 4 + y / 4) % 2 == 0 { art[x, y] = RGBA(255, 255, 255) } }
        for (image, expected) in [(soft, "s=64,v=40"), (art, "s=120,v=120")] {
            let sink = Sink()
            let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
            var canvas = Canvas(size: Size(width: 40, height: 12))
            canvas.place(image, key: 7, in: Rect(x: 2, y: 2, width: 12, height: 6))
            pixels.present(canvas, repainted: false) { _ in false }
            sink.drain()
            #expect(sink.text.contains(expected), "\(expected): \(sink.text.prefix(80).debugDescription)")
            #expect(sink.text.contains("c=12,r=6"), "placed over its cells, whatever its size")
        }
    }

    @Test func anHourOfPicturesLeavesNoneUndeletedBeyondTheKeptOnes() {
        let sink = Sink()
        let frames = Self.frames(12)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        // An hour of a 12-frame GIF at 12 frames a second: the same twelve frames, never more.
        let loop = (0..<12).map { canvas(showing: $0, of: frames) }
        for tick in 0..<(3600 * 12) {
            pixels.present(loop[tick % 12], repainted: false) { _ in false }
            if tick % 64 == 0 { sink.drain() }
        }
        sink.drain()
        // Then 200 different still pictures (three times the kept ones), one after another.
        for index in 0..<200 {
            var still = Canvas(size: Size(width: 40, height: 12))
            still.place(frames[index % 12], key: 100_000 + index, in: Rect(x: 20, y: 2, width: 12, height: 6))
            pixels.present(still, repainted: false) { _ in false }
            sink.drain()
        }
        let sent = sink.text.components(separatedBy: "\u{1B}_Ga=t,").count - 1
        let deleted = sink.text.components(separatedBy: "\u{1B}_Ga=d,d=I,").count - 1
        #expect(sent - deleted <= PixelImages.keptImages + 1, "\(sent) sent, \(deleted) deleted")
        pixels.deleteAll()
        sink.drain()
        let finallyDeleted = sink.text.components(separatedBy: "\u{1B}_Ga=d,d=I,").count - 1
        #expect(finallyDeleted == sent, "every picture sent is deleted when the app ends")
    }

    @Test func afterARepaintEveryPictureIsPlacedAgain() {
        let sink = Sink()
        let frames = Self.frames(2)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        var still = canvas(showing: 0, of: frames)
        still.place(frames[1], key: 77, in: Rect(x: 20, y: 2, width: 8, height: 4))
        pixels.present(still, repainted: false) { _ in false }
        sink.drain()
        sink.clear()
        pixels.present(still, repainted: true) { _ in false }  // a resize cleared the screen
        sink.drain()
        #expect(sink.text.components(separatedBy: "a=p,").count - 1 == 2, "both placed again, the animation and the still: \(sink.text.debugDescription)")
        #expect(!sink.text.contains("a=t,"), "nothing sent again")
    }

    @Test func aPictureSlidingInShowsItsBottomRowsFirst() {
        let sink = Sink()
        let frames = Self.frames(1)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        var whole = Canvas(size: Size(width: 12, height: 6))
        whole.place(frames[0], key: 5, in: whole.bounds, animation: (9, 0))
        var header = Canvas(size: Size(width: 12, height: 2))  // two rows of six pulled down
        header.blit(whole, at: Point(x: 0, y: -4))
        pixels.present(header, repainted: false) { _ in false }
        sink.drain()
        #expect(sink.text.contains("a=t,f=32,o=z,s=120,v=120,"), "sent at the 12 × 6 cells' 120 × 120 pixels")
        #expect(sink.text.contains(",c=12,r=2,x=0,y=80,w=120,h=40,"), "the bottom third of it: \(sink.text.debugDescription)")
    }

    /// Over blank cells of the terminal's background, a frame's cells are erased (taking the
    /// old frame's pixels) and its transparent pixels left unpainted: a painted background
    /// is a percentage off the terminal's (16 → 6% → 15), a faint box round the picture.
    @Test func sixelFramesEraseTheOldFrameLeaveTheTerminalsBackgroundAndAreSentOnlyWhenTheyChange() {
        let sink = Sink()
        let frames = Self.frames(2)
        let pixels = PixelImages(graphics: .sixel, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        pixels.present(canvas(showing: 0, of: frames), repainted: false) { _ in false }
        sink.drain()
        let erased = (3...8).map { "\u{1B}[\($0);5H\u{1B}[12X" }.joined()
        #expect(
            sink.text.hasPrefix("\u{1B}7" + erased + "\u{1B}[3;5H\u{1B}P0;1;0q\"1;1;120;120#0;2;"),
            "the cells erased, then the sixel at them, transparency unpainted: \(sink.text.prefix(120).debugDescription)"
        )
        let first = sink.text
        pixels.present(canvas(showing: 0, of: frames), repainted: false) { _ in false }
        sink.drain()
        #expect(sink.text == first, "the same picture: nothing written")
        #expect(pixels.staleRects(for: canvas(showing: 1, of: frames)).isEmpty, "a new frame covers the old one: no rows to write again")
        #expect(
            pixels.staleRects(for: Canvas(size: Size(width: 40, height: 12))) == [Rect(x: 4, y: 2, width: 12, height: 6)],
            "a picture that went: its rows are written again"
        )
        pixels.present(canvas(showing: 1, of: frames), repainted: false) { _ in false }
        sink.drain()
        #expect(sink.text.count > first.count * 2 - 100, "the next frame sent")
    }
}

/// kitty's side, as far as placements go: the pictures it would show after each write.
struct KittyScreenModel {
    var placements: [String: (image: String, x: Int, y: Int, columns: Int, rows: Int)] = [:]  // "i/p" → where
    var images: Set<String> = []
    var cursor = (x: 0, y: 0)

    mutating func read(_ text: String) {
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("\u{1B}["), let end = rest.firstIndex(where: { $0 == "H" }) {
                let numbers = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";").compactMap { Int($0) }
                if numbers.count == 2 { cursor = (numbers[1] - 1, numbers[0] - 1) }
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("\u{1B}_G"), let end = rest.range(of: "\u{1B}\\") {
                let body = rest[rest.index(rest.startIndex, offsetBy: 3)..<end.lowerBound]
                var keys: [String: String] = [:]
                for pair in (body.split(separator: ";").first ?? "").split(separator: ",") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
                }
                let id = keys["i"] ?? ""
                switch keys["a"] {
                case "t": images.insert(id)
                case "p": placements["\(id)/\(keys["p"] ?? "")"] = (id, cursor.x, cursor.y, Int(keys["c"] ?? "") ?? 0, Int(keys["r"] ?? "") ?? 0)
                case "d" where keys["d"] == "i": placements["\(id)/\(keys["p"] ?? "")"] = nil
                case "d" where keys["d"] == "I":
                    images.remove(id)
                    placements = placements.filter { $0.value.image != id }
                default: break
                }
                rest = rest[end.upperBound...]
            } else {
                rest = rest.dropFirst()
            }
        }
    }

    /// The cells covered, as rectangles.
    var shown: Set<Rect> { Set(placements.values.map { Rect(x: $0.x, y: $0.y, width: $0.columns, height: $0.rows) }) }
}

extension PixelImagesTests {
    @Test func whateverTheFramesTheTerminalShowsExactlyTheCanvassPlacements() {
        var generator = SystemRandomNumberGenerator()
        let sink = Sink()
        let frames = Self.frames(4)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        var model = KittyScreenModel()
        for step in 0..<400 {
            var canvas = Canvas(size: Size(width: 60, height: 20))
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let rect = Rect(x: Int.random(in: -4...56, using: &generator), y: Int.random(in: -3...18, using: &generator), width: 8, height: 4)
                let photo = Int.random(in: 0..<4, using: &generator)
                if Bool.random(using: &generator) {
                    canvas.place(frames[photo], key: 500 + photo, in: rect)
                } else {
                    canvas.place(frames[photo], key: 900 + photo, in: rect, animation: (7, photo))
                }
            }
            pixels.present(canvas, repainted: false) { _ in false }
            sink.drain()
            model.read(sink.text)
            sink.clear()
            #expect(model.shown == Set(canvas.placements.map(\.rect)), "step \(step)")
            if model.shown != Set(canvas.placements.map(\.rect)) { break }
        }
    }
}

extension PixelImagesTests {
    @Test func stillPicturesMovingAboutShowTheRightPictureAtEveryPlace() {
        var generator = SystemRandomNumberGenerator()
        let sink = Sink()
        let frames = Self.frames(4)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        var model = KittyScreenModel()
        // A grid of pictures that shifts, and is partly covered, from frame to frame.
        for step in 0..<300 {
            var canvas = Canvas(size: Size(width: 60, height: 20))
            let shift = Int.random(in: -3...3, using: &generator)
            for index in 0..<12 {
                let rect = Rect(x: (index % 6) * 9, y: (index / 6) * 5 + shift, width: 8, height: 4)
                canvas.place(frames[index % 4], key: 300 + index, in: rect, clip: Rect(x: 0, y: 1, width: 60, height: 18))
            }
            if Bool.random(using: &generator) { canvas.draw(String(repeating: "x", count: 20), at: Point(x: 10, y: Int.random(in: 0...19, using: &generator))) }
            pixels.present(canvas, repainted: false) { _ in false }
            sink.drain()
            model.read(sink.text)
            sink.clear()
            let keyOf = Dictionary(uniqueKeysWithValues: pixels.sent.map { (String($0.value), $0.key) })
            let onScreen = Set(model.placements.values.map { "\(keyOf[$0.image] ?? -1)@\($0.x),\($0.y) \($0.columns)x\($0.rows)" })
            let wanted = Set(canvas.placements.map { "\(pixels.pictureKey($0.key, $0))@\($0.rect.x),\($0.rect.y) \($0.rect.width)x\($0.rect.height)" })
            #expect(onScreen == wanted, "step \(step): extra \(onScreen.subtracting(wanted).sorted()), missing \(wanted.subtracting(onScreen).sorted())")
            if onScreen != wanted { break }
        }
    }
}

/// kitty's side for pictures placed as text: the images it holds (every frame's pixels), their
/// virtual placements and the frame each shows; the picture a placeholder cell shows is then
/// the part its diacritics name of the image its colour names.
struct KittyImageStore {
    var frames: [String: [[UInt8]]] = [:]  // id → the pixels of each frame
    var current: [String: Int] = [:]  // id → the frame shown (1-based)
    var virtual: [String: Size] = [:]  // id → the cells of its virtual placement

    mutating func read(_ text: String) {
        for command in KittyCommands.parse(text) {
            let keys = command.keys
            let id = keys["i"] ?? ""
            let pixels = { Deflate.decompress(command.payload, limit: 1 << 24) ?? [] }
            switch keys["a"] {
            case "t":
                frames[id] = [pixels()]
                current[id] = 1
            case "f": frames[id, default: []].append(pixels())
            case "a": if let frame = keys["c"].flatMap(Int.init) { current[id] = frame }
            case "p" where keys["U"] == "1": virtual[id] = Size(width: Int(keys["c"] ?? "") ?? 0, height: Int(keys["r"] ?? "") ?? 0)
            case "d" where keys["d"] == "I":
                frames[id] = nil
                current[id] = nil
                virtual[id] = nil
            default: break
            }
        }
    }

    /// The pixels image `id` shows now.
    func shown(_ id: String) -> [UInt8]? { frames[id].flatMap { list in current[id].flatMap { $0 <= list.count ? list[$0 - 1] : nil } } }
}

extension PixelImagesTests {
    /// The image id a placeholder cell names, and the cell of the picture.
    static func named(by cell: Cell) -> (id: String, row: Int, column: Int)? {
        guard let place = KittyPlaceholder.decode(String(cell.character)[...].unicodeScalars) else { return nil }
        // kitty reads an ANSI colour, a 256-colour index or a 24-bit colour as the id.
        let id: Int
        switch cell.style.foreground {
        case .ansi(let n): id = Int(n)
        case .palette(let n): id = Int(n)
        case .rgb(let r, let g, let b): id = Int(r) << 16 | Int(g) << 8 | Int(b)
        case .default: return nil
        }
        return (String(id), place.row, place.column)
    }

    @Test func picturesPlacedAsTextNameInEveryCellTheRightPixelsOfTheRightPicture() {
        var generator = SystemRandomNumberGenerator()
        let sink = Sink()
        let frames = Self.frames(4)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark, placesAsText: true)
        var kitty = KittyImageStore()
        struct SentKey: Hashable {
            let image: RGBAImage
            let size: Size
        }
        var scaled: [SentKey: RGBAImage] = [:]  // each picture scaled to its cells once
        for step in 0..<300 {
            var canvas = Canvas(size: Size(width: 60, height: 20))
            canvas.draw("a line of text", at: Point(x: 0, y: 0))
            for player in 0..<Int.random(in: 0...6, using: &generator) {
                let rect = Rect(x: Int.random(in: -4...56, using: &generator), y: Int.random(in: -3...18, using: &generator), width: 8, height: 4)
                let photo = Int.random(in: 0..<4, using: &generator)
                if Bool.random(using: &generator) {
                    canvas.place(frames[photo], key: 500 + photo, in: rect, clip: Rect(x: 0, y: 1, width: 60, height: 19))
                } else {  // a player's frame, players 70… showing any of their four frames
                    canvas.place(frames[photo], key: 900 + photo, in: rect, clip: Rect(x: 0, y: 1, width: 60, height: 19), animation: (70 + player, photo))
                }
            }
            let drawn = pixels.placingAsText(canvas)
            sink.drain()
            kitty.read(sink.text)
            sink.clear()
            var wrong: [String] = []
            var covered = Set<Point>()
            for placement in canvas.placements {
                let size = Size(width: placement.pictureCells.width * 10, height: placement.pictureCells.height * 20)
                let sent = scaled[SentKey(image: placement.image, size: size), default: placement.image.scaled(to: size)]
                scaled[SentKey(image: placement.image, size: size)] = sent
                var ids = Set<String>()  // the pictures its cells name, each compared once below
                for y in placement.rect.y..<placement.rect.maxY {
                    for x in placement.rect.x..<placement.rect.maxX {
                        covered.insert(Point(x: x, y: y))
                        guard let named = Self.named(by: drawn[x, y]) else {
                            wrong.append("\(x),\(y): no placeholder")
                            continue
                        }
                        if named.row != placement.shown.y + y - placement.rect.y || named.column != placement.shown.x + x - placement.rect.x {
                            wrong.append("\(x),\(y): cell \(named.row),\(named.column)")
                        }
                        ids.insert(named.id)
                    }
                }
                for id in ids {
                    if kitty.shown(id) != sent.pixels { wrong.append("image \(id) at \(placement.rect) shows other pixels") }
                    if kitty.virtual[id] != placement.pictureCells { wrong.append("image \(id) placed over \(String(describing: kitty.virtual[id]))") }
                }
            }
            for y in 0..<20 {
                for x in 0..<60 where !covered.contains(Point(x: x, y: y)) && Self.named(by: drawn[x, y]) != nil {
                    wrong.append("\(x),\(y): a placeholder outside")
                }
            }
            #expect(drawn.lines[0].hasPrefix("a line of text"), "text stays")
            #expect(wrong.isEmpty, "step \(step): \(wrong.prefix(5))")
            if !wrong.isEmpty { break }
        }
        #expect(kitty.frames.count <= PixelImages.keptImages + PixelImages.keptImages / 8 + 6, "\(kitty.frames.count) images kept")
    }

    @Test func aGIFPlacedAsTextChangesNoCellAndWritesAFewBytesAFrameAfterItsUpload() {
        let sink = Sink()
        let frames = Self.frames(12)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark, placesAsText: true)
        var cells: Set<[Cell]> = []
        for tick in 0..<12 {
            cells.insert(pixels.placingAsText(canvas(showing: tick, of: frames)).cells)
            sink.drain()
        }
        let upload = sink.text.utf8.count
        #expect(sink.text.components(separatedBy: "a=p,U=1,").count - 1 == 1, "placed once, virtually")
        for tick in 12..<(12 + 120) {
            cells.insert(pixels.placingAsText(canvas(showing: tick % 12, of: frames)).cells)
            sink.drain()
        }
        #expect(cells.count == 1, "every frame the same cells: ncurses writes nothing")
        let perSecond = Double(sink.text.utf8.count - upload) / 10
        #expect(perSecond < 1024, "\(perSecond) bytes a second after the upload")
        pixels.deleteAll()
        sink.drain()
        #expect(sink.text.hasSuffix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"), "deleted when the app ends")
    }

    @Test func throughTmuxEveryCommandIsWrappedInPassthrough() {
        let sink = Sink()
        let frames = Self.frames(1)
        let pixels = PixelImages(
            graphics: .kitty,
            output: sink.write,
            cellPixels: Size(width: 10, height: 20),
            theme: .dark,
            placesAsText: true,
            throughTmux: true
        )
        _ = pixels.placingAsText(canvas(showing: 0, of: frames))
        sink.drain()
        let unwrapped = sink.text.replacingOccurrences(of: "\u{1B}Ptmux;", with: "").replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}")
        #expect(sink.text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_G"), "\(sink.text.prefix(20).debugDescription)")
        #expect(KittyCommands.parse(unwrapped).compactMap { $0.keys["a"] } == ["t", "p"], "the upload and the virtual placement, each wrapped")
    }
}

extension PixelImagesTests {
    /// A canvas with text on every row and `frame` laid over it as an overlay does (the
    /// text stays in the picture's cells, for its transparent pixels to show).
    func page(showing frame: Int, of frames: [RGBAImage]) -> Canvas {
        var page = Canvas(size: Size(width: 40, height: 12))
        for y in 0..<12 { page.draw(String(repeating: "text ", count: 8), at: Point(x: 0, y: y), style: Style(foreground: .rgb(90, 90, 90))) }
        var layer = Canvas(size: Size(width: 12, height: 6))
        layer.place(frames[frame], key: 1000 + frame, in: layer.bounds, animation: (1, frame))
        page.overlay(layer, at: Point(x: 4, y: 2))
        return page
    }

    @Test func kittyPlacesAPictureOverTextAboveItRatherThanAsPlaceholders() {
        let sink = Sink()
        let frames = Self.frames(2)
        let pixels = PixelImages(graphics: .kitty, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark, placesAsText: true)
        let drawn = pixels.placingAsText(page(showing: 0, of: frames))
        #expect(drawn.lines[3] == String(repeating: "text ", count: 8), "the text under the picture is kept: \(drawn.lines[3].debugDescription)")
        pixels.present(drawn, repainted: false) { _ in false }
        sink.drain()
        let commands = KittyCommands.parse(sink.text)
        #expect(commands.contains { $0.keys["a"] == "p" && $0.keys["U"] == nil && $0.keys["c"] == "12" }, "placed at its cells, over the text")
        #expect(!commands.contains { $0.keys["U"] == "1" }, "no placeholders")
        #expect(commands.first { $0.keys["a"] == "t" }?.keys["s"] == "120", "sent at its cells' pixels")
        // Next frame: a switch, the placement kept.
        sink.clear()
        pixels.present(pixels.placingAsText(page(showing: 1, of: frames)), repainted: false) { _ in false }
        sink.drain()
        #expect(KittyCommands.parse(sink.text).map { $0.keys["a"] } == ["f", "a"], "the frame added and shown: \(sink.text.prefix(80).debugDescription)")
    }

    @Test func aSixelOverTextLeavesItsTransparentPixelsUnpaintedAndItsCellsAreWrittenBeforeTheNextFrame() {
        let sink = Sink()
        let frames = Self.frames(2)
        let pixels = PixelImages(graphics: .sixel, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        pixels.present(page(showing: 0, of: frames), repainted: false) { _ in false }
        sink.drain()
        #expect(sink.text.contains("\u{1B}P0;1;0q"), "P2 = 1: what is beneath shows: \(sink.text.prefix(40).debugDescription)")
        #expect(
            pixels.staleRects(for: page(showing: 1, of: frames)) == [Rect(x: 4, y: 2, width: 12, height: 6)],
            "the old frame is wiped by writing the text again before the new one goes over it"
        )
    }

    @Test func aSixelOnAPanelIsPaintedOnThePanelsColour() {
        let sink = Sink()
        let frames = Self.frames(1)
        let pixels = PixelImages(graphics: .sixel, output: sink.write, cellPixels: Size(width: 10, height: 20), theme: .dark)
        var canvas = Canvas(size: Size(width: 40, height: 12))
        canvas.fill(canvas.bounds, with: Cell(" ", style: Style(background: .rgb(40, 40, 48))))
        var layer = Canvas(size: Size(width: 12, height: 6))
        layer.place(frames[0], key: 7, in: layer.bounds)
        canvas.overlay(layer, at: Point(x: 4, y: 2))
        pixels.present(canvas, repainted: false) { _ in false }
        sink.drain()
        #expect(sink.text.contains("\u{1B}P0;0;0q\"1;1;120;120#0;2;16;16;19"), "register 0 the panel's (40, 40, 48): \(sink.text.prefix(60).debugDescription)")
    }
}
