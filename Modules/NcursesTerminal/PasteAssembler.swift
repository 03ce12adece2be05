import TUICore

/// Turns bracketed-paste sequences (`ESC [200~ … ESC [201~`), which ncurses hands over as an
/// Esc key followed by characters, into one `.paste(text)` event. Everything else passes
/// through unchanged. A pure value: feed it each batch of decoded events.
struct PasteAssembler {
    private static let start: [Character] = ["[", "2", "0", "0", "~"]
    private static let end: [Character] = ["[", "2", "0", "1", "~"]
    /// Pastes longer than this are delivered in pieces rather than held back.
    static let limit = 1 << 20

    private var pending: [InputEvent] = []  // an Esc and the start marker read so far
    private var pasting = false
    private var text = ""
    private var endMatched = 0  // characters of the end marker read so far

    /// The events of a batch, with pastes assembled. A partly read start marker at the end
    /// of a batch is let go as keys (a lone Esc press); a paste waits for its end marker.
    mutating func feed(_ events: [InputEvent]) -> [InputEvent] {
        var out: [InputEvent] = []
        for event in events { out += take(event) }
        if !pending.isEmpty {
            out += pending
            pending = []
        }
        if pasting && text.utf8.count >= Self.limit {
            out.append(.paste(text))
            text = ""
        }
        return out
    }

    private mutating func take(_ event: InputEvent) -> [InputEvent] {
        if pasting { return takeInPaste(event) }
        if pending.isEmpty {
            if event == .key(.escape) {
                pending = [event]
                return []
            }
            return [event]
        }
        let index = pending.count - 1
        if case .key(.character(let c)) = event, c == Self.start[index] {
            pending.append(event)
            if pending.count - 1 == Self.start.count {
                pending = []
                pasting = true
                text = ""
                endMatched = 0
            }
            return []
        }
        // Not a paste after all: what was held back, then this event afresh.
        let held = pending
        pending = []
        return held + take(event)
    }

    private mutating func takeInPaste(_ event: InputEvent) -> [InputEvent] {
        if endMatched > 0 {
            if endMatched <= Self.end.count, case .key(.character(let c)) = event, c == Self.end[endMatched - 1] {
                endMatched += 1
                if endMatched - 1 == Self.end.count {
                    pasting = false
                    endMatched = 0
                    defer { text = "" }
                    return [.paste(text)]
                }
                return []
            }
            // A false end marker: keep what it looked like, as text.
            text += String(Self.end.prefix(endMatched - 1))
            endMatched = 0
        }
        switch event {
        case .key(.escape): endMatched = 1
        case .key(.character(let c)): text.append(c)
        case .key(.enter): text += "\n"
        case .key(.tab): text += "\t"
        default: break
        }
        return []
    }
}
