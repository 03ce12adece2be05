#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's arguments and paths as the bytes they are: a word or a file name need not
/// be UTF-8, and `CommandLine.arguments` would have replaced what is not.
package enum ProcessArguments {
    /// The arguments after the program's name, each as its bytes.
    package static func bytes() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            guard let word = CommandLine.unsafeArgv[index] else { return nil }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(word).assumingMemoryBound(to: UInt8.self), count: strlen(word)))
        }
    }

    /// Opens the file whose path is `path`'s bytes (any bytes but NUL); the descriptor, or -1
    /// with `errno` set.
    package static func open(_ path: [UInt8], flags: Int32) -> Int32 {
        guard !path.contains(0) else {
            errno = EINVAL
            return -1
        }
        return (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { systemOpen($0, flags) }
        }
    }

    /// `open(2)`, by the name this type's own `open` hides.
    private static func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags)
        #else
        Darwin.open(path, flags)
        #endif
    }
}
