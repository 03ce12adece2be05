import ViewCore

/// Drawing: the state as it is at the scheduler's time, laid out by ``PickerLayout``.
/// Nothing here reads or writes the store.
extension PickerView {
    /// Draws the title bar, the grid, the tray and the album drawer as they are at the scheduler's time.
    public func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        let now = scheduler.now
        layout = PickerLayout(in: rect, state: state, now: now, thumbnail: thumbnailSize)
        noteViewport(layout.viewport)
        canvas.fill(rect)
        drawTitle(on: &canvas, now: now)
        if let problem = state.problem {
            let style = Style(foreground: .brightWhite, background: .red)
            canvas.fill(layout.notice, with: Cell(" ", style: style))
            canvas.draw(
                " " + problem.sanitizedForTerminal.truncated(toWidth: max(0, layout.notice.width - 1)),
                at: layout.notice.origin,
                style: style,
                clip: layout.notice
            )
        }
        drawGrid(on: &canvas)
        if layout.tray.height > 0 { drawTray(on: &canvas) }
        if layout.drawer.height > 0 { drawDrawer(on: &canvas) }
    }

    private func drawTitle(on canvas: inout Canvas, now: Duration) {
        let rect = layout.title
        let bar = palette.bar
        let texts = PickerLayout.titleText(state)
        canvas.fill(rect, with: Cell(" ", style: bar))
        canvas.draw(texts.cancel, at: rect.origin, style: bar, clip: rect)
        canvas.draw(texts.title, at: Point(x: layout.titleRange.lowerBound, y: rect.y), style: bar.adding(.bold), clip: rect)
        let doneStyle = state.selection.isEmpty ? bar.adding(.dim) : palette.accent
        canvas.draw(texts.done, at: Point(x: layout.done.lowerBound, y: rect.y), style: doneStyle, clip: rect)
        // The name of the picture under the focus, between Cancel and the album's title.
        let focused: Photo? =
            state.area == .tray
            ? (state.tray.items.indices.contains(state.trayFocus) ? state.photo(state.tray.items[state.trayFocus]) : nil)
            : (state.photos.indices.contains(state.focus) ? state.photos[state.focus] : nil)
        if let focused {
            let room = Rect(x: rect.x + 10, y: rect.y, width: max(0, layout.titleRange.lowerBound - rect.x - 12), height: 1)
            canvas.draw(focused.name.sanitizedForTerminal.truncated(toWidth: room.width), at: room.origin, style: bar.adding(.dim), clip: room)
        }
        if let notice = state.notice, now < notice.until {
            canvas.draw(" " + notice.text + " ", at: Point(x: rect.x + 10, y: rect.y), style: Style(foreground: .black, background: .yellow), clip: rect)
        }
    }

    private func thumbnailCells(_ photo: Photo, size: Size) -> Canvas {
        let key = CellCacheKey(photo: photo.id, size: size)
        if let cached = cellCache[key] { return cached }
        // Bounded however far the grid scrolls and however large the thumbnails: 64 screens of
        // 8×4-cell thumbnails, or a few of the largest.
        if cellCacheCells + size.area > 1 << 17 {
            cellCache.removeAll(keepingCapacity: true)
            cellCacheCells = 0
        }
        cellCacheCells += size.area
        let cells = imageStyle.rasterize(photo.thumbnail, fitting: size)
        cellCache[key] = cells
        return cells
    }

    private func drawThumbnail(_ photo: Photo, size: Size, at origin: Point, on canvas: inout Canvas, clip: Rect) {
        if usesPixels {
            // The photo itself, undimmed, in its proportions; its order goes below it (drawOrder).
            let thumb = photo.thumbnail
            let cells = ImageLayout.cells(for: Size(width: thumb.width, height: thumb.height), in: size, cellPixels: imageStyle.cellPixels)
            let rect = Rect(
                x: origin.x + (size.width - cells.width) / 2,
                y: origin.y + (size.height - cells.height) / 2,
                width: cells.width,
                height: cells.height
            )
            canvas.place(thumb, key: photo.id, in: rect, clip: clip)
            return
        }
        var cells = thumbnailCells(photo, size: size)
        if let order = state.selection.order(of: photo.id) {
            // Selected: the picture as it is, its order number on a badge.
            cells.draw(" \(order) ", at: Point(x: 0, y: 0), style: palette.accent)
        }
        for y in 0..<cells.size.height {
            for x in 0..<cells.size.width {
                let point = Point(x: origin.x + x, y: origin.y + y)
                if clip.contains(point) { canvas[point.x, point.y] = cells[x, y] }
            }
        }
    }

    /// A frame in the cells around a thumbnail (the gaps between thumbnails): thick for the
    /// focus, thin for a chosen picture.
    private func drawFrame(around thumbnail: Rect, focus: Bool, background: Color = .default, on canvas: inout Canvas, clip: Rect) {
        let style = Style(foreground: focus ? palette.focus : palette.chosen, background: background, attributes: focus ? .bold : [])
        let (horizontal, vertical) = focus ? ("━", "┃") : ("─", "│")
        let (topLeft, topRight, bottomLeft, bottomRight) = focus ? ("┏", "┓", "┗", "┛") : ("┌", "┐", "└", "┘")
        let line = String(repeating: horizontal, count: thumbnail.width)
        canvas.draw(line, at: Point(x: thumbnail.x, y: thumbnail.y - 1), style: style, clip: clip)
        canvas.draw(line, at: Point(x: thumbnail.x, y: thumbnail.maxY), style: style, clip: clip)
        // A corner shared with a neighbour's frame joins it (└┘ → ┴, ┌┐ → ┬).
        func corner(_ glyph: String, _ x: Int, _ y: Int, joins: Set<Character>, joined: String) {
            let existing = canvas[x, y].character
            canvas.draw(joins.contains(existing) ? joined : glyph, at: Point(x: x, y: y), style: style, clip: clip)
        }
        let lower: Set<Character> = ["┘", "└", "┴"]
        let upper: Set<Character> = ["┐", "┌", "┬"]
        corner(topLeft, thumbnail.x - 1, thumbnail.y - 1, joins: focus ? [] : upper, joined: "┬")
        corner(topRight, thumbnail.maxX, thumbnail.y - 1, joins: focus ? [] : upper, joined: "┬")
        corner(bottomLeft, thumbnail.x - 1, thumbnail.maxY, joins: focus ? [] : lower, joined: "┴")
        corner(bottomRight, thumbnail.maxX, thumbnail.maxY, joins: focus ? [] : lower, joined: "┴")
        for y in thumbnail.y..<thumbnail.maxY {
            canvas.draw(vertical, at: Point(x: thumbnail.x - 1, y: y), style: style, clip: clip)
            canvas.draw(vertical, at: Point(x: thumbnail.maxX, y: y), style: style, clip: clip)
        }
    }

    /// The picker's colours on the terminal's background: panels a tone off it, a blue
    /// accent (Done, order badges, the drawer's focus) with white text, which reads on both.
    var palette: PickerPalette { PickerPalette(imageStyle.theme) }

    /// Whether thumbnails are pixels: where the terminal draws them and they may move (the
    /// grid scrolls and slides).
    var usesPixels: Bool { imageStyle.pixels && imageStyle.pixelsMayMove }

    /// With pixels, a chosen picture's order badge sits on the row below it (text over a
    /// picture would take the picture away); with symbols it is drawn on the picture itself.
    private func drawOrder(of photo: Photo, under origin: Point, size: Size, on canvas: inout Canvas, clip: Rect) {
        guard usesPixels, let order = state.selection.order(of: photo.id) else { return }
        canvas.draw(" \(order) ", at: Point(x: origin.x, y: origin.y + size.height), style: palette.accent, clip: clip)
    }

    private func drawGrid(on canvas: inout Canvas) {
        let rect = layout.grid
        let firstRow = state.firstRow(in: layout.viewport)
        // The rows that fit whole, and the top of the next one where at least two of its
        // lines fit: the grid uses the height it has, and shows that there is more below.
        let partial = rect.maxY - layout.gridTop - layout.rows * layout.pitch.height >= 2 ? 1 : 0
        var focused: Rect?
        var chosen: [Rect] = []
        for row in 0..<(layout.rows + partial) {
            for column in 0..<layout.columns {
                let index = (firstRow + row) * layout.columns + column
                guard index < state.photos.count else { break }
                let origin = Point(x: layout.gridLeft + column * layout.pitch.width, y: layout.gridTop + row * layout.pitch.height)
                drawThumbnail(state.photos[index], size: layout.cell, at: origin, on: &canvas, clip: rect)
                let box = Rect(origin: origin, size: layout.cell)
                if index == state.focus && state.area == .grid { focused = box }
                if state.selection.order(of: state.photos[index].id) != nil { chosen.append(box) }
            }
        }
        // Frames in the gaps: the chosen pictures', then the focus over them; the badges of
        // pixel pictures (on the row below) last.
        for box in chosen { drawFrame(around: box, focus: false, on: &canvas, clip: rect) }
        if let focused { drawFrame(around: focused, focus: true, on: &canvas, clip: rect) }
        for row in 0..<(layout.rows + partial) {
            for column in 0..<layout.columns {
                let index = (firstRow + row) * layout.columns + column
                guard index < state.photos.count else { break }
                let origin = Point(x: layout.gridLeft + column * layout.pitch.width, y: layout.gridTop + row * layout.pitch.height)
                drawOrder(of: state.photos[index], under: origin, size: layout.cell, on: &canvas, clip: rect)
            }
        }
        if state.photos.isEmpty && state.problem == nil {
            canvas.draw("This album is empty.", at: Point(x: rect.x + 2, y: rect.y + 1), style: Style(attributes: .dim), clip: rect)
        }
    }

    private func drawTray(on canvas: inout Canvas) {
        let rect = layout.tray
        let background = palette.panel
        canvas.fill(rect, with: Cell(" ", style: Style(background: background)))
        // The panel hangs from the tray's moving top edge, so it slides in header first.
        let full = Rect(x: rect.x, y: rect.y, width: rect.width, height: layout.trayHeight)
        let rule = Style(foreground: palette.rule, background: background)
        canvas.draw(String(repeating: "─", count: rect.width), at: full.origin, style: rule, clip: rect)
        let tray = state.tray
        let shown = tray.items.indices.dropFirst(tray.firstVisible).prefix(layout.trayFits)
        let below = Rect(x: rect.x, y: full.y + 1, width: rect.width, height: max(0, rect.maxY - full.y - 1))
        var focused: Rect?
        if layout.isCompact {
            // A short screen: on the rule, the chosen pictures' order and name, as chips.
            for (slot, i) in shown.enumerated() {
                guard let photo = state.photo(tray.items[i]) else { continue }
                let isFocused = state.area == .tray && i == state.trayFocus
                let name = photo.name.sanitizedForTerminal
                let stem = name.hasSuffix(".gif") || name.hasSuffix(".png") || name.hasSuffix(".jpg") ? String(name.dropLast(4)) : name
                let chip = " \(i + 1) " + stem.truncated(toWidth: max(1, layout.trayItemPitch - 4 - String(i + 1).count)) + " "
                canvas.draw(
                    chip,
                    at: Point(x: full.x + 1 + slot * layout.trayItemPitch, y: full.y),
                    style: isFocused ? palette.focusChip : palette.accent,
                    clip: rect
                )
            }
            let hidden = tray.items.count - shown.count
            let text = hidden > 0 ? " +\(hidden) " : shown.isEmpty ? " nothing chosen yet " : ""
            let end = full.x + 1 + shown.count * layout.trayItemPitch
            if !text.isEmpty, end + text.displayWidth <= full.maxX {
                canvas.draw(
                    text,
                    at: Point(x: full.maxX - text.displayWidth, y: full.y),
                    style: Style(foreground: palette.bar.foreground, background: background, attributes: .bold),
                    clip: rect
                )
            }
            return
        }
        for (slot, i) in shown.enumerated() {
            guard let photo = state.photo(tray.items[i]) else { continue }
            let origin = Point(x: full.x + 1 + slot * PickerLayout.trayPitch.width, y: full.y + PickerLayout.trayThumbnailTop)
            let isFocused = state.area == .tray && i == state.trayFocus
            drawThumbnail(photo, size: PickerLayout.trayCell, at: origin, on: &canvas, clip: rect)
            if isFocused { focused = Rect(origin: origin, size: PickerLayout.trayCell) }
        }
        if let focused { drawFrame(around: focused, focus: true, background: background, on: &canvas, clip: below) }
        for (slot, i) in shown.enumerated() {
            guard let photo = state.photo(tray.items[i]) else { continue }
            drawOrder(
                of: photo,
                under: Point(x: full.x + 1 + slot * PickerLayout.trayPitch.width, y: full.y + PickerLayout.trayThumbnailTop),
                size: PickerLayout.trayCell,
                on: &canvas,
                clip: rect
            )
        }
        // Items scrolled out of view are counted at the right of the header; the title takes
        // what room is left, shortened to fit.
        let hiddenBefore = tray.firstVisible
        let hiddenAfter = tray.items.count - tray.firstVisible - shown.count
        let edge = Style(foreground: palette.bar.foreground, background: background, attributes: .bold)
        var counters = ""
        if hiddenBefore > 0 { counters += " ‹ +\(hiddenBefore) " }
        if hiddenAfter > 0 { counters += " +\(hiddenAfter) › " }
        let countersX = full.maxX - counters.displayWidth - 1
        if !counters.isEmpty { canvas.draw(counters, at: Point(x: countersX, y: full.y), style: edge, clip: rect) }
        let room = (counters.isEmpty ? full.maxX - 1 : countersX - 1) - (full.x + 2)
        let count = tray.items.count
        let titles = [
            " Selected (\(count)) · Tab: tray · Enter removes · Esc: grid ", " Selected (\(count)) · Tab: tray ", " Selected (\(count)) ", " \(count) ",
        ]
        if let title = titles.first(where: { $0.displayWidth <= room }) {
            canvas.draw(title, at: Point(x: full.x + 2, y: full.y), style: rule, clip: rect)
        }
    }

    private func drawDrawer(on canvas: inout Canvas) {
        let rect = layout.drawer
        let fullHeight = layout.drawerHeight
        // The drawer drops from the title: its bottom rows show first.
        let background = palette.panel
        var panel = Canvas(size: Size(width: rect.width, height: fullHeight))
        panel.fill(panel.bounds, with: Cell(" ", style: Style(background: background)))
        panel.drawBox(panel.bounds, style: Style(foreground: palette.chosen, background: background), title: "Albums")
        for (i, album) in state.albums.enumerated() where i < fullHeight - 2 {
            let text = "\(album.name.sanitizedForTerminal) (\(album.count))".truncated(toWidth: rect.width - 4)
            let style = i == state.drawerFocus ? palette.accent : Style(foreground: palette.bar.foreground, background: background)
            panel.draw((i == state.albumIndex ? "• " : "  ") + text, at: Point(x: 1, y: 1 + i), style: style)
        }
        let offset = fullHeight - rect.height
        canvas.fill(rect)  // the thumbnails under it are cut, not taken away
        for y in 0..<rect.height {
            for x in 0..<rect.width { canvas[rect.x + x, rect.y + y] = panel[x, y + offset] }
        }
    }
}

