import ViewCore

/// Where the picker's parts are for a rectangle, a state and an instant: the title bar and
/// its buttons, the problem notice, the grid, the tray and the album drawer. Drawing uses
/// it, and clicks are found in the last one drawn.
struct PickerLayout: Equatable {
    /// The tray's thumbnails take 8×4 cells, 9 columns apart; the compact tray's chips 12.
    static let trayCell = Size(width: 8, height: 4)
    static let trayPitch = Size(width: 9, height: 5)
    static let chipPitch = 12
    /// How far apart the tray's items are.
    var trayItemPitch: Int { isCompact ? Self.chipPitch : Self.trayPitch.width }
    /// The tray's height: a border row, a row for the focus frame's top, one row of
    /// thumbnails and a row for the frame's foot and the order badges; on a short screen
    /// (``isCompact``) one row, the chosen pictures' numbered names on its rule.
    var trayHeight = 7
    /// The tray's thumbnails start this many rows below its rule.
    static let trayThumbnailTop = 2
    /// The drawer's width at most.
    static let drawerWidth = 36

    var title = Rect.zero, notice = Rect.zero, grid = Rect.zero, tray = Rect.zero, drawer = Rect.zero
    /// The columns of the title bar's Cancel, album name and Done.
    var cancel = 0..<0, titleRange = 0..<0, done = 0..<0
    /// The drawer's full height (it slides from above) and how many of its rows are hidden.
    var drawerHeight = 0, drawerHiddenRows = 0
    /// The grid's thumbnails: their size in cells, columns, rows and where the first column starts.
    var cell = PickerView.thumbnailSizes[0], columns = 1, rows = 1, gridLeft = 0
    /// How far apart the grid's thumbnails are: a column and a row between them.
    var pitch: Size { Size(width: cell.width + 1, height: cell.height + 1) }
    /// The top of the grid's first row of thumbnails: one row below the grid's top, where
    /// the focus frame's top edge goes (not under the title bar).
    var gridTop: Int { grid.y + 1 }

    /// Whether the screen is short (under 14 rows below the title): smaller thumbnails in
    /// the grid, and the tray a strip of numbered names, so the grid keeps two rows.
    var isCompact = false

    /// The thumbnails the tray's row has room for.
    var trayFits: Int { max(1, tray.width / trayItemPitch) }

    /// What the state is told of this layout.
    var viewport: PickerState.Viewport {
        PickerState.Viewport(columns: columns, rows: rows, trayFits: max(1, grid.width / trayItemPitch), drawerRows: max(0, drawerHeight - 2))
    }

    /// The texts of the title bar.
    static func titleText(_ state: PickerState) -> (cancel: String, title: String, done: String) {
        let name = (state.currentAlbum?.name ?? "No album").sanitizedForTerminal
        return (
            "‹ Cancel", "\(name) \(state.timeline.drawerRequestedOpen ? "▴" : "▾")",
            state.selection.isEmpty ? "Done" : "Done (\(state.selection.count)) ›"
        )
    }

    init() {}

    init(in rect: Rect, state: PickerState, now: Duration, thumbnail: Size = PickerView.thumbnailSizes[0]) {
        cell = thumbnail
        var (title, body) = rect.splitTop(1)
        self.title = title
        let texts = Self.titleText(state)
        cancel = title.x..<(title.x + texts.cancel.displayWidth)
        let titleX = title.x + max(0, (title.width - texts.title.displayWidth) / 2)
        titleRange = titleX..<(titleX + texts.title.displayWidth)
        done = (title.maxX - texts.done.displayWidth)..<title.maxX
        if state.problem != nil {
            (notice, body) = body.splitTop(1)
        }

        isCompact = body.height < 14
        if isCompact {
            trayHeight = 1
            if cell == PickerView.thumbnailSizes[0] { cell = Size(width: 6, height: 3) }
        }
        // The grid's bottom edge: the tray's top once attached, else the screen's bottom.
        let revealed = state.timeline.isRevealed(at: now)
        let trayRows = revealed ? Int((Double(trayHeight) * state.timeline.trayPosition(at: now)).rounded()) : 0
        let gridHeight = state.timeline.gridBottom == .tray ? body.height - trayHeight : body.height
        grid = Rect(x: body.x, y: body.y, width: body.width, height: max(0, gridHeight))
        columns = max(1, (grid.width + 1) / pitch.width)
        rows = max(1, (grid.height - 1) / pitch.height)
        gridLeft = grid.x + max(0, (grid.width - (columns * pitch.width - 1)) / 2)
        tray = Rect(x: body.x, y: body.maxY - trayRows, width: body.width, height: trayRows)

        drawerHeight = min(state.albums.count + 2, max(3, body.height / 2))
        let shownRows = revealed ? Int((Double(drawerHeight) * state.timeline.drawerPosition(at: now)).rounded()) : 0
        let width = min(Self.drawerWidth, body.width)
        drawer = Rect(x: body.x + max(0, (body.width - Self.drawerWidth) / 2), y: body.y, width: width, height: shownRows)
        drawerHiddenRows = drawerHeight - drawer.height
    }

    /// The index in the album of the thumbnail at `point`, counted from `firstRow`.
    func gridIndex(at point: Point, firstRow: Int) -> Int? {
        guard grid.contains(point), point.x >= gridLeft, point.y >= gridTop else { return nil }
        let column = (point.x - gridLeft) / pitch.width
        let row = (point.y - gridTop) / pitch.height
        guard column < columns, row < rows else { return nil }
        return (firstRow + row) * columns + column
    }

    /// The slot of the tray's visible row at `point`.
    func traySlot(at point: Point) -> Int? {
        guard tray.contains(point), point.x > tray.x else { return nil }
        let slot = (point.x - tray.x - 1) / trayItemPitch
        return slot < trayFits ? slot : nil
    }

    /// The album index of the drawer row at `point` (rows count from the panel's top, part
    /// of which may still be above the screen).
    func drawerAlbum(at point: Point) -> Int? {
        guard drawer.contains(point) else { return nil }
        let index = point.y - drawer.y + drawerHiddenRows - 1
        return index >= 0 && index < drawerHeight - 2 ? index : nil
    }
}
