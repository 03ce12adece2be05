import Foundation
import TerminalScreen
import ViewCore

/// A `LineOutput` in memory that reads back the rows a person would see after what was
/// written — indicatif's `InMemoryTerm`: test your own command-line tool's bars and spinners,
/// exactly and on a `ManualTime`, without a terminal.
///
/// ```swift
/// let output = InMemoryLineOutput(columns: 60)
/// let clock = ManualTime()
/// let group = ProgressGroup(output: output, mode: .animated(colors: false), clock: clock, drawsOnItsOwnThread: false)
/// let bar = group.bar(total: 4, message: "Copying")
/// bar.inc(2)
/// clock.advance(by: .seconds(1))
/// group.tick()
/// // output.screen == ["Copying ████████████▌░░░░░░░░░░░░ 50% 2/4 · 2.0/s · ETA 1 s"]
/// ```
///
/// As a terminal (`isTerminal`, the default) it replays what was written as a terminal
/// does — carriage returns, line feeds, cursor moves, erases, a line wider than `columns`
/// wrapping onto the next row — with one difference: no row scrolls away, every row written
/// is read back. Colours and cursor visibility are dropped. As a pipe, what was written is
/// the log, line by line. Safe from any thread.
public final class InMemoryLineOutput: LineOutput, @unchecked Sendable {  // mutable state is only touched under `lock`
    /// Whether it stands for a terminal (the group animates) or a pipe (the group logs).
    public let isTerminal: Bool
    private let lock = NSLock()
    private var written = ""
    private var writes = 0
    /// What a terminal shows after the writes so far, fed as they come.
    private var model: ScreenModel

    /// An output as wide as `columns`, a terminal unless `isTerminal` is false.
    public init(isTerminal: Bool = true, columns: Int = 80) {
        self.isTerminal = isTerminal
        model = ScreenModel(size: Size(width: max(1, columns), height: 1), grows: true, newlineReturns: true)
    }

    /// Its width in cells; change it to see how lines follow a resize (what was written
    /// stays as it is, cut at the new width, as xterm keeps it).
    public var columns: Int {
        get { lock.withLock { model.size.width } }
        set { lock.withLock { model.resize(to: Size(width: max(1, newValue), height: model.size.height)) } }
    }

    /// Writes `text` (what a ``ProgressGroup`` calls).
    public func write(_ text: String) {
        lock.withLock {
            written += text
            writes += 1
            model.feed(text)
        }
    }

    /// Everything written so far, escape sequences and all.
    public var text: String { lock.withLock { written } }
    /// How many writes were made.
    public var writeCount: Int { lock.withLock { writes } }

    /// The rows a terminal would show after the writes so far, each without its trailing
    /// blanks (colours and cursor visibility dropped).
    public var screen: [String] { lock.withLock { model.rows } }

    /// ``screen`` as one text, the blank rows at its end left out.
    public var contents: String {
        var rows = screen
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows.joined(separator: "\n")
    }
}
