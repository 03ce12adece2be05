internal import CTerminalIO
import KitSupport
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal pair: programs draw on the `secondary` side as on a real terminal,
/// and whatever they write can be read from the `primary` side (and input written to it).
/// Used by tests and benchmarks to drive ``FullScreenTerminal`` without a window.
///
/// ```swift
/// let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
/// let terminal = try FullScreenTerminal.open(input: pty.secondary, output: pty.secondary,
///                                         environment: ["TERM": "xterm-256color"])
/// terminal.present(canvas)
/// let bytes = pty.readAvailable()
/// ```
public final class PseudoTerminal {
    /// The controlling side: read the program's output here, write its input here.
    public let primary: Int32
    /// The side a program uses as its terminal.
    public let secondary: Int32

    /// Why a pseudo-terminal could not be opened.
    public struct OpenError: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
    }

    /// Opens a pair with the given window size.
    public init(size: Size) throws(OpenError) {
        var fd: Int32 = -1
        var other: Int32 = -1
        guard ik_open_pty(&fd, &other) == 0 else {
            throw OpenError(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        primary = fd
        secondary = other
        _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
        resize(to: size)
    }

    deinit {
        close(secondary)
        if !hasHungUp { close(primary) }
    }

    /// Whether ``hangUp()`` closed the primary side.
    public private(set) var hasHungUp = false

    /// Closes the primary side, as a terminal window closing does: the program's reads of
    /// its terminal end (EIO) and its writes fail. Nothing can be read or sent after.
    public func hangUp() {
        guard !hasHungUp else { return }
        hasHungUp = true
        close(primary)
    }

    /// Sets the window size the program sees (it gets SIGWINCH if it is the foreground job).
    public func resize(to size: Size) {
        var ws = winsize(ws_row: UInt16(clamping: size.height), ws_col: UInt16(clamping: size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(secondary, UInt(TIOCSWINSZ), &ws)
    }

    /// Everything the program has written and not yet read, without waiting.
    public func readAvailable() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            result += buffer[0..<n]
        }
        return result
    }

    /// Reads the primary side as output arrives until `condition` holds for everything read
    /// so far, waiting on the descriptor (no sleeping), for `timeout` at most (a safety net);
    /// returns what was read, as text.
    public func output(until condition: (String) -> Bool, timeout: Duration = .seconds(10)) -> String {
        var text = String(decoding: readAvailable(), as: UTF8.self)
        let deadline = ContinuousClock.now + timeout
        while !condition(text) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left.milliseconds, 1000)) + 1)
            if ready < 0 && errno != EINTR { break }
            text += String(decoding: readAvailable(), as: UTF8.self)
        }
        return text
    }

    /// The number of bytes waiting to be read on the primary side.
    public var pendingByteCount: Int {
        var count: Int32 = 0
        return ioctl(primary, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }

    /// Types `bytes` into the program, as if from the keyboard: all of them, waiting while
    /// the terminal's input is full (the program reads it), for `timeout` at most.
    public func send(_ bytes: [UInt8], timeout: Duration = .seconds(10)) {
        _ = Descriptor.writeAll(bytes, to: primary, until: ContinuousClock.now + timeout)
    }
}
