import Foundation
import ViewCore

/// Where a new line goes among its group's running lines (indicatif's `insert`,
/// `insert_before`, `insert_after`): a line given that has left the block (or belongs to
/// another group) puts the new one last.
public enum LinePlacement: Sendable {
    /// Below every line (the default).
    case last
    /// At this index among the lines (0 the first; past the end, last).
    case index(Int)
    /// Just above this line.
    case before(LineIndicator)
    /// Just below this line.
    case after(LineIndicator)
}

/// One line of a ``ProgressGroup``: a ``ProgressBar`` or a ``Spinner``. Its message can
/// change at any time, from any thread; it ends with an outcome line (``succeed(_:detail:)-(String?,String?)``,
/// ``fail(_:detail:)-(String?,String?)``, ``warn(_:detail:)-(String?,String?)``, ``info(_:detail:)-(String?,String?)``), with its own last line
/// (``finish()``), or leaving no line (``clear()``). Drawing is the group's: from a thread
/// of its own, at most ``ProgressGroup/drawRate`` times a second and only when a line
/// changed, so whatever the caller's thread does, the line keeps time.
public class LineIndicator: @unchecked Sendable {  // mutable state is only touched under `group.lock`
    /// The group that draws it.
    public let group: ProgressGroup
    let position = Tally()
    var storedTotal: Int?
    var storedMessage: StyledText
    var storedPrefix = StyledText()
    /// The colours its styled text is resolved for: the terminal's, as the environment says.
    var colorDepth: ColorDepth { group.colorDepth }
    var storedShowsTime = true
    var storedStyle: ProgressStyle
    let unit: ProgressUnit
    let startedAt: Duration
    var ending: Ending?
    var estimator = RateEstimator()
    /// Whether it was added to the group's lines (and has a start line in a log).
    var announced = false
    /// The last lines of its task's output, shown under it on a terminal (a collapsible step).
    var tail: [String] = []
    /// How many of them are kept; 0 for none.
    var tailLimit = 0
    /// Whether the tail stays once the line ended (as it does after a failure).
    var keepsTail = false

    /// How a line ended.
    enum Ending: Sendable {
        /// A mark and a text: ✓ ✗ ⚠ ℹ.
        case outcome(Outcome, text: StyledText, at: Duration)
        /// Its own last line.
        case finished(at: Duration)
        /// No line.
        case cleared
    }

    /// The outcomes a line ends with, as ora's.
    public enum Outcome: Sendable, Hashable {
        /// Ended well: `✓`.
        case succeeded
        /// Ended in failure: `✗`.
        case failed
        /// Ended with something to look at: `⚠`.
        case warned
        /// Ended with a note: `ℹ`.
        case informed

        var mark: String {
            switch self {
            case .succeeded: "✓"
            case .failed: "✗"
            case .warned: "⚠"
            case .informed: "ℹ"
            }
        }

        var tone: LineCell.Tone {
            switch self {
            case .succeeded: .success
            case .failed: .failure
            case .warned: .warning
            case .informed: .info
            }
        }
    }

    init(group: ProgressGroup, total: Int?, message: String, unit: ProgressUnit, style: ProgressStyle, placement: LinePlacement) {
        self.group = group
        storedTotal = total.map { max(0, $0) }
        storedMessage = StyledText(message.sanitizedForTerminal)
        self.unit = unit
        storedStyle = style
        startedAt = group.clock.now()
        group.add(self, placement)
    }

    /// What the line says; changed from any thread, drawn at the next frame. Control
    /// characters and escape sequences show as U+FFFD: for colours, set ``styledMessage``.
    public var message: String {
        get { group.lock.withLock { storedMessage.plain } }
        set { group.lock.withLock { storedMessage = StyledText(newValue.sanitizedForTerminal) } }
    }

    /// What the line says, in colours of its own where it has them (a green `✔`); its
    /// ``message`` is its text without them.
    ///
    /// ```swift
    /// bar.styledMessage = "\("✔", style: Style(foreground: .green)) unpacked"
    /// bar.styledMessage = StyledText(ansi: coloredByAnotherLibrary)
    /// ```
    public var styledMessage: StyledText {
        get { group.lock.withLock { storedMessage } }
        set { group.lock.withLock { storedMessage = newValue.sanitizedForTerminal } }
    }

