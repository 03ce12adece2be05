import IndicatorKit
import PickerSelection

/// What a scene gets from the app that hosts it: the clock, the terminal's
/// capabilities and a way to ask for a redraw after asynchronous work.
@MainActor
package struct SceneContext {
    /// The time seam: live in the app, virtual in the headless runner.
    package let scheduler: any Scheduler
    /// The capabilities of the terminal the scene is drawn on.
    package let capabilities: @MainActor () -> TerminalCapabilities
    /// Asks for a redraw (after a timer or an async task changed something).
    package let setNeedsDisplay: @MainActor () -> Void
    /// Whether animation should be replaced by still glyphs (INDICATORKIT_REDUCED_MOTION=1).
    package let reducedMotion: Bool
    /// The app's root screen (the tab container), for overlays that go on the top-most screen.
    package let root: @MainActor () -> Screen?
    /// How the Requests scene reaches its server: real HTTP to a loopback server in the app,
    /// a simulation on the virtual clock in the headless runner.
    package let network: @MainActor () -> SceneNetwork?
    /// The photo library for the picker (opened on first use), or why it cannot be used.
    package let library: @MainActor () -> Result<PhotoLibrary, PhotoLibraryError>
    /// The time of day as `HH:mm:ss`, for "last updated" lines: the wall clock in the app,
    /// the virtual clock (from 00:00:00) in the headless runner.
    package let timeOfDay: @MainActor () -> String

    /// Creates a context.
    package init(
        scheduler: any Scheduler,
        capabilities: @escaping @MainActor () -> TerminalCapabilities,
        setNeedsDisplay: @escaping @MainActor () -> Void,
        reducedMotion: Bool = false,
        timeOfDay: (@MainActor () -> String)? = nil,
        root: @escaping @MainActor () -> Screen? = { nil },
        network: @escaping @MainActor () -> SceneNetwork? = { nil },
        library: @escaping @MainActor () -> Result<PhotoLibrary, PhotoLibraryError> = {
            .failure(.cannotCreateFolder(path: "-", reason: "no library was given"))
        }
    ) {
        self.root = root
        self.library = library
        self.network = network
        self.reducedMotion = reducedMotion
        self.timeOfDay = timeOfDay ?? { SceneContext.clockText(scheduler.now) }
        self.scheduler = scheduler
        self.capabilities = capabilities
        self.setNeedsDisplay = setNeedsDisplay
    }

    /// `HH:mm:ss` for a duration since midnight.
    package static func clockText(_ time: Duration) -> String {
        let total = Int(time.seconds) % 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(total / 3600)):\(two(total / 60 % 60)):\(two(total % 60))"
    }
}
