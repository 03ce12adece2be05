import KitSupport
import TerminalGraphics
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a canvas's ``ImagePlacement``s as pixels after the frame's text is written: kitty
/// placements (each picture sent once under an id, placed, moved and deleted by id; a
/// player's frames kept as the frames of one kitty image, so that showing the next is a
/// switch of about 30 bytes; at most ``keptImages`` kept, the oldest unshown deleted, so the
/// terminal's memory does not grow while a GIF loops for an hour) or sixel images (sent when
/// a placement's picture changes or its cells were drawn again). The cursor is saved around
/// the writes, so the writer's idea of it holds.
@MainActor
package final class PixelImages {
    package let graphics: GraphicsProtocol
    package let output: Int32
    package let cellPixels: Size
    /// The most pictures kept in a kitty terminal at once.
    package static let keptImages = 64

    private var shown: [Rect: Int] = [:]  // a placement's cells → the picture's key there
    /// kitty: a player's frames as one image's frames, by group and cell size.
    private struct Frames {
        var id: UInt32
        var numbers: [Int: Int]  // a player's frame index → kitty's frame number (1 = the base)
        var current = 1
    }
    private var animations: [Int: Frames] = [:]
    /// Whether each animation's frames are soft (see ``isSoft(_:)``), by group.
    private var softAnimations: [Int: Bool] = [:]
    private var animationOrder: [Int] = []
    private var placedAnimation: [Rect: Int] = [:]  // a placement's cells → the animation placed there
    private var placedShown: [Rect: Rect] = [:]  // …and the part of it that shows
    private var sentKey: [Rect: Int] = [:]  // a placement's cells → the still picture placed there
    private(set) var sent: [Int: UInt32] = [:]  // kitty: a picture's key → its image id
    private var sentOrder: [Int] = []
    private var nextID: UInt32 = 1
    private var sixels: [Int: String] = [:]  // sixel: a picture's encoding, by key and size
    private var seeThrough: [Int: Bool] = [:]  // sixel: whether a picture has transparent pixels, by key
    /// kitty, pictures as text: the placements ``placingAsText(_:)`` left to be placed over
    /// the text (they lie over text, which a placeholder would replace).
    private var placedOverText: Set<Rect> = []
    /// Bytes written (for tests and benchmarks).
    private(set) var bytesWritten = 0

    /// What a sixel's transparent pixels are painted with: the terminal's background.
    package let background: RGBA

    /// `background`: the terminal's own colour when it said it (OSC 11), else the theme's.
    /// The colour registers a sixel may use (what the terminal said it has, at most 208).
    package let sixelColors: Int

    /// kitty: pictures placed as text (``KittyPlaceholder``, see ``placingAsText(_:)``)
    /// rather than at the cursor after the text.
    package let placesAsText: Bool
    /// Whether the terminal takes 24-bit colours, so that a placeholder's colour can name any id.
    package let directColor: Bool
    /// Whether every command goes through tmux's passthrough.
    package let throughTmux: Bool
    /// The colours the terminal's text is drawn in, for a sixel painted like the cells beneath.
    package var colorDepth: ColorDepth = .trueColor
    /// The first id pictures placed as text may take. 1 for a full screen, whose pictures go
    /// when it ends. An inline app takes a random one (``idsApart()``), so the pictures of a
    /// frame it leaves behind keep their ids while the next app's take others.
    private var firstID: UInt32 = 1
    /// The pictures the last ``placingAsText(_:)`` showed, by key.
    private var lastShown: Set<Int> = []

    /// kitty: ids from a random start, far from another app's — of 24 bits as text (where a
    /// placeholder's colour must name them: a direct-colour terminal only), of 31 placed at
    /// the cursor. True when it did.
    package func idsApart() -> Bool {
        guard graphics == .kitty else { return false }
        if placesAsText {
            guard directColor else { return false }
            firstID = UInt32.random(in: 0x100...0xF0_0000)
        } else {
            nextID = UInt32.random(in: 0x100...0x7000_0000)
        }
        return true
    }

    /// How the cursor is taken to a cell after the cursor was saved (nil: by its absolute
    /// position, for a full screen). An inline block does not know its place on the screen:
    /// it restores the saved cursor, then moves from there.
    package var moveFromSaved: ((Point) -> String)?

    package init(
        graphics: GraphicsProtocol,
        output: Int32,
        cellPixels: Size?,
        theme: TerminalTheme,
        background: RGBA? = nil,
        sixelColors: Int = 208,
        placesAsText: Bool = false,
        directColor: Bool = false,
        throughTmux: Bool = false
    ) {
        self.placesAsText = placesAsText && graphics == .kitty
        self.directColor = directColor
        self.throughTmux = throughTmux
        self.sixelColors = sixelColors
        self.graphics = graphics
        self.output = output
        self.cellPixels = cellPixels.flatMap { GraphicsProbe.isPlausible(cell: $0) ? $0 : nil } ?? Size(width: 10, height: 20)
        let (r, g, b) = theme.background
        self.background = background ?? RGBA(r, g, b)
    }

    /// The cells whose placements went away: they must be drawn again as text (a sixel's
    /// pixels stay until text is written over them). A placement whose picture changed in
    /// place is among them only when its sixel leaves pixels unpainted (over text, see
    /// `sixelGround`); otherwise the new sixel covers the old one whole, so an animation
    /// never flickers through an erased frame.
    package func staleRects(for canvas: Canvas) -> [Rect] {
        let wanted = Dictionary(canvas.placements.map { ($0.rect, $0) }, uniquingKeysWith: { a, _ in a })
        return shown.compactMap { rect, mark in
            guard let next = wanted[rect] else { return rect }  // gone
            // A see-through sixel leaves what is beneath, the old frame included: a new one
            // there has its cells written again as text first, then goes over them.
            if graphics == .sixel, signature(next) != mark, sixelGround(next, in: canvas) == nil { return rect }
            return nil
        }
    }

    /// What names a placement's picture and the part of it shown.
    private func signature(_ placement: ImagePlacement) -> Int {
        var hasher = Hasher()
        hasher.combine(placement.key)
        hasher.combine(placement.shown)
        return hasher.finalize()
    }

    /// sixel: the colour a placement's transparent pixels are painted with, so that the sixel
    /// covers its whole rectangle (a new frame leaves nothing of the old): the background
    /// of the cells beneath when they are blank and of one colour. nil when the sixel must
    /// leave them unpainted instead: a picture with transparent pixels over text or over
    /// cells of several colours (the Page wand over a dimmed page), which shows through.
    private func sixelGround(_ placement: ImagePlacement, in canvas: Canvas) -> RGBA? {
        guard isSeeThrough(placement) else { return background }  // painted whole anyway
        let rect = placement.rect.intersection(canvas.bounds)
        guard !rect.isEmpty else { return background }
        let first = canvas[rect.x, rect.y].style.background
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let cell = canvas[x, y]
                if cell.isContinuation || cell.character != " " || cell.style.background != first { return nil }
            }
        }
        // The colour the terminal shows there: the cell's as drawn at its depth.
        let (r, g, b) = first.resolved(for: colorDepth).rgbComponents(default: (background.r, background.g, background.b))
        return RGBA(r, g, b)
    }

    /// Whether the cells of `rect` are all blank and of the terminal's own background.
    private func isBlankTerminalBackground(_ rect: Rect, in canvas: Canvas) -> Bool {
        let rect = rect.intersection(canvas.bounds)
        guard !rect.isEmpty else { return false }
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let cell = canvas[x, y]
                if cell.isContinuation || cell.character != " " || cell.style.background != .default { return false }
            }
        }
        return true
    }

    /// Whether any pixel of the placement's picture lets what is beneath show (alpha below
    /// half, which sixel leaves unpainted). Remembered by picture.
    private func isSeeThrough(_ placement: ImagePlacement) -> Bool {
        if let known = seeThrough[placement.key] { return known }
        let pixels = placement.image.pixels
        let found = stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] < 128 }
        if seeThrough.count > 4 * Self.keptImages { seeThrough.removeAll() }
        seeThrough[placement.key] = found
        return found
    }

    /// Writes what brings the pictures on screen to `canvas`'s; `repainted` when the frame wrote
    /// every cell again (a resize), so every picture is sent again; `textMoved` when the frame
    /// moved lines by scrolling a region (an inline block at the bottom), which moves
    /// a terminal's pictures along: each is placed again where it belongs (no pixels sent).
    package func present(_ canvas: Canvas, repainted: Bool, textMoved: Bool = false, redrawn: (Rect) -> Bool) {
        if repainted {  // the screen was cleared: every picture is placed again
            shown.removeAll()
            placedAnimation.removeAll()
            placedShown.removeAll()
        }
        // Placed as text, but for those over text: placingAsText(_:) did the rest.
        let wanted = placesAsText ? canvas.placements.filter { placedOverText.contains($0.rect) } : canvas.placements
        if placesAsText, wanted.isEmpty, shown.isEmpty { return }
        var out = ""
        switch graphics {
        case .kitty:
            let byRect = Dictionary(wanted.map { ($0.rect, $0) }, uniquingKeysWith: { a, _ in a })
            for (rect, mark) in shown {
                let next = byRect[rect]
                if let group = placedAnimation[rect] {
                    // An animation stays placed while the same one is wanted there, seen whole or as much.
                    if let next, let animation = next.animation, pictureKey(animation.group, next) == group, placedShown[rect] == next.shown { continue }
                    if let frames = animations[group] { out += KittyGraphics.deletePlacement(id: frames.id, placement: placementID(rect)) }
                    placedAnimation[rect] = nil
                    placedShown[rect] = nil
                } else if next.map(signature) != mark, let id = sentKey[rect].flatMap({ sent[$0] }) {
                    out += KittyGraphics.deletePlacement(id: id, placement: placementID(rect))
                }
                if next.map(signature) != mark { shown[rect] = nil }
            }
            for placement in wanted where shown[placement.rect] != signature(placement) || textMoved {
                if let animation = placement.animation {
                    if textMoved { placedAnimation[placement.rect] = nil }  // placed again where it belongs
                    out += showAnimationFrame(placement, group: animation.group, frame: animation.frame)
                } else {
                    let id: UInt32
                    let key = pictureKey(placement.key, placement)  // a picture and the cells it is scaled to
                    if let known = sent[key] {
                        id = known
                    } else {
                        id = newID()
                        out += KittyGraphics.transmit(fitted(placement), id: id)
                        sent[key] = id
                        sentOrder.append(key)
                    }
                    out +=
                        move(to: placement.rect.origin)
                        + KittyGraphics.place(
                            id: id,
                            placement: placementID(placement.rect),
                            columns: placement.rect.width,
                            rows: placement.rect.height,
                            source: source(placement)
                        )
                    sentKey[placement.rect] = key
                }
                shown[placement.rect] = signature(placement)
            }
            if placesAsText { break }  // placingAsText(_:) keeps the terminal's memory bounded
            deleteUnshown(stills: Set(sentKey.filter { shown[$0.key] != nil }.values), animations: Set(placedAnimation.values), out: &out)
        case .sixel:
            shown = shown.filter { rect, mark in wanted.contains { $0.rect == rect && signature($0) == mark } }
            for placement in wanted where shown[placement.rect] != signature(placement) || redrawn(placement.rect) || textMoved {
                let size = pixelSize(placement.rect)
                // Over blank cells of the terminal's own background, transparent pixels are
                // left unpainted and the old frame's pixels erased with the cells' text: a
                // sixel colour is a percentage, so a painted background (16 → 6% → 15) showed
                // as a faint box round the picture.
                let overTerminal = isSeeThrough(placement) && isBlankTerminalBackground(placement.rect, in: canvas)
                let ground = overTerminal ? nil : sixelGround(placement, in: canvas)
                var hasher = Hasher()
                hasher.combine(signature(placement))
                hasher.combine(size.width)
                hasher.combine(size.height)
                hasher.combine(ground)
                let cacheKey = hasher.finalize()
                // Transparent pixels painted as the blank cells beneath, or left unpainted
                // where text or several colours lie beneath (they show through).
                let text = sixels[cacheKey] ?? Sixel.encode(Self.resized(visiblePixels(placement), to: size), colors: sixelColors, background: ground)
                if sixels.count > Self.keptImages { sixels.removeAll() }
                sixels[cacheKey] = text
                if overTerminal {
                    let rect = placement.rect.intersection(canvas.bounds)
                    for y in rect.y..<rect.maxY { out += move(to: Point(x: rect.x, y: y)) + "\u{1B}[\(rect.width)X" }
                }
                out += move(to: placement.rect.origin) + text
                shown[placement.rect] = signature(placement)
            }
        case .iterm, .symbols:
            return
        }
        guard !out.isEmpty else { return }
        write("\u{1B}7" + out + "\u{1B}8")
    }

    /// kitty, pictures as text: `canvas` with every placement's cells holding its
    /// ``KittyPlaceholder`` cells (the image's id in their foreground colour), for the writer to
    /// draw as text, after the pictures not yet sent have been sent and placed virtually. So
    /// the terminal moves, cuts and scrolls the pictures with the text; a picture moved or cut
    /// costs only its changed cells, a player's next frame a switch of about 30 bytes.
    package func placingAsText(_ canvas: Canvas) -> Canvas {
        guard placesAsText, !canvas.placements.isEmpty || sentOrder.count > Self.keptImages else { return canvas }
        var out = ""
        var result = canvas
        var onScreen = Set<Int>()
        var animating = Set<Int>()
        placedOverText = []
        for placement in canvas.placements {
            let cells = placement.pictureCells
            if Self.liesOverText(placement, in: canvas) {
                // A placeholder would take the text's place: placed over it instead, by present(_:).
                placedOverText.insert(placement.rect)
                if let animation = placement.animation {
                    animating.insert(pictureKey(animation.group, placement))
                } else {
                    onScreen.insert(pictureKey(placement.key, placement))
                }
                continue
            }
            guard cells.width <= KittyPlaceholder.limit, cells.height <= KittyPlaceholder.limit else { continue }  // too large to name: blank
            let id: UInt32
            if let animation = placement.animation {
                let key = pictureKey(animation.group, placement)
                animating.insert(key)
                let frames = frames(
                    key,
                    with: animation.frame,
                    of: placement,
                    id: freeID,
                    placing: { KittyGraphics.placeVirtually(id: $0, columns: cells.width, rows: cells.height) },
                    out: &out
                )
                show(animation.frame, of: frames, key: key, out: &out)
                id = frames.id
            } else {
                let key = pictureKey(placement.key, placement)  // a picture and the cells it is scaled to
                onScreen.insert(key)
                if let known = sent[key] {
                    id = known
                } else {
                    id = freeID()
                    out += KittyGraphics.transmit(fitted(placement), id: id) + KittyGraphics.placeVirtually(id: id, columns: cells.width, rows: cells.height)
                    sent[key] = id
                    sentOrder.append(key)
                }
            }
            guard directColor || id <= 255 else { continue }  // more pictures at once than colours name: blank
            // The id as the colour: below 8 an ANSI colour (what a direct-colour terminfo sends
            // for such a number anyway), else 24-bit on a direct-colour terminal, else the
            // 256-colour index.
            let color: Color =
                id < 8 ? .ansi(UInt8(id)) : directColor ? .rgb(UInt8(id >> 16 & 0xFF), UInt8(id >> 8 & 0xFF), UInt8(id & 0xFF)) : .palette(UInt8(id & 0xFF))
            let rect = placement.rect
            let shown = placement.shown
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let point = Point(x: rect.x + x, y: rect.y + y)
                    var style = result[point.x, point.y].style
                    style.foreground = color
                    result[point.x, point.y] = Cell(Character(KittyPlaceholder.cell(row: shown.y + y, column: shown.x + x)), style: style)
                }
            }
        }
        deleteUnshown(stills: onScreen, animations: animating, out: &out)  // and their ids free
        lastShown = onScreen.union(animating)
        if !out.isEmpty { write(out) }
        return result
    }

    /// Whether text shows in `placement`'s cells (a picture laid over a page): its
    /// transparent pixels must let that text show, which a placeholder cell would replace.
    package static func liesOverText(_ placement: ImagePlacement, in canvas: Canvas) -> Bool {
        let rect = placement.rect.intersection(canvas.bounds)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let cell = canvas[x, y]
                if !cell.isContinuation, cell.character != " " { return true }
            }
        }
        return false
    }

    /// Deletes the oldest pictures not among those shown (`stills` and `animations`, by key)
    /// beyond the ones kept, so the terminal's memory stays bounded.
    private func deleteUnshown(stills: Set<Int>, animations shownAnimations: Set<Int>, out: inout String) {
        while sentOrder.count > Self.keptImages, let victim = sentOrder.first(where: { !stills.contains($0) }) {
            if let id = sent[victim] { out += KittyGraphics.delete(id: id) }
            sent[victim] = nil
            sentOrder.removeAll { $0 == victim }
        }
        while animationOrder.count > Self.keptImages / 8, let victim = animationOrder.first(where: { !shownAnimations.contains($0) }) {
            if let frames = animations[victim] { out += KittyGraphics.delete(id: frames.id) }
            animations[victim] = nil
            animationOrder.removeAll { $0 == victim }
        }
    }

    /// The frames of animation `key` with `frame` (of `placement`) among them: the image
    /// made under `id()` when new (`placing` it after its transmission), a frame not yet sent
    /// added as a kitty frame.
    private func frames(
        _ key: Int,
        with frame: Int,
        of placement: ImagePlacement,
        id: () -> UInt32,
        placing: (UInt32) -> String = { _ in "" },
        out: inout String
    ) -> Frames {
        if var frames = animations[key] {
            if frames.numbers[frame] == nil {
                out += KittyGraphics.addFrame(fitted(placement), to: frames.id, gap: .seconds(1))
                frames.numbers[frame] = frames.numbers.count + 1
            }
            return frames
        }
        let frames = Frames(id: id(), numbers: [frame: 1])
        out += KittyGraphics.transmit(fitted(placement), id: frames.id) + placing(frames.id)
        animationOrder.append(key)
        return frames
    }

    /// Shows `frame` of `frames` (a switch, when it is not the one shown) and keeps them as
    /// animation `key`'s.
    private func show(_ frame: Int, of frames: Frames, key: Int, out: inout String) {
        var frames = frames
        let number = frames.numbers[frame] ?? 1
        if number != frames.current {
            out += KittyGraphics.showFrame(id: frames.id, frame: number)
            frames.current = number
        }
        animations[key] = frames
    }

    /// The smallest id from ``firstID`` no kept picture has: ids stay below 256, which a
    /// 256-colour foreground can name, unless ``idsApart()`` moved the start.
    private func freeID() -> UInt32 {
        let taken = Set(sent.values).union(animations.values.map(\.id))
        var id = firstID
        while taken.contains(id) { id += 1 }
        return id
    }

    /// The ids of the pictures the last frame shows.
    private var shownIDs: Set<UInt32> {
        let shownKeys = placesAsText ? lastShown : Set(shown.keys.compactMap { sentKey[$0] }).union(placedAnimation.values)
        return Set(shownKeys.compactMap { sent[$0] }).union(shownKeys.compactMap { animations[$0]?.id })
    }

    /// The commands that delete every picture sent, or all but those the last frame shows,
    /// each whole, as written (through tmux where it runs in tmux): what a signal that ends
    /// the app writes, as ``deleteAll()`` and ``deleteAllButShown()`` would.
    package func deletions(keepingShown: Bool) -> [String] {
        guard graphics == .kitty else { return [] }
        var ids = Set(sent.values).union(animations.values.map(\.id))
        if keepingShown { ids.subtract(shownIDs) }
        return ids.sorted().map { throughTmux ? TmuxPassthrough.wrap(KittyGraphics.delete(id: $0)) : KittyGraphics.delete(id: $0) }
    }

    /// Deletes every picture sent but those the last frame shows (an inline app whose last
    /// frame stays, its ids apart from the next app's).
    package func deleteAllButShown() {
        let kept = shownIDs
        sent = sent.filter { !kept.contains($0.value) }
        animations = animations.filter { !kept.contains($0.value.id) }
        deleteAll()
    }

    /// Deletes every picture sent (when the app ends).
    package func deleteAll() {
        guard graphics == .kitty, !sent.isEmpty || !animations.isEmpty else { return }
        write((sent.values.map { KittyGraphics.delete(id: $0) } + animations.values.map { KittyGraphics.delete(id: $0.id) }).joined())
        sent.removeAll()
        sentOrder.removeAll()
        animations.removeAll()
        animationOrder.removeAll()
        placedAnimation.removeAll()
        shown.removeAll()
    }

    /// Frame `frame` of a player's animation at `placement`: its image made (the first
    /// frame seen as the base) and placed once; a frame not yet sent added as a kitty frame;
    /// then only the switch to it.
    private func showAnimationFrame(_ placement: ImagePlacement, group: Int, frame: Int) -> String {
        let key = pictureKey(group, placement)
        var out = ""
        let frames = frames(key, with: frame, of: placement, id: newID, out: &out)
        if placedAnimation[placement.rect] != key || placedShown[placement.rect] != placement.shown {
            out +=
                move(to: placement.rect.origin)
                + KittyGraphics.place(
                    id: frames.id,
                    placement: placementID(placement.rect),
                    columns: placement.rect.width,
                    rows: placement.rect.height,
                    source: source(placement)
                )
            placedAnimation[placement.rect] = key
            placedShown[placement.rect] = placement.shown
        }
        show(frame, of: frames, key: key, out: &out)
        return out
    }

    /// What names a picture (or a player's frames) at the cells it is scaled to: sent once per such pair.
    package func pictureKey(_ group: Int, _ placement: ImagePlacement) -> Int {
        var hasher = Hasher()
        hasher.combine(group)
        hasher.combine(placement.pictureCells)
        return hasher.finalize()
    }

    /// The part of the sent picture a cut placement shows, in its pixels (nil: all of it).
    private func source(_ placement: ImagePlacement) -> Rect? {
        guard placement.isCut else { return nil }
        let size = fittedSize(placement)
        let cells = placement.pictureCells
        let shown = placement.shown
        let x = shown.x * size.width / max(1, cells.width)
        let y = shown.y * size.height / max(1, cells.height)
        let w = max(1, shown.width * size.width / max(1, cells.width))
        let h = max(1, shown.height * size.height / max(1, cells.height))
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The pixels a cut placement shows (the whole picture when it is not cut).
    private func visiblePixels(_ placement: ImagePlacement) -> RGBAImage {
        guard placement.isCut else { return placement.image }
        let image = placement.image
        let cells = placement.pictureCells
        let shown = placement.shown
        return image.cropped(
            to: Rect(
                x: shown.x * image.width / max(1, cells.width),
                y: shown.y * image.height / max(1, cells.height),
                width: max(1, shown.width * image.width / max(1, cells.width)),
                height: max(1, shown.height * image.height / max(1, cells.height))
            )
        )
    }

    private func newID() -> UInt32 {
        if placesAsText { return freeID() }  // one set of ids with the placeholders' (below 256)
        let id = nextID
        nextID = nextID >= 0x7FFF_FFFF ? 1 : nextID + 1
        return id
    }

    /// The pixels a placement's cells hold; for sixel, whole bands of six rows that never
    /// reach past the cells (which would scroll the screen on the last row).
    /// A sixel is shown smaller than its cells rather than past ``Sixel/pixelBudget``.
    private func pixelSize(_ rect: Rect) -> Size {
        var size = Size(width: rect.width * cellPixels.width, height: rect.height * cellPixels.height)
        if graphics == .sixel { size = Sixel.pixelsWithinBudget(size) }
        return Size(width: size.width, height: max(6, size.height - size.height % 6))
    }

    /// The whole picture at the pixel size of the cells it covers (at most
    /// ``Sixel/pixelBudget``), scaled here: a terminal that scales a small picture up
    /// smooths it (kitty 0.41 blurred pixel art). Enlarging keeps pixel art's pixels sharp
    /// blocks and a soft picture soft (an anti-aliased spinner showed as a staircase);
    /// scaling down averages (``resized(_:to:)``).
    private func fitted(_ placement: ImagePlacement) -> RGBAImage {
        Self.resized(placement.image, to: fittedSize(placement))
    }

    /// `image` at `size`: enlarged at least twice, a soft picture (an anti-aliased spinner, a
    /// photo) smoothly and pixel art as sharp blocks; otherwise area averaged.
    package static func resized(_ image: RGBAImage, to size: Size) -> RGBAImage {
        guard size.width != image.width || size.height != image.height else { return image }
        if size.width >= 2 * image.width, size.height >= 2 * image.height, image.isSoft() { return image.smoothlyScaled(to: size) }
        return image.scaled(to: size)
    }

    private func fittedSize(_ placement: ImagePlacement) -> Size {
        let cells = placement.pictureCells
        let box = Sixel.pixelsWithinBudget(Size(width: cells.width * cellPixels.width, height: cells.height * cellPixels.height))
        // kitty scales a picture to its cells itself: a soft picture (a photo, an anti-aliased
        // spinner) smaller than its cells is enlarged here twice at most, smoothly, and kitty
        // does the rest — 0.41 smoothly, 0.26 by whole pixels, whose steps are then half as
        // big. A 96×64 GIF enlarged here to its cells went as 690×460 frames (1.5 MB in the
        // GIF scene's first 3 s, 0.1 MB now). Pixel art is still enlarged here into sharp
        // blocks, and a sixel, which no terminal scales, is made at the cells' size.
        let image = placement.image
        if graphics == .kitty, box.width > 2 * image.width, box.height > 2 * image.height, isSoft(placement) {
            return Size(width: 2 * image.width, height: 2 * image.height)
        }
        return box
    }

    /// Whether `placement`'s picture is soft, decided once for an animation from its first
    /// frame looked at: every frame of one kitty image goes at one size.
    private func isSoft(_ placement: ImagePlacement) -> Bool {
        guard let group = placement.animation?.group else { return placement.image.isSoft() }
        if let known = softAnimations[group] { return known }
        let soft = placement.image.isSoft()
        if softAnimations.count > Self.keptImages { softAnimations.removeAll() }
        softAnimations[group] = soft
        return soft
    }

    private func placementID(_ rect: Rect) -> UInt32 {
        UInt32(truncatingIfNeeded: (rect.y &* 4099 &+ rect.x) &* 2 &+ 1) & 0x7FFF_FFFF | 1
    }

    private func move(to point: Point) -> String {
        if let moveFromSaved { return "\u{1B}8" + moveFromSaved(point) }
        return "\u{1B}[\(point.y + 1);\(point.x + 1)H"
    }

    /// Called before any bytes are written (the full-screen terminal tells its signal
    /// handlers the deletions then).
    package var beforeWriting: (() -> Void)?

    private func write(_ text: String) {
        beforeWriting?()
        let bytes = throughTmux ? TmuxPassthrough.wrap(text) : text
        bytesWritten += bytes.utf8.count
        _ = Descriptor.writeAll(bytes, to: output)
    }
}
