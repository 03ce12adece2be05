/// The pull-to-refresh state machine, as a pure value: an event and the time in, the
/// new state and the effects to carry out out. No timers, no views, no tasks.
///
/// idle → pulling (progress 0…1) → armed (past the threshold) → refreshing → ending (the
/// retract animation) → idle. Dragging back below the threshold disarms, to zero cancels.
/// Releasing while armed starts exactly one refresh; pulls during a refresh do nothing.
/// `end` is safe at any moment: before a refresh began, twice, after a cancel. A refresh
/// stays visible for at least `minimumVisible`, so a very quick one does not flash.
///
/// ```swift
/// var state = RefreshState()
/// var effects = state.handle(.pull(rows: 5), at: now)   // armed
/// effects = state.handle(.release, at: now)             // [.startAction(generation: 1)]
/// ```
public struct RefreshState: Equatable, Sendable {
    /// Where the control is.
    public enum Phase: Equatable, Sendable {
        /// Nothing shows.
        case idle
        /// Being pulled; `progress` is the pull over the threshold, below 1.
        case pulling(progress: Double)
        /// Pulled past the threshold: releasing now refreshes.
        case armed
        /// The action runs; `since` is when it started, `endRequested` whether it has ended.
        case refreshing(since: Duration, endRequested: Bool)
        /// Retracting; `since` is when the retract started.
        case ending(since: Duration)
    }

    /// What happens to the state.
    public enum Event: Equatable, Sendable {
        /// The list is pulled down by this many rows while at its top (0 or less: back up).
        case pull(rows: Int)
        /// The mouse button or the pull key is let go.
        case release
        /// `beginRefreshing()` from code.
        case begin
        /// The refresh should end (the action finished, or `endRefreshing()` was called).
        case end
        /// Esc: give up on the running refresh.
        case cancel
        /// A timer the state asked for went off.
        case tick
    }

    /// What the owner must do.
    public enum Effect: Equatable, Sendable {
        /// Run the refresh action; its result belongs to this generation.
        case startAction(generation: Int)
        /// Stop the action of this generation (its result will be ignored).
        case cancelAction(generation: Int)
        /// Send `.tick` after this long.
        case scheduleTick(after: Duration)
    }

    /// The phase.
    public private(set) var phase: Phase = .idle
    /// Counts refreshes started; a result from an older generation is stale.
    public private(set) var generation = 0
    /// Rows of pull that arm the control.
    public let threshold: Int
    /// The shortest time a refresh stays visible.
    public let minimumVisible: Duration
    /// How long the retract takes.
    public let retractDuration: Duration

    /// Creates an idle control.
    public init(threshold: Int = 5, minimumVisible: Duration = .milliseconds(500), retractDuration: Duration = .milliseconds(300)) {
        self.threshold = max(1, threshold)
        self.minimumVisible = minimumVisible
        self.retractDuration = retractDuration
    }

    /// Whether a refresh is running (or ended but still shown for its minimum time).
    public var isRefreshing: Bool {
        if case .refreshing = phase { return true }
        return false
    }

    /// Applies `event` at time `now`; returns what to do.
    public mutating func handle(_ event: Event, at now: Duration) -> [Effect] {
        switch (phase, event) {
        case (.idle, .pull(let rows)), (.pulling, .pull(let rows)), (.armed, .pull(let rows)):
            if rows <= 0 {
                phase = .idle
            } else if rows >= threshold {
                phase = .armed
            } else {
                phase = .pulling(progress: Double(rows) / Double(threshold))
            }
            return []
        case (.pulling, .release), (.pulling, .cancel), (.armed, .cancel):
            phase = .idle
            return []
        case (.armed, .release), (.idle, .begin), (.pulling, .begin), (.armed, .begin):
            generation += 1
            phase = .refreshing(since: now, endRequested: false)
            return [.startAction(generation: generation)]
        case (.refreshing(let since, _), .end):
            let shown = now - since
            if shown >= minimumVisible { return retract(at: now) }
            phase = .refreshing(since: since, endRequested: true)
            return [.scheduleTick(after: minimumVisible - shown)]
        case (.refreshing(let since, true), .tick):
            return now - since >= minimumVisible ? retract(at: now) : [.scheduleTick(after: minimumVisible - (now - since))]
        case (.refreshing, .cancel):
            let stopped = generation
            return [.cancelAction(generation: stopped)] + retract(at: now)
        case (.ending(let since), .tick):
            if now - since >= retractDuration {
                phase = .idle
                return []
            }
            return [.scheduleTick(after: retractDuration - (now - since))]
        default:
            // Pulls and begins during a refresh or a retract, ends when nothing runs,
            // stray ticks: nothing to do.
            return []
        }
    }

    private mutating func retract(at now: Duration) -> [Effect] {
        phase = .ending(since: now)
        return [.scheduleTick(after: retractDuration)]
    }
}