    /// Text before the message (`{prefix}`), e.g. `[2/5]`.
    public var prefix: String {
        get { group.lock.withLock { storedPrefix.plain } }
        set { group.lock.withLock { storedPrefix = StyledText(newValue.sanitizedForTerminal) } }
    }

    /// The ``prefix`` in colours of its own where it has them.
    public var styledPrefix: StyledText {
        get { group.lock.withLock { storedPrefix } }
        set { group.lock.withLock { storedPrefix = newValue.sanitizedForTerminal } }
    }

    /// Whether its end line says how long it took (`✓ Built (3.2 s)`; true by default):
    /// false for a step whose time says nothing (`✓ Built`).
    public var showsElapsedTime: Bool {
        get { group.lock.withLock { storedShowsTime } }
        set { group.lock.withLock { storedShowsTime = newValue } }
    }

    /// How the line reads.
    public var style: ProgressStyle {
        get { group.lock.withLock { storedStyle } }
        set { group.lock.withLock { storedStyle = newValue } }
    }

    /// Whether it has ended.
    public var isFinished: Bool { group.lock.withLock { ending != nil } }

    /// The time since it started (frozen once it ended).
    public var elapsed: Duration { group.lock.withLock { elapsed(at: group.clock.now()) } }

    func elapsed(at now: Duration) -> Duration {
        switch ending {
        case .outcome(_, _, let end), .finished(let end): end - startedAt
        default: now - startedAt
        }
    }

    /// Ends with `✓ text (1.2 s)` (green on a terminal unless `NO_COLOR`); the text is the
    /// message unless given.
    public func succeed(_ text: String? = nil, detail: String? = nil) { end(.succeeded, text.map { StyledText($0) }, detail) }
    /// Ends with `✗ text (detail, 1.2 s)` (red).
    public func fail(_ text: String? = nil, detail: String? = nil) { end(.failed, text.map { StyledText($0) }, detail) }
    /// Ends with `⚠ text (1.2 s)` (yellow).
    public func warn(_ text: String? = nil, detail: String? = nil) { end(.warned, text.map { StyledText($0) }, detail) }
    /// Ends with `ℹ text (1.2 s)` (blue).
    public func info(_ text: String? = nil, detail: String? = nil) { end(.informed, text.map { StyledText($0) }, detail) }

    /// Ends with `✓ text (1.2 s)`, the text in its own colours.
    public func succeed(_ text: StyledText, detail: String? = nil) { end(.succeeded, text, detail) }
    /// Ends with `✗ text (detail, 1.2 s)`, the text in its own colours.
    public func fail(_ text: StyledText, detail: String? = nil) { end(.failed, text, detail) }
    /// Ends with `⚠ text (1.2 s)`, the text in its own colours.
    public func warn(_ text: StyledText, detail: String? = nil) { end(.warned, text, detail) }
    /// Ends with `ℹ text (1.2 s)`, the text in its own colours.
    public func info(_ text: StyledText, detail: String? = nil) { end(.informed, text, detail) }

    /// Ends keeping its own last line (a bar at its final position, `{spinner}` as ✓).
    public func finish() {
        group.finish(self) { $0.ending = .finished(at: $1) }
    }

    /// Ends leaving no line behind; after it ended, takes its last line away while it is still
    /// among the group's block (a line that ended above the running ones is output by then).
    public func clear() {
        group.clear(self)
    }

    private func end(_ outcome: Outcome, _ text: StyledText?, _ detail: String?) {
        group.finish(self, Self.ending(outcome, text, detail))
    }

    /// What ending with `outcome` does to a line at a time: its outcome line, the time taken.
    static func ending(_ outcome: Outcome, _ text: StyledText?, _ detail: String?) -> (LineIndicator, Duration) -> Void {
        { line, now in
            let words = (text?.sanitizedForTerminal).map { $0.isEmpty ? line.storedMessage : $0 } ?? line.storedMessage
            let time = line.storedShowsTime ? (now - line.startedAt).secondsText : nil
            let facts = [detail?.sanitizedForTerminal, time].compactMap { $0 }.joined(separator: ", ")
            line.ending = .outcome(outcome, text: facts.isEmpty ? words : words + StyledText(" (\(facts))"), at: now)
        }
    }

