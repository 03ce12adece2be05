import ViewCore

/// How the photo library reads the image files it imports: which file extensions it looks
/// for, and how a file becomes an image (its first frame). The library knows no image format
/// itself, so an app links only the decoders it uses.
///
/// ```swift
/// import GifDecoding
///
/// let gifs = PhotoReader(fileExtensions: ["gif"]) { path in
///     try AnimatedImage(contentsOfFile: path).image(at: 0)
/// }
/// let report = try library.importFolder("Pictures", reader: gifs)
/// ```
public struct PhotoReader: Sendable {
    /// An image read for a thumbnail, and the file's own size.
    public struct Decoded: Sendable {
        /// The pixels: the whole image, perhaps scaled down (see ``PhotoReader/readForThumbnail``).
        public var image: RGBAImage
        /// The file's size in pixels.
        public var fullSize: Size

        /// `image` as read, from a file `fullSize` pixels large.
        public init(image: RGBAImage, fullSize: Size) {
            self.image = image
            self.fullSize = fullSize
        }
    }

    /// The extensions of the files to import, lower case, without the dot.
    public let fileExtensions: Set<String>
    /// Reads the file at a path at full size; a thrown error is listed as that file's failure.
    public let read: @Sendable (String) throws -> RGBAImage
    /// Reads the file at a path for a thumbnail of `side` pixels: the image may be smaller
    /// than the file (a JPEG decoded at 1/8 of its size), its shorter side not below `side`
    /// unless the file's is. Import uses this one.
    public let readForThumbnail: @Sendable (_ path: String, _ side: Int) throws -> Decoded

    /// Creates a reader that reads every file at full size.
    public init(fileExtensions: Set<String>, read: @escaping @Sendable (String) throws -> RGBAImage) {
        self.init(fileExtensions: fileExtensions, read: read) { path, _ in
            let image = try read(path)
            return Decoded(image: image, fullSize: Size(width: image.width, height: image.height))
        }
    }

    /// Creates a reader with a faster way to read for thumbnails.
    public init(
        fileExtensions: Set<String>,
        read: @escaping @Sendable (String) throws -> RGBAImage,
        readForThumbnail: @escaping @Sendable (_ path: String, _ side: Int) throws -> Decoded
    ) {
        self.fileExtensions = Set(fileExtensions.map { $0.lowercased() })
        self.read = read
        self.readForThumbnail = readForThumbnail
    }
}

/// 0.1.0's name for ``PhotoReader``.
@available(*, deprecated, renamed: "PhotoReader")
public typealias ImageReader = PhotoReader
