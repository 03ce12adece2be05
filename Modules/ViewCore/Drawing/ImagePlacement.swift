/// A picture placed over cells as pixels, for a backend that draws pixels (kitty's protocol,
/// sixel, iTerm2's images): the cells beneath stay blank on the canvas, so clipping, the
/// diff and every text layout treat it as ordinary cells. Two placements are the same when
/// they cover the same cells with the same `key` — the producer's name for those pixels (a
/// player's frame) — so a backend sends pixels only when the key changes.
public struct ImagePlacement: Hashable, Sendable {
    /// The cells covered.
    public var rect: Rect
    /// What identifies the pixels: equal keys, equal pixels.
    public var key: Int
    /// The pixels, scaled by the backend to the cells.
    public let image: RGBAImage
    /// The animation the picture is a frame of, and which frame (a player's frames share a
    /// group): a backend may keep the frames together and switch between them (kitty).
    public var animation: (group: Int, frame: Int)?
    /// The cells the whole picture takes, and the part of them that shows (in the picture's
    /// own cells, from 0,0): all of it unless the placement was cut at an edge (a picture
    /// sliding in from above shows its bottom rows first).
    public var pictureCells: Size
    /// The part of ``pictureCells`` that shows, from the picture's top-left cell.
    public var shown: Rect

    /// A placement of `image`, named `key`, over `rect`; a frame of `animation` if given.
    public init(rect: Rect, key: Int, image: RGBAImage, animation: (group: Int, frame: Int)? = nil) {
        self.rect = rect
        self.key = key
        self.image = image
        self.animation = animation
        pictureCells = rect.size
        shown = Rect(size: rect.size)
    }

    /// Whether only part of the picture shows.
    public var isCut: Bool { shown.size != pictureCells }

    /// The placement moved by `offset` and cut to `bounds`; nil when nothing of it is left.
    package func moved(by offset: Point, within bounds: Rect) -> ImagePlacement? {
        let moved = Rect(x: rect.x + offset.x, y: rect.y + offset.y, width: rect.width, height: rect.height)
        let visible = moved.intersection(bounds)
        guard !visible.isEmpty else { return nil }
        var result = self
        result.rect = visible
        result.shown = Rect(x: shown.x + visible.x - moved.x, y: shown.y + visible.y - moved.y, width: visible.width, height: visible.height)
        return result
    }

    /// The placement without the cells of `area`: the largest whole band of it left beside,
    /// above or below `area` (a picture under a panel shows the part the panel leaves); nil
    /// when `area` covers it.
    func cut(away area: Rect) -> ImagePlacement? {
        let bands = [
            Rect(x: rect.x, y: rect.y, width: area.x - rect.x, height: rect.height),
            Rect(x: area.maxX, y: rect.y, width: rect.maxX - area.maxX, height: rect.height),
            Rect(x: rect.x, y: rect.y, width: rect.width, height: area.y - rect.y),
            Rect(x: rect.x, y: area.maxY, width: rect.width, height: rect.maxY - area.maxY),
        ].filter { $0.width > 0 && $0.height > 0 }
        guard let band = bands.max(by: { $0.size.area < $1.size.area }) else { return nil }
        return moved(by: .zero, within: band)
    }

    /// Equal when they cover the same cells with the same picture, showing the same part.
    public static func == (a: ImagePlacement, b: ImagePlacement) -> Bool { a.rect == b.rect && a.key == b.key && a.shown == b.shown }
    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rect)
        hasher.combine(key)
        hasher.combine(shown)
    }
}

extension Canvas {
    /// Places `image` as pixels over `rect`, cut to the canvas and to `clip` (the part inside
    /// shows); the cells there are blanked.
    public mutating func place(_ image: RGBAImage, key: Int, in rect: Rect, clip: Rect? = nil, animation: (group: Int, frame: Int)? = nil) {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard !rect.isEmpty, let placement = ImagePlacement(rect: rect, key: key, image: image, animation: animation).moved(by: .zero, within: area) else {
            return
        }
        fill(placement.rect, with: .blank)
        placements.removeAll { $0.rect.intersects(placement.rect) }
        placements.append(placement)
    }
}
