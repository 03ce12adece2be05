/// When the loading overlay shows, as a pure value: activities begin and end, time passes,
/// and the overlay appears only for work that outlasts a grace delay, stays at least a
/// minimum time once shown, fades in and out, and hides only when the last activity ends.
///
/// ```swift
/// var state = LoadingState()
/// state.handle(.begin, at: .zero)             // [.scheduleTick(after: 0.5 s)]: waiting
/// state.handle(.tick, at: .milliseconds(500)) // visible, fading in
/// state.opacity(at: .milliseconds(600))       // 0.5 with a 0.2 s fade
/// ```
public struct LoadingState: Equatable, Sendable {
    /// Where the overlay is.
    public enum Phase: Equatable, Sendable {
        /// Not shown, nothing running.
        case hidden
        /// Work runs, but the grace delay (from `since`) has not passed.
        case waiting(since: Duration)
        /// Shown; it appeared (started fading in) at `shownAt`.
        case visible(shownAt: Duration)
        /// Shown with nothing running, until its minimum time has passed.
        case lingering(shownAt: Duration)
        /// Fading out from `since`, starting at opacity `from`.
        case fadingOut(since: Duration, from: Double)
    }

    /// What happens.
    public enum Event: Equatable, Sendable {
        /// An activity began.
        case begin
        /// An activity ended (success, error or cancellation alike).
        case end
        /// A timer the state asked for went off.
        case tick
    }

    /// What the owner must do.
    public enum Effect: Equatable, Sendable {
        /// Send `.tick` after this long.
        case scheduleTick(after: Duration)
    }

    /// The phase.
    public private(set) var phase: Phase = .hidden
    /// How many activities are running.
    public private(set) var active = 0
    /// Work shorter than this never shows the overlay (0.5 s).
    public let graceDelay: Duration
    /// Once shown, the overlay stays at least this long.
    public let minimumVisible: Duration
    /// How long fading in and out take.
    public let fadeDuration: Duration

    /// Creates a hidden overlay state.
    public init(graceDelay: Duration = .milliseconds(500), minimumVisible: Duration = .milliseconds(400), fadeDuration: Duration = .milliseconds(200)) {
        self.graceDelay = graceDelay
        self.minimumVisible = minimumVisible
        self.fadeDuration = max(fadeDuration, .zero)
    }

    /// Whether the overlay is on screen (at any opacity).
    public var isShown: Bool {
        switch phase {
        case .hidden, .waiting: false
        case .visible, .lingering, .fadingOut: true
        }
    }

    /// The overlay's opacity at `now`, 0…1, following the fades.
    public func opacity(at now: Duration) -> Double {
        switch phase {
        case .hidden, .waiting:
            return 0
        case .visible(let shownAt), .lingering(let shownAt):
            return fraction(now - shownAt)
        case .fadingOut(let since, let from):
            return max(0, from * (1 - fraction(now - since)))
        }
    }

    private func fraction(_ elapsed: Duration) -> Double {
        guard fadeDuration > .zero else { return 1 }
        return min(1, max(0, elapsed / fadeDuration))
    }

    /// Applies `event` at time `now`; returns what to do.
    public mutating func handle(_ event: Event, at now: Duration) -> [Effect] {
        switch event {
        case .begin:
            active += 1
            switch phase {
            case .hidden:
                phase = .waiting(since: now)
                return [.scheduleTick(after: graceDelay)]
            case .lingering(let shownAt):
                phase = .visible(shownAt: shownAt)
            case .fadingOut:
                // Come back from the current opacity: no flicker.
                let current = opacity(at: now)
                phase = .visible(shownAt: now - fadeDuration * current)
            case .waiting, .visible:
                break
            }
            return []
        case .end:
            guard active > 0 else { return [] }  // an extra end is harmless
            active -= 1
            guard active == 0 else { return [] }
            switch phase {
            case .waiting:
                phase = .hidden  // it never showed: no flash
                return []
            case .visible(let shownAt):
                let shown = now - shownAt
                if shown >= minimumVisible { return fadeOut(at: now) }
                phase = .lingering(shownAt: shownAt)
                return [.scheduleTick(after: minimumVisible - shown)]
            default:
                return []
            }
        case .tick:
            switch phase {
            case .waiting(let since) where active > 0:
                if now - since >= graceDelay {
                    phase = .visible(shownAt: now)
                    return []
                }
                return [.scheduleTick(after: graceDelay - (now - since))]
            case .lingering(let shownAt):
                if now - shownAt >= minimumVisible { return fadeOut(at: now) }
                return [.scheduleTick(after: minimumVisible - (now - shownAt))]
            case .fadingOut(let since, _):
                if now - since >= fadeDuration {
                    phase = .hidden
                    return []
                }
                return [.scheduleTick(after: fadeDuration - (now - since))]
            default:
                return []
            }
        }
    }

    private mutating func fadeOut(at now: Duration) -> [Effect] {
        let current = opacity(at: now)
        phase = .fadingOut(since: now, from: current)
        return [.scheduleTick(after: fadeDuration)]
    }
}
