import Foundation

extension AnimatedImage {
    /// The bundle of GifDecoding's own resources: `spinner.gif`, the project's loading
    /// animation (63×45 pixels, 12 frames, about one second a turn, looping forever).
    ///
    /// ```swift
    /// let spinner = try AnimatedImage(named: "spinner", bundle: AnimatedImage.resourceBundle)
    /// ```
    public static var resourceBundle: Bundle { .module }
}
