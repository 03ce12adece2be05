import Foundation
import GifDecoding

/// Sample files written for tests that need a path (a command reading a GIF file).
public enum SampleFiles {
    /// Writes the bundled spinner to `spinner.gif` in a new temporary folder and returns its path.
    public static func spinner() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("indicatorkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("spinner.gif")
        try AnimatedImage.spinnerData.write(to: file)
        return file.path
    }
}
