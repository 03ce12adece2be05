internal import CTerminalIO
import ChildProcess
import KitSupport
import Pixels

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
    /// terminal or it did not answer DA1 within `timeout`. Inside tmux (`environment`, the
    /// process's own when nil) kitty's graphics query is not sent: tmux would take it for
    /// the pane's title.
    public static func graphics(
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        timeout: Duration = .seconds(1),
        environment: [String: String]? = nil
    ) -> GraphicsAnswers? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        var probe = GraphicsProbe()
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        let environment = environment ?? ["TMUX": variable("TMUX"), "TERM": variable("TERM")].compactMapValues { $0 }
        let queries = GraphicsProbe.queries(insideTmux: GraphicsProbe.isInsideTmux(environment))
        _ = exchange(Array(queries.utf8), input: input, output: output, timeout: timeout) { bytes in
            probe.read(bytes)
            return probe.isComplete
        }
        return probe.isComplete ? probe.answers : nil
    }

    /// Inside tmux, what tmux says of the terminal it runs in (``GraphicsProbe/answers(fromTmux:)``),
    /// asked with `tmux display-message` within `timeout` (a tmux server that does not answer,
    /// stopped or hung, is given up on then); nil outside tmux or when tmux does not answer.
    public static func tmux(environment: [String: String], timeout: Duration = commandTimeout) -> GraphicsAnswers? {
        guard let session = environment["TMUX"] else { return nil }
        // The server `TMUX` names (its socket, before the first comma), not only the default one.
        let socket = session.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let server = socket.isEmpty ? [] : ["-S", socket]
        guard let text = output(of: ["tmux"] + server + ["display-message", "-p", "#{allow-passthrough} #{client_termtype}"], timeout: timeout),
            !text.isEmpty
        else { return nil }
        return GraphicsProbe.answers(fromTmux: text)
    }

    /// How long a command asked about the terminal may take (tmux): one second.
    public static let commandTimeout: Duration = .seconds(1)

    /// What the program `arguments[0]` (found on `PATH`) writes when run with `arguments`, no
    /// shell between (so nothing in them is read as shell syntax), its input empty and its
    /// errors dropped; at most `limit` bytes of it. nil when it cannot start, fails, is ended
    /// by a signal or takes longer than `timeout` (it is killed then).
    package static func output(of arguments: [String], timeout: Duration = commandTimeout, limit: Int = 64 << 10) -> String? {
        ChildProcessIO.output(of: arguments, timeout: timeout, limit: limit)  // the kit's one spawner
    }

    /// Writes `request` to `output` and reads what comes back on `input`, the terminal in
    /// raw mode for the while (no echo, no line editing), until `done` says the bytes read
    /// so far (each batch given once) are enough, `timeout` has passed or input ends.
    /// Returns every byte read, nil when the terminal's mode could not be set or the
    /// request not written.
    public static func exchange(_ request: [UInt8], input: Int32, output: Int32, timeout: Duration, until done: ([UInt8]) -> Bool) -> [UInt8]? {
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
        guard Descriptor.writeAll(request, to: output) == nil else { return nil }
        var received: [UInt8] = []
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        var late = false
        while true {
            // Past the deadline, what already waits is still read, once: a process held off
            // the processor for the whole wait (a busy machine) takes the answers that came.
            let left = deadline - clock.now
            if left <= .zero {
                guard !late else { break }
                late = true
            }
            var watch = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watch, 1, late ? 0 : Int32(max(1, left.milliseconds)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            let batch = Array(buffer[0..<n])
            received += batch
            if done(batch) { break }
        }
        return received
    }

    /// The window's size in cells (`TIOCGWINSZ`), nil when `descriptor` is not a terminal.
    public static func windowCells(of descriptor: Int32 = STDOUT_FILENO) -> Size? {
        var columns: Int32 = 0
        var rows: Int32 = 0
        ik_line_window_cells(descriptor, &columns, &rows)
        return columns > 0 && rows > 0 ? Size(width: Int(columns), height: Int(rows)) : nil
    }

    /// The window's size in pixels as the terminal on `descriptor` reports it (`TIOCGWINSZ`),
    /// nil when it does not.
    public static func windowPixels(of descriptor: Int32 = STDOUT_FILENO) -> Size? {
        var width: Int32 = 0
        var height: Int32 = 0
        ik_line_window_pixels(descriptor, &width, &height)
        return width > 0 && height > 0 ? Size(width: Int(width), height: Int(height)) : nil
    }
}

extension PictureDrawing {
    /// Runs `write`, which writes a picture to the terminal on `output`, with the terminal on
    /// `input` quiet: its echo off, so keys typed meanwhile neither print on the screen nor
    /// land inside the picture's bytes (where they broke a kitty picture's base64). The
    /// kernel takes a picture long before the terminal has read it, so the terminal is then
    /// asked a question (DA1) and its answer waited for (two seconds at most): every byte
    /// before it has been read. What was typed meanwhile is thrown away and the echo is back,
    /// as kitty's `icat` does. A signal meanwhile turns the echo back on first. When `input`
    /// or `output` is not a terminal, `write` just runs.
    public static func writingQuietly<T>(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, _ write: () throws -> T) rethrows -> T {
        guard isatty(input) == 1, isatty(output) == 1, ik_quiet_begin(input) == 0 else { return try write() }
        defer {
            waitUntilRead(input: input, output: output)
            ik_quiet_end(1)
        }
        return try write()
    }

    /// Asks DA1 and reads until its answer comes (or two seconds pass): everything written
    /// before it has been read by the terminal.
    private static func waitUntilRead(input: Int32, output: Int32) {
        var probe = GraphicsProbe()
        _ = TerminalQuery.exchange(Array("\u{1B}[c".utf8), input: input, output: output, timeout: .seconds(2)) { batch in
            probe.read(batch)
            return probe.isComplete
        }
    }
}
