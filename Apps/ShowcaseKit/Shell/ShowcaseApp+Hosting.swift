import IndicatorKit
import PickerSelection

extension ShowcaseApp {
    /// Builds the app on `backend` with its scenes timed by `scheduler`, and the host that
    /// draws it: the same wiring for the real terminal and the headless runner.
    package static func hosted(
        on backend: any TerminalBackend,
        scheduler: any Scheduler,
        entries: [SceneEntry] = SceneCatalog.all,
        reducedMotion: Bool = false,
        timeOfDay: (@MainActor () -> String)? = nil,
        network: @escaping @MainActor () -> SceneNetwork? = { nil },
        library: @escaping @MainActor () -> Result<PhotoLibrary, PhotoLibraryError> = {
            .failure(.cannotCreateFolder(path: "-", reason: "no library was given"))
        }
    ) -> (app: ShowcaseApp, host: TerminalHost) {
        weak var hostReference: TerminalHost?
        weak var appReference: ShowcaseApp?
        let context = SceneContext(
            scheduler: scheduler,
            capabilities: { backend.capabilities },
            setNeedsDisplay: { hostReference?.setNeedsDisplay() },
            reducedMotion: reducedMotion,
            timeOfDay: timeOfDay,
            root: { appReference?.tabs },
            network: network,
            library: library
        )
        let app = ShowcaseApp(context: context, entries: entries)
        let host = TerminalHost(backend: backend, root: app, minimumSize: minimumSize)
        hostReference = host
        appReference = app
        return (app, host)
    }
}
