import Foundation

extension AnimatedImage {
    /// The project's loading animation: 126×90 pixels (a 63×45-point image view
    /// at two pixels a point), twelve frames of a comet going round a ring — a bright round
    /// head, a tail fading behind it — about one second a turn, looping forever.
    ///
    /// Its bytes are compiled into the binary, so it loads wherever the
    /// program is copied; nothing is read from disk.
    ///
    /// ```swift
    /// let spinner = try AnimatedImage.spinner()
    /// print(spinner.frameCount)  // 12
    /// ```
    public static func spinner() throws(GifDecodingError) -> AnimatedImage {
        try AnimatedImage(data: spinnerData)
    }
}