    // MARK: Drawing (under the group's lock)

    /// Whether the line's fields change with time alone (a spinner, an elapsed time).
    var animates: Bool {
        storedStyle.parts.contains { part in
            if case .field(let placeholder) = part { return placeholder.field.animates }
            return false
        }
    }

    /// The rows it takes on a terminal `columns` wide: its line, then its tail while it runs
    /// (or after it ended, when the tail is kept), dimmed and indented.
    func renderRows(at now: Duration, columns: Int) -> [[LineCell]] {
        let main = renderCells(at: now, columns: columns)
        guard !tail.isEmpty, ending == nil || keepsTail else { return [main] }
        let room = max(0, columns - 1)
        return [main]
            + tail.map { text in
                var row = LineCellBuilder()
                row.limit = room  // a tail line of megabytes costs what shows of it
                row.append("  " + text, .styled(LineStyle(attributes: [2])))
                return row.fitted(to: room)
            }
    }

    /// The line on a terminal `columns` wide, as cells (at most `columns - 1` of them: the
    /// last column is left so that a line never wraps).
    func renderCells(at now: Duration, columns: Int) -> [LineCell] {
        let room = max(0, columns - 1)
        var line = LineCellBuilder()
        line.limit = room  // the work a frame does is bounded by what it shows
        if case .outcome(let outcome, let text, _) = ending {
            line.append(outcome.mark, outcome.tone)
            line.append(" ")
            line.append(text, colorDepth: colorDepth)
            return line.fitted(to: room)
        }
        let values = fieldValues(at: now)
        // What each field shows, padded or cut to its width; the message without a width and
        // the bars without one share the room that is left.
        func shown(_ placeholder: ProgressStyle.Placeholder, _ text: String) -> String {
            guard let width = placeholder.width else { return text }
            return text.aligned(toWidth: width, placeholder.alignment, truncating: placeholder.truncates)
        }
        func shown(_ placeholder: ProgressStyle.Placeholder, _ text: StyledText) -> StyledText {
            guard let width = placeholder.width else { return text }
            return text.aligned(toWidth: width, placeholder.alignment, truncating: placeholder.truncates)
        }
        var fixed = 0
        var flexibleBars = 0
        var hasMessage = false
        for part in storedStyle.parts {
            if fixed > room { break }  // nothing after it shows: no bar, no message has room
            switch part {
            case .text(let text): fixed += text.displayWidth
            case .field(let placeholder):
                switch (placeholder.field, placeholder.width) {
                case (.message, nil): hasMessage = true
                case (.bar, let width?): fixed += width
                case (.bar, nil): flexibleBars += 1
                case (.message, _): fixed += shown(placeholder, storedMessage).displayWidth
                case (.prefix, _): fixed += shown(placeholder, storedPrefix).displayWidth
                default: fixed += shown(placeholder, values[placeholder.field] ?? "").displayWidth
                }
            }
        }
        var message = storedMessage
        var barWidth = 0
        let left = room - fixed
        if flexibleBars > 0 {
            // The message keeps its width while the bar keeps 5 cells or more; then it is cut.
            let messageRoom = max(0, left - 5 * flexibleBars)
            // (`truncated` reads a long message only as far as it can show.)
            if hasMessage { message = message.truncated(toWidth: messageRoom) }
            barWidth = max(0, (left - (hasMessage ? message.displayWidth : 0)) / flexibleBars)
        } else if hasMessage {
            message = message.truncated(toWidth: max(0, left))
        }
        // An empty message takes the space after it along (`{message} {bar}` with no message
        // reads as the bar, not a blank and the bar).
        var afterEmptyMessage = false
        for part in storedStyle.parts {
            if line.isFull { break }
            defer {
                if case .field(let placeholder) = part { afterEmptyMessage = placeholder.field == .message && placeholder.width == nil && message.isEmpty }
            }
            switch part {
            case .text(let text): line.append(afterEmptyMessage && text.hasPrefix(" ") ? String(text.dropFirst()) : text)
            case .field(let placeholder):
                let own = placeholder.style.map(LineCell.Tone.styled)
                switch placeholder.field {
                case .message: line.append(placeholder.width == nil ? message : shown(placeholder, storedMessage), own ?? .plain, colorDepth: colorDepth)
                case .prefix: line.append(shown(placeholder, storedPrefix), own ?? .plain, colorDepth: colorDepth)
                case .bar:
                    let (filled, empty) = storedStyle.barGlyphs.render(fraction: filledFraction, width: placeholder.width ?? barWidth)
                    line.append(filled, own ?? .bar)
                    line.append(empty, placeholder.alternate.map(LineCell.Tone.styled) ?? .barEmpty)
                case .spinner: line.append(shown(placeholder, values[.spinner] ?? ""), own ?? (ending == nil ? .plain : .success))
                default: line.append(shown(placeholder, values[placeholder.field] ?? ""), own ?? .plain)
                }
            }
        }
        return line.fitted(to: room)  // a template wider than the room (a narrow terminal) is cut
    }

