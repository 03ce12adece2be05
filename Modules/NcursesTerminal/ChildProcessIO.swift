import CNcursesw
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX edges of running a command under an indicator (`showcase run`): passing the
/// user's interruptions on to the command, reading what its pipes still hold once it has
/// ended, and writing bytes to a descriptor with failures reported.
///
/// ```swift
/// ChildProcessIO.prepareToForwardInterruptions()
/// try process.run()
/// ChildProcessIO.forwardInterruptions(to: process.processIdentifier)
/// // … when it has ended:
/// let rest = ChildProcessIO.readAvailable(from: pipe.fileHandleForReading.fileDescriptor)
/// ```
public enum ChildProcessIO {
    /// Call before starting the command: SIGINT, SIGTERM and SIGHUP are unblocked (a
    /// process started from a thread that blocks them inherits that mask, and so would the
    /// command) and, until ``forwardInterruptions(to:)``, still end this process.
    public static func prepareToForwardInterruptions() {
        ik_prepare_to_forward_interruptions()
    }

    /// From now on SIGINT, SIGTERM and SIGHUP sent to this process are sent on to `pid`
    /// (to its process group when it leads one) instead of ending this process, so the
    /// command decides what an interruption means and this process reports how it ended.
    /// (A plain signal handler, not a Dispatch source: the signal must be caught on
    /// whichever thread the kernel picks.)
    public static func forwardInterruptions(to pid: Int32) {
        ik_forward_interruptions(pid)
    }

    /// Calls `ended` on the main queue once, when child `pid` has ended, with its exit
    /// status (or the signal that ended it) — as soon as it ends, even when a background
    /// child it started still holds what it inherited. Keep the returned source.
    @MainActor
    public static func watchEnd(of pid: Int32, _ ended: @escaping @MainActor (_ code: Int32, _ bySignal: Bool) -> Void) -> any DispatchSourceSignal {
        let source = DispatchSource.makeSignalSource(signal: SIGCHLD, queue: .main)
        let watch = EndWatch()
        let check: @MainActor () -> Void = {
            var code: Int32 = 0, bySignal: Int32 = 0
            guard !watch.reported, ik_child_has_ended(pid, &code, &bySignal) == 1 else { return }
            watch.reported = true
            source.cancel()
            ended(code, bySignal != 0)
        }
        source.setEventHandler { MainActor.assumeIsolated { check() } }
        source.resume()
        DispatchQueue.main.async { MainActor.assumeIsolated { check() } }  // it may have ended already
        return source
    }

    /// What `descriptor` holds now, read without waiting: a command that has ended may
    /// have left a background child holding its pipe open, and that must not hold us.
    public static func readAvailable(from descriptor: Int32) -> Data {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return read(descriptor, base, bytes.count)
            }
            if n > 0 {
                result.append(contentsOf: buffer[0..<n])
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return result
            }
        }
    }

    /// Writes all of `data` to `descriptor`; the `errno` text when it cannot (a full disk,
    /// a closed pipe), nil when it could.
    public static func write(_ data: Data, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < data.count {
            let n = data.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return posixWrite(descriptor, base + offset, bytes.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return String(cString: strerror(errno)) }
            offset += n
        }
        return nil
    }
}

/// `write(2)`, under a name the type's own `write(_:to:)` does not shadow.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Whether a ``ChildProcessIO/watchEnd(of:_:)`` has reported.
@MainActor
private final class EndWatch {
    var reported = false
}
