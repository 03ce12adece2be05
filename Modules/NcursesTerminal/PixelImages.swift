import TerminalGraphics
import TUICore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a canvas's ``ImagePlacement``s as pixels after ncurses has drawn its text: kitty
/// placements (each picture sent once under an id, placed, moved and deleted by id; at most
/// ``keptImages`` kept, the oldest unshown deleted, so the terminal's memory does not grow
/// while a GIF loops for an hour) or sixel images (sent when a placement's picture changes or
/// its cells were drawn again). The cursor is saved around the writes, so ncurses' idea of
/// it holds.
@MainActor
final class PixelImages {
    let graphics: GraphicsProtocol
    let output: Int32
    let cellPixels: Size
    /// The most pictures kept in a kitty terminal at once.
    static let keptImages = 64

    private var shown: [Rect: Int] = [:]  // a placement's cells → the picture's key there
    private var sent: [Int: UInt32] = [:]  // kitty: a picture's key → its image id
    private var sentOrder: [Int] = []
    private var nextID: UInt32 = 1
    private var sixels: [Int: String] = [:]  // sixel: a picture's encoding, by key and size
    /// Bytes written (for tests and benchmarks).
    private(set) var bytesWritten = 0

    /// What a sixel's transparent pixels are painted with: the terminal's background.
    let background: RGBA

    init(graphics: GraphicsProtocol, output: Int32, cellPixels: Size?, theme: TerminalTheme) {
        self.graphics = graphics
        self.output = output
        self.cellPixels = cellPixels ?? Size(width: 10, height: 20)
        let (r, g, b) = theme.background
        background = RGBA(r, g, b)
    }

    /// The cells whose placements went away: they must be drawn again as text (a sixel's
    /// pixels stay until text is written over them). A placement whose picture changed in
    /// place is not among them: the new sixel, opaque, covers the old one whole, so an
    /// animation never flickers through an erased frame.
    func staleRects(for canvas: Canvas) -> [Rect] {
        let wanted = Set(canvas.placements.map(\.rect))
        return shown.keys.filter { !wanted.contains($0) }
    }

    /// Writes what brings the pictures on screen to `canvas`'s; `repainted` when ncurses drew
    /// every cell again (a resize), so every picture is sent again.
    func present(_ canvas: Canvas, repainted: Bool, redrawn: (Rect) -> Bool) {
        if repainted { shown.removeAll() }
        var out = ""
        let wanted = canvas.placements
        switch graphics {
        case .kitty:
            let keep = Set(wanted.map(\.rect))
            for (rect, key) in shown where !keep.contains(rect) || wanted.first(where: { $0.rect == rect })?.key != key {
                if let id = sent[key] { out += KittyGraphics.deletePlacement(id: id, placement: placementID(rect)) }
                shown[rect] = nil
            }
            for placement in wanted where shown[placement.rect] != placement.key {
                let id: UInt32
                if let known = sent[placement.key] {
                    id = known
                } else {
                    id = nextID
                    nextID = nextID == UInt32.max ? 1 : nextID + 1
                    out += KittyGraphics.transmit(fitted(placement), id: id)
                    sent[placement.key] = id
                    sentOrder.append(placement.key)
                }
                out += move(to: placement.rect.origin) + KittyGraphics.place(id: id, placement: placementID(placement.rect), columns: placement.rect.width, rows: placement.rect.height)
                shown[placement.rect] = placement.key
            }
            // The oldest pictures nobody shows go, so memory stays bounded.
            let onScreen = Set(shown.values)
            while sentOrder.count > Self.keptImages, let victim = sentOrder.first(where: { !onScreen.contains($0) }) {
                if let id = sent[victim] { out += KittyGraphics.delete(id: id) }
                sent[victim] = nil
                sentOrder.removeAll { $0 == victim }
            }
        case .sixel:
            shown = shown.filter { rect, key in wanted.contains { $0.rect == rect && $0.key == key } }
            for placement in wanted where shown[placement.rect] != placement.key || redrawn(placement.rect) {
                let size = pixelSize(placement.rect)
                let cacheKey = placement.key &* 31 &+ size.width &* 7 &+ size.height
                let text = sixels[cacheKey] ?? Sixel.encode(placement.image.scaled(to: size), background: background)
                if sixels.count > Self.keptImages { sixels.removeAll() }
                sixels[cacheKey] = text
                out += move(to: placement.rect.origin) + text
                shown[placement.rect] = placement.key
            }
        case .iterm, .symbols:
            return
        }
        guard !out.isEmpty else { return }
        write("\u{1B}7" + out + "\u{1B}8")
    }

    /// Deletes every picture sent (when the app ends).
    func deleteAll() {
        guard graphics == .kitty, !sent.isEmpty else { return }
        write(sent.values.map { KittyGraphics.delete(id: $0) }.joined())
        sent.removeAll()
        sentOrder.removeAll()
        shown.removeAll()
    }

    /// The pixels a placement's cells hold; for sixel, whole bands of six rows that never
    /// reach past the cells (which would scroll the screen on the last row).
    private func pixelSize(_ rect: Rect) -> Size {
        let height = rect.height * cellPixels.height
        return Size(width: rect.width * cellPixels.width, height: max(6, height - height % 6))
    }

    /// The picture no larger than its cells' pixels (kitty scales it to them).
    private func fitted(_ placement: ImagePlacement) -> RGBAImage {
        let box = pixelSize(placement.rect)
        let image = placement.image
        guard image.width > box.width || image.height > box.height else { return image }
        return image.scaled(to: ImageLayout.pixels(for: Size(width: image.width, height: image.height), in: box))
    }

    private func placementID(_ rect: Rect) -> UInt32 {
        UInt32(truncatingIfNeeded: (rect.y &* 4099 &+ rect.x) &* 2 &+ 1) & 0x7FFF_FFFF | 1
    }

    private func move(to point: Point) -> String { "\u{1B}[\(point.y + 1);\(point.x + 1)H" }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        bytesWritten += bytes.count
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { writeBytes(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// `write(2)`, under a name the class's own `write(_:)` does not shadow.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
