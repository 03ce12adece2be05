import ViewCore

/// The picker's movements over time, as a pure value: the tray's slide and
/// the grid's bottom edge, the tray's snapshot and its delayed emptying, the
/// album drawer's debounced slide and the reveal after first appearance.
///
/// Feed it events with the time; it returns the ticks to schedule; ask it where things are
/// at any instant.
package struct PickerTimeline: Equatable, Sendable {
    /// What the grid's bottom edge is attached to.
    package enum GridBottom: Equatable, Sendable {
        /// The screen's bottom.
        case screen
        /// The tray's top.
        case tray
    }

    /// What happens.
    package enum Event: Equatable, Sendable {
        /// The picker appeared with this selection (restored from before, or empty). A
        /// restored selection has its tray in place at once, without a slide; the reveal
        /// keeps it out of sight for the first 0.2 s.
        case appear(selection: [Int])
        /// The selection changed to these identifiers, in order.
        case selectionChanged([Int])
        /// The drawer was asked to open or to close (the title, an album chosen, Esc).
        /// Asking for what was already asked changes nothing.
        case setDrawer(open: Bool)
        /// A tick asked for went off.
        case tick
    }

    /// Debounce of tray visibility and of the drawer.
    package static let debounce: Duration = .milliseconds(200)
    /// The tray's slide.
    package static let traySlide: Duration = .milliseconds(300)
    /// From the grid re-attaching to the screen to the tray sliding down.
    package static let trayHideDelay: Duration = .milliseconds(200)
    /// The delay, from when the tray starts to hide, before an empty snapshot is applied to
    /// it: longer than the 0.2 s wait plus the 0.3 s slide, so the items leave after
    /// the tray has slid away.
    package static let emptySnapshotDelay: Duration = .milliseconds(660)
    /// The drawer's slide.
    package static let drawerSlide: Duration = .milliseconds(330)
    /// The reveal after first appearance.
    package static let revealDelay: Duration = .milliseconds(200)

    /// What the grid's bottom edge is attached to now.
    package private(set) var gridBottom = GridBottom.screen
    /// The identifiers the tray shows.
    package private(set) var traySnapshot: [Int] = []
    /// Whether the tray has been decided shown (after the debounce).
    package private(set) var trayShown = false
    /// Whether the drawer has been decided open (after the debounce).
    package private(set) var drawerOpen = false
    /// Whether the drawer was last asked to open (input goes to it from then on).
    package private(set) var drawerRequestedOpen = false

    private var appearedAt: Duration?
    private var latestSelectionEmpty = true
    private var trayDebounceAt: Duration?
    private var traySlideDownAt: Duration?
    private var trayMotion = Tween<Double>(from: 0, to: 0, duration: .zero, easing: .easeInOut, start: .zero)
    private var attachGridAt: Duration?
    private var emptySnapshotAt: Duration?
    private var drawerDebounceAt: Duration?
    private var drawerMotion = Tween<Double>(from: 0, to: 0, duration: .zero, easing: .easeInOut, start: .zero)

    /// A picker not yet shown.
    package init() {}

    /// Whether the tray and drawer may be drawn (0.2 s after first appearance).
    package func isRevealed(at now: Duration) -> Bool {
        guard let appearedAt else { return false }
        return now >= appearedAt + Self.revealDelay
    }

    /// The tray's position: 0 hidden below the screen, 1 fully up.
    package func trayPosition(at now: Duration) -> Double { trayMotion.value(at: now) }

    /// The drawer's position: 0 closed above the top edge, 1 fully open.
    package func drawerPosition(at now: Duration) -> Double { drawerMotion.value(at: now) }

    /// Whether anything moves at `now` (the view redraws while it does).
    package func isAnimating(at now: Duration) -> Bool {
        !trayMotion.isFinished(at: now) || !drawerMotion.isFinished(at: now)
    }

    /// Applies `event` at `now`; returns the delays after which to send `.tick`.
    package mutating func handle(_ event: Event, at now: Duration) -> [Duration] {
        var ticks: [Duration] = []
        switch event {
        case .appear(let items):
            if appearedAt == nil {
                appearedAt = now
                ticks.append(Self.revealDelay)
                if !items.isEmpty {
                    latestSelectionEmpty = false
                    traySnapshot = items
                    trayShown = true
                    trayMotion = Tween(from: 1, to: 1, duration: .zero, easing: .linear, start: now)
                    gridBottom = .tray
                }
            }
        case .selectionChanged(let items):
            latestSelectionEmpty = items.isEmpty
            if items.isEmpty {
                // The tray keeps its items until it has slid away: see the debounce below.
            } else {
                emptySnapshotAt = nil
                traySnapshot = items
            }
            trayDebounceAt = now + Self.debounce
            ticks.append(Self.debounce)
        case .setDrawer(let open):
            if open != drawerRequestedOpen {
                drawerRequestedOpen = open
                drawerDebounceAt = now + Self.debounce
                ticks.append(Self.debounce)
            }
        case .tick:
            break
        }
        ticks += advance(to: now)
        return ticks
    }

    /// Carries out whatever falls due at `now`.
    private mutating func advance(to now: Duration) -> [Duration] {
        var ticks: [Duration] = []
        if let at = emptySnapshotAt, now >= at {
            emptySnapshotAt = nil
            traySnapshot = []
        }
        if let at = trayDebounceAt, now >= at {
            trayDebounceAt = nil
            if !latestSelectionEmpty && !trayShown {
                trayShown = true
                traySlideDownAt = nil
                trayMotion = Tween(from: trayMotion.value(at: now), to: 1, duration: Self.traySlide, easing: .easeOut, start: now)
                attachGridAt = now + Self.traySlide  // after the slide, the grid attaches to the tray
                ticks.append(Self.traySlide)
            } else if latestSelectionEmpty && trayShown {
                trayShown = false
                attachGridAt = nil
                gridBottom = .screen  // first the grid lets go of the tray…
                traySlideDownAt = now + Self.trayHideDelay  // …then the tray slides down…
                ticks.append(Self.trayHideDelay)
                emptySnapshotAt = now + Self.emptySnapshotDelay  // …and only then do its items go
                ticks.append(Self.emptySnapshotDelay)
            } else if latestSelectionEmpty {
                traySnapshot = []  // the tray never showed: nothing to wait for
            }
        }
        if let at = attachGridAt, now >= at {
            attachGridAt = nil
            if trayShown { gridBottom = .tray }
        }
        if let at = traySlideDownAt, now >= at {
            traySlideDownAt = nil
            trayMotion = Tween(from: trayMotion.value(at: now), to: 0, duration: Self.traySlide, easing: .easeIn, start: now)
            ticks.append(Self.traySlide)
        }
        if let at = drawerDebounceAt, now >= at {
            drawerDebounceAt = nil
            if drawerRequestedOpen != drawerOpen {
                drawerOpen = drawerRequestedOpen
                drawerMotion = Tween(from: drawerMotion.value(at: now), to: drawerOpen ? 1 : 0, duration: Self.drawerSlide, easing: .easeOut, start: now)
                ticks.append(Self.drawerSlide)
            }
        }
        return ticks
    }

    /// Equal when every movement is at the same point.
    package static func == (a: Self, b: Self) -> Bool {
        a.gridBottom == b.gridBottom && a.traySnapshot == b.traySnapshot && a.trayShown == b.trayShown && a.drawerOpen == b.drawerOpen
            && a.drawerRequestedOpen == b.drawerRequestedOpen
            && a.appearedAt == b.appearedAt && a.trayDebounceAt == b.trayDebounceAt && a.drawerDebounceAt == b.drawerDebounceAt
    }
}
