import TUICore

/// Drawing: the state as it is at the scheduler's time, laid out by ``PickerLayout``.
/// Nothing here reads or writes the store.
extension PickerView {
    public func render(in rect: Rect, on canvas: inout Canvas) {
        let now = scheduler.now
        layout = PickerLayout(in: rect, state: state, now: now, thumbnail: thumbnailSize)
        noteViewport(layout.viewport)
        canvas.fill(rect)
        drawTitle(on: &canvas, now: now)
        if let problem = state.problem {
            let style = Style(foreground: .brightWhite, background: .red)
            canvas.fill(layout.notice, with: Cell(" ", style: style))
            canvas.draw(" " + problem.sanitizedForTerminal.truncated(toWidth: max(0, layout.notice.width - 1)), at: layout.notice.origin, style: style, clip: layout.notice)
        }
        drawGrid(on: &canvas)
        if layout.tray.height > 0 { drawTray(on: &canvas) }
        if layout.drawer.height > 0 { drawDrawer(on: &canvas) }
    }

    private func drawTitle(on canvas: inout Canvas, now: Duration) {
        let rect = layout.title
        let bar = Style(foreground: .brightWhite, background: .rgb(40, 44, 60))
        let texts = PickerLayout.titleText(state)
        canvas.fill(rect, with: Cell(" ", style: bar))
        canvas.draw(texts.cancel, at: rect.origin, style: bar, clip: rect)
        canvas.draw(texts.title, at: Point(x: layout.titleRange.lowerBound, y: rect.y), style: bar.adding(.bold), clip: rect)
        let doneStyle = state.selection.isEmpty ? bar.adding(.dim) : Style(foreground: .black, background: .cyan, attributes: .bold)
        canvas.draw(texts.done, at: Point(x: layout.done.lowerBound, y: rect.y), style: doneStyle, clip: rect)
        // The name of the picture under the focus, between Cancel and the album's title.
        let focused: Asset? = state.area == .tray
            ? (state.tray.items.indices.contains(state.trayFocus) ? state.asset(state.tray.items[state.trayFocus]) : nil)
            : (state.assets.indices.contains(state.focus) ? state.assets[state.focus] : nil)
        if let focused {
            let room = Rect(x: rect.x + 10, y: rect.y, width: max(0, layout.titleRange.lowerBound - rect.x - 12), height: 1)
            canvas.draw(focused.name.sanitizedForTerminal.truncated(toWidth: room.width), at: room.origin, style: bar.adding(.dim), clip: room)
        }
        if let notice = state.notice, now < notice.until {
            canvas.draw(" " + notice.text + " ", at: Point(x: rect.x + 10, y: rect.y), style: Style(foreground: .black, background: .yellow), clip: rect)
        }
    }

    private func thumbnailCells(_ asset: Asset, size: Size) -> Canvas {
        let key = CellCacheKey(asset: asset.id, size: size)
        if let cached = cellCache[key] { return cached }
        // Bounded however far the grid scrolls and however large the thumbnails: 64 screens of
        // 8×4-cell thumbnails, or a few of the largest.
        if cellCacheCells + size.area > 1 << 17 {
            cellCache.removeAll(keepingCapacity: true)
            cellCacheCells = 0
        }
        cellCacheCells += size.area
        let cells = imageStyle.rasterize(asset.thumbnail, fitting: size)
        cellCache[key] = cells
        return cells
    }

    private func drawThumbnail(_ asset: Asset, size: Size, at origin: Point, on canvas: inout Canvas, clip: Rect, dimsSelected: Bool = true) {
        if usesPixels {
            // The photo itself, undimmed, in its proportions; its order goes below it (drawOrder).
            let thumb = asset.thumbnail
            let cells = ImageLayout.cells(for: Size(width: thumb.width, height: thumb.height), in: size, cellPixels: imageStyle.cellPixels)
            let rect = Rect(x: origin.x + (size.width - cells.width) / 2, y: origin.y + (size.height - cells.height) / 2, width: cells.width, height: cells.height)
            canvas.place(thumb, key: asset.id, in: rect, clip: clip)
            return
        }
        var cells = thumbnailCells(asset, size: size)
        if let order = state.selection.order(of: asset.id) {
            // Selected: dimmed in the grid, with its order number (B4.1).
            if dimsSelected { cells.shade(cells.bounds, with: .black, opacity: 0.45) }
            cells.draw(" \(order) ", at: Point(x: 0, y: 0), style: Style(foreground: .black, background: .cyan, attributes: .bold))
        }
        for y in 0..<cells.size.height {
            for x in 0..<cells.size.width {
                let point = Point(x: origin.x + x, y: origin.y + y)
                if clip.contains(point) { canvas[point.x, point.y] = cells[x, y] }
            }
        }
    }

    private func drawFocusMark(under origin: Point, size: Size, on canvas: inout Canvas, clip: Rect) {
        canvas.draw(String(repeating: "━", count: size.width), at: Point(x: origin.x, y: origin.y + size.height), style: Style(foreground: .yellow), clip: clip)
    }

    /// Whether thumbnails are pixels: where the terminal draws them and they may move (the
    /// grid scrolls and slides).
    var usesPixels: Bool { imageStyle.pixels && imageStyle.pixelsMayMove }

