import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random access to the bytes of a GIF, from a file (never read whole) or from memory.
protocol ByteSource: AnyObject {
    /// The number of bytes.
    var count: Int { get }
    /// Copies up to `buffer.count` bytes starting at `offset`; returns how many were copied.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int
}

/// A file read with `pread`, a piece at a time.
final class FileByteSource: ByteSource {
    private let descriptor: Int32
    let count: Int

    init(path: String) throws(GifDecodingError) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadableFile(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unreadableFile(path: path, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .unreadableFile(
                path: path,
                reason: (info.st_mode & S_IFMT) == S_IFDIR ? "it is a folder" : "it is not a regular file (a pipe, a device or a socket)"
            )
        }
        descriptor = fd
        count = Int(info.st_size)
    }

    deinit { close(descriptor) }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        guard offset < count, let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if n <= 0 { break }
            done += n
        }
        return done
    }
}

/// Bytes already in memory.
final class DataByteSource: ByteSource {
    private let bytes: [UInt8]
    var count: Int { bytes.count }

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        guard offset >= 0, offset < bytes.count else { return 0 }
        let n = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { source in
            guard let from = source.baseAddress else { return }
            buffer.baseAddress?.copyMemory(from: from + offset, byteCount: n)
        }
        return n
    }
}