    /// The line for a log (no bar, no spinner): `message 420/1000 (42%, 12.3k/s, ETA 5 s)`.
    func logLine(at now: Duration) -> String {
        if case .outcome(let outcome, let text, _) = ending { return outcome.mark + " " + text.plain }
        let reading = FieldReading(self, at: now)
        let values: [ProgressStyle.Field: String] = [.percent: reading.text(.percent), .rate: reading.text(.rate), .eta: reading.text(.eta)]
        let elapsed = reading.elapsed
        // The message first, when there is one: never a lone separator before the figures.
        let message = storedMessage.plain
        func labelled(_ figures: String, _ separator: String) -> String { message.isEmpty ? figures : message + separator + figures }
        if case .finished = ending {
            // A spinner counts nothing: how long it took is all there is to say.
            if self is Spinner { return message.isEmpty ? "done in \(elapsed.secondsText)" : "\(message) (\(elapsed.secondsText))" }
            let amount = storedTotal.map { "\(unit.format(min(position.current, $0)))/\(unit.format($0))" } ?? unit.format(position.current)
            return labelled("\(amount) in \(elapsed.secondsText)", ": ")
        }
        if let total = storedTotal {
            return labelled(
                "\(unit.format(position.current))/\(unit.format(total)) (\(values[.percent] ?? "")%, \(values[.rate] ?? ""), ETA \(values[.eta] ?? ""))",
                " "
            )
        }
        return labelled("\(unit.format(position.current)) (\(values[.rate] ?? ""), \(elapsed.clockText))", " ")
    }

    /// The line a log gets when the indicator starts: its message, with `…` unless it ends in
    /// one already (or `...`, `:`); nil for no message (nothing to say yet).
    var logStartLine: String? {
        let message = storedMessage.plain.trimmingCharacters(in: .whitespaces)
        guard !message.isEmpty else { return nil }
        return message.hasSuffix("…") || message.hasSuffix("...") || message.hasSuffix(":") ? message : message + "…"
    }

    /// How far along, 0…1 (0 with no length, and for a position below zero).
    var filledFraction: Double {
        guard let total = storedTotal else { return 0 }
        guard total > 0 else { return ending == nil ? 0 : 1 }
        return Double(min(max(0, position.current), total)) / Double(total)
    }

    /// The texts of the fields the line's template uses (only those: a frame formats nothing
    /// it does not show).
    private func fieldValues(at now: Duration) -> [ProgressStyle.Field: String] {
        let reading = FieldReading(self, at: now)
        var values: [ProgressStyle.Field: String] = [:]
        for part in storedStyle.parts {
            if case .field(let placeholder) = part, values[placeholder.field] == nil {
                values[placeholder.field] = placeholder.precision.map { reading.percent(decimals: $0) } ?? reading.text(placeholder.field)
            }
        }
        return values
    }

    /// What the fields are read from at one moment, computed once for the frame.
    private struct FieldReading {
        let line: LineIndicator
        let elapsed: Duration
        let pos: Int
        /// The length, or the position when unknown (as indicatif's `len`).
        let length: Int
        let perSecond: Double
        /// The time left, nil while unknown; zero once ended.
        let left: Duration?

