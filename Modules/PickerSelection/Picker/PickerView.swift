import CellPictures
import ViewCore

/// The ordered image picker: a grid of thumbnails with a focus, a tray of
/// the selection at the bottom and an album drawer that drops from the title.
///
/// Keys: arrows or h/j/k/l move the focus; space or Enter selects or deselects;
/// Tab moves between the grid and the tray, where Enter removes an item; `a` (or a
/// click on the title) opens the album drawer, ↑/↓ and Enter choose an album; `c` or
/// a click on Done confirms; Esc in the tray goes back to the grid, in the grid cancels. The mouse selects with a click.
///
/// The view only routes input to its state machine (the module's own pure logic) and draws
/// it; it carries out the state's effects with its ``PhotoStore`` (reading pages, saving the
/// selection after every change, so it survives a restart) and its clock (the tray's and the
/// drawer's movements).
/// Nothing is read or written while drawing.
///
/// ```swift
/// let picker = PickerView(store: library, clock: clock) { chosen in print(chosen ?? []) }
/// screen.present(Screen(title: "Picker", content: picker))
/// picker.appear()
/// ```
@MainActor
public final class PickerView: View {
    /// Called once with the chosen photos in selection order, or nil when cancelled.
    public var onFinish: (@MainActor ([Photo]?) -> Void)?
    /// Called whenever the picker should be drawn again.
    public var onNeedsDisplay: (@MainActor () -> Void)?
    var host = HostLink()

    /// Everything the picker knows.
    package private(set) var state: PickerState
    let store: any PhotoStore
    let scheduler: any Scheduler
    /// Where things were when last drawn (clicks are found in it).
    var layout = PickerLayout()
    /// Thumbnails as cells, by photo and size.
    var cellCache: [CellCacheKey: Canvas] = [:]
    /// The cells the cache holds.
    var cellCacheCells = 0
    struct CellCacheKey: Hashable {
        let photo: Int
        let size: Size
    }

    /// The sizes the grid's thumbnails can take, in cells (twice as wide as tall: square
    /// pictures); the stored 64×64 thumbnails fill the largest in sextants or braille.
    public nonisolated static let thumbnailSizes = [
        Size(width: 8, height: 4), Size(width: 12, height: 6), Size(width: 16, height: 8),
        Size(width: 24, height: 12), Size(width: 32, height: 16),
    ]
    /// The grid's thumbnails, in cells: one of ``thumbnailSizes``; `+` and `-` step through
    /// them (the tray's stay 8×4).
    public var thumbnailSize = PickerView.thumbnailSizes[0] {
        didSet { if thumbnailSize != oldValue { host.request(onNeedsDisplay) } }
    }
    /// How thumbnails are drawn in the grid and the tray (pass `ImageStyle(for:
    /// capabilities)`; half blocks in colour unless told; `SymbolSet.automatic(environment:)`
    /// picks the symbols the terminal shows best). The photos keep their own colours where
    /// it leaves the contrast to the picker.
    public var imageStyle = ImageStyle() {
        didSet {
            guard imageStyle != oldValue else { return }
            cellCache.removeAll()
            cellCacheCells = 0
            host.request(onNeedsDisplay)
        }
    }
    private var frameWork: ScheduledWork?
    private var deferredWork: ScheduledWork?

    /// Opens the picker on `store`, restoring its saved selection (or, with `startsEmpty`,
    /// with none chosen: Cancel then leaves the saved selection as it was); at most `limit`
    /// images can be chosen.
    public init(
        store: any PhotoStore,
        clock scheduler: any Scheduler = LiveScheduler(),
        limit: Int? = nil,
        startsEmpty: Bool = false,
        onFinish: (@MainActor ([Photo]?) -> Void)? = nil
    ) {
        self.store = store
        self.scheduler = scheduler
        self.onFinish = onFinish
        state = PickerState(limit: limit, restoresSavedSelection: !startsEmpty)
        read(
            .savedSelection,
            "read the saved selection",
            { () throws(PhotoLibraryError) in try store.savedSelection() },
            then: PickerState.Event.savedSelectionLoaded
        )
        read(.albums, "read the albums", { () throws(PhotoLibraryError) in try store.albums() }, then: PickerState.Event.albumsLoaded)
        let saved = state.selection.items
        read(
            .selectedImages,
            "read the selected images",
            { () throws(PhotoLibraryError) in try store.photos(ids: saved) },
            then: PickerState.Event.photosLoaded
        )
    }

