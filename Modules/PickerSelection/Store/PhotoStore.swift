/// What the picker reads and writes: albums, pages of an album's photos, photos by
/// identifier and the saved selection. ``PhotoLibrary`` keeps them in a SQLite file;
/// ``InMemoryPhotoStore`` keeps them in memory (for tests and demos); an app may bring its
/// own (a folder of images, a web service behind a cache).
///
/// A failure is a ``PhotoLibraryError``: the picker shows it above the grid and goes on
/// with what it has.
///
/// ```swift
/// let store: any PhotoStore = InMemoryPhotoStore(albums: ["Holidays": images])
/// let picker = PickerView(store: store, clock: clock)
/// ```
public protocol PhotoStore: AnyObject {
    /// The albums, "All Photos" first, then by name.
    func albums() throws(PhotoLibraryError) -> [Album]
    /// Up to `limit` photos of `album` after the photo `after`, by identifier (keyset paging).
    func page(album: Int, after: Int?, limit: Int) throws(PhotoLibraryError) -> [Photo]
    /// The photos with these identifiers, in the order given; missing ones are left out.
    func photos(ids: [Int]) throws(PhotoLibraryError) -> [Photo]
    /// The saved selection, in order.
    func savedSelection() throws(PhotoLibraryError) -> [Int]
    /// Replaces the saved selection, atomically: after a crash it is the old or the new one.
    func saveSelection(_ ids: [Int]) throws(PhotoLibraryError)
    /// Replaces the saved selection only if it is still `expected`, atomically; false (and
    /// nothing written) when something else changed it. The default reads, compares and
    /// saves, enough for a store only one program uses.
    func saveSelection(_ ids: [Int], replacing expected: [Int]) throws(PhotoLibraryError) -> Bool
}

extension PhotoStore {
    public func saveSelection(_ ids: [Int], replacing expected: [Int]) throws(PhotoLibraryError) -> Bool {
        guard try savedSelection() == expected else { return false }
        try saveSelection(ids)
        return true
    }
}