        init(_ line: LineIndicator, at now: Duration) {
            self.line = line
            elapsed = line.elapsed(at: now)
            pos = line.position.current
            length = line.storedTotal ?? pos
            perSecond = line.estimator.rate ?? (elapsed > .zero ? Double(pos) / elapsed.seconds : 0)
            if line.ending != nil {
                left = .zero
            } else if let total = line.storedTotal, let rate = line.estimator.rate, rate > 0, max(0, Double(total) - Double(pos)) / rate < 360_000 {
                // In Double: any position and length, however far apart, without overflow.
                left = .milliseconds(Int64(max(0, Double(total) - Double(pos)) / rate * 1000))
            } else {
                left = nil
            }
        }

        /// The percentage with `decimals` decimals, cut (not rounded) as `{percent}` is.
        func percent(decimals: Int) -> String {
            guard let total = line.storedTotal else { return "" }
            guard total > 0 else { return "100" }
            let scale = pow(10, Double(decimals))
            return String(format: "%.\(decimals)f", (line.filledFraction * 100 * scale).rounded(.down) / scale)
        }

        func text(_ field: ProgressStyle.Field) -> String {
            switch field {
            case .prefix: line.storedPrefix.plain
            case .message: line.storedMessage.plain
            case .bar: ""
            case .pos: line.unit.format(pos)
            case .len: line.storedTotal.map(line.unit.format) ?? "?"
            case .elapsed: elapsed.clockText
            case .rate, .perSec: line.unit.formatRate(perSecond)
            case .percent: line.storedTotal.map { total in total > 0 ? "\(Int((line.filledFraction * 100).rounded(.down)))" : "100" } ?? ""
            case .humanPos: pos.withThousandsSeparators
            case .humanLen: length.withThousandsSeparators
            case .percentPrecise: String(format: "%.3f", line.filledFraction * 100)
            case .bytes, .binaryBytes: ProgressUnit.indicatifBytes(Double(pos))
            case .totalBytes, .binaryTotalBytes: ProgressUnit.indicatifBytes(Double(length))
            case .decimalBytes: ProgressUnit.indicatifBytes(Double(pos), decimal: true)
            case .decimalTotalBytes: ProgressUnit.indicatifBytes(Double(length), decimal: true)
            case .bytesPerSec, .binaryBytesPerSec: ProgressUnit.indicatifBytes(perSecond) + "/s"
            case .decimalBytesPerSec: ProgressUnit.indicatifBytes(perSecond, decimal: true) + "/s"
            case .elapsedPrecise: elapsed.preciseClockText
            case .eta: left?.clockText ?? "-:--"
            case .etaPrecise: left?.preciseClockText ?? "--:--:--"
            case .duration: left.map { (elapsed + $0).clockText } ?? "-:--"
            case .durationPrecise: left.map { (elapsed + $0).preciseClockText } ?? "--:--:--"
            case .spinner:
                if line.ending != nil {
                    line.storedStyle.spinner.finished ?? "✓"
                } else {
                    line.storedStyle.spinner.frames[line.storedStyle.spinner.position(at: elapsed, timing: .own).frame]
                }
            }
        }
    }
}

/// A progress bar: a position out of a length (a count or bytes; the length may be
/// unknown), with elapsed time, a smoothed rate and ETA, and a message. ``inc(_:)-(Int)`` is a
/// single atomic add, safe and cheap from any thread or task: a million calls in a tight
/// loop cost a few milliseconds and at most ``ProgressGroup/drawRate`` redraws a second.
///
/// ```swift
/// let bar = ProgressBar(total: files.count, message: "Hashing")
/// for file in files { hash(file); bar.inc() }
/// bar.succeed("Hashed \(files.count) files")
/// ```
public final class ProgressBar: LineIndicator, @unchecked Sendable {  // its state is LineIndicator's, under `group.lock`
    /// A bar on `group` (standard error's by default) counting to `total` (nil: unknown),
    /// in `unit`; its style is ``ProgressStyle/bar`` with a length, ``ProgressStyle/count``
    /// without.
    /// `placement` puts it among the group's lines (last by default).
    public init(
        total: Int?,
        message: String = "",
        unit: ProgressUnit = .count,
        style: ProgressStyle? = nil,
        group: ProgressGroup = .standardError,
        placement: LinePlacement = .last
    ) {
        super.init(group: group, total: total, message: message, unit: unit, style: style ?? (total == nil ? .count : .bar), placement: placement)
    }

