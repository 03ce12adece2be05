import Foundation
import TUICore

/// The ordered image picker (document 004): a grid of thumbnails with a focus, a tray of
/// the selection at the bottom and an album drawer that drops from the title.
///
/// Keys: arrows or h/j/k/l move the focus; space or Enter selects or deselects (B4.1);
/// Tab moves between the grid and the tray, where Enter removes an item (B4.2); `a` (or a
/// click on the title) opens the album drawer, ↑/↓ and Enter choose an album (B4.3); `c` or
/// a click on Done confirms (B4.8); Esc cancels. The mouse selects with a click.
/// The tray and drawer move as ``PickerTimeline`` says (B4.4–B4.7). The selection is saved
/// in the library after every change, so it survives a restart.
///
/// ```swift
/// let picker = PickerView(library: library, scheduler: scheduler) { chosen in … }
/// screen.present(Screen(title: "Picker", content: picker))
/// ```
@MainActor
public final class PickerView: View {
    /// Thumbnails take 8×4 cells (8×8 pixels); cells are 9 columns and 5 rows apart.
    static let cellSize = Size(width: 8, height: 4)
    static let pitch = Size(width: 9, height: 5)
    /// The tray's height: a border row and one row of thumbnails with their numbers.
    static let trayHeight = 6

    /// Called once with the chosen assets in selection order, or nil when cancelled.
    public var onFinish: (@MainActor ([Asset]?) -> Void)?
    /// Called whenever the picker should be drawn again.
    public var onNeedsDisplay: (@MainActor () -> Void)?

    private let library: PhotoLibrary
    private let scheduler: any Scheduler
    /// The selection, in order.
    public private(set) var selection: OrderedSelection<Int>
    /// The movements.
    public private(set) var timeline = PickerTimeline()
    private(set) var albums: [Album] = []
    private(set) var albumIndex = 0
    private(set) var assets: [Asset] = []
    private var assetCache: [Int: Asset] = [:]
    private var cellCache: [Int: Canvas] = [:]
    private var focus = 0
    private var trayFocus = 0
    /// The tray's items, moved to each new snapshot by a diff (B4.5).
    private(set) var tray = TrayList()
    private var focusOnTray = false
    private var drawerFocus = 0
    private var firstRow = 0
    private var columns = 1
    private var message: (text: String, until: Duration)?
    private var frameWork: ScheduledWork?
    private var layout = Layout()
    /// Albums the drawer has room for, and how many of its rows are still above the screen.
    private var drawerRows = 0
    private var drawerHiddenRows = 0
    private var finished = false
    /// The last library failure, shown above the grid until the same kind of call (the
    /// albums, an album's page, a save…) succeeds: the picker goes on with what it has
    /// instead of pretending the album is empty.
    public private(set) var problem: String?
    private var problemKind: LibraryCall?
    /// How many thumbnails the tray's row had room for when last drawn.
    private var trayFits = 10

    /// What a library call was for, so that its success clears its own kind of problem.
    private enum LibraryCall { case albums, savedSelection, selectedImages, albumPage, save }

    struct Layout {
        var title = Rect.zero, grid = Rect.zero, tray = Rect.zero, drawer = Rect.zero
        var done = 0..<0, titleRange = 0..<0, cancel = 0..<0
    }

    /// Opens the picker on `library`, restoring its saved selection.
    public init(library: PhotoLibrary, scheduler: any Scheduler, limit: Int? = nil) {
        self.library = library
        self.scheduler = scheduler
        selection = OrderedSelection([], limit: limit)
        let saved = attempt(.savedSelection, "read the saved selection") { () throws(PhotoLibraryError) in try library.savedSelection() } ?? []
        selection = OrderedSelection(saved, limit: limit)
        albums = attempt(.albums, "read the albums") { () throws(PhotoLibraryError) in try library.albums() } ?? []
        for asset in attempt(.selectedImages, "read the selected images", { () throws(PhotoLibraryError) in try library.assets(ids: saved) }) ?? [] {
            assetCache[asset.id] = asset
        }
        loadAlbum(0)
    }

