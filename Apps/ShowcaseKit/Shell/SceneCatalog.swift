import IndicatorKit

/// A scene of the showcase: an identifier for the command line and scenarios,
/// a title for the tab bar, and a way to build its screen.
package struct SceneEntry: Sendable {
    /// The name used by `scene NAME` in scenarios (lower case, no spaces).
    package let id: String
    /// The title on the tab bar.
    package let title: String
    /// One line about what the scene shows, for `--help` and the help overlay.
    package let summary: String
    /// Builds the scene's screen.
    package let make: @MainActor @Sendable (SceneContext) -> Screen
}

/// The scenes the showcase offers, in tab order.
package enum SceneCatalog {
    /// Every scene: the home scene first, the terminal's diagnostics last.
    package static let all: [SceneEntry] = [
        SceneEntry(
            id: "home",
            title: "Home",
            summary: "the kit at a glance; a click on a panel opens it",
            make: { Screen(title: "Home", content: HomeView(context: $0)) }
        ),
        SceneEntry(
            id: "refresh",
            title: "Refresh",
            summary: "pull a list down to refresh it, a GIF as indicator",
            make: { PullToRefreshScene.make($0) }
        ),
        SceneEntry(
            id: "loading",
            title: "Loading",
            summary: "a loading page on the top-most screen, pushed or not",
            make: { LoadingPageScene.make($0) }
        ),
        SceneEntry(
            id: "requests",
            title: "Requests",
            summary: "an activity indicator round every request",
            make: { Screen(title: "Requests", content: RequestsView(context: $0)) }
        ),
        SceneEntry(
            id: "picker",
            title: "Picker",
            summary: "photos chosen in order, a tray, albums, on SQLite",
            make: { PickerScene.make($0) }
        ),
        SceneEntry(
            id: "spinners",
            title: "Spinners",
            summary: "every built-in spinner style, side by side",
            make: { Screen(title: "Spinners", content: SpinnerGalleryView(context: $0, reducedMotion: $0.reducedMotion)) }
        ),
        SceneEntry(
            id: "gif",
            title: "GIF",
            summary: "a GIF played by its own timing; pause, step",
            make: { GifPlayerScene.make($0) }
        ),
        SceneEntry(
            id: "terminal",
            title: "Terminal",
            summary: "what this terminal does, and how the kit adapts",
            make: { Screen(title: "Terminal", content: TerminalCheckView(context: $0)) }
        ),
    ]

    /// The posts the scenes of the four documents rebuild, credited once (help, README).
    package static let credits =
        "Refresh, Loading, Requests and Picker rebuild four iOS blog posts (pull-to-refresh with a GIF, "
        + "a loading view on the top-most screen, an indicator round every request, an ordered image picker) for the terminal."

    /// Names scenes had before, still understood by `--scene` and scenarios.
    static let formerNames = ["page": "loading"]

    /// The scene with the given identifier.
    package static func entry(id: String) -> SceneEntry? {
        let id = formerNames[id] ?? id
        return all.first { $0.id == id }
    }
}
