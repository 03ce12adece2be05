import ViewCore

/// A ``PhotoStore`` in memory: the picker's store in tests and demos, and a model of what
/// any store must do. It can be told to fail, to show how the picker copes.
///
/// ```swift
/// let store = InMemoryPhotoStore(albums: ["Holidays": [beach, hill], "Work": [desk]])
/// store.failure = .system(path: "memory", reason: "disk full")  // every call fails
/// ```
public final class InMemoryPhotoStore: PhotoStore {
    /// Every photo, by identifier.
    public private(set) var photosByID: [Int: Photo] = [:]
    /// Each album and the identifiers of its photos, ascending.
    public private(set) var members: [Album: [Int]] = [:]
    /// The saved selection.
    public private(set) var selection: [Int] = []
    /// How many times ``saveSelection(_:)`` was called.
    public private(set) var saveCount = 0
    /// When set, every call throws it.
    public var failure: PhotoLibraryError?

    /// A store with these albums of images; every image is also in "All Photos". Photos
    /// are numbered from 1 in the order given (albums by name).
    public init(albums: [String: [RGBAImage]] = [:]) {
        var all: [Int] = []
        var next = 1
        var albumID = 2
        for name in albums.keys.sorted() {
            var ids: [Int] = []
            for image in albums[name] ?? [] {
                photosByID[next] = Photo(id: next, source: "\(name)/\(next)", width: image.width, height: image.height, created: next, thumbnail: image)
                ids.append(next)
                next += 1
            }
            members[Album(id: albumID, name: name, count: ids.count)] = ids
            albumID += 1
            all += ids
        }
        members[Album(id: 1, name: "All Photos", count: all.count)] = all
    }

    public func albums() throws(PhotoLibraryError) -> [Album] {
        if let failure { throw failure }
        return members.keys.sorted { a, b in
            a.name == "All Photos" || b.name == "All Photos" ? a.name == "All Photos" && b.name != "All Photos" : a.name < b.name
        }
    }

    public func page(album: Int, after: Int?, limit: Int) throws(PhotoLibraryError) -> [Photo] {
        if let failure { throw failure }
        let ids = members.first { $0.key.id == album }?.value ?? []
        return ids.filter { $0 > (after ?? Int.min) }.prefix(max(0, limit)).compactMap { photosByID[$0] }
    }

    public func photos(ids: [Int]) throws(PhotoLibraryError) -> [Photo] {
        if let failure { throw failure }
        return ids.compactMap { photosByID[$0] }
    }

    public func savedSelection() throws(PhotoLibraryError) -> [Int] {
        if let failure { throw failure }
        return selection
    }

    public func saveSelection(_ ids: [Int]) throws(PhotoLibraryError) {
        if let failure { throw failure }
        selection = ids.filter { photosByID[$0] != nil }
        saveCount += 1
    }
}
