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

    /// A placement of `image`, named `key`, over `rect`; a frame of `animation` if given.
    public init(rect: Rect, key: Int, image: RGBAImage, animation: (group: Int, frame: Int)? = nil) {
        self.rect = rect
        self.key = key
        self.image = image
        self.animation = animation
    }

    public static func == (a: ImagePlacement, b: ImagePlacement) -> Bool { a.rect == b.rect && a.key == b.key }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rect)
        hasher.combine(key)
    }
}

extension Canvas {
    /// Places `image` as pixels over `rect` (clipped to the canvas: a placement cut at an edge
    /// is left out, as a picture is not cut in half); the cells there are blanked.
    public mutating func place(_ image: RGBAImage, key: Int, in rect: Rect, animation: (group: Int, frame: Int)? = nil) {
        guard !rect.isEmpty, bounds.encloses(rect) else { return }
        fill(rect, with: .blank)
        placements.removeAll { $0.rect.intersects(rect) }
        placements.append(ImagePlacement(rect: rect, key: key, image: image, animation: animation))
    }
}