    /// Runs a library call; a failure becomes the ``problem`` shown, and nil; a success
    /// clears a problem of its kind.
    private func attempt<T>(_ kind: LibraryCall, _ what: String, _ body: () throws(PhotoLibraryError) -> T) -> T? {
        do {
            let result = try body()
            if problemKind == kind { problem = nil; problemKind = nil }
            return result
        } catch {
            problem = "Could not \(what): \(error)"
            problemKind = kind
            onNeedsDisplay?()
            return nil
        }
    }

    /// Tells the picker it is on screen (starts the reveal timer, B4.7).
    public func appear() {
        apply(.appear(selection: selection.items))
    }

    /// The album shown.
    public var currentAlbum: Album? { albums.indices.contains(albumIndex) ? albums[albumIndex] : nil }

    // MARK: Data

    private func loadAlbum(_ index: Int) {
        albumIndex = index
        assets = []
        focus = 0
        focusOnTray = false
        firstRow = 0
        loadMore()
    }

    /// Loads the next page of the album (keyset paging).
    private func loadMore() {
        guard let album = currentAlbum else { return }
        let after = assets.last?.id
        let page = attempt(.albumPage, "read the album \(album.name)") { () throws(PhotoLibraryError) in try library.page(album: album.id, after: after, limit: 120) } ?? []
        for asset in page { assetCache[asset.id] = asset }
        assets += page
    }

    // MARK: Time

    private func apply(_ event: PickerTimeline.Event) {
        for delay in timeline.handle(event, at: scheduler.now) {
            scheduler.schedule(after: delay) { [weak self] in self?.apply(.tick) }
        }
        // The tray's items follow the timeline's snapshot as it changes, drawn or not, so
        // keys on the tray always act on what it holds.
        tray.update(to: timeline.traySnapshot, visibleCount: trayFits)
        trayFocus = min(trayFocus, max(0, tray.items.count - 1))
        if tray.items.isEmpty { focusOnTray = false }
        keepDrawing()
        onNeedsDisplay?()
    }

    /// Redraws every 30 ms while something moves.
    private func keepDrawing() {
        frameWork?.cancel()
        frameWork = nil
        guard timeline.isAnimating(at: scheduler.now) else { return }
        frameWork = scheduler.schedule(after: .milliseconds(30)) { [weak self] in
            self?.onNeedsDisplay?()
            self?.keepDrawing()
        }
    }

    // MARK: Selection

    private func toggle(_ asset: Asset) {
        switch selection.toggle(asset.id) {
        case .limitReached(let limit):
            message = ("You can choose up to \(limit) images", scheduler.now + .seconds(2))
            scheduler.schedule(after: .seconds(2)) { [weak self] in self?.onNeedsDisplay?() }
        default:
            assetCache[asset.id] = asset
            selectionChanged()
        }
        onNeedsDisplay?()
    }

    private func removeFromTray(_ id: Int) {
        guard selection.remove(id) else { return }
        trayFocus = min(trayFocus, max(0, tray.items.count - 2))
        if selection.isEmpty { focusOnTray = false }
        selectionChanged()
    }

    private func selectionChanged() {
        let items = selection.items
        _ = attempt(.save, "save the selection (it is kept here, not on disk)") { () throws(PhotoLibraryError) in try library.saveSelection(items) }
        apply(.selectionChanged(items))
    }

    private func finish(_ result: [Asset]?) {
        guard !finished else { return }
        finished = true
        onFinish?(result)
    }

    /// The chosen assets in selection order (B4.8).
    public var chosenAssets: [Asset] { selection.items.compactMap { assetCache[$0] } }

    // MARK: Drawing

