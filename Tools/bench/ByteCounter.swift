import Foundation
import KitSupport
import TerminalIO

/// Drains a pseudo-terminal's primary side on a background thread (so the program
/// writing to it never blocks on a full buffer) and counts the bytes.
final class ByteCounter: Sendable {
    /// What the drain thread and the bench share.
    private struct Counts {
        var total = 0
        var busy = false
        var stopped = false
        var captured: [UInt8]?
    }
    private let counts = Locked(Counts())
    private let fd: Int32
    private nonisolated(unsafe) let pty: PseudoTerminal  // its descriptors only: read here, drained by tcdrain

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
            let stopped = counts.withLock { counts in
                if !counts.stopped { counts.busy = true }
                return counts.stopped
            }
            if stopped { return }
            var n = 0
            if ready > 0 { n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            counts.withLock { counts in
                if n > 0 {
                    counts.total += n
                    counts.captured?.append(contentsOf: buffer[0..<n])
                }
                counts.busy = false
            }
        }
    }

    /// The bytes written so far, once everything already written has been read.
    /// Bytes pass through the kernel's tty layer asynchronously, so "settled" means the
    /// secondary side is drained and the count has not moved for a few quiet checks.
    func settledTotal() -> Int {
        tcdrain(pty.secondary)
        var last = -1
        var quietChecks = 0
        while true {
            let pending = pty.pendingByteCount
            let (idle, value) = counts.withLock { (!$0.busy && pending == 0, $0.total) }
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
        counts.withLock { $0.captured = [] }
    }

    /// The bytes read since `startCapture()`.
    func endCapture() -> [UInt8] {
        _ = settledTotal()
        return counts.withLock { counts in
            defer { counts.captured = nil }
            return counts.captured ?? []
        }
    }

    func stop() {
        counts.withLock { $0.stopped = true }
    }
}
