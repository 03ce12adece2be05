import Foundation

/// A new folder under the temporary directory, for database files a test makes.
struct TemporaryFolder {
    let url: URL

    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of file `name` in the folder.
    func path(_ name: String = "test.sqlite") -> String { url.appendingPathComponent(name).path }
}
