import Foundation
import NcursesTerminal

/// Drains a pseudo-terminal's primary side on a background thread (so the program
/// writing to it never blocks on a full buffer) and counts the bytes.
final class ByteCounter: @unchecked Sendable {
    // @unchecked: `total` and `busy` are only touched under `lock`.
    private let lock = NSLock()
    private var total = 0
    private var busy = false
    private var stopped = false
    private var captured: [UInt8]?
    private let fd: Int32
    private let pty: PseudoTerminal

    init(pty: PseudoTerminal) {
        self.pty = pty
        fd = pty.primary
        let thread = Thread { [self] in self.drainLoop() }
        thread.start()
    }

    private func drainLoop() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 500)
            lock.lock()
            if stopped { lock.unlock(); return }
            busy = true
            lock.unlock()
            var n = 0
            if ready > 0 { n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            lock.lock()
            if n > 0 {
                total += n
                captured?.append(contentsOf: buffer[0..<n])
            }
            busy = false
            lock.unlock()
        }
    }

    /// The bytes written so far, once everything already written has been read.
    /// Bytes pass through the kernel's tty layer asynchronously, so "settled" means the
    /// secondary side is drained and the count has not moved for a few quiet checks.
    func settledTotal() -> Int {
        tcdrain(pty.secondary)
        var last = -1, quietChecks = 0
        while true {
            lock.lock()
            let idle = !busy && pty.pendingByteCount == 0
            let value = total
            lock.unlock()
            if idle && value == last {
                quietChecks += 1
                if quietChecks >= 4 { return value }
            } else {
                quietChecks = 0
            }
            last = value
            usleep(500)
        }
    }

    /// Starts keeping a copy of the bytes read from now on.
    func startCapture() {
        _ = settledTotal()
        lock.lock()
        captured = []
        lock.unlock()
    }

    /// The bytes read since `startCapture()`.
    func endCapture() -> [UInt8] {
        _ = settledTotal()
        lock.lock()
        defer { captured = nil; lock.unlock() }
        return captured ?? []
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}
