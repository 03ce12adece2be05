import GifDecoding
import PickerSelection

extension ImageReader {
    /// GIF files, read with GifDecoding: the first frame, at the GIF's screen size.
    static let gif = ImageReader(fileExtensions: ["gif"]) { path in
        try AnimatedImage(contentsOfFile: path).image(at: 0)
    }
}