    /// The selection, in order.
    public var selection: OrderedSelection<Int> { state.selection }
    /// The movements.
    package var timeline: PickerTimeline { state.timeline }
    /// The tray's items.
    package var tray: TrayList { state.tray }
    /// The album shown.
    public var currentAlbum: Album? { state.currentAlbum }
    /// The last store failure, shown above the grid.
    public var problem: String? { state.problem }
    /// The chosen photos in selection order.
    public var chosenPhotos: [Photo] { state.chosenPhotos }

    /// Tells the picker it is on screen (starts the reveal timer).
    public func appear() { send(.appear) }

    // MARK: Effects

    /// Applies `event` to the state and carries out what it asks for.
    func send(_ event: PickerState.Event) {
        for effect in state.handle(event, at: scheduler.now) { perform(effect) }
        keepDrawing()
        host.request(onNeedsDisplay)
    }

    private func perform(_ effect: PickerState.Effect) {
        switch effect {
        case .loadPage(let album, let after, let limit):
            let name = state.currentAlbum?.name ?? "\(album)"
            read(
                .albumPage,
                "read the album \(name)",
                { () throws(PhotoLibraryError) in try store.page(album: album, after: after, limit: limit) },
                then: { .pageLoaded(album: album, after: after, $0) }
            )
        case .save(let ids, let expected):
            read(
                .save,
                "save the selection (it is kept here, not on disk)",
                { () throws(PhotoLibraryError) -> Bool in
                    guard let expected else {
                        try store.saveSelection(ids)
                        return true
                    }
                    return try store.saveSelection(ids, replacing: expected)
                },
                then: { $0 ? .saved(ids) : .saveRefused }
            )
        case .finish(let photos):
            // Done: nothing of the picker's runs after it (its movements no longer show).
            finished = true
            for work in timers.values { work.cancel() }
            timers.removeAll()
            frameWork?.cancel()
            deferredWork?.cancel()
            onFinish?(photos)
        case .scheduleTick(let delay):
            later(delay) { $0.send(.tick) }
        case .redraw(let delay):
            later(delay) { $0.host.request($0.onNeedsDisplay) }
        }
    }

    /// The state's timers not yet fired, so that finishing cancels them.
    private var timers: [Int: ScheduledWork] = [:]
    private var nextTimer = 0
    private var finished = false

