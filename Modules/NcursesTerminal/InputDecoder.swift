internal import CNcursesw
import TUICore

/// Turns the C layer's input records into ``InputEvent``s.
enum InputDecoder {
    static func event(from raw: ik_input) -> InputEvent? {
        switch raw.kind {
        case Int32(IK_EVENT_CHAR): return character(raw.ch)
        case Int32(IK_EVENT_KEY): return key(raw.key, function: raw.button).map { .key(modified($0, raw)) }
        case Int32(IK_EVENT_MOUSE): return mouse(raw)
        default: return nil
        }
    }

    /// A character as read in raw mode: control bytes become named keys or Ctrl chords.
    static func character(_ value: UInt32) -> InputEvent? {
        switch value {
        case 0x0D, 0x0A: return .key(.enter)
        case 0x09: return .key(.tab)
        case 0x1B: return .key(.escape)
        case 0x7F, 0x08: return .key(.backspace)
        case 0x01...0x1A:
            guard let letter = Unicode.Scalar(0x60 + value) else { return nil }
            return .key(.control(Character(letter)))
        case 0x00, 0x1C...0x1F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    /// `key` with the Shift, Ctrl and Alt the record says were held.
    static func modified(_ key: Key, _ raw: ik_input) -> Key {
        var modifiers: KeyModifiers = []
        if raw.shift != 0 { modifiers.insert(.shift) }
        if raw.ctrl != 0 { modifiers.insert(.control) }
        if raw.alt != 0 { modifiers.insert(.alt) }
        return modifiers.isEmpty ? key : .modified(key, modifiers)
    }

    /// Esc followed at once by a character or a key is Alt (Meta) with it, as terminals send
    /// it; a lone Esc, or one followed by another Esc, stays Esc.
    static func joiningAlt(_ events: [InputEvent]) -> [InputEvent] {
        var result: [InputEvent] = []
        var index = 0
        while index < events.count {
            if events[index] == .key(.escape), index + 1 < events.count, case .key(let next) = events[index + 1], next != .escape {
                switch next {
                case .modified(let key, let modifiers): result.append(.key(.modified(key, modifiers.union(.alt))))
                default: result.append(.key(.modified(next, .alt)))
                }
                index += 2
            } else {
                result.append(events[index])
                index += 1
            }
        }
        return result
    }

    static func key(_ code: Int32, function: Int32) -> Key? {
        switch code {
        case Int32(IK_KEY_UP): return .up
        case Int32(IK_KEY_DOWN): return .down
        case Int32(IK_KEY_LEFT): return .left
        case Int32(IK_KEY_RIGHT): return .right
        case Int32(IK_KEY_PAGE_UP): return .pageUp
        case Int32(IK_KEY_PAGE_DOWN): return .pageDown
        case Int32(IK_KEY_HOME): return .home
        case Int32(IK_KEY_END): return .end
        case Int32(IK_KEY_ENTER): return .enter
        case Int32(IK_KEY_BACKSPACE): return .backspace
        case Int32(IK_KEY_DELETE): return .delete
        case Int32(IK_KEY_INSERT): return .insert
        case Int32(IK_KEY_BACK_TAB): return .backTab
        case Int32(IK_KEY_FUNCTION): return .function(Int(function))
        default: return nil
        }
    }

    static func mouse(_ raw: ik_input) -> InputEvent? {
        let action: MouseEvent.Action
        switch raw.action {
        case Int32(IK_MOUSE_PRESS): action = .press
        case Int32(IK_MOUSE_RELEASE): action = .release
        case Int32(IK_MOUSE_DRAG): action = .drag
        case Int32(IK_MOUSE_MOVE): action = .move
        case Int32(IK_MOUSE_WHEEL_UP): action = .wheelUp
        case Int32(IK_MOUSE_WHEEL_DOWN): action = .wheelDown
        default: return nil
        }
        let button: MouseEvent.Button =
            switch raw.button {
            case 1: .left
            case 2: .middle
            case 3: .right
            default: .none
            }
        return .mouse(MouseEvent(action, button: button, at: Point(x: Int(raw.x), y: Int(raw.y))))
    }
}
