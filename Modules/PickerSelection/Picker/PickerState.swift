import ViewCore

/// Everything the picker knows, as a pure value: the selection and its
/// tray, the focus in the grid or the tray, the album drawer, the album's loaded pages and
/// the timeline of movements. Feed it an event and the time; it changes and returns the
/// effects to carry out — save the selection, load a page, finish, schedule a tick —
/// which ``PickerView`` performs with its ``PhotoStore`` and scheduler, sending back what
/// came of them.
///
/// ```swift
/// var state = PickerState(limit: 20)
/// _ = state.handle(.albumsLoaded(albums), at: now)          // [.loadPage(album: 1, after: nil, limit: 120)]
/// _ = state.handle(.pageLoaded(album: 1, after: nil, photos), at: now)
/// let effects = state.handle(.activate, at: now)           // [.save([id], replacing: []), .scheduleTick(…)]
/// ```
package struct PickerState: Equatable, Sendable {
    /// Where keys go in the picker's body.
    package enum Area: Equatable, Sendable {
        /// The grid of the album's thumbnails.
        case grid
        /// The tray of the selection.
        case tray
    }

    /// A direction of the arrow keys.
    package enum Direction: Equatable, Sendable {
        /// ← or h.
        case left
        /// → or l.
        case right
        /// ↑ or k.
        case up
        /// ↓ or j.
        case down
    }

    /// What a store call was for, so that its success clears its own kind of problem.
    package enum StoreCall: Equatable, Sendable {
        /// Reading the albums.
        case albums
        /// Reading the selection saved last time.
        case savedSelection
        /// Reading the chosen pictures by identifier.
        case selectedImages
        /// Reading a page of an album.
        case albumPage
        /// Saving the selection.
        case save
    }

    /// What the last drawing had room for.
    package struct Viewport: Equatable, Sendable {
        /// Thumbnail columns and rows of the grid.
        package var columns = 1, rows = 1
        /// Thumbnails the tray's row has room for.
        package var trayFits = 10
        /// Albums the drawer has room for.
        package var drawerRows = 0

        /// Creates a viewport.
        package init(columns: Int = 1, rows: Int = 1, trayFits: Int = 10, drawerRows: Int = 0) {
            self.columns = max(1, columns)
            self.rows = max(1, rows)
            self.trayFits = max(1, trayFits)
            self.drawerRows = max(0, drawerRows)
        }
    }

    /// What happens: what the store answered, what the user asked for, the passing of time.
    package enum Event: Equatable, Sendable {
        /// The saved selection was read.
        case savedSelectionLoaded([Int])
        /// The albums were read; the first is shown.
        case albumsLoaded([Album])
        /// Photos were read by identifier (the saved selection's images).
        case photosLoaded([Photo])
        /// A page of `album` after photo `after` was read.
        case pageLoaded(album: Int, after: Int?, [Photo])
        /// The selection was saved: the store holds these identifiers now.
        case saved([Int])
        /// A save was not made: the store no longer held what this picker last saw there
        /// (another program changed the saved selection).
        case saveRefused
        /// A store call failed; the message is shown above the grid.
        case failed(StoreCall, String)
        /// The picker is on screen (starts the reveal).
        case appear
        /// The drawing's room changed.
        case viewport(Viewport)
        /// A tick asked for went off.
        case tick
        /// An arrow key: the focus moves in the grid or the tray.
        case move(Direction)
        /// Space or Enter: select or deselect in the grid, remove in the tray.
        case activate
        /// Tab: between the grid and the tray.
        case switchArea
        /// A click on the thumbnail at this index of the album: focus and select it.
        case select(gridIndex: Int)
        /// A click on this slot of the tray's visible row: remove its item.
        case removeFromTray(slot: Int)
        /// Open the drawer.
        case openDrawer
        /// Close the drawer.
        case closeDrawer
        /// Open or close the drawer, whichever was not asked for last.
        case toggleDrawer
        /// Move the drawer's focus by rows.
        case moveDrawerFocus(Int)
        /// Show the album at this index of the albums and close the drawer.
        case chooseAlbum(Int)
        /// Show the drawer's focused album.
        case chooseFocusedAlbum
        /// Done: finish with the chosen photos.
        case confirm
        /// Cancel: finish with nothing.
        case cancel
    }

    /// What the view must do.
    package enum Effect: Equatable, Sendable {
        /// Read the next page of an album.
        case loadPage(album: Int, after: Int?, limit: Int)
        /// Save the selection (after every change, so it survives a crash) if the store still
        /// holds `replacing` (what this picker last saw there), else change nothing; nil:
        /// whatever it holds (Done saves what the user confirmed; nothing was read yet).
        case save([Int], replacing: [Int]?)
        /// The picker is done: the chosen photos in order, or nil when cancelled.
        case finish([Photo]?)
        /// Send ``Event/tick`` after this long.
        case scheduleTick(after: Duration)
        /// Draw again after this long (a notice expires).
        case redraw(after: Duration)
    }

    /// A short notice in the title bar, until a time.
    package struct Notice: Equatable, Sendable {
        /// Its text.
        package let text: String
        /// When it goes.
        package let until: Duration
    }

    /// Photos read per page.
    package static let pageSize = 120

    /// The selection, in order.
    package private(set) var selection: OrderedSelection<Int>
    /// The movements.
    package private(set) var timeline = PickerTimeline()
    /// The tray's items, moved to each new snapshot by a diff.
    package private(set) var tray = TrayList()
    /// The albums.
    package private(set) var albums: [Album] = []
    /// The index of the album shown.
    package private(set) var albumIndex = 0
    /// The shown album's photos read so far.
    package private(set) var photos: [Photo] = []
    /// Where keys go.
    package private(set) var area = Area.grid
    /// The selection as it was when the picker opened (what Cancel goes back to).
    package private(set) var openedWith: [Int]?
    /// The saved selection as this picker last saw it in the store (read or written; nil
    /// before it was read). Saves replace only that, so two pickers on one library never
    /// undo each other's confirmed choice.
    package private(set) var onDisk: [Int]?
    /// Another program changed the saved selection: only Done writes it from now on.
    package private(set) var storeChangedElsewhere = false
    /// The focused thumbnail's index in ``photos``.
    package private(set) var focus = 0
    /// The focused item's index in the tray.
    package private(set) var trayFocus = 0
    /// The drawer's focused album.
    package private(set) var drawerFocus = 0
    /// The grid's first row in view.
    package private(set) var firstRow = 0
    /// What the last drawing had room for.
    package private(set) var viewport = Viewport()
    /// A notice in the title bar (the selection limit reached).
    package private(set) var notice: Notice?
    /// The last store failure, shown above the grid until the same kind of call succeeds:
    /// the picker goes on with what it has instead of pretending the album is empty.
    package private(set) var problem: String?
    /// Whether the picker has finished (it finishes once).
    package private(set) var isFinished = false

    private var problemKind: StoreCall?
    /// Photos seen, by identifier: the tray and the result need them after the album changes.
    private var known: [Int: Photo] = [:]
    /// The shown album has no more pages (or its last read failed: the next move retries).
    private var albumExhausted = false
    private var pendingPage: Int??

    /// An empty picker; at most `limit` images can be chosen.
    /// Whether the saved selection comes back when it is read (else the picker starts
    /// empty, and Cancel still leaves the saved one as it was).
    package let restoresSavedSelection: Bool

    /// A picker choosing at most `limit` images, starting with the saved selection unless
    /// `restoresSavedSelection` is false.
    package init(limit: Int? = nil, restoresSavedSelection: Bool = true) {
        selection = OrderedSelection([], limit: limit)
        self.restoresSavedSelection = restoresSavedSelection
    }

    /// The album shown.
    package var currentAlbum: Album? { albums.indices.contains(albumIndex) ? albums[albumIndex] : nil }

    /// Whether input goes to the drawer: it was asked open, or is still open during its
    /// closing debounce (choosing and closing there are idempotent).
    package var inputGoesToDrawer: Bool { timeline.drawerRequestedOpen || timeline.drawerOpen }

    /// The photo with this identifier, if it was seen.
    package func photo(_ id: Int) -> Photo? { known[id] }

    /// The chosen photos in selection order.
    package var chosenPhotos: [Photo] { selection.items.compactMap { known[$0] } }

    /// The grid's first row in view for `viewport`: ``firstRow`` moved as little as needed
    /// to keep the focus in view (what a drawing of another size shows before it is told).
    package func firstRow(in viewport: Viewport) -> Int {
        let focusRow = focus / viewport.columns
        var row = firstRow
        if focusRow < row { row = focusRow }
        if focusRow >= row + viewport.rows { row = focusRow - viewport.rows + 1 }
        return row
    }

    // MARK: Events

    /// Applies `event` at `now` and returns what to do.
    package mutating func handle(_ event: Event, at now: Duration) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .savedSelectionLoaded(let ids):
            if restoresSavedSelection { selection = OrderedSelection(ids, limit: selection.limit) }
            if openedWith == nil {
                openedWith = restoresSavedSelection ? selection.items : ids
                onDisk = ids
            }
            succeeded(.savedSelection)
        case .albumsLoaded(let albums):
            self.albums = albums
            succeeded(.albums)
            effects += show(album: 0)
        case .photosLoaded(let photos):
            for photo in photos { known[photo.id] = photo }
            succeeded(.selectedImages)
        case .pageLoaded(let album, let after, let page):
            guard album == currentAlbum?.id, after == photos.last?.id else { break }  // an old album's page
            pendingPage = nil
            for photo in page { known[photo.id] = photo }
            photos += page
            albumExhausted = page.count < Self.pageSize
            succeeded(.albumPage)
            effects += morePagesIfNeeded()
        case .saved(let ids):
            onDisk = ids
            succeeded(.save)
        case .saveRefused:
            storeChangedElsewhere = true
            problem = "Another program changed the saved selection: yours is kept here, and Done saves it"
            problemKind = .save
        case .failed(let call, let message):
            problem = message
            problemKind = call
            if call == .albumPage {
                pendingPage = nil
                albumExhausted = true  // no retry from drawing; the next move tries again
            }
        case .appear:
            effects += timeline(.appear(selection: selection.items), at: now)
        case .viewport(let viewport):
            self.viewport = viewport
            firstRow = firstRow(in: viewport)
            effects += morePagesIfNeeded()
        case .tick:
            effects += timeline(.tick, at: now)
        case .move(let direction):
            guard !inputGoesToDrawer else { break }
            move(direction)
            if case .grid = area, albumExhausted, problemKind == .albumPage { albumExhausted = false }
            effects += morePagesIfNeeded()
        case .activate:
            guard !inputGoesToDrawer else { break }
            switch area {
            case .tray:
                if tray.items.indices.contains(trayFocus) { effects += remove(tray.items[trayFocus], at: now) }
            case .grid:
                if photos.indices.contains(focus) { effects += toggle(photos[focus], at: now) }
            }
        case .switchArea:
            area = area == .grid && !tray.items.isEmpty ? .tray : .grid
        case .select(let index):
            guard !inputGoesToDrawer, photos.indices.contains(index) else { break }
            focus = index
            area = .grid
            firstRow = firstRow(in: viewport)
            effects += toggle(photos[index], at: now)
        case .removeFromTray(let slot):
            let index = tray.firstVisible + slot
            guard slot >= 0, slot < viewport.trayFits, tray.items.indices.contains(index) else { break }
            effects += remove(tray.items[index], at: now)
        case .openDrawer:
            drawerFocus = albumIndex
            effects += timeline(.setDrawer(open: true), at: now)
        case .closeDrawer:
            effects += timeline(.setDrawer(open: false), at: now)
        case .toggleDrawer:
            if !timeline.drawerRequestedOpen { drawerFocus = albumIndex }
            effects += timeline(.setDrawer(open: !timeline.drawerRequestedOpen), at: now)
        case .moveDrawerFocus(let rows):
            let last = min(albums.count - 1, max(0, viewport.drawerRows - 1))
            drawerFocus = max(0, min(last, drawerFocus + rows))
        case .chooseAlbum(let index):
            guard albums.indices.contains(index) else { break }
            if index != albumIndex { effects += show(album: index) }
            effects += timeline(.setDrawer(open: false), at: now)
        case .chooseFocusedAlbum:
            return handle(.chooseAlbum(drawerFocus), at: now)
        case .confirm:
            // What the user confirms is saved, whatever another program saved meanwhile.
            // (Live saves keep it there otherwise; one that failed is tried once more.)
            if !isFinished, storeChangedElsewhere || (onDisk.map { $0 != selection.items } ?? false) {
                effects.append(.save(selection.items, replacing: nil))
            }
            effects += finish(chosenPhotos)
        case .cancel:
            // Cancel leaves the saved selection as it was when the picker opened — unless
            // another program saved one since: that one stays.
            if !isFinished, let openedWith, openedWith != selection.items {
                selection = OrderedSelection(openedWith, limit: selection.limit)
                if !storeChangedElsewhere { effects.append(.save(openedWith, replacing: onDisk)) }
            }
            effects += finish(nil)
        }
        syncTray()
        if notice.map({ now >= $0.until }) == true { notice = nil }
        return effects
    }

    // MARK: Parts

    private mutating func succeeded(_ call: StoreCall) {
        if problemKind == call {
            problem = nil
            problemKind = nil
        }
    }

    private mutating func show(album index: Int) -> [Effect] {
        albumIndex = index
        photos = []
        focus = 0
        area = .grid
        firstRow = 0
        albumExhausted = false
        pendingPage = nil
        return morePagesIfNeeded()
    }

    /// A page to read when the rows in view (and one more) reach past what is loaded.
    private mutating func morePagesIfNeeded() -> [Effect] {
        guard let album = currentAlbum, !albumExhausted, pendingPage == nil else { return [] }
        guard (firstRow + viewport.rows + 1) * viewport.columns >= photos.count else { return [] }
        let after = photos.last?.id
        pendingPage = .some(after)
        return [.loadPage(album: album.id, after: after, limit: Self.pageSize)]
    }

    private mutating func move(_ direction: Direction) {
        let last = max(0, photos.count - 1)
        switch (area, direction) {
        case (.tray, .left): trayFocus = max(0, trayFocus - 1)
        case (.tray, .right): trayFocus = max(0, min(tray.items.count - 1, trayFocus + 1))
        case (.tray, _): break
        case (.grid, .left): focus = max(0, focus - 1)
        case (.grid, .right): focus = min(last, focus + 1)
        case (.grid, .up): focus = max(0, focus - viewport.columns)
        case (.grid, .down): focus = min(last, focus + viewport.columns)
        }
        firstRow = firstRow(in: viewport)
    }

    private mutating func toggle(_ photo: Photo, at now: Duration) -> [Effect] {
        switch selection.toggle(photo.id) {
        case .limitReached(let limit):
            notice = Notice(text: "You can choose up to \(limit) images", until: now + .seconds(2))
            return [.redraw(after: .seconds(2))]
        default:
            known[photo.id] = photo
            return selectionChanged(at: now)
        }
    }

    private mutating func remove(_ id: Int, at now: Duration) -> [Effect] {
        guard selection.remove(id) else { return [] }
        trayFocus = min(trayFocus, max(0, tray.items.count - 2))
        if selection.isEmpty { area = .grid }
        return selectionChanged(at: now)
    }

    private mutating func selectionChanged(at now: Duration) -> [Effect] {
        // Saved as it changes, unless another program changed the store's (then Done saves it).
        (storeChangedElsewhere ? [] : [.save(selection.items, replacing: onDisk)]) + timeline(.selectionChanged(selection.items), at: now)
    }

    private mutating func timeline(_ event: PickerTimeline.Event, at now: Duration) -> [Effect] {
        timeline.handle(event, at: now).map { .scheduleTick(after: $0) }
    }

    private mutating func finish(_ result: [Photo]?) -> [Effect] {
        guard !isFinished else { return [] }
        isFinished = true
        return [.finish(result)]
    }

    /// The tray follows the timeline's snapshot as it changes, drawn or not, so keys on the
    /// tray always act on what it holds; the focused item stays in view.
    private mutating func syncTray() {
        tray.update(to: timeline.traySnapshot, visibleCount: viewport.trayFits)
        trayFocus = min(trayFocus, max(0, tray.items.count - 1))
        if tray.items.isEmpty { area = .grid }
        if area == .tray { tray.reveal(trayFocus, visibleCount: viewport.trayFits) }
    }
}
