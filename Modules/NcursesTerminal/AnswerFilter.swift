import TUICore

/// Takes the terminal's answers to our questions out of the input, however late they come:
/// ncurses hands an answer over as an Esc key followed by characters (`ESC ] 11 ; rgb:… ESC \`
/// read as Alt-], 1, 1, ;, r, g, b, …), which would otherwise reach a view as keystrokes.
///
/// An answer is recognised by a start no key sends:
/// - OSC `ESC ] digits ;` … up to BEL or ST (`ESC \`): colours (OSC 10, 11, 4), …;
/// - DCS `ESC P` then `>`, `!`, `=`, `+`, `$` or a digit, … up to ST: XTVERSION, DECRQSS, XTGETTCAP;
/// - APC `ESC _ G` … up to ST: kitty graphics answers;
/// - CSI `ESC [` then `?`, `>` or `=`, parameters, a final character: DA1, DA2, DECRPM, the
///   kitty keyboard flags, XTSMGRAPHICS;
/// - CSI `ESC [ digits ; … t`: window reports (`CSI 4 ; h ; w t`, `CSI 6 ; h ; w t`, `CSI 8 ; r ; c t`).
///
/// A batch that ends before a start is certain lets what it read go as keys (a lone Esc, Alt-[
/// typed by hand); once the start is certain, the rest is waited for across batches, up to
/// ``limit`` events. A pure value: feed it each batch of decoded events, after pastes.
struct AnswerFilter {
    /// The most events one answer may take; a longer one is dropped whole all the same.
    static let limit = 4096

    private enum Kind { case osc, dcs, apc, csiPrivate }
    private enum Phase {
        case idle
        /// Esc, and what followed it, while they may still be keys.
        case maybe([InputEvent])
        /// Inside an answer of this kind; `afterEscape` when an Esc (the start of ST) was last.
        case inside(Kind, count: Int, afterEscape: Bool)
    }

    private var phase = Phase.idle

    /// The events of a batch without the terminal's answers.
    mutating func feed(_ events: [InputEvent]) -> [InputEvent] {
        var out: [InputEvent] = []
        for event in events { take(event, into: &out) }
        if case .maybe(let held) = phase {
            out += held
            phase = .idle
        }
        return out
    }

    private mutating func take(_ event: InputEvent, into out: inout [InputEvent]) {
        switch phase {
        case .idle:
            if event == .key(.escape) { phase = .maybe([event]) } else { out.append(event) }
        case .maybe(let held):
            let next = held + [event]
            switch Self.classify(next) {
            case .answer(let kind): phase = .inside(kind, count: next.count, afterEscape: false)
            case .undecided: phase = .maybe(next)
            case .finishedAnswer:
                phase = .idle
            case .keys:
                // Not an answer: what was held back goes out as it came; this event afresh.
                phase = .idle
                out += held
                take(event, into: &out)
            }
        case .inside(let kind, let count, let afterEscape):
            let total = count + 1
            if Self.ends(kind, with: event, afterEscape: afterEscape) || total >= Self.limit {
                phase = .idle
            } else {
                phase = .inside(kind, count: total, afterEscape: event == .key(.escape))
            }
        }
    }

    private enum Verdict {
        case keys, undecided
        case answer(Kind)
        case finishedAnswer
    }

    /// What `held` (an Esc and the events after it) is so far.
    private static func classify(_ held: [InputEvent]) -> Verdict {
        let chars = held.dropFirst().map { event -> Character? in
            if case .key(.character(let c)) = event { return c }
            return nil
        }
        guard let first = chars.first, let introducer = first else { return .keys }
        switch introducer {
        case "]":
            // OSC: digits, then `;`.
            guard chars.count >= 2 else { return .undecided }
            guard let last = chars.last!, chars.dropFirst().dropLast().allSatisfy({ $0?.isASCIIDigit == true }) else { return .keys }
            if last.isASCIIDigit { return chars.count > 8 ? .keys : .undecided }
            return last == ";" && chars.count >= 3 ? .answer(.osc) : .keys
        case "P":
            guard chars.count >= 2 else { return .undecided }
            guard let second = chars[1], ">!=+$".contains(second) || second.isASCIIDigit else { return .keys }
            return .answer(.dcs)
        case "_":
            guard chars.count >= 2 else { return .undecided }
            return chars[1] == "G" ? .answer(.apc) : .keys
        case "[":
            guard chars.count >= 2 else { return .undecided }
            guard let second = chars[1] else { return .keys }
            if "?>=".contains(second) { return .answer(.csiPrivate) }
            // `CSI digits ; … t`: a window report; anything else is a key ncurses did not know.
            guard let last = chars.last! else { return .keys }
            let middle = chars.dropFirst().dropLast()
            guard middle.allSatisfy({ $0 == ";" || $0?.isASCIIDigit == true }) else { return .keys }
            if last == "t" { return middle.contains(";") && second.isASCIIDigit ? .finishedAnswer : .keys }
            if last.isASCIIDigit || last == ";" { return chars.count > 24 ? .keys : .undecided }
            return .keys
        default:
            return .keys
        }
    }

    /// Whether `event` ends an answer of `kind`.
    private static func ends(_ kind: Kind, with event: InputEvent, afterEscape: Bool) -> Bool {
        switch kind {
        case .osc, .dcs, .apc:
            if kind == .osc, event == .key(.control("g")) { return true }  // BEL
            return afterEscape && event == .key(.character("\\"))  // ST
        case .csiPrivate:
            // Parameters and intermediates, then a final character (0x40–0x7E).
            guard case .key(.character(let c)) = event, let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return true }
            return (0x40...0x7E).contains(scalar.value)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
