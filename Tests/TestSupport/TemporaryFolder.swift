import Foundation

/// A folder of its own under the temporary folder, removed with everything in it when the
/// value goes away.
public final class TemporaryFolder {
    /// Its path.
    public let path: String

    /// Makes a new, empty folder (`prefix` starts its name).
    public init(_ prefix: String = "indicatorkit-test") throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside it.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A new, empty folder under the temporary folder, its name starting with `prefix`. The
/// caller removes it (`defer { try? FileManager.default.removeItem(at: folder) }`).
public func makeTemporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
