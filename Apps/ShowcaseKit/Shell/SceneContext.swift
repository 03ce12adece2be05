import TUICore

/// What a scene gets from the app that hosts it: the clock, the terminal's
/// capabilities and a way to ask for a redraw after asynchronous work.
@MainActor
public struct SceneContext {
    /// The time seam: live in the app, virtual in the headless runner.
    public let scheduler: any Scheduler
    /// The capabilities of the terminal the scene is drawn on.
    public let capabilities: @MainActor () -> TerminalCapabilities
    /// Asks for a redraw (after a timer or an async task changed something).
    public let setNeedsDisplay: @MainActor () -> Void
    /// Whether animation should be replaced by still glyphs (INDICATORKIT_REDUCED_MOTION=1).
    public let reducedMotion: Bool

    /// Creates a context.
    public init(
        scheduler: any Scheduler,
        capabilities: @escaping @MainActor () -> TerminalCapabilities,
        setNeedsDisplay: @escaping @MainActor () -> Void,
        reducedMotion: Bool = false
    ) {
        self.reducedMotion = reducedMotion
        self.scheduler = scheduler
        self.capabilities = capabilities
        self.setNeedsDisplay = setNeedsDisplay
    }
}
