import ViewCore

/// An image of the photo library.
public struct Photo: Equatable, Sendable, Identifiable {
    /// Its stable identifier.
    public let id: Int
    /// Where it came from (a file path, or `sample://…`). Sanitise before drawing.
    public let source: String
    /// Its size in pixels.
    public let width: Int, height: Int
    /// When it was made (seconds since 1970).
    public let created: Int
    /// The stored thumbnail: ``PhotoLibrary/thumbnailSize`` pixels square (8 in a library
    /// made before version 3 whose files were not imported again).
    public let thumbnail: RGBAImage

    /// Creates a photo (a ``PhotoStore`` of one's own makes them).
    public init(id: Int, source: String, width: Int, height: Int, created: Int, thumbnail: RGBAImage) {
        self.id = id
        self.source = source
        self.width = width
        self.height = height
        self.created = created
        self.thumbnail = thumbnail
    }

    /// The file name part of the source, for labels.
    public var name: String {
        String(source.split(separator: "/").last ?? Substring(source))
    }
}

/// An album of the photo library.
public struct Album: Hashable, Sendable, Identifiable {
    /// Its identifier.
    public let id: Int
    /// Its name (sanitise before drawing).
    public let name: String
    /// How many images it holds.
    public let count: Int

    /// Creates an album (a ``PhotoStore`` of one's own makes them).
    public init(id: Int, name: String, count: Int) {
        self.id = id
        self.name = name
        self.count = count
    }
}

/// 0.1.0's name for ``Photo``.
@available(*, deprecated, renamed: "Photo")
public typealias Asset = Photo
