internal import CChildProcess
import Foundation
import KitSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX edges of running a command under an indicator (`showcase run`): starting it
/// on pipes in this process's group (so it can read the terminal like any foreground
/// job), passing interruptions on, reading its pipes without blocking, noticing its end
/// at once, and writing bytes with failures reported.
///
/// ```swift
/// ChildProcessIO.prepareToForwardInterruptions()
/// let child = try ChildProcessIO.spawn(["make", "-j2"])
/// ChildProcessIO.forwardInterruptions(to: child.pid)
/// let watch = ChildProcessIO.watchEnd(of: child.pid) { code, bySignal in … }
/// let (bytes, ended) = ChildProcessIO.readAvailable(from: child.output)
/// ```
public enum ChildProcessIO {
    /// A started command: its process and the read ends of its standard output and error.
    public struct Child: Sendable {
        /// The process identifier.
        public let pid: Int32
        /// Where its standard output can be read (non-blocking).
        public let output: Int32
        /// Where its standard error can be read (non-blocking).
        public let errors: Int32
    }

    /// Why a command could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// The system's reason, e.g. "No such file or directory".
        public let description: String
        /// The `errno` value, 0 when there is none.
        public var code: Int32 = 0

        /// Whether no such command was found (a shell then exits with 127; with 126 when
        /// it was found but could not be run).
        public var isNotFound: Bool { code == ENOENT || code == 0 }

