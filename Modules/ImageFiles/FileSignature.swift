import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ImageFile {
    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter), or
    /// nil when it cannot be opened or is not a regular file: a FIFO or a device is never
    /// waited on. What a picture is is told by these bytes, not by its name.
    public static func firstBytes(ofFile path: String, count: Int = 8) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        return Array(bytes.prefix(filled))
    }
}

/// `read(2)`, under a name `ImageFile.read` does not shadow.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension ImageFile.Format {
    /// The format a file's first bytes say: PNG's eight-byte signature, JPEG's start-of-image
    /// marker (`FF D8 FF`); nil for anything else.
    public init?(signature bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