    public func render(in rect: Rect, on canvas: inout Canvas) {
        let now = scheduler.now
        let revealed = timeline.isRevealed(at: now)
        canvas.fill(rect)
        var (title, body) = rect.splitTop(1)
        layout.title = title
        drawTitle(in: title, on: &canvas, now: now)
        if let problem {
            let (notice, rest) = body.splitTop(1)
            canvas.fill(notice, with: Cell(" ", style: Style(foreground: .brightWhite, background: .red)))
            canvas.draw(" " + problem.sanitizedForTerminal.truncated(toWidth: max(0, notice.width - 1)), at: notice.origin, style: Style(foreground: .brightWhite, background: .red), clip: notice)
            body = rest
        }

        // The grid's bottom edge: the tray's top once attached, else the screen's bottom (B4.4).
        let trayRows = revealed ? Int((Double(Self.trayHeight) * timeline.trayPosition(at: now)).rounded()) : 0
        let gridHeight = timeline.gridBottom == .tray ? body.height - Self.trayHeight : body.height
        let grid = Rect(x: body.x, y: body.y, width: body.width, height: max(0, gridHeight))
        layout.grid = grid
        drawGrid(in: grid, on: &canvas)

        let tray = Rect(x: body.x, y: body.maxY - trayRows, width: body.width, height: trayRows)
        layout.tray = tray
        if trayRows > 0 { drawTray(in: tray, on: &canvas) }

        let drawerHeight = min(albums.count + 2, max(3, body.height / 2))
        drawerRows = max(0, drawerHeight - 2)
        let shownRows = revealed ? Int((Double(drawerHeight) * timeline.drawerPosition(at: now)).rounded()) : 0
        let drawer = Rect(x: body.x + max(0, (body.width - 36) / 2), y: body.y, width: min(36, body.width), height: shownRows)
        layout.drawer = drawer
        drawerHiddenRows = drawerHeight - drawer.height
        if drawer.height > 0 { drawDrawer(in: drawer, fullHeight: drawerHeight, on: &canvas) }
    }

    private func drawTitle(in rect: Rect, on canvas: inout Canvas, now: Duration) {
        let bar = Style(foreground: .brightWhite, background: .rgb(40, 44, 60))
        canvas.fill(rect, with: Cell(" ", style: bar))
        let cancel = "‹ Cancel"
        canvas.draw(cancel, at: rect.origin, style: bar, clip: rect)
        layout.cancel = rect.x..<(rect.x + cancel.displayWidth)
        let name = (currentAlbum?.name ?? "No album").sanitizedForTerminal
        let title = "\(name) \(timeline.drawerRequestedOpen ? "▴" : "▾")"
        let titleX = rect.x + max(0, (rect.width - title.displayWidth) / 2)
        canvas.draw(title, at: Point(x: titleX, y: rect.y), style: bar.adding(.bold), clip: rect)
        layout.titleRange = titleX..<(titleX + title.displayWidth)
        let done = selection.isEmpty ? "Done" : "Done (\(selection.count)) ›"
        let doneX = rect.maxX - done.displayWidth
        canvas.draw(done, at: Point(x: doneX, y: rect.y), style: selection.isEmpty ? bar.adding(.dim) : Style(foreground: .black, background: .cyan, attributes: .bold), clip: rect)
        layout.done = doneX..<rect.maxX
        if let message, now < message.until {
            let text = " " + message.text + " "
            canvas.draw(text, at: Point(x: rect.x + 10, y: rect.y), style: Style(foreground: .black, background: .yellow), clip: rect)
        }
    }

    private func thumbnailCells(_ asset: Asset) -> Canvas {
        if let cached = cellCache[asset.id] { return cached }
        let cells = HalfBlockRasterizer().rasterize(asset.thumbnail, fitting: Self.cellSize)
        cellCache[asset.id] = cells
        return cells
    }