    /// With pixels, a chosen picture's order badge sits on the row below it (text over a
    /// picture would take the picture away); with symbols it is drawn on the picture itself.
    private func drawOrder(of asset: Asset, under origin: Point, size: Size, on canvas: inout Canvas, clip: Rect) {
        guard usesPixels, let order = state.selection.order(of: asset.id) else { return }
        canvas.draw(" \(order) ", at: Point(x: origin.x, y: origin.y + size.height), style: Style(foreground: .black, background: .cyan, attributes: .bold), clip: clip)
    }

    private func drawGrid(on canvas: inout Canvas) {
        let rect = layout.grid
        let firstRow = state.firstRow(in: layout.viewport)
        // The rows that fit whole, and the top of the next one where at least two of its
        // lines fit: the grid uses the height it has, and shows that there is more below.
        let partial = rect.height - layout.rows * layout.pitch.height >= 2 ? 1 : 0
        for row in 0..<(layout.rows + partial) {
            for column in 0..<layout.columns {
                let index = (firstRow + row) * layout.columns + column
                guard index < state.assets.count else { break }
                let origin = Point(x: layout.gridLeft + column * layout.pitch.width, y: rect.y + row * layout.pitch.height)
                drawThumbnail(state.assets[index], size: layout.cell, at: origin, on: &canvas, clip: rect)
                if index == state.focus && state.area == .grid { drawFocusMark(under: origin, size: layout.cell, on: &canvas, clip: rect) }
                drawOrder(of: state.assets[index], under: origin, size: layout.cell, on: &canvas, clip: rect)
            }
        }
        if state.assets.isEmpty && state.problem == nil {
            canvas.draw("This album is empty.", at: Point(x: rect.x + 2, y: rect.y + 1), style: Style(attributes: .dim), clip: rect)
        }
    }

    private func drawTray(on canvas: inout Canvas) {
        let rect = layout.tray
        let background = Color.rgb(24, 26, 34)
        canvas.fill(rect, with: Cell(" ", style: Style(background: background)))
        // The panel hangs from the tray's moving top edge, so it slides in header first (B4.4).
        let full = Rect(x: rect.x, y: rect.y, width: rect.width, height: PickerLayout.trayHeight)
        let rule = Style(foreground: .brightBlack, background: background)
        canvas.draw(String(repeating: "─", count: rect.width), at: full.origin, style: rule, clip: rect)
        canvas.draw(" Selected · Tab: tray · Enter removes ", at: Point(x: full.x + 2, y: full.y), style: rule, clip: rect)
        let tray = state.tray
        let shown = tray.items.indices.dropFirst(tray.firstVisible).prefix(layout.trayFits)
        for (slot, i) in shown.enumerated() {
            guard let asset = state.asset(tray.items[i]) else { continue }
            let origin = Point(x: full.x + 1 + slot * PickerLayout.trayPitch.width, y: full.y + 1)
            drawThumbnail(asset, size: PickerLayout.trayCell, at: origin, on: &canvas, clip: rect, dimsSelected: false)
            if state.area == .tray && i == state.trayFocus { drawFocusMark(under: origin, size: PickerLayout.trayCell, on: &canvas, clip: rect) }
            drawOrder(of: asset, under: origin, size: PickerLayout.trayCell, on: &canvas, clip: rect)
        }
        // Items scrolled out of view are counted at the ends of the header.
        let hiddenBefore = tray.firstVisible, hiddenAfter = tray.items.count - tray.firstVisible - shown.count
        let edge = Style(foreground: .brightWhite, background: background, attributes: .bold)
        if hiddenAfter > 0 {
            let text = " +\(hiddenAfter) › "
            canvas.draw(text, at: Point(x: full.maxX - text.displayWidth - 1, y: full.y), style: edge, clip: rect)
        }
        if hiddenBefore > 0 {
            let text = " ‹ +\(hiddenBefore) "
            canvas.draw(text, at: Point(x: full.maxX - text.displayWidth - 12, y: full.y), style: edge, clip: rect)
        }
    }

    private func drawDrawer(on canvas: inout Canvas) {
        let rect = layout.drawer, fullHeight = layout.drawerHeight
        // The drawer drops from the title: its bottom rows show first.
        let background = Color.rgb(30, 34, 48)
        var panel = Canvas(size: Size(width: rect.width, height: fullHeight))
        panel.fill(panel.bounds, with: Cell(" ", style: Style(background: background)))
        panel.drawBox(panel.bounds, style: Style(foreground: .cyan, background: background), title: "Albums")
        for (i, album) in state.albums.enumerated() where i < fullHeight - 2 {
            let text = "\(album.name.sanitizedForTerminal) (\(album.count))".truncated(toWidth: rect.width - 4)
            let style = i == state.drawerFocus ? Style(foreground: .black, background: .cyan) : Style(foreground: .white, background: background)
            panel.draw((i == state.albumIndex ? "• " : "  ") + text, at: Point(x: 1, y: 1 + i), style: style)
        }
        let offset = fullHeight - rect.height
        for y in 0..<rect.height {
            for x in 0..<rect.width { canvas[rect.x + x, rect.y + y] = panel[x, y + offset] }
        }
    }
}
