/// How the loading overlay looks.
public enum LoadingPresentation: Sendable, Hashable {
    /// A loading page: a translucent page that dims the screen (the terminal's
    /// background at 55 %, on dark and light terminals alike), the cycling image and the
    /// label in the middle.
    case page
    /// Full-screen: the screen dimmed, the indicator in the middle.
    case fullScreen
    /// Compact: a box a quarter of the screen wide, centered, with the
    /// indicator at half its size in the middle and the label inside it.
    case compact
}

/// Where the overlay attaches.
public enum LoadingAttachment: Sendable, Hashable {
    /// On the top-most screen: through presented screens, navigation stacks and tab
    /// containers.
    case topMostScreen
    /// Over the whole root, tab bars included.
    case window
}
