import TUICore

/// How the photo library reads the image files it imports: which file extensions it looks
/// for, and how a file becomes an image (its first frame, at full size). The library knows
/// no image format itself, so an app links only the decoders it uses.
///
/// ```swift
/// import GifDecoding
///
/// let gifs = ImageReader(fileExtensions: ["gif"]) { path in
///     try AnimatedImage(contentsOfFile: path).image(at: 0)
/// }
/// let report = try library.importFolder("Pictures", reader: gifs)
/// ```
public struct ImageReader: Sendable {
    /// The extensions of the files to import, lower case, without the dot.
    public let fileExtensions: Set<String>
    /// Reads the file at a path; a thrown error is listed as that file's failure.
    public let read: @Sendable (String) throws -> RGBAImage

    /// Creates a reader.
    public init(fileExtensions: Set<String>, read: @escaping @Sendable (String) throws -> RGBAImage) {
        self.fileExtensions = Set(fileExtensions.map { $0.lowercased() })
        self.read = read
    }
}
