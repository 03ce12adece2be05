import GifDecoding
import PickerSelection

extension ImageReader {
    /// GIF files, read with GifDecoding within `memory`: the first frame, at the GIF's
    /// screen size.
    static func gif(memory: MemoryBudget = .default) -> ImageReader {
        ImageReader(fileExtensions: ["gif"]) { path in
            do throws(GifDecodingError) {
                return try AnimatedImage(contentsOfFile: path, limits: memory.limits).image(at: 0)
            } catch {
                throw GifReadFailure(message: MemoryBudget.explain(error))
            }
        }
    }
}

/// Why a GIF was not imported, in the command line's words.
struct GifReadFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