    /// Adds `amount` to the position.
    public func inc(_ amount: Int = 1) { position.add(amount) }

    /// Adds `amount` of any integer type (a `UInt64` byte count, as indicatif's `u64`); the
    /// position stops at `Int.max` rather than wrapping.
    @_disfavoredOverload
    public func inc(_ amount: some BinaryInteger) { position.add(Int(clamping: amount)) }

    /// The position.
    public var value: Int {
        get { position.current }
        set { position.store(newValue) }
    }

    /// Ends at its length, as indicatif's `finish`: the position set to the total (when it has
    /// one), its line kept. ``abandon()`` ends where it stands.
    public override func finish() {
        if let total { position.store(total) }
        super.finish()
    }

    /// Ends where it stands, its line kept (indicatif's `abandon`: a loop left early shows
    /// how far it got).
    public func abandon() { super.finish() }

    /// Forgets the pace so far (indicatif's `reset_eta`): the rate and the ETA start again
    /// from the next steps, after a pause or a change of work.
    public func resetETA() { group.lock.withLock { estimator = RateEstimator() } }

    /// The length, nil when unknown.
    public var total: Int? {
        get { group.lock.withLock { storedTotal } }
        set { group.lock.withLock { storedTotal = newValue.map { max(0, $0) } } }
    }

    /// How far along, from 0 to 1 (Noora's progress bar step, `fractionCompleted`): set it
    /// on a bar made with ``fraction(_:group:placement:)`` (or any bar with a length: the
    /// position is the fraction of it).
    public var fraction: Double {
        get {
            let (value, total) = group.lock.withLock { (position.current, storedTotal) }
            guard let total, total > 0 else { return 0 }
            return min(1, max(0, Double(value) / Double(total)))
        }
        set {
            guard let total = total, newValue.isFinite else { return }
            value = Int((min(1, max(0, newValue)) * Double(total)).rounded(.down))
        }
    }

    /// A bar that goes from 0 to 1 (``fraction``), its line the percentage and the time left
    /// (``ProgressStyle/fraction``), no counts: what a task that only knows how far along it is
    /// shows (Noora's `progressBarStep`).
    ///
    /// ```swift
    /// let bar = ProgressBar.fraction("Uploading")
    /// bar.fraction = 0.49   // Uploading ████████████▌             49% · ETA 3 s
    /// ```
    public static func fraction(_ message: String = "", group: ProgressGroup = .standardError, placement: LinePlacement = .last) -> ProgressBar {
        ProgressBar(total: 1_000_000, message: message, style: .fraction, group: group, placement: placement)
    }

    // MARK: Following a Foundation.Progress

    /// The `Foundation.Progress` it follows, if any.
    private var followed: FollowedProgress?

    /// A bar that follows `progress` (Foundation's): its position and length read from it
    /// each time the group draws, on the group's clock, so the work only updates its
    /// `Progress` as it would anyway (no KVO, which Linux's Foundation lacks); children count
    /// as Foundation counts them (`fractionCompleted` × `totalUnitCount`). It finishes when
    /// the progress does, and fails with “cancelled” when it is cancelled.
    ///
    /// ```swift
    /// let work = Progress(totalUnitCount: 3)
    /// let bar = ProgressBar(following: work, message: "Converting")
    /// for file in files { work.addChild(convert(file), withPendingUnitCount: 1) }
    /// ```
    public convenience init(
        following progress: Progress,
        message: String = "",
        unit: ProgressUnit = .count,
        style: ProgressStyle? = nil,
        group: ProgressGroup = .standardError,
        placement: LinePlacement = .last
    ) {
        let total = progress.totalUnitCount > 0 ? Int(clamping: progress.totalUnitCount) : nil
        self.init(total: total, message: message, unit: unit, style: style ?? .bar, group: group, placement: placement)
        follow(progress)
    }

