#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing a file descriptor, one way for the whole kit: every byte, again where a signal
/// interrupted the write, and — on a descriptor that does not block — again once it can take
/// more. (A signal handler writes with `ik_line_write_within`, in C, within a time limit.)
package enum Descriptor {
    #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0  // Darwin: the socket's SO_NOSIGPIPE says it
    #endif

    /// How a write is made: `write(2)`, or `send(2)` without SIGPIPE (a socket whose peer
    /// may have gone).
    package enum Call: Sendable {
        case write, sendWithoutSignal
    }

    /// Writes all of `bytes` to `descriptor`, waiting while it cannot take more until
    /// `deadline` (none: for as long as it takes); nil when all went, else the `errno` of
    /// the write that failed (`EPIPE`: the reader went away; `ENOSPC`: the disk is full;
    /// `ETIMEDOUT`: the deadline passed).
    package static func writeAll(
        _ bytes: UnsafeRawBufferPointer,
        to descriptor: Int32,
        until deadline: ContinuousClock.Instant? = nil,
        by call: Call = .write
    ) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let n =
                switch call {
                case .write: write(descriptor, base + offset, bytes.count - offset)
                case .sendWithoutSignal: send(descriptor, base + offset, bytes.count - offset, noSignal)
                }
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                if let deadline, ContinuousClock.now >= deadline { return ETIMEDOUT }
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 100)  // until it can take more
            } else {
                return n == 0 ? EIO : errno
            }
        }
        return nil
    }

    /// Writes all of `bytes` (see the form on a buffer).
    package static func writeAll(
        _ bytes: some Collection<UInt8>,
        to descriptor: Int32,
        until deadline: ContinuousClock.Instant? = nil,
        by call: Call = .write
    ) -> Int32? {
        let whole = bytes.withContiguousStorageIfAvailable { writeAll(UnsafeRawBufferPointer($0), to: descriptor, until: deadline, by: call) }
        if let whole { return whole }
        return Array(bytes).withUnsafeBytes { writeAll($0, to: descriptor, until: deadline, by: call) }
    }

    /// What one `read(2)` of `descriptor` gives, at most `count` bytes, retried through
    /// interruptions: empty at the end of the input; the `errno` of a read that failed.
    package static func readSome(_ descriptor: Int32, upTo count: Int) -> Result<[UInt8], DescriptorError> {
        var bytes = [UInt8](repeating: 0, count: max(1, count))
        while true {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n >= 0 { return .success(Array(bytes.prefix(n))) }
            if errno != EINTR { return .failure(DescriptorError(code: errno)) }
        }
    }

    /// A call on a descriptor failed with `code` (an `errno`).
    package struct DescriptorError: Error {
        package let code: Int32
        /// What the system says of it.
        package var message: String { String(cString: strerror(code)) }
    }

    /// Writes all of `text`'s UTF-8 (see the form on a buffer).
    package static func writeAll(_ text: String, to descriptor: Int32, until deadline: ContinuousClock.Instant? = nil) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor, until: deadline) }
    }
}
