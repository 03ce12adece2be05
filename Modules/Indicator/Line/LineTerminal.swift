internal import CTerminalIO
import KitSupport
import ViewCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor as a `LineOutput` (by default standard error): tells whether it is
/// a terminal and how wide, writes text, and can make sure the cursor comes back if the
/// process is interrupted. It links no terminal library: a command-line tool with a
/// spinner or a progress bar needs no ncurses.
///
/// ```swift
/// let stream = LineTerminal.standardError
/// stream.restoreCursorOnSignals()
/// ```
public final class LineTerminal: LineOutput {
    /// The descriptor written to.
    public let descriptor: Int32
    /// Whether the descriptor is a terminal (else lines are written as a log).
    public let isTerminal: Bool

    /// A stream on `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        isTerminal = isatty(descriptor) == 1
    }

    /// Standard error, where indicators go so that standard output stays clean.
    public static var standardError: LineTerminal { LineTerminal(descriptor: STDERR_FILENO) }

    /// The terminal's width now (it follows resizes), 80 when it is not a terminal.
    public var columns: Int {
        let width = Int(ik_line_columns(descriptor))
        return width > 0 ? width : 80
    }

    /// Writes `text` whole, waiting while the terminal is not reading.
    public func write(_ text: String) {
        _ = Descriptor.writeAll(text, to: descriptor)  // a terminal gone takes nothing more
    }

    /// On SIGINT, SIGTERM, SIGHUP or SIGQUIT: leave the indicators' block as last drawn with
    /// the cursor below it (or clear it whole: ``ProgressGroup/clearsWhenInterrupted``), show
    /// the cursor, and let the signal end the process as usual — a block drawn by other means
    /// than a ``ProgressGroup`` has its line cleared; on Ctrl-Z show the cursor, and hide it
    /// again on `fg`.
    /// A signal the program handles itself already keeps its handler (`onlyUnhandled`, the
    /// default for ``ProgressGroup``), unless `onlyUnhandled` is false.
    public func restoreCursorOnSignals(onlyUnhandled: Bool = false) {
        guard isTerminal else { return }
        ik_line_restore_cursor_on_signals(descriptor, onlyUnhandled ? 1 : 0)
    }
}

extension LineTerminal {
    /// While an indicator draws (`quiet`), the terminal echoes no control characters, so
    /// Ctrl-C leaves no `^C` inside the line it interrupts; put back when it is done, and by
    /// the signal guard before the process ends or stops.
    func quietControlEcho(_ quiet: Bool) {
        guard isTerminal else { return }
        ik_line_quiet_control_echo(descriptor, quiet ? 1 : 0)
    }

    /// Tells the signal guard the block now drawn at the cursor: `rows` terminal rows (0: none),
    /// and whether a signal `clears` it or leaves it with the cursor below.
    func noteBlock(rows: Int, clears: Bool) {
        guard isTerminal else { return }
        ik_line_note_block(descriptor, Int32(clamping: rows), clears ? 1 : 0)
    }

    /// The rows the signal guard was last told of (nil: not told, or no guard on this descriptor).
    var notedBlockRows: Int? {
        let rows = Int(ik_line_noted_rows(descriptor))
        return rows >= 0 ? rows : nil
    }

    /// What the guard writes on an ending signal for a block of `rows` (nil: not told).
    static func endingBytes(rows: Int?, clears: Bool) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = ik_line_ending_bytes(Int32(clamping: rows ?? -1), clears ? 1 : 0, &buffer, buffer.count)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