        /// A failure for `description`, with the `errno` value `code` (0: none).
        public init(description: String, code: Int32 = 0) {
            self.description = description
            self.code = code
        }
    }

    /// A write that failed.
    public struct WriteFailure: Error, CustomStringConvertible, Sendable {
        /// The system's reason.
        public let description: String
        /// Whether the reader went away (a closed pipe), rather than a disk error.
        public let isBrokenPipe: Bool

        /// A failure for `description`.
        public init(description: String, isBrokenPipe: Bool) {
            self.description = description
            self.isBrokenPipe = isBrokenPipe
        }
    }

    /// Starts `arguments` (the first looked up in `PATH`) with its standard output and
    /// error on pipes; its standard input is ours. It runs in this process's group, every
    /// signal at its default and none blocked.
    public static func spawn(_ arguments: [String]) throws(SpawnError) -> Child {
        try spawn(arguments, aside: false)
    }

    /// ``spawn(_:)``; `aside`: a helper asked a question, its input /dev/null, interruptions
    /// not passed to it.
    private static func spawn(_ arguments: [String], aside: Bool) throws(SpawnError) -> Child {
        guard !arguments.isEmpty else { throw SpawnError(description: "no command") }
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        var output: Int32 = -1
        var errors: Int32 = -1
        let result = pointers.withUnsafeBufferPointer { argv in
            ikp_spawn(argv.baseAddress, &output, &errors, aside ? 1 : 0)
        }
        guard result < 0 else { throw SpawnError(description: String(cString: strerror(result)), code: result) }
        for descriptor in [output, errors] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        return Child(pid: -result, output: output, errors: errors)
    }

    /// What the program `arguments[0]` (found on `PATH`) writes when run with `arguments`, no
    /// shell between (so nothing in them is read as shell syntax), its input empty and its
    /// errors dropped; at most `limit` bytes of it. nil when it cannot start, fails, is ended
    /// by a signal or takes longer than `timeout` (it is killed then): a question asked of a
    /// helper (`tmux show -gv`, `infocmp`).
    package static func output(of arguments: [String], timeout: Duration, limit: Int = 64 << 10) -> String? {
        guard let child = try? spawn(arguments, aside: true) else { return nil }
        let deadline = ContinuousClock.now + timeout
        var kept: [UInt8] = []
        var open = [child.output, child.errors]
        var timedOut = false
        while !open.isEmpty {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                timedOut = true
                break
            }
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            // At most a minute a wait: a timeout of any size (Int64.max seconds) never overflows.
            let waited = min(left, .seconds(60)).components
            let milliseconds = waited.seconds * 1000 + waited.attoseconds / 1_000_000_000_000_000 + 1
            let ready = poll(&watched, nfds_t(watched.count), Int32(milliseconds))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            for entry in watched where entry.revents != 0 {
                let (data, ended) = readAvailable(from: entry.fd)
                if entry.fd == child.output { kept += data.prefix(max(0, limit - kept.count)) }
                if ended {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        for descriptor in open { close(descriptor) }
        if timedOut { kill(child.pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0, errno == EINTR {}
        guard !timedOut, status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }  // exited, with 0
        return String(decoding: kept, as: UTF8.self)
    }

    /// Call before ``spawn(_:)``: SIGINT, SIGTERM and SIGHUP are unblocked and, until
    /// ``forwardInterruptions(to:)``, still end this process; SIGPIPE is ignored, so a
    /// closed output shows as a write failure.
    public static func prepareToForwardInterruptions() {
        ikp_prepare_to_forward_interruptions()
    }

    /// From now on SIGINT, SIGTERM and SIGHUP that another process sends to this one go on
    /// to `pid`; those from the terminal (Ctrl-C), which reached the command too, are
    /// swallowed, so this process stays to report how the command ended. (A plain signal
    /// handler: the signal must be caught on whichever thread the kernel picks.)
    public static func forwardInterruptions(to pid: Int32) {
        ikp_forward_interruptions(pid)
    }

    /// The first interruption (SIGINT, SIGTERM, SIGHUP) that came while a command ran, nil if
    /// none. A command still running ``interruptGrace`` after it is sent SIGKILL.
    public static var interruption: Int32? {
        let number = ikp_interruption_received()
        return number == 0 ? nil : number
    }

    /// How long an interrupted command is given to end before it is killed.
    public static let interruptGrace: Duration = .seconds(Int64(IKP_INTERRUPT_GRACE_SECONDS))

    /// Ends this process by `signal`, as if it had not been caught (so a shell running it
    /// in a loop sees the interruption and stops too).
    public static func endBySignal(_ signal: Int32) -> Never {
        ikp_end_by_signal(signal)
        exit(128 + signal)
    }

    /// Calls `ended` on the main queue once, when child `pid` has ended (it is reaped),
    /// with its exit status or the signal that ended it — as soon as it ends, even while a
    /// background child it started still holds its pipes. A thread of the shim's waits and
    /// reports through a pipe, so no signal can hide the end or reach that thread. Keep the
    /// returned source. (To wait on the descriptor in a loop of your own:
    /// ``endDescriptor(of:)`` and ``takeEnd(from:)``.)
    @MainActor
    public static func watchEnd(of pid: Int32, _ ended: @escaping @MainActor (_ code: Int32, _ bySignal: Bool) -> Void) -> (any DispatchSourceRead)? {
        guard let descriptor = endDescriptor(of: pid) else { return nil }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler {
            source.cancel()
            let end = readEnd(from: descriptor)
            MainActor.assumeIsolated { ended(end.code, end.bySignal) }
        }
        source.setCancelHandler { _ = closeDescriptor(descriptor) }
        source.resume()
        return source
    }

    /// A descriptor that becomes readable once child `pid` has ended (it is reaped); read it
    /// then with ``takeEnd(from:)``. Nil when no thread could be started to wait for it.
    public static func endDescriptor(of pid: Int32) -> Int32? {
        let descriptor = ikp_watch_child(pid)
        return descriptor >= 0 ? descriptor : nil
    }

    /// The exit status or signal that an ``endDescriptor(of:)`` reports once readable; the
    /// descriptor is closed (stop watching it first).
    public static func takeEnd(from descriptor: Int32) -> (code: Int32, bySignal: Bool) {
        defer { _ = closeDescriptor(descriptor) }
        return readEnd(from: descriptor)
    }

    /// The exit status or signal that an ``endDescriptor(of:)`` reports once readable, leaving
    /// the descriptor open: for a caller whose event loop watches it and closes it once the
    /// watch's cancellation has been handled.
    public static func readEnd(from descriptor: Int32) -> (code: Int32, bySignal: Bool) {
        var result: (Int32, Int32) = (127, 0)
        _ = withUnsafeMutableBytes(of: &result) { read(descriptor, $0.baseAddress, $0.count) }  // 8 bytes, written at once
        return (result.0, result.1 != 0)
    }

    /// Up to `limit` bytes that `descriptor` (non-blocking) holds now, and whether it has
    /// ended (every writer closed it). An empty read that has not ended means "nothing yet".
    public static func readAvailable(from descriptor: Int32, limit: Int = 1 << 20) -> (data: Data, ended: Bool) {
        // What the pipe holds, in one read into a buffer of its size: no scratch buffer to
        // fault in and copy out of on every call (which cost a fast command half its speed).
        // A pipe that says it holds nothing is read into a small buffer on the stack, which
        // tells "nothing yet" from the end without allocating on every idle look.
        var waiting: Int32 = 0
        guard ioctl(descriptor, UInt(FIONREAD), &waiting) == 0, waiting > 0 else {
            return withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 1) { buffer in
                let n = readRetrying(descriptor, buffer.baseAddress, buffer.count)
                if n > 0 { return (Data(UnsafeRawBufferPointer(rebasing: buffer[0..<n])), false) }
                return (Data(), n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
            }
        }
        let size = min(Int(waiting), max(1, limit))
        var data = Data(count: size)
        let n = data.withUnsafeMutableBytes { readRetrying(descriptor, $0.baseAddress, size) }
        if n > 0 {
            data.count = n
            return (data, false)
        }
        return (Data(), n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
    }

    /// `read(2)`, again when a signal interrupted it.
    private static func readRetrying(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        while true {
            let n = read(descriptor, buffer, count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// Closes `descriptor` (a pipe's read end: its writer then gets SIGPIPE).
    public static func close(_ descriptor: Int32) {
        _ = closeDescriptor(descriptor)
    }

    /// Writes all of `data` to `descriptor`; nil when it could, else why not.
    public static func write(_ data: Data, to descriptor: Int32) -> WriteFailure? {
        Descriptor.writeAll(data, to: descriptor).map { WriteFailure(description: String(cString: strerror($0)), isBrokenPipe: $0 == EPIPE) }
    }
}

/// `close(2)`, under a name the type's own `close(_:)` does not shadow.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
