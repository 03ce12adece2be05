import GifDecoding
import ImageFiles
import PickerSelection
import Pixels

extension PhotoReader {
    /// GIF, PNG and JPEG files, for ``PhotoLibrary/importFolder(_:album:reader:progress:)``
    /// and for any picture an app shows: GIFs (their first frame) with GifDecoding, PNG and
    /// JPEG with ImageFiles (the system's libpng and libjpeg-turbo). Each file may take
    /// `maxMemoryBytes` to decode and be `maxPixels` large at most, checked before anything
    /// is allocated; only regular files are read. A JPEG cut short is a failure (it would
    /// show grey where its data ends); for thumbnails a JPEG is decoded scaled down by its
    /// DCT (1/2 to 1/8). A failure is a ``PhotoReadFailure``.
    public static func photos(maxMemoryBytes: Int = ImageFile.defaultMaxMemoryBytes, maxPixels: Int = ImageFile.defaultMaxPixels) -> PhotoReader {
        let limits = PhotoLimits(maxMemoryBytes: maxMemoryBytes, maxPixels: maxPixels)
        return PhotoReader(
            fileExtensions: ["gif", "png", "jpg", "jpeg"],
            read: { path in
                try readPhoto(path, limits: limits, side: 0).image
            },
            readForThumbnail: { path, side in
                try readPhoto(path, limits: limits, side: side)
            }
        )
    }

    private struct PhotoLimits: Sendable {
        let maxMemoryBytes: Int
        let maxPixels: Int

        var gif: DecodingLimits {
            var limits = DecodingLimits.default
            limits.maxMemoryBytes = maxMemoryBytes
            limits.maxCanvasPixels = maxPixels
            return limits
        }
    }

    /// What a file's first bytes say it is (nil: they could not be read, or there are none).
    enum Kind: Equatable {
        case gif
        case picture(ImageFile.Format)
        case other
    }

    static func kind(ofFile path: String) -> Kind? {
        guard let head = ImageFile.firstBytes(ofFile: path), !head.isEmpty else { return nil }
        if head.starts(with: Array("GIF8".utf8)) { return .gif }
        return ImageFile.Format(signature: head).map(Kind.picture) ?? .other
    }

    /// A photo read as its first bytes say (a PNG named `noext`, a JPEG named `.png`); by its
    /// name when they cannot be read, so the error says why.
    private static func readPhoto(_ path: String, limits: PhotoLimits, side: Int) throws(PhotoReadFailure) -> Decoded {
        let format: ImageFile.Format
        let kind = kind(ofFile: path)
        switch kind {
        case .picture(let sniffed):
            format = sniffed
        case .other:
            throw PhotoReadFailure(kind: .undecodable, message: "it is not a GIF, PNG or JPEG file (its first bytes are none of theirs)")
        case .gif, nil:
            if kind == nil, let named = ImageFile.Format(path: path) {
                format = named  // unreadable or empty: read by its name, so the error says why
            } else {
                let image = try readGif(path, limits: limits)
                return Decoded(image: image, fullSize: Size(width: image.width, height: image.height))
            }
        }
        let decoded: ImageFile.Decoded
        do throws(ImageFileError) {
            decoded = try ImageFile.read(path, as: format, maxPixels: limits.maxPixels, maxMemoryBytes: limits.maxMemoryBytes, minimumSide: side)
        } catch {
            switch error {
            case .overMemoryBudget(_, let needed, let budget):
                throw PhotoReadFailure.overMemoryBudget(needed: needed, budget: budget)
            case .unreadable, .notAnImageFile:
                throw PhotoReadFailure(kind: .unreadable, message: error.description)
            default:
                throw PhotoReadFailure(kind: .undecodable, message: error.description)
            }
        }
        if let warning = decoded.warning {
            throw PhotoReadFailure(kind: .undecodable, message: "the file is damaged: \(warning); get a good copy of it")
        }
        return Decoded(image: decoded.image, fullSize: decoded.fullSize)
    }

    private static func readGif(_ path: String, limits: PhotoLimits) throws(PhotoReadFailure) -> RGBAImage {
        do throws(GifDecodingError) {
            return try AnimatedImage(contentsOfFile: path, limits: limits.gif).image(at: 0)
        } catch {
            switch error {
            case .unreadableFile: throw PhotoReadFailure(kind: .unreadable, message: error.description)
            case .overMemoryBudget(let needed, let budget):
                throw PhotoReadFailure.overMemoryBudget(needed: needed, budget: budget, decoding: "its frames")
            default: throw PhotoReadFailure(kind: .undecodable, message: error.description)
            }
        }
    }
}

/// Why `PhotoReader.photos(maxMemoryBytes:maxPixels:)` could not read a file: what kind of
/// failure, and a message for the user that says what to do.
public struct PhotoReadFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file could not be opened: missing, unreadable, not a regular file.
        case unreadable
        /// Not a picture of its format, damaged, or of a kind not read.
        case undecodable
        /// Decoding it would take more memory than allowed; nothing was allocated for it.
        case overMemoryBudget(neededBytes: Int, budgetBytes: Int)
    }

    /// What went wrong.
    public let kind: Kind
    /// The message, as the decoder's error says it.
    public let message: String

    /// A failure of `kind`, told to the user as `message`.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message for the user.
    public var description: String { message }

    /// Decoding would take `needed` bytes, more than `budget`: one message for every format.
    static func overMemoryBudget(needed: Int, budget: Int, decoding what: String = "it") -> PhotoReadFailure {
        func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
        return PhotoReadFailure(
            kind: .overMemoryBudget(neededBytes: needed, budgetBytes: budget),
            message: "decoding \(what) needs \(mebibytes(needed)) MiB, more than the \(mebibytes(budget)) MiB allowed"
        )
    }
}
