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
    /// a failure (it would show grey where its data ends). For thumbnails a JPEG is decoded
    /// scaled down by its DCT (1/2 to 1/8).
    public static func photos(memory: MemoryBudget = .default) -> ImageReader {
        ImageReader(fileExtensions: ["gif", "png", "jpg", "jpeg"], read: { path in
            try readPhoto(path, memory: memory, side: 0).image
        }, readForThumbnail: { path, side in
            try readPhoto(path, memory: memory, side: side)
        })
    }

    private static func readPhoto(_ path: String, memory: MemoryBudget, side: Int) throws -> Picture {
        if ImageFile.Format(path: path) == nil {
            let image = try readGif(path, memory: memory)
            return Picture(image: image, fullSize: Size(width: image.width, height: image.height))
        }
        let decoded: ImageFile.Decoded
        do throws(ImageFileError) {
            decoded = try ImageFile.read(path, maxPixels: memory.limits.maxCanvasPixels, maxMemoryBytes: memory.bytes, minimumSide: side)
        } catch {
            switch error {
            case .overMemoryBudget(_, let needed, let budget):
                throw ImageReadFailure(message: "decoding it needs \(MemoryBudget.mebibytes(needed)) MiB, more than the \(MemoryBudget.mebibytes(budget)) MiB allowed; add --max-memory \(MemoryBudget.mebibytes(needed)) if you trust the file")
            case .unreadable, .notAnImageFile:
                throw ImageReadFailure(message: error.description, isUnreadable: true)
            default:
                throw ImageReadFailure(message: error.description)
            }
        }
        if let warning = decoded.warning { throw ImageReadFailure(message: "the file is damaged: \(warning); get a good copy of it") }
        return Picture(image: decoded.image, fullSize: decoded.fullSize)
    }

    private static func readGif(_ path: String, memory: MemoryBudget) throws -> RGBAImage {
        do throws(GifDecodingError) {
            return try AnimatedImage(contentsOfFile: path, limits: memory.limits).image(at: 0)
        } catch {
            if case .unreadableFile = error { throw ImageReadFailure(message: error.description, isUnreadable: true) }
            throw ImageReadFailure(message: MemoryBudget.explain(error))
        }
    }
}

/// Why an image was not imported, in the command line's words.
struct ImageReadFailure: Error, CustomStringConvertible {
    let message: String
    /// The file could not be read at all (missing, not a regular file), rather than decoded.
    var isUnreadable = false
    var description: String { message }
}
