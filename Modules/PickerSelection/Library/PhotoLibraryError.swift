import SQLiteStore

/// Why the photo library could not be used. Each message says what to do.
public enum PhotoLibraryError: Error, CustomStringConvertible {
    /// The file exists but is not a photo library (another program's database, or damaged).
    case notALibrary(path: String, reason: String)
    /// A database operation failed.
    case database(SQLiteError)
    /// The folder for the library could not be made.
    case cannotCreateFolder(path: String, reason: String)

    public var description: String {
        switch self {
        case .notALibrary(let path, let reason):
            "\(path) is not an IndicatorKit photo library (\(reason)); it was left untouched — choose another file with --library PATH"
        case .database(let error):
            "the photo library failed: \(error)"
        case .cannotCreateFolder(let path, let reason):
            "cannot create \(path): \(reason); choose another place with --library PATH"
        }
    }
}