/// The picker's colours for a terminal's background.
struct PickerPalette {
    /// The title bar.
    let bar: Style
    /// The tray's and the drawer's background.
    let panel: Color
    /// The tray's rule and title.
    let rule: Color
    /// Done, order badges, the drawer's focused album: white on blue, on either background.
    let accent = Style(foreground: .rgb(255, 255, 255), background: .rgb(37, 99, 235), attributes: .bold)
    /// The focus frame, and a chosen picture's.
    let focus: Color, chosen: Color
    /// A focused chip of the compact tray: on the focus colour.
    let focusChip: Style

    init(_ theme: TerminalTheme) {
        switch theme {
        case .dark:
            bar = Style(foreground: .rgb(240, 242, 248), background: .rgb(40, 44, 60))
            panel = .rgb(24, 26, 34)
            rule = .rgb(130, 134, 150)
            focus = .rgb(255, 200, 0)
            chosen = .rgb(90, 150, 255)
            focusChip = Style(foreground: .rgb(0, 0, 0), background: focus, attributes: .bold)
        case .light:
            bar = Style(foreground: .rgb(20, 22, 30), background: .rgb(222, 226, 236))
            panel = .rgb(236, 238, 244)
            rule = .rgb(100, 104, 120)
            focus = .rgb(210, 80, 0)
            chosen = .rgb(37, 99, 235)
            focusChip = Style(foreground: .rgb(255, 255, 255), background: focus, attributes: .bold)
        }
    }
}