    /// Follows `progress` from now on (see ``init(following:message:unit:style:group:placement:)``).
    public func follow(_ progress: Progress) {
        group.lock.withLock {
            followed = FollowedProgress(progress: progress)
            pollLocked()
        }
    }

    /// Reads the followed progress (under the group's lock, before a frame is drawn).
    func pollLocked() {
        guard let followed, ending == nil else { return }
        let progress = followed.progress
        let total = progress.totalUnitCount
        if total > 0 {
            storedTotal = Int(clamping: total)
            position.store(Int((min(1, max(0, progress.fractionCompleted)) * Double(total)).rounded(.down)))
        } else {
            storedTotal = nil
            position.store(Int(clamping: progress.completedUnitCount))
        }
        let cancelled = progress.isCancelled
        guard progress.isFinished || cancelled, !followed.endAsked else { return }
        followed.endAsked = true
        // Ended here, under the lock the frame holds: the frame being drawn shows it.
        if cancelled {
            group.finishLocked(self, Self.ending(.failed, nil, "cancelled"))
        } else {
            group.finishLocked(self) { line, now in line.ending = .finished(at: now) }
        }
    }
}

/// A `Foundation.Progress` a bar follows. Progress is thread-safe; the box is touched
/// only under the group's lock.
private final class FollowedProgress {
    let progress: Progress
    var endAsked = false

    init(progress: Progress) { self.progress = progress }
}

/// A spinner with a message that can change while it spins, on a thread of its group's
/// own: it keeps time whatever the caller's thread does (blocked, busy, waiting).
///
/// ```swift
/// let spinner = Spinner("Fetching the index")
/// spinner.message = "Fetching 3 of 4"
/// spinner.succeed("Fetched")           // ✓ Fetched (1.2 s)
/// ```
public final class Spinner: LineIndicator, @unchecked Sendable {  // its state is LineIndicator's, under `group.lock`
    /// A spinner on `group` (standard error's by default), in `style`'s frames, its line as
    /// `line` says (`ProgressStyle.spinner` by default: given here, the first frame reads so
    /// too); `placement` puts it among the group's lines (last by default).
    public init(
        _ message: String,
        style: SpinnerStyle = .comet,
        line: ProgressStyle = .spinner,
        group: ProgressGroup = .standardError,
        placement: LinePlacement = .last
    ) {
        var line = line
        line.spinner = style
        super.init(group: group, total: nil, message: message, unit: .count, style: line, placement: placement)
    }

    /// Runs `work` under a spinner and ends it by the outcome: ✓ with `success`'s text (the
    /// message by default) when it returns, ✗ with `failure`'s text (the message by
    /// default, as Noora's step's `errorMessage`) and the error when it throws (then rethrown).
    /// `work` runs where the caller is (`isolation`: the main actor in an async `main`), so it
    /// may use what the caller uses.
    ///
    /// ```swift
    /// let index = try await Spinner.run("Fetching the index") { try await fetchIndex() }
    /// ```
    public static func run<T>(
        _ message: String,
        style: SpinnerStyle = .comet,
        group: ProgressGroup = .standardError,
        success: (T) -> String? = { _ in nil },
        failure: (any Error) -> String? = { _ in nil },
        isolation: isolated (any Actor)? = #isolation,
        _ work: () async throws -> T
    ) async rethrows -> T {
        let spinner = Spinner(message, style: style, group: group)
        do {
            let result = try await work()
            spinner.succeed(success(result))
            return result
        } catch {
            spinner.fail(failure(error), detail: "\(error)")
            throw error
        }
    }
}

/// The rate of the last few seconds: the steps made over the time they took, from the
/// newest sample at least ``window`` old (or the first) to now. Work that reports in bursts
/// (32 items every 0.4 s) reads its true rate, since a window spans several bursts; an EMA of
/// each frame's rate started from its first frames and took seconds to climb to it (48/s for
/// 80/s at 3 s). A change of pace shows within ``window``.
struct RateEstimator: Sendable {
    /// How far back the rate looks, in seconds.
    static let window = 3.0
    /// Samples of the last ``window`` seconds, oldest first, after the newest older one.
    private var samples: [(time: Double, position: Int)] = []
    private(set) var rate: Double?

