internal import CImageFiles
import Foundation
import Pixels

/// PNG and JPEG files as `RGBAImage`s, through the system's libpng and libjpeg-turbo:
/// the size is checked before any pixel is allocated, and a damaged file is an error that
/// says so, never a crash. A JPEG cut short keeps the rows it has (the rest grey) and says
/// so in ``Decoded/warning``.
///
/// ```swift
/// let photo = try ImageFile.read("holiday.jpg").image
/// ```
public enum ImageFile {
    /// The formats read.
    public enum Format: String, CaseIterable, Sendable {
        /// PNG, on libpng.
        case png
        /// JPEG (baseline and progressive), on libjpeg-turbo.
        case jpeg

        /// The format a file name's extension says (`.png`, `.jpg`, `.jpeg`).
        public init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            default: return nil
            }
        }
    }

    /// A decoded image, and what was wrong with the file if it could still be shown.
    public struct Decoded: Sendable {
        /// The pixels.
        public let image: RGBAImage
        /// Damage the decoder got past (a JPEG cut short), or nil.
        public let warning: String?
        /// The file's own size (larger than ``image``'s when it was read scaled down).
        public let fullSize: Size
    }

    /// The largest image read by default: 64 megapixels (256 MiB of RGBA).
    public static let defaultMaxPixels = 64 << 20
    /// The most memory decoding one file takes by default: 256 MiB (the RGBA pixels, and for
    /// a JPEG of several scans its coefficients, kept at full size whatever the scale).
    public static let defaultMaxMemoryBytes = 256 << 20

    /// Reads the PNG or JPEG file at `path`, of the format its first bytes say (by its
    /// extension when they say none: the error then names the format). With `minimumSide`, the image
    /// may come smaller than the file, its shorter side still `minimumSide` pixels or more
    /// (a JPEG is decoded at 1/2, 1/4 or 1/8 scale: for thumbnails, several times faster);
    /// ``Decoded/fullSize`` is the file's size. `maxPixels` bounds the file's size either way,
    /// `maxMemoryBytes` what decoding it takes. Only a regular file is read: a FIFO, a device
    /// or a folder is refused at once, never waited on.
    public static func read(
        _ path: String,
        maxPixels: Int = defaultMaxPixels,
        maxMemoryBytes: Int = defaultMaxMemoryBytes,
        minimumSide: Int = 0
    ) throws(ImageFileError) -> Decoded {
        guard let format = firstBytes(ofFile: path).flatMap({ Format(signature: $0) }) ?? Format(path: path) else { throw .unknownFormat(path: path) }
        return try read(path, as: format, maxPixels: maxPixels, maxMemoryBytes: maxMemoryBytes, minimumSide: minimumSide)
    }

    /// Reads the file at `path` as `format`.
    public static func read(
        _ path: String,
        as format: Format,
        maxPixels: Int = defaultMaxPixels,
        maxMemoryBytes: Int = defaultMaxMemoryBytes,
        minimumSide: Int = 0
    ) throws(ImageFileError) -> Decoded {
        var reader: OpaquePointer?
        var width: Int32 = 0
        var height: Int32 = 0
        var fullWidth: Int32 = 0
        var fullHeight: Int32 = 0
        var needed = 0
        var message = [CChar](repeating: 0, count: 256)
        func text() -> String { String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let begun: Int32
        let budget = max(0, maxMemoryBytes)
        if format == .png {
            begun = iki_begin_png(path, max(0, maxPixels), budget, &reader, &width, &height, &needed, &message, message.count)
            (fullWidth, fullHeight) = (width, height)
        } else {
            begun = iki_begin_jpeg(
                path,
                max(0, maxPixels),
                budget,
                Int32(clamping: max(0, minimumSide)),
                &reader,
                &width,
                &height,
                &fullWidth,
                &fullHeight,
                &needed,
                &message,
                message.count
            )
        }
        switch begun {
        case 0: break
        case 1: throw .unreadable(path: path, reason: text())
        case 3: throw .tooLarge(path: path, width: Int(width), height: Int(height), maxPixels: maxPixels)
        case 4: throw .notAnImageFile(path: path, reason: text())
        case 5: throw .unsupported(path: path, format: format, reason: text())
        case 6: throw .overMemoryBudget(path: path, needed: needed, budget: budget)
        default: throw .damaged(path: path, format: format, reason: text())
        }
        guard let reader else { throw .damaged(path: path, format: format, reason: "no pixels") }
        // Decoded straight into the image's own bytes: no second copy of a large picture.
        let count = Int(width) * Int(height) * 4
        var finished: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            finished = iki_finish(reader, buffer.baseAddress, &message, message.count)
            initialized = finished == 0 ? count : 0
        }
        guard finished == 0 else {
            throw finished == 5 ? .unsupported(path: path, format: format, reason: text()) : .damaged(path: path, format: format, reason: text())
        }
        guard let image = RGBAImage(width: Int(width), height: Int(height), pixels: bytes) else {
            throw .damaged(path: path, format: format, reason: "an image of \(width)×\(height) pixels")
        }
        let warning = text()
        return Decoded(image: image, warning: warning.isEmpty ? nil : warning, fullSize: Size(width: Int(fullWidth), height: Int(fullHeight)))
    }

    /// Writes `image` as a PNG file.
    public static func writePNG(_ image: RGBAImage, to path: String) throws(ImageFileError) {
        guard iki_write_png(path, image.pixels, Int32(image.width), Int32(image.height)) == 0 else {
            throw .unreadable(path: path, reason: "it could not be written")
        }
    }

    /// Writes `image` as a JPEG file (alpha dropped) at `quality` (1–100), baseline or
    /// progressive (ten scans).
    public static func writeJPEG(_ image: RGBAImage, to path: String, quality: Int = 90, progressive: Bool = false) throws(ImageFileError) {
        guard iki_write_jpeg(path, image.pixels, Int32(image.width), Int32(image.height), Int32(min(100, max(1, quality))), progressive ? 1 : 0) == 0 else {
            throw .unreadable(path: path, reason: "it could not be written")
        }
    }
}

