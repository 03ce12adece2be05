internal import CLineTerminal
import TUICore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks a real terminal what it can draw (``GraphicsProbe``), for a program that is not
/// running a full-screen app (which asks through its own input): the terminal is put in raw
/// mode for the while, the queries written, the answers read until DA1's or `timeout`.
public enum TerminalQuery {
    /// The answers of the terminal on `input` and `output`, nil when either is not a
    /// terminal or it did not answer DA1 within `timeout`.
    public static func graphics(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeout: Duration = .seconds(1)) -> GraphicsAnswers? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }
        let queries = Array(GraphicsProbe.queries.utf8)
        var written = 0
        while written < queries.count {
            let n = queries[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            written += n
        }
        var probe = GraphicsProbe()
        let clock = ContinuousClock(), deadline = clock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !probe.isComplete {
            let left = deadline - clock.now
            guard left > .zero else { return nil }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            guard ready > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            guard n > 0 else { continue }
            probe.read(Array(buffer[0..<n]))
        }
        return probe.answers
    }

    /// The window's size in pixels as the terminal on `descriptor` reports it (`TIOCGWINSZ`),
    /// nil when it does not.
    public static func windowPixels(of descriptor: Int32 = STDOUT_FILENO) -> Size? {
        var width: Int32 = 0, height: Int32 = 0
        ik_line_window_pixels(descriptor, &width, &height)
        return width > 0 && height > 0 ? Size(width: Int(width), height: Int(height)) : nil
    }
}
