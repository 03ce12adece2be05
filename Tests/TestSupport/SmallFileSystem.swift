import Foundation
import Testing

/// A file system the test makes itself, small enough to fill: a tmpfs of a few bytes or
/// inodes, mounted on a new folder and unmounted when released. Mounting needs root; tests
/// that need one are enabled with ``isAvailable`` and say why when they are skipped.
public final class SmallFileSystem {
    /// Where it is mounted.
    public let path: String

    /// True when this process may mount one (it runs as root).
    public static var isAvailable: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount") }
    /// Printed when a test is skipped.
    public static let skipReason: Comment = "needs root to mount a small tmpfs (run the tests as root, as CI does)"

    /// Mounts a tmpfs of `bytes` (rounded up to pages) and at most `inodes` files and folders.
    public init(bytes: Int, inodes: Int? = nil) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("small-fs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var options = "size=\(bytes)"
        if let inodes { options += ",nr_inodes=\(inodes)" }
        let status = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", path])
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw MountFailure(status: status)
        }
    }

    deinit {
        _ = try? Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Mounts it again read-only, as a read-only disk or share is.
    public func makeReadOnly() throws {
        let status = try Self.run("/bin/mount", ["-o", "remount,ro", path])
        guard status == 0 else { throw MountFailure(status: status) }
    }

    /// `mount` failed.
    public struct MountFailure: Error { public let status: Int32 }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