/// Why an image file could not be read. Each message says what to do.
public enum ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened.
    case unreadable(path: String, reason: String)
    /// The file is damaged or not of its format.
    case damaged(path: String, format: ImageFile.Format, reason: String)
    /// The image is larger than allowed; nothing was allocated for it.
    case tooLarge(path: String, width: Int, height: Int, maxPixels: Int)
    /// The name's extension is not one of the formats read.
    case unknownFormat(path: String)
    /// Not a regular file with something in it: a folder, a FIFO, a device, an empty file
    /// (`reason` says which). Nothing was waited on.
    case notAnImageFile(path: String, reason: String)
    /// A valid file of a kind not read (12-bit JPEG samples, more scans than any picture needs).
    case unsupported(path: String, format: ImageFile.Format, reason: String)
    /// Decoding would take more than the memory allowed; nothing was allocated for it.
    case overMemoryBudget(path: String, needed: Int, budget: Int)

    /// What went wrong, in words for the user.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read \(path.sanitizedForTerminal): \(reason.sanitizedForTerminal); check that the file exists and is readable"
        case .damaged(_, let format, let reason):
            "the \(format == .png ? "PNG" : "JPEG") file is damaged (\(reason.sanitizedForTerminal)); get a good copy of it"
        case .tooLarge(_, let width, let height, let maxPixels):
            "the image is \(width)×\(height) pixels, more than the \(maxPixels >> 20) megapixels allowed"
        case .unknownFormat(let path):
            "\(path.sanitizedForTerminal) is not a PNG or JPEG file (neither its first bytes nor its name say so)"
        case .notAnImageFile(_, let reason):
            "it \(reason.sanitizedForTerminal); only regular files with a picture in them are read"
        case .unsupported(_, let format, let reason):
            "the \(format == .png ? "PNG" : "JPEG") file is of a kind not read (\(reason.sanitizedForTerminal)); \(format == .png ? "convert it to an 8-bit PNG" : "convert it to an 8-bit RGB JPEG or a PNG")"
        case .overMemoryBudget(_, let needed, let budget):
            "decoding it needs \((needed + (1 << 20) - 1) >> 20) MiB, more than the \(budget >> 20) MiB allowed"
        }
    }
}
