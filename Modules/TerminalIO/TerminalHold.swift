internal import CTerminalIO
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An app's hold on its terminal, inline or full screen, one at a time: input raw, and the
/// terminal's signals taken in one C layer (CTerminalIO's `ik_hold_…`) — an ending signal
/// writes what was last told (``tell(ending:stop:resume:)``) and gives the modes back; Ctrl-Z
/// gives the terminal back and, on `fg`, enters the app's modes again; a resize, a continue or
/// a wake-up make ``descriptor`` readable.
enum TerminalHold {
    /// What made the descriptor readable since it was last drained.
    struct Told: OptionSet {
        let rawValue: Int32
        static let resized = Told(rawValue: 1)
        static let continued = Told(rawValue: 2)
        static let woken = Told(rawValue: 4)
    }

    /// Takes `input` raw; the descriptor readable on a resize, a continue or a wake-up (the
    /// caller's to close, once ``end()`` is called and nothing watches it).
    static func begin(_ input: Int32) throws(TerminalError) -> Int32 {
        let pipe = ik_hold_begin(input)
        guard pipe >= 0 else {
            throw errno == EBUSY ? .startFailed("another app holds the terminal") : .startFailed(String(cString: strerror(errno)))
        }
        return pipe
    }

    /// The most bytes each of an ending, a stop and a resume keeps.
    static var capacity: Int { Int(ik_hold_ending_capacity()) }

    /// What a signal writes from now: `ending` when the process ends by it (or faults), `stop`
    /// when Ctrl-Z stops it, `resume` once it is continued.
    static func tell(ending: String, stop: String, resume: String = "") {
        let ending = Array(ending.utf8)
        let stop = Array(stop.utf8)
        let resume = Array(resume.utf8)
        ending.withUnsafeBytes { e in
            stop.withUnsafeBytes { s in
                resume.withUnsafeBytes { r in
                    ik_hold_set_endings(
                        e.baseAddress?.assumingMemoryBound(to: CChar.self),
                        e.count,
                        s.baseAddress?.assumingMemoryBound(to: CChar.self),
                        s.count,
                        r.baseAddress?.assumingMemoryBound(to: CChar.self),
                        r.count
                    )
                }
            }
        }
    }

    /// Empties the descriptor: what made it readable.
    static func drain() -> Told { Told(rawValue: ik_hold_drain()) }

    /// Makes the descriptor readable: input held back waits to be read.
    static func wake() { ik_hold_wake() }

    /// Stops the process as Ctrl-Z does; returns once continued (the descriptor says so).
    static func suspend() { ik_hold_suspend() }

    /// Gives the modes and the signals back as they were. Safe to call more than once.
    static func end() { ik_hold_end() }

    /// The window's size in cells on `output`: 80 columns and 24 rows where it does not say.
    static func window(of output: Int32) -> Size {
        var columns: Int32 = 0
        var lines: Int32 = 0
        ik_line_window_cells(output, &columns, &lines)
        return Size(width: columns > 0 ? Int(columns) : 80, height: lines > 0 ? Int(lines) : 24)
    }
}
