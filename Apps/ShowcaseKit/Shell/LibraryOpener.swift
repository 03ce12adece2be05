import PickerSelection

/// The photo library a showcase opens on first use — the app's file or a scenario's fresh
/// one — filled with the generated sample when empty; later uses get the same library (a
/// failure is tried again next time).
@MainActor
final class LibraryOpener {
    private let path: @MainActor () -> String
    private var library: PhotoLibrary?

    /// Opens the library at `path()` (asked on first use) when it is first wanted.
    init(path: @escaping @MainActor () -> String) { self.path = path }

    /// The library, opened now if it was not yet.
    func open() -> Result<PhotoLibrary, PhotoLibraryError> {
        if let library { return .success(library) }
        let result = Result { () throws(PhotoLibraryError) in try PhotoLibrary.openFillingSample(path: path()) }
        library = try? result.get()
        return result
    }

    /// The scene context's way to get it.
    var opening: @MainActor () -> Result<PhotoLibrary, PhotoLibraryError> { { [self] in open() } }

    /// For the showcase app: the library at `path` (the default file when nil).
    static func forApp(path: String?, environment: [String: String]) -> @MainActor () -> Result<PhotoLibrary, PhotoLibraryError> {
        LibraryOpener { path ?? PhotoLibrary.defaultPath(environment: environment) }.opening
    }
}

extension ShowcaseApp {
    /// How the app opens its photo library: `path` (the default file when nil), on first
    /// use, filled with the sample when empty.
    package static func libraryOpener(path: String?, environment: [String: String]) -> @MainActor () -> Result<PhotoLibrary, PhotoLibraryError> {
        LibraryOpener.forApp(path: path, environment: environment)
    }
}
