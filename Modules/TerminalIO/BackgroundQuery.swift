import Foundation
import TerminalGraphics
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the terminal for its background colour (OSC 11, `ESC ] 11 ; ? ST`), as xterm, VTE,
/// kitty, iTerm2, tmux and others answer (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST`). A device
/// attributes request (DA1, `ESC [ c`) follows it: every terminal answers that one, so a
/// terminal that does not know OSC 11 costs no wait beyond its DA1 answer; the timeout is
/// only a safety net. Bytes that are not part of the answers (keys typed meanwhile) are
/// handed back, to be read as input.
package enum BackgroundQuery {
    /// What the terminal said: its background's theme (nil when it did not say) and the
    /// other bytes that arrived meanwhile.
    package struct Answer: Equatable {
        package var theme: TerminalTheme?
        package var otherBytes: [UInt8]
        /// What the terminal said of its graphics (nil when its DA1 answer did not come).
        var graphics: GraphicsAnswers? = nil
        /// The background colour itself, when it answered.
        var background: RGBA? = nil
        /// The cells the cursor moved for each text measured, in order.
        var widths: [Int] = []
        /// Where the cursor was (from 0), when asked.
        var cursor: Point? = nil
        /// When the DA1 answer did not come in time: the graphics answers read so far, to be
        /// read on as the rest comes (a terminal slow on its first start).
        var unfinishedProbe: GraphicsProbe? = nil
    }

    /// Where the cursor is (`locating`), the background colour (OSC 11), each of `measuring`
    /// written at the line's start with a cursor-position request after it (the line erased
    /// after the last), then what it draws (``GraphicsProbe/queries``, DA1 last).
    package static func request(locating: Bool = false, measuring texts: [String] = [], insideTmux: Bool = false) -> [UInt8] {
        let widths = texts.isEmpty ? "" : texts.map { "\r" + $0.sanitizedForTerminal + "\u{1B}[6n" }.joined() + "\r\u{1B}[K"
        return Array(((locating ? "\u{1B}[6n" : "") + "\u{1B}]11;?\u{1B}\\" + widths + GraphicsProbe.queries(insideTmux: insideTmux)).utf8)
    }

    /// Sends the requests on `output` and reads the answers from `input` (in non-canonical,
    /// no-echo mode for the while), for `timeout` at most.
    package static func ask(
        input: Int32,
        output: Int32,
        locating: Bool = false,
        measuring texts: [String] = [],
        insideTmux: Bool = false,
        timeout: Duration = .milliseconds(200)
    ) -> Answer {
        var seen: [UInt8] = []
        guard
            let received = TerminalQuery.exchange(
                request(locating: locating, measuring: texts, insideTmux: insideTmux),
                input: input,
                output: output,
                timeout: timeout,
                until: { batch in
                    // Only what is new is searched (with room for an answer cut between
                    // batches): a huge answer costs its length, not its length squared.
                    let from = max(0, seen.count - 256)
                    seen += batch
                    return deviceAttributesRange(in: seen, from: from) != nil
                }
            )
        else { return Answer(theme: nil, otherBytes: []) }
        // The graphics answers come out first, then the cursor reports; what is left is the
        // background's and typed keys.
        var probe = GraphicsProbe()
        probe.read(received)
        var rest = probe.leftover
        var reports = locating || !texts.isEmpty ? takeCursorReports(from: &rest) : []
        let cursor = locating && !reports.isEmpty ? reports.removeFirst() : nil
        let widths = texts.isEmpty ? [] : reports.map { $0.x }
        var answer = parse(rest)
        answer.cursor = cursor
        answer.graphics = probe.isComplete ? probe.answers : nil
        if !probe.isComplete {
            probe.dropLeftover()
            answer.unfinishedProbe = probe
        }
        answer.widths = widths
        return answer
    }

    /// Takes the cursor position reports (`ESC [ row ; column R`) out of `bytes`, returning
    /// where each put the cursor, from 0, in order.
    package static func takeCursorReports(from bytes: inout [UInt8]) -> [Point] {
        var reports: [Point] = []
        var kept: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) { j += 1 }
                let numbers = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
                if j < bytes.count, bytes[j] == UInt8(ascii: "R"), numbers.count == 2 {
                    reports.append(Point(x: numbers[1] - 1, y: numbers[0] - 1))
                    i = j + 1
                    continue
                }
            }
            kept.append(bytes[i])
            i += 1
        }
        bytes = kept
        return reports
    }

    /// Whether `bytes` hold a DA1 answer, `ESC [ ? … c`.
    package static func containsDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        deviceAttributesRange(in: bytes) != nil
    }

    /// Where the first DA1 answer starting at `from` or later is in `bytes`.
    package static func deviceAttributesRange(in bytes: [UInt8], from start: Int = 0) -> Range<Int>? {
        var i = start
        while i + 2 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "["), bytes[i + 2] == UInt8(ascii: "?") {
                var j = i + 3
                while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "c") { return i..<(j + 1) }
            }
            i += 1
        }
        return nil
    }

    /// The theme an OSC 11 answer in `bytes` gives, and the bytes that are neither it nor the
    /// DA1 answer.
    package static func parse(_ bytes: [UInt8]) -> Answer {
        var rest = bytes
        if let da = deviceAttributesRange(in: rest) { rest.removeSubrange(da) }
        let prefix = Array("\u{1B}]11;".utf8)
        guard let start = rest.firstRange(of: prefix)?.lowerBound else { return Answer(theme: nil, otherBytes: rest) }
        // The answer ends with BEL or ST (ESC \).
        var end = start + prefix.count
        var bodyEnd: Int?
        while end < rest.count {
            if rest[end] == 0x07 {
                bodyEnd = end
                end += 1
                break
            }
            if rest[end] == 0x1B, end + 1 < rest.count, rest[end + 1] == UInt8(ascii: "\\") {
                bodyEnd = end
                end += 2
                break
            }
            end += 1
        }
        guard let bodyEnd else { return Answer(theme: nil, otherBytes: rest) }
        let body = String(decoding: rest[(start + prefix.count)..<bodyEnd], as: UTF8.self)
        rest.removeSubrange(start..<end)
        return Answer(theme: theme(ofColorSpec: body), otherBytes: rest, background: color(ofColorSpec: body))
    }

    /// `rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a component) as a colour.
    package static func color(ofColorSpec spec: String) -> RGBA? {
        guard spec.hasPrefix("rgb:") else { return nil }
        let parts = spec.dropFirst(4).split(separator: "/")
        guard parts.count == 3 else { return nil }
        var values: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = Int(part, radix: 16) else { return nil }
            values.append(UInt8((value * 255 + ((1 << (4 * part.count)) - 1) / 2) / ((1 << (4 * part.count)) - 1)))
        }
        return RGBA(values[0], values[1], values[2])
    }

    /// `rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a component) as dark or light.
    package static func theme(ofColorSpec spec: String) -> TerminalTheme? {
        guard spec.hasPrefix("rgb:") else { return nil }
        let parts = spec.dropFirst(4).split(separator: "/")
        guard parts.count == 3 else { return nil }
        var values: [Double] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = Int(part, radix: 16) else { return nil }
            values.append(Double(value) / Double((1 << (4 * part.count)) - 1))
        }
        let luminance = 0.2126 * values[0] + 0.7152 * values[1] + 0.0722 * values[2]
        return luminance > 0.5 ? .light : .dark
    }
}
