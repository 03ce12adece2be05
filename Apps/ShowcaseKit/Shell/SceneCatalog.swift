import TUICore

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
    /// Every scene.
    package static let all: [SceneEntry] = [
        SceneEntry(
            id: "terminal",
            title: "Terminal",
            summary: "size, colour depth, palette, character widths and a live echo of input",
            make: { Screen(title: "Terminal", content: TerminalCheckView(context: $0)) }
        ),
        SceneEntry(
            id: "refresh",
            title: "Refresh",
            summary: "pull the list down to refresh it, a GIF as the indicator (document 000)",
            make: { PullToRefreshScene.make($0) }
        ),
        SceneEntry(
            id: "page",
            title: "Page",
            summary: "a loading page on the top-most screen; push, present, start, stop (document 001)",
            make: { LoadingPageScene.make($0) }
        ),
        SceneEntry(
            id: "requests",
            title: "Requests",
            summary: "requests with a loading overlay; quick, slow, failing, overlapping (document 003)",
            make: { Screen(title: "Requests", content: RequestsView(context: $0)) }
        ),
        SceneEntry(
            id: "picker",
            title: "Picker",
            summary: "an ordered image picker over a SQLite photo library (document 004)",
            make: { PickerScene.make($0) }
        ),
        SceneEntry(
            id: "spinners",
            title: "Spinners",
            summary: "every built-in spinner style; ↑/↓ choose, space stop/start, r reduced motion",
            make: { Screen(title: "Spinners", content: SpinnerGalleryView(context: $0, reducedMotion: $0.reducedMotion)) }
        ),
        SceneEntry(
            id: "gif",
            title: "GIF",
            summary: "the bundled spinner GIF played by its own timing; space pauses, ←/→ step",
            make: { GifPlayerScene.make($0) }
        ),
    ]

    /// The scene with the given identifier.
    package static func entry(id: String) -> SceneEntry? { all.first { $0.id == id } }
}
