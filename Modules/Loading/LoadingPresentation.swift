/// How the loading overlay looks.
public enum LoadingPresentation: Sendable, Hashable {
    /// Document 001's loading page: a translucent page that dims the screen (the terminal's
    /// background at 55 %, on dark and light terminals alike), the cycling image and the
    /// label in the middle (B1.2).
    case page
    /// Document 003's full-screen mode: the screen dimmed, the indicator in the middle (B3.2).
    case fullScreen
    /// Document 003's compact mode: a box a quarter of the screen wide, centered, with the
    /// indicator at half its size in the middle and the label inside it (B3.2).
    case compact
}

/// Where the overlay attaches.
public enum LoadingAttachment: Sendable, Hashable {
    /// On the top-most screen: through presented screens, navigation stacks and tab
    /// containers (B1.4).
    case topMostScreen
    /// Over the whole root, tab bars included.
    case window
}