    /// Takes the position at a time (seconds since the start).
    mutating func sample(position: Int, at time: Double) {
        if let last = samples.last, time - last.time < 0.05 { return }  // too close to the last to say much
        samples.append((time, position))
        // Keep one sample at least a window old as the base; drop the ones before it.
        while samples.count > 2, samples[1].time <= time - Self.window { samples.removeFirst() }
        if samples.count > 256 { samples.removeFirst(samples.count - 256) }  // more than 85 a second: bounded
        guard let base = samples.first, time - base.time >= 0.05 else { return }
        rate = (Double(position) - Double(base.position)) / (time - base.time)
    }
}

extension Duration {
    /// `HH:MM:SS`, as indicatif's `{elapsed_precise}`: `00:01:05`.
    var preciseClockText: String {
        let seconds = max(0, Int(components.seconds))
        return String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }
}

extension Int {
    /// With thousands separators, as indicatif's `{human_pos}`: `1,234,567`.
    var withThousandsSeparators: String {
        let digits = String(magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (self < 0 ? "-" : "") + out
    }
}

extension StyledText {
    /// Padded with spaces to `width` cells as `alignment` says; cut when longer and `truncating`.
    func aligned(toWidth width: Int, _ alignment: ProgressStyle.Alignment, truncating: Bool) -> StyledText {
        let own = displayWidth
        if own > width { return truncating ? truncated(toWidth: width) : self }
        let room = width - own
        switch alignment {
        case .left: return self + StyledText(String(repeating: " ", count: room))
        case .right: return StyledText(String(repeating: " ", count: room)) + self
        case .center: return StyledText(String(repeating: " ", count: room / 2)) + self + StyledText(String(repeating: " ", count: room - room / 2))
        }
    }
}

extension String {
    /// Padded with spaces to `width` cells as `alignment` says; cut when longer and `truncating`.
    func aligned(toWidth width: Int, _ alignment: ProgressStyle.Alignment, truncating: Bool) -> String {
        StyledText(self).aligned(toWidth: width, alignment, truncating: truncating).plain
    }
}

/// A step of a command-line tool shown as a spinner with the last lines of its task's output
/// under it (Noora's `CollapsibleStep`, rich's status with a log): folded away when the step
/// succeeds, so a run that went well reads one line a step, and kept under the ✗ when it
/// fails, where they are needed. In a log (a pipe, CI) every line is written as it comes.
///
/// ```swift
/// let step = CollapsibleStep("Resolving packages", lines: 3)
/// for line in ["Fetching a", "Fetching b", "Fetching c", "Fetching d"] { step.append(line) }
/// step.succeed("Resolved 4 packages")   // ✓ Resolved 4 packages (0.4 s), the lines gone
/// ```
public final class CollapsibleStep: @unchecked Sendable {  // its spinner's state is the group's, under its lock
    /// The step's line.
    public let spinner: Spinner
    /// How many of the last lines show under it.
    public let lines: Int

    /// A step titled `title` showing the last `lines` lines of its output (at least one) on
    /// `group` (standard error's by default).
    public init(_ title: String, lines: Int = 5, style: SpinnerStyle = .comet, group: ProgressGroup = .standardError) {
        self.lines = max(1, lines)
        spinner = Spinner(title, style: style, group: group)
        group.lock.withLock { spinner.tailLimit = self.lines }
    }

    /// Adds a line of the task's output (a line break in it starts another).
    public func append(_ line: String) {
        let group = spinner.group
        let parts = line.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).sanitizedForTerminal }
        if group.mode == .log {
            for part in parts { group.println(part) }
            return
        }
        group.lock.withLock {
            spinner.tail += parts
            if spinner.tail.count > spinner.tailLimit { spinner.tail.removeFirst(spinner.tail.count - spinner.tailLimit) }
        }
    }

    /// Ends well, the lines folded away: `✓ text (1.2 s)`.
    public func succeed(_ text: String? = nil) { spinner.succeed(text) }

    /// Ends in failure with the last lines kept under it: `✗ text (detail, 1.2 s)`.
    public func fail(_ text: String? = nil, detail: String? = nil) {
        spinner.group.lock.withLock { spinner.keepsTail = true }
        spinner.fail(text, detail: detail)
    }
}
