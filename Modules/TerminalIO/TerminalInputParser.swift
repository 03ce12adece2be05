import TerminalRuntime

/// Turns the bytes a terminal sends into ``InputEvent``s: UTF-8 text, control keys, the
/// xterm family's key sequences (CSI and SS3, with their modifiers; rxvt's and the Linux
/// console's too), SGR and X10 mouse reports, bracketed pastes — and takes the terminal's
/// answers to our questions out, however late they come, so that none reaches a view as keys.
///
/// A pure value, fed batch by batch (``feed(_:)``), whatever the cuts: a sequence cut at the
/// end of a batch is held (``isHoldingPartialSequence``) until the next, or until the Esc
/// delay passes with nothing more, when ``flush()`` takes it as keys (a lone Esc, Alt-[ …).
///
/// Bounded whatever comes: it holds at most one unfinished sequence (``sequenceLimit``
/// bytes); an answer string is skipped to its end however long, none of it kept, and ends at
/// any control character but Esc, so Enter or Ctrl-C is always read (a megabyte of
/// background colour is no megabyte of keys); a paste keeps its first ``pasteLimit`` bytes —
/// the rest is read and dropped, and a ``InputEvent/pasteCut(droppedBytes:)`` follows the
/// paste to say how much.
///
/// What is an answer, not a key: OSC (`ESC ] digits ;` … BEL or ST), DCS (`ESC P` then `>`,
/// `!`, `=`, `+`, `$` or a digit, … ST), APC (`ESC _ G` … ST), CSI with a private marker
/// (`ESC [ ?`, `>`, `=`: DA1, DA2, DECRPM, XTSMGRAPHICS, the kitty keyboard flags), window
/// reports (`CSI … t`), cursor position reports (`CSI row ; column R`; the same bytes as
/// Shift-F3 … with modifiers on some terminals, taken as the report), focus reports, and any
/// other sequence that names no key. None of them is ever text.
package struct TerminalInputParser: Sendable {
    /// The most bytes of one paste that are kept: 1 MiB.
    package static let pasteLimit = 1 << 20
    /// The most bytes one key or mouse sequence may take; a longer one is dropped.
    package static let sequenceLimit = 64

    private enum Mode: Sendable {
        case normal
        /// Inside an answer string; `afterEscape` when its last byte was Esc (ST's start).
        case answer(afterEscape: Bool)
        /// Inside a bracketed paste.
        case paste
    }

    private var mode = Mode.normal
    /// Bytes read but not decided yet: the start of a sequence (or a character) cut short.
    private var held: [UInt8] = []
    private var pasted: [UInt8] = []
    private var pasteDropped = 0
    private var pressedButton = MouseEvent.Button.none

    /// A parser that has read nothing yet.
    package init() {}

    /// Whether the last batch ended inside a sequence that may still go on (or be a key).
    /// (A paste waits for its end marker instead: see ``endPaste()``.)
    package var isHoldingPartialSequence: Bool { !held.isEmpty && !isInPaste }
    /// Whether a bracketed paste has begun and not ended yet.
    package var isInPaste: Bool {
        if case .paste = mode { return true }
        return false
    }

    /// The events in `bytes`, read after everything fed before.
    package mutating func feed(_ bytes: some Collection<UInt8>) -> [InputEvent] {
        var out: [InputEvent] = []
        if held.isEmpty {
            parse(Array(bytes), final: false, into: &out)
        } else {
            let input = held + bytes
            held = []
            parse(input, final: false, into: &out)
        }
        return out
    }

    /// What is held taken as keys, now that nothing more came: a lone Esc, Esc with the
    /// start of a sequence as Alt and characters (`ESC [` is Alt-[), a cut character dropped.
    package mutating func flush() -> [InputEvent] {
        var out: [InputEvent] = []
        let input = held
        held = []
        parse(input, final: true, into: &out)
        return out
    }

    /// Ends a paste that never got its end marker (the terminal went quiet in it): what was
    /// pasted so far, as a paste.
    package mutating func endPaste() -> [InputEvent] {
        guard isInPaste else { return [] }
        mode = .normal
        var out: [InputEvent] = []
        finishPaste(into: &out)
        let rest = held
        held = []
        parse(rest, final: false, into: &out)
        return out
    }

    // MARK: - The byte loop

    private mutating func parse(_ bytes: [UInt8], final: Bool, into out: inout [InputEvent]) {
        var i = 0
        while i < bytes.count {
            switch mode {
            case .paste:
                i = takePaste(bytes, from: i, into: &out)
                if i < 0 { return }  // the rest is held: a cut end marker
                continue
            case .answer(let afterEscape):
                i = skipAnswer(bytes, from: i, afterEscape: afterEscape)
                continue
            case .normal:
                break
            }
            let byte = bytes[i]
            if byte == 0x1B {
                switch escape(bytes, at: i, final: final) {
                case .need:
                    held = Array(bytes[i...])
                    return
                case .take(let events, let length):
                    out += events
                    i += length
                }
            } else if byte < 0x80 {
                if let event = Self.control(byte) { out.append(event) }
                i += 1
            } else {
                switch Self.character(bytes, at: i) {
                case .need:
                    if final { return }  // a character cut short for good: dropped
                    held = Array(bytes[i...])
                    return
                case .take(let events, let length):
                    out += events
                    i += length
                }
            }
        }
    }

    private enum Step {
        /// More bytes are needed to decide.
        case need
        /// These events, from this many bytes.
        case take([InputEvent], Int)
    }

    /// An ASCII byte: a character, or a control byte as its named key or Ctrl chord.
    private static func control(_ byte: UInt8) -> InputEvent? {
        switch byte {
        case 0x0D: return .key(.enter)
        case 0x0A: return .key(.control("j"))  // a line feed: Enter unless a view takes Ctrl-J (a new line in a text area)
        case 0x09: return .key(.tab)
        case 0x1B: return .key(.escape)
        case 0x7F, 0x08: return .key(.backspace)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(0x60 + byte))))
        case 0x00, 0x1C...0x1F: return nil
        default: return .key(.character(Character(Unicode.Scalar(byte))))
        }
    }

    /// The UTF-8 character starting at `i` (a byte at or above 0x80); an invalid byte is one
    /// U+FFFD, as Unicode asks.
    private static func character(_ bytes: [UInt8], at i: Int) -> Step {
        let lead = bytes[i]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .take([.key(.character("\u{FFFD}"))], 1)
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            guard i + k < bytes.count else { return .need }
            let next = bytes[i + k]
            guard next & 0xC0 == 0x80 else { return .take([.key(.character("\u{FFFD}"))], k) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), value >= [0, 0, 0x80, 0x800, 0x10000][length] else {
            return .take([.key(.character("\u{FFFD}"))], length)
        }
        return .take([.key(.character(Character(scalar)))], length)
    }

    // MARK: - Escape sequences

    private mutating func escape(_ bytes: [UInt8], at i: Int, final: Bool) -> Step {
        guard i + 1 < bytes.count else { return final ? .take([.key(.escape)], 1) : .need }
        let next = bytes[i + 1]
        switch next {
        case 0x5B:  // CSI
            let step = csi(bytes, at: i)
            if case .need = step, final { return .take([.key(.alt("["))], 2) }
            return step
        case 0x4F:  // SS3
            guard i + 2 < bytes.count else { return final ? .take([.key(.alt("O"))], 2) : .need }
            let step = ss3(bytes, at: i)
            if case .need = step, final { return .take([.key(.alt("O"))], 2) }
            return step
        case 0x5D, 0x50, 0x5F:  // OSC, DCS, APC: an answer when what follows says so
            switch Self.answerStart(bytes, from: i + 2, kind: next) {
            case .answer:
                mode = .answer(afterEscape: false)
                return .take([], 2)
            case .undecided where !final: return .need
            case .undecided, .keys:
                return .take([.key(.alt(Character(Unicode.Scalar(next))))], 2)
            }
        case 0x1B:
            // Esc and then a key's sequence is Alt with that key; Esc then Esc stays Esc.
            guard i + 2 < bytes.count else { return final ? .take([.key(.escape)], 1) : .need }
            let after = bytes[i + 2]
            guard after == 0x5B || after == 0x4F else { return .take([.key(.escape)], 1) }
            // A look ahead: what it set (a paste begun, a button pressed) is undone unless taken.
            let (savedMode, savedButton) = (mode, pressedButton)
            switch escape(bytes, at: i + 1, final: final) {
            case .need:
                (mode, pressedButton) = (savedMode, savedButton)
                return .need
            case .take(let events, let length):
                if events.count == 1, case .key(let key) = events[0], key != .alt("[") && key != .alt("O") {
                    return .take([.key(Self.withAlt(key))], length + 1)
                }
                (mode, pressedButton) = (savedMode, savedButton)
                return .take([.key(.escape)], 1)
            }
        default:
            // Esc then a character or a control key: Alt with it.
            if next < 0x80 {
                guard let event = Self.control(next), case .key(let key) = event else { return .take([], 2) }
                return .take([.key(Self.withAlt(key))], 2)
            }
            switch Self.character(bytes, at: i + 1) {
            case .need: return final ? .take([.key(.escape)], 1) : .need
            case .take(let events, let length):
                guard case .key(let key) = events.first else { return .take([], 1 + length) }
                return .take([.key(Self.withAlt(key))], 1 + length)
            }
        }
    }

    private static func withAlt(_ key: Key) -> Key {
        if case .modified(let inner, let modifiers) = key { return .modified(inner, modifiers.union(.alt)) }
        return .modified(key, .alt)
    }

    private enum AnswerStart { case answer, undecided, keys }

    /// Whether the bytes after `ESC ]`, `ESC P` or `ESC _` begin an answer: OSC digits then
    /// `;`; DCS `>`, `!`, `=`, `+`, `$` or a digit; APC `G`.
    private static func answerStart(_ bytes: [UInt8], from start: Int, kind: UInt8) -> AnswerStart {
        guard start < bytes.count else { return .undecided }
        switch kind {
        case 0x5D:
            var j = start
            while j < bytes.count, (0x30...0x39).contains(bytes[j]), j - start < 8 { j += 1 }
            guard j < bytes.count else { return j - start < 8 ? .undecided : .keys }
            return j > start && bytes[j] == 0x3B ? .answer : .keys
        case 0x50: return ">!=+$0123456789".utf8.contains(bytes[start]) ? .answer : .keys
        default: return bytes[start] == 0x47 ? .answer : .keys
        }
    }

    /// Skips an answer string's bytes up to its end: BEL, ST, an Esc that starts something
    /// else, CAN or SUB (which cancel it), or any other control character, which no answer
    /// holds and which is then read as a key (Enter, Ctrl-C). However long the string, none of
    /// it is kept or read as keys. Returns where input goes on.
    private mutating func skipAnswer(_ bytes: [UInt8], from start: Int, afterEscape: Bool) -> Int {
        var i = start
        if afterEscape, i < bytes.count {
            mode = .normal
            return bytes[i] == 0x5C ? i + 1 : i  // ST; an Esc that begins something else ends it too
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte >= 0x20 && byte != 0x7F {  // the string's body: printable, or UTF-8
                i += 1
                continue
            }
            switch byte {
            case 0x1B:
                guard i + 1 < bytes.count else {
                    mode = .answer(afterEscape: true)
                    return bytes.count
                }
                mode = .normal
                return bytes[i + 1] == 0x5C ? i + 2 : i  // ST; an Esc that begins something else is read as that
            case 0x07, 0x18, 0x1A:  // BEL ends it; CAN and SUB cancel it
                mode = .normal
                return i + 1
            default:  // a key (Enter, Ctrl-C…): no answer holds one
                mode = .normal
                return i
            }
        }
        mode = .answer(afterEscape: false)
        return i
    }

    /// `ESC [` …: a key, a mouse report, a paste's start, or an answer (dropped).
    private mutating func csi(_ bytes: [UInt8], at i: Int) -> Step {
        var j = i + 2
        guard j < bytes.count else { return .need }
        if bytes[j] == 0x4D {  // X10 mouse: ESC [ M and three bytes
            guard j + 3 < bytes.count else { return .need }
            let button = Int(bytes[j + 1]) - 32
            let event = mouse(code: button, x: Int(bytes[j + 2]) - 33, y: Int(bytes[j + 3]) - 33, released: button & 3 == 3 && button & 64 == 0)
            return .take(event.map { [$0] } ?? [], 6)
        }
        if bytes[j] == 0x5B {  // the Linux console's F1…F5: ESC [ [ A…E
            guard j + 1 < bytes.count else { return .need }
            let final = bytes[j + 1]
            return .take((0x41...0x45).contains(final) ? [.key(.function(Int(final) - 0x40))] : [], 4)
        }
        let parametersStart = j
        while j < bytes.count, (0x20...0x3F).contains(bytes[j]) {
            // rxvt ends Shift- keys with `$` (ESC [ 2 $), which is otherwise an intermediate.
            if bytes[j] == 0x24, bytes[parametersStart..<j].allSatisfy({ (0x30...0x39).contains($0) }),
                j + 1 >= bytes.count || !(0x40...0x7E).contains(bytes[j + 1])
            {
                break
            }
            j += 1
            if j - i > Self.sequenceLimit { return .take([], j - i) }  // no key is this long
        }
        guard j < bytes.count else { return .need }
        let final = bytes[j]
        let length = j + 1 - i
        guard (0x40...0x7E).contains(final) || final == 0x24 else {
            return .take([], j - i)  // a byte no sequence holds: the sequence is dropped, the byte read afresh
        }
        let parameters = bytes[parametersStart..<j]
        if let first = parameters.first, first == 0x3F || first == 0x3E || first == 0x3D {
            return .take([], length)  // an answer: DA1, DA2, DECRPM, XTSMGRAPHICS, kitty's flags
        }
        if parameters.first == 0x3C {  // SGR mouse: ESC [ < b ; x ; y M|m
            let numbers = Self.numbers(parameters.dropFirst())
            guard numbers.count == 3, let b = numbers[0], let x = numbers[1], let y = numbers[2], final == 0x4D || final == 0x6D else {
                return .take([], length)
            }
            return .take(mouse(code: b, x: x - 1, y: y - 1, released: final == 0x6D).map { [$0] } ?? [], length)
        }
        let numbers = Self.numbers(parameters)
        let modifiers = Self.modifiers(numbers.count > 1 ? numbers[1] : nil)
        func key(_ key: Key) -> Step { .take([.key(modifiers.isEmpty ? key : .modified(key, modifiers))], length) }
        if let cursor = Self.cursorKey(final) { return key(cursor) }
        switch final {
        case 0x50: return key(.function(1))
        case 0x51: return key(.function(2))
        case 0x53: return key(.function(4))
        case 0x5A: return .take([.key(.backTab)], length)
        case 0x61, 0x62, 0x63, 0x64:  // rxvt's Shift-arrows
            return .take([.key(.modified([.up, .down, .right, .left][Int(final - 0x61)], .shift))], length)
        case 0x7E, 0x24, 0x5E, 0x40:  // ESC [ n ~, and rxvt's Shift ($), Ctrl (^), Ctrl-Shift (@)
            guard let number = numbers.first ?? nil else { return .take([], length) }
            if number == 200, final == 0x7E {
                mode = .paste
                pasted = []
                pasteDropped = 0
                return .take([], length)
            }
            guard let named = Self.tildeKey(number) else { return .take([], length) }
            let rxvt: KeyModifiers = final == 0x24 ? .shift : final == 0x5E ? .control : final == 0x40 ? [.control, .shift] : []
            let all = modifiers.union(rxvt)
            return .take([.key(all.isEmpty ? named : .modified(named, all))], length)
        default:
            return .take([], length)  // answers (t, R, c, I, O) and sequences of no key
        }
    }

    /// `ESC O` and a final byte: xterm's application keys, rxvt's Ctrl-arrows, the keypad.
    private func ss3(_ bytes: [UInt8], at i: Int) -> Step {
        var j = i + 2
        var modifierNumber: Int?
        if (0x30...0x39).contains(bytes[j]) {  // ESC O 2 P: a modifier before the final byte
            modifierNumber = Int(bytes[j] - 0x30)
            j += 1
            guard j < bytes.count else { return .need }
        }
        let modifiers = Self.modifiers(modifierNumber)
        let length = j + 1 - i
        func key(_ key: Key) -> Step { .take([.key(modifiers.isEmpty ? key : .modified(key, modifiers))], length) }
        let final = bytes[j]
        if let cursor = Self.cursorKey(final) { return key(cursor) }
        switch final {
        case 0x4D: return key(.enter)
        case 0x50...0x53: return key(.function(Int(final) - 0x4F))
        case 0x61...0x64: return .take([.key(.modified([.up, .down, .right, .left][Int(final - 0x61)], .control))], length)
        case 0x6A...0x79:  // the keypad in application mode: * + , - . / 0 … 9
            return key(.character(Character(Unicode.Scalar(final - 0x6A + 0x2A))))
        case 0x58: return key(.character("="))
        default:
            // Not a key after all: Alt-O, and what followed read afresh.
            return .take([.key(.alt("O"))], 2)
        }
    }

    /// The arrow, Home or End that final byte `A`…`D`, `H`, `F` names after CSI or SS3.
    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        default: nil
        }
    }

    /// The key of `ESC [ n ~`.
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23...26: return .function(number - 12)
        case 28, 29: return .function(number - 13)
        case 31...34: return .function(number - 14)
        default: return nil
        }
    }

    /// xterm's modifier parameter (1 + Shift 1, Alt 2, Ctrl 4, Meta 8).
    private static func modifiers(_ number: Int?) -> KeyModifiers {
        guard let number, number >= 2, number <= 16 else { return [] }
        let bits = number - 1
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }

    /// The numbers of a parameter string (`1;5`), nil for an empty or overlong one.
    private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
        guard !parameters.isEmpty else { return [] }
        return parameters.split(separator: 0x3B, omittingEmptySubsequences: false).map { digits -> Int? in
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
    }

    /// A mouse report's event: `code` as xterm encodes buttons (0…2 pressed, 3 released,
    /// +32 moved, +64 the wheel; +4, +8, +16 the modifiers), cells counted from 0.
    private mutating func mouse(code: Int, x: Int, y: Int, released: Bool) -> InputEvent? {
        let at = Point(x: max(0, x), y: max(0, y))
        let low = code & 3
        if code & 64 != 0 {
            guard low <= 1 else { return nil }  // sideways wheels
            return .mouse(MouseEvent(low == 0 ? .wheelUp : .wheelDown, button: .none, at: at))
        }
        let button: MouseEvent.Button = [.left, .middle, .right, .none][low]
        if code & 32 != 0 {
            return button == .none ? .mouse(MouseEvent(.move, button: .none, at: at)) : .mouse(MouseEvent(.drag, button: button, at: at))
        }
        if released {
            let which = button == .none ? pressedButton : button
            pressedButton = .none
            return .mouse(MouseEvent(.release, button: which == .none ? .left : which, at: at))
        }
        guard button != .none else { return nil }
        pressedButton = button
        return .mouse(MouseEvent(.press, button: button, at: at))
    }

    // MARK: - Bracketed paste

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 201 ~

    /// Takes paste bytes from `start` up to the end marker; returns where input goes on, or
    /// -1 when the batch ended inside a possible end marker (held for the next).
    private mutating func takePaste(_ bytes: [UInt8], from start: Int, into out: inout [InputEvent]) -> Int {
        var i = start
        while i < bytes.count {
            guard let escape = bytes[i...].firstIndex(of: 0x1B) else {
                keep(bytes[i...])
                return bytes.count
            }
            keep(bytes[i..<escape])
            let available = min(Self.pasteEnd.count, bytes.count - escape)
            if bytes[escape..<escape + available].elementsEqual(Self.pasteEnd[..<available]) {
                guard available == Self.pasteEnd.count else {
                    held = Array(bytes[escape...])
                    return -1
                }
                mode = .normal
                finishPaste(into: &out)
                return escape + Self.pasteEnd.count
            }
            keep(bytes[escape...escape])  // an Esc that ends nothing: dropped as a control byte below
            i = escape + 1
        }
        return i
    }

    private mutating func keep(_ part: ArraySlice<UInt8>) {
        let room = Self.pasteLimit - pasted.count
        if part.count <= room {
            pasted += part
        } else {
            pasted += part.prefix(max(0, room))
            pasteDropped += part.count - max(0, room)
        }
    }

    /// `bytes` as text, bytes that are not UTF-8 left out (so a paste is never longer than
    /// what was pasted, as U+FFFD for each would make it).
    private static func validText(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error: continue
            case .emptyInput: break loop
            }
        }
        return String(scalars)
    }

    /// The paste as text: line ends as `\n`, tabs kept, other control bytes and bytes that
    /// are not UTF-8 dropped, a character cut at the limit left out.
    private mutating func finishPaste(into out: inout [InputEvent]) {
        var bytes = pasted
        if pasteDropped > 0 {
            // Cut at the limit: back to the start of the last character, if it was cut.
            var lead = bytes.count - 1
            while lead > 0, bytes.count - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
            if lead >= 0, lead < bytes.count {
                let need = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : bytes[lead] >= 0xC0 ? 2 : 1
                if bytes.count - lead < need {
                    pasteDropped += bytes.count - lead
                    bytes.removeSubrange(lead...)
                }
            }
        }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                text.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else if byte >= 0x20 || byte == 0x09 || byte == 0x0A {
                if byte != 0x7F { text.append(byte) }
            }
            index += 1
        }
        out.append(.paste(Self.validText(text)))
        if pasteDropped > 0 { out.append(.pasteCut(droppedBytes: pasteDropped)) }
        pasted = []
        pasteDropped = 0
    }
}