    /// Runs `body` after `delay`, unless the picker finishes first.
    private func later(_ delay: Duration, _ body: @escaping @MainActor (PickerView) -> Void) {
        guard !finished else { return }
        nextTimer += 1
        let key = nextTimer
        timers[key] = scheduler.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.timers[key] = nil
            body(self)
        }
    }

    /// Runs a store call and sends what came of it: its result, or the failure to show.
    private func read<T>(_ call: PickerState.StoreCall, _ what: String, _ body: () throws(PhotoLibraryError) -> T, then event: (T) -> PickerState.Event) {
        do {
            let result = try body()
            send(event(result))
        } catch {
            send(.failed(call, "Could not \(what): \(error)"))
        }
    }

    /// Redraws every 30 ms while something moves.
    private func keepDrawing() {
        frameWork?.cancel()
        frameWork = nil
        guard !finished, state.timeline.isAnimating(at: scheduler.now) else { return }
        frameWork = scheduler.schedule(after: .milliseconds(30)) { [weak self] in
            self?.host.request(self?.onNeedsDisplay)
            self?.keepDrawing()
        }
    }

    /// Tells the state the room a drawing found; what that asks for (a page to read) is
    /// done after the drawing, never during it.
    func noteViewport(_ viewport: PickerState.Viewport) {
        guard viewport != state.viewport else { return }
        let effects = state.handle(.viewport(viewport), at: scheduler.now)
        guard !effects.isEmpty else { return }
        deferredWork?.cancel()
        deferredWork = scheduler.schedule(after: .zero) { [weak self] in
            guard let self else { return }
            for effect in effects { self.perform(effect) }
            self.host.request(self.onNeedsDisplay)
        }
    }

    // MARK: Input

    /// Takes a key or a click: to the drawer when it is open, else to the grid or the tray.
    public func handle(_ event: InputEvent) -> EventResult {
        // An Esc after the one that closed the drawer, while it still slides away, cancels as
        // it would a moment later; other keys and clicks stay the closing drawer's.
        let closing = !state.timeline.drawerRequestedOpen
        if state.inputGoesToDrawer, !(closing && event == .key(.escape)) { return handleDrawer(event) }
        if case .mouse(let mouse) = event, layout.drawer.contains(mouse.position) {
            return .handled  // the drawer still sliding away covers the grid: a click on it selects nothing
        }
        switch event {
        case .key(.escape) where state.area == .tray: send(.switchArea)  // back to the grid, the selection kept
        case .key(.escape): send(.cancel)
        case .key(.character("c")): send(.confirm)
        case .key(.character("a")): send(.openDrawer)
        case .key(.tab), .key(.backTab): send(.switchArea)
        case .key(.left), .key(.character("h")): send(.move(.left))
        case .key(.right), .key(.character("l")): send(.move(.right))
        case .key(.up), .key(.character("k")): send(.move(.up))
        case .key(.down), .key(.character("j")): send(.move(.down))
        case .key(.character(" ")), .key(.enter): send(.activate)
        case .key(.character("+")), .key(.character("=")): zoom(by: 1)
        case .key(.character("-")): zoom(by: -1)
        case .mouse(let mouse) where mouse.action == .press: click(at: mouse.position)
        case .mouse(let mouse) where mouse.action == .wheelDown: send(.move(.down))  // a row at a time
        case .mouse(let mouse) where mouse.action == .wheelUp: send(.move(.up))
        default: return .ignored
        }
        return .handled
    }

    /// The next larger (or smaller) thumbnail size, if any.
    private func zoom(by step: Int) {
        let sizes = Self.thumbnailSizes
        let current = sizes.firstIndex(of: thumbnailSize) ?? 0
        thumbnailSize = sizes[min(sizes.count - 1, max(0, current + step))]
    }

    private func click(at point: Point) {
        if point.y == layout.title.y {
            if layout.titleRange.contains(point.x) { send(.openDrawer) }
            if layout.done.contains(point.x) { send(.confirm) }
            if layout.cancel.contains(point.x) { send(.cancel) }
        } else if layout.tray.contains(point) {
            if let slot = layout.traySlot(at: point) { send(.removeFromTray(slot: slot)) }
        } else if let index = layout.gridIndex(at: point, firstRow: state.firstRow) {
            send(.select(gridIndex: index))
        }
    }

    private func handleDrawer(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.up), .key(.character("k")): send(.moveDrawerFocus(-1))
        case .key(.down), .key(.character("j")): send(.moveDrawerFocus(1))
        case .key(.enter), .key(.character(" ")): send(.chooseFocusedAlbum)
        case .key(.escape): send(.closeDrawer)
        case .key(.character("a")): send(.toggleDrawer)
        case .mouse(let mouse) where mouse.action == .wheelDown: send(.moveDrawerFocus(1))
        case .mouse(let mouse) where mouse.action == .wheelUp: send(.moveDrawerFocus(-1))
        case .mouse(let mouse) where mouse.action == .press:
            if let album = layout.drawerAlbum(at: mouse.position) {
                send(.chooseAlbum(album))
            } else if mouse.position.y == layout.title.y, layout.titleRange.contains(mouse.position.x) {
                send(.toggleDrawer)
            }
        default:
            break  // the open drawer keeps input from the grid
        }
        return .handled
    }
}
