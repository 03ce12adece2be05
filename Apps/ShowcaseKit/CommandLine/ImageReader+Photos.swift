import GifDecoding
import ImageFiles
import PickerSelection
import TUICore

extension ImageReader {
    /// GIF files, read with GifDecoding within `memory`: the first frame, at the GIF's
    /// screen size.
    static func gif(memory: MemoryBudget = .default) -> ImageReader {
        ImageReader(fileExtensions: ["gif"]) { path in try readGif(path, memory: memory) }
    }

    /// GIF, PNG and JPEG files: GIFs with GifDecoding, PNG and JPEG with ImageFiles (the
    /// system's libpng and libjpeg-turbo), each within the same limits. A JPEG cut short is
    /// a failure (it would show grey where its data ends).
    static func photos(memory: MemoryBudget = .default) -> ImageReader {
        ImageReader(fileExtensions: ["gif", "png", "jpg", "jpeg"]) { path in
            if ImageFile.Format(path: path) == nil { return try readGif(path, memory: memory) }
            let decoded: ImageFile.Decoded
            do throws(ImageFileError) {
                decoded = try ImageFile.read(path, maxPixels: memory.limits.maxCanvasPixels)
            } catch {
                throw ImageReadFailure(message: error.description)
            }
            if let warning = decoded.warning { throw ImageReadFailure(message: "the file is damaged: \(warning); get a good copy of it") }
            return decoded.image
        }
    }

    private static func readGif(_ path: String, memory: MemoryBudget) throws -> RGBAImage {
        do throws(GifDecodingError) {
            return try AnimatedImage(contentsOfFile: path, limits: memory.limits).image(at: 0)
        } catch {
            throw ImageReadFailure(message: MemoryBudget.explain(error))
        }
    }
}

/// Why an image was not imported, in the command line's words.
struct ImageReadFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