    private func drawThumbnail(_ asset: Asset, at origin: Point, on canvas: inout Canvas, clip: Rect, dimsSelected: Bool = true) {
        var cells = thumbnailCells(asset)
        if let order = selection.order(of: asset.id) {
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

    private func drawGrid(in rect: Rect, on canvas: inout Canvas) {
        columns = max(1, (rect.width + 1) / Self.pitch.width)
        let rows = max(1, rect.height / Self.pitch.height)
        let focusRow = focus / columns
        if focusRow < firstRow { firstRow = focusRow }
        if focusRow >= firstRow + rows { firstRow = focusRow - rows + 1 }
        if (firstRow + rows + 1) * columns >= assets.count { loadMore() }
        let left = rect.x + max(0, (rect.width - (columns * Self.pitch.width - 1)) / 2)
        for row in 0..<rows {
            for column in 0..<columns {
                let index = (firstRow + row) * columns + column
                guard index < assets.count else { break }
                let origin = Point(x: left + column * Self.pitch.width, y: rect.y + row * Self.pitch.height)
                drawThumbnail(assets[index], at: origin, on: &canvas, clip: rect)
                if index == focus && !focusOnTray {
                    canvas.draw(String(repeating: "━", count: Self.cellSize.width), at: Point(x: origin.x, y: origin.y + Self.cellSize.height), style: Style(foreground: .yellow), clip: rect)
                }
            }
        }
        if assets.isEmpty && problem == nil {
            canvas.draw("This album is empty.", at: Point(x: rect.x + 2, y: rect.y + 1), style: Style(attributes: .dim), clip: rect)
        }
    }

    /// How many thumbnails the tray's row has room for.
    static func trayFits(width: Int) -> Int { max(1, width / pitch.width) }

    private func drawTray(in rect: Rect, on canvas: inout Canvas) {
        let style = Style(background: .rgb(24, 26, 34))
        canvas.fill(rect, with: Cell(" ", style: style))
        // The panel hangs from the tray's moving top edge, so it slides in header first (B4.4).
        let full = Rect(x: rect.x, y: rect.y, width: rect.width, height: Self.trayHeight)
        canvas.draw(String(repeating: "─", count: rect.width), at: full.origin, style: Style(foreground: .brightBlack, background: .rgb(24, 26, 34)), clip: rect)
        canvas.draw(" Selected · Tab: tray · Enter removes ", at: Point(x: full.x + 2, y: full.y), style: Style(foreground: .brightBlack, background: .rgb(24, 26, 34)), clip: rect)
        let fits = Self.trayFits(width: rect.width)
        trayFits = fits
        tray.update(to: timeline.traySnapshot, visibleCount: fits)
        if focusOnTray { tray.reveal(trayFocus, visibleCount: fits) }
        let shown = tray.items.indices.dropFirst(tray.firstVisible).prefix(fits)
        for (slot, i) in shown.enumerated() {
            guard let asset = assetCache[tray.items[i]] else { continue }
            let origin = Point(x: full.x + 1 + slot * Self.pitch.width, y: full.y + 1)
            drawThumbnail(asset, at: origin, on: &canvas, clip: rect, dimsSelected: false)
            if focusOnTray && i == trayFocus {
                canvas.draw(String(repeating: "━", count: Self.cellSize.width), at: Point(x: origin.x, y: origin.y + Self.cellSize.height), style: Style(foreground: .yellow), clip: rect)
            }
        }
        // Items scrolled out of view are counted at the ends of the header.
        let hiddenBefore = tray.firstVisible, hiddenAfter = tray.items.count - tray.firstVisible - shown.count
        let edge = Style(foreground: .brightWhite, background: .rgb(24, 26, 34), attributes: .bold)
        if hiddenAfter > 0 {
            let text = " +\(hiddenAfter) › "
            canvas.draw(text, at: Point(x: full.maxX - text.displayWidth - 1, y: full.y), style: edge, clip: rect)
        }
        if hiddenBefore > 0 {
            let text = " ‹ +\(hiddenBefore) "
            canvas.draw(text, at: Point(x: full.maxX - text.displayWidth - 12, y: full.y), style: edge, clip: rect)
        }
    }

    private func drawDrawer(in rect: Rect, fullHeight: Int, on canvas: inout Canvas) {
        // The drawer drops from the title: its bottom rows show first.
        var panel = Canvas(size: Size(width: rect.width, height: fullHeight))
        panel.fill(panel.bounds, with: Cell(" ", style: Style(background: .rgb(30, 34, 48))))
        panel.drawBox(panel.bounds, style: Style(foreground: .cyan, background: .rgb(30, 34, 48)), title: "Albums")
        for (i, album) in albums.enumerated() where i < fullHeight - 2 {
            let text = "\(album.name.sanitizedForTerminal) (\(album.count))".truncated(toWidth: rect.width - 4)
            let style = i == drawerFocus ? Style(foreground: .black, background: .cyan) : Style(foreground: .white, background: .rgb(30, 34, 48))
            panel.draw((i == albumIndex ? "• " : "  ") + text, at: Point(x: 1, y: 1 + i), style: style)
        }
        let offset = fullHeight - rect.height
        for y in 0..<rect.height {
            for x in 0..<rect.width { canvas[rect.x + x, rect.y + y] = panel[x, y + offset] }
        }
    }

    // MARK: Input

    public func handle(_ event: InputEvent) -> EventResult {
        // While the drawer is asked open, or still open during its closing debounce, input
        // goes to it; choosing and closing there are idempotent, so a second Enter or click
        // never reopens it nor selects in the grid beneath.
        if timeline.drawerRequestedOpen || timeline.drawerOpen { return handleDrawer(event) }
        if case .mouse(let mouse) = event, layout.drawer.contains(mouse.position) {
            return .handled  // the drawer still sliding away covers the grid: a click on it selects nothing
        }
        switch event {
        case .key(.escape):
            finish(nil)
        case .key(.character("c")):
            finish(chosenAssets)
        case .key(.character("a")):
            drawerFocus = albumIndex
            apply(.setDrawer(open: true))
        case .key(.tab), .key(.backTab):
            focusOnTray = !focusOnTray && !tray.items.isEmpty
            trayFocus = min(trayFocus, max(0, tray.items.count - 1))
        case .key(.left), .key(.character("h")):
            if focusOnTray { trayFocus = max(0, trayFocus - 1) } else { focus = max(0, focus - 1) }
        case .key(.right), .key(.character("l")):
            if focusOnTray { trayFocus = max(0, min(tray.items.count - 1, trayFocus + 1)) } else { focus = min(max(0, assets.count - 1), focus + 1) }
        case .key(.up), .key(.character("k")):
            if !focusOnTray { focus = max(0, focus - columns) }
        case .key(.down), .key(.character("j")):
            if !focusOnTray { focus = min(max(0, assets.count - 1), focus + columns) }
        case .key(.character(" ")), .key(.enter):
            if focusOnTray {
                if tray.items.indices.contains(trayFocus) { removeFromTray(tray.items[trayFocus]) }
            } else if assets.indices.contains(focus) {
                toggle(assets[focus])
            }
        case .mouse(let mouse) where mouse.action == .press:
            click(at: mouse.position)
        default:
            return .ignored
        }
        onNeedsDisplay?()
        return .handled
    }

    private func click(at point: Point) {
        if point.y == layout.title.y {
            if layout.titleRange.contains(point.x) { drawerFocus = albumIndex; apply(.setDrawer(open: true)) }
            if layout.done.contains(point.x) { finish(chosenAssets) }
            if layout.cancel.contains(point.x) { finish(nil) }
            return
        }
        if layout.tray.contains(point) {
            let slot = (point.x - layout.tray.x - 1) / Self.pitch.width
            let index = tray.firstVisible + slot
            if point.x > layout.tray.x, slot < Self.trayFits(width: layout.tray.width), tray.items.indices.contains(index) {
                removeFromTray(tray.items[index])
            }
            return
        }
        if layout.grid.contains(point) {
            let left = layout.grid.x + max(0, (layout.grid.width - (columns * Self.pitch.width - 1)) / 2)
            let column = (point.x - left) / Self.pitch.width, row = (point.y - layout.grid.y) / Self.pitch.height
            let rowsDrawn = max(1, layout.grid.height / Self.pitch.height)
            guard point.x >= left, column < columns, row < rowsDrawn else { return }
            let index = (firstRow + row) * columns + column
            if assets.indices.contains(index) {
                focus = index
                focusOnTray = false
                toggle(assets[index])
            }
        }
    }

    private func handleDrawer(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.up), .key(.character("k")): drawerFocus = max(0, drawerFocus - 1)
        case .key(.down), .key(.character("j")): drawerFocus = min(albums.count - 1, drawerFocus + 1, max(0, drawerRows - 1))
        case .key(.enter), .key(.character(" ")):
            choose(album: drawerFocus)
        case .key(.escape):
            apply(.setDrawer(open: false))
        case .key(.character("a")):
            apply(.setDrawer(open: !timeline.drawerRequestedOpen))
        case .mouse(let mouse) where mouse.action == .press:
            if layout.drawer.contains(mouse.position) {
                // Rows are counted from the panel's top, part of which may still be above the screen.
                let index = mouse.position.y - layout.drawer.y + drawerHiddenRows - 1
                if albums.indices.contains(index), index < drawerRows { choose(album: index) }
            } else if mouse.position.y == layout.title.y, layout.titleRange.contains(mouse.position.x) {
                apply(.setDrawer(open: !timeline.drawerRequestedOpen))
            }
        default:
            return .handled  // the open drawer keeps input from the grid
        }
        onNeedsDisplay?()
        return .handled
    }

    /// Shows album `index`; the selection is kept (B4.3).
    private func choose(album index: Int) {
        if index != albumIndex { loadAlbum(index) }
        apply(.setDrawer(open: false))
    }
}
