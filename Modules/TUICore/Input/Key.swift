/// A key press.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (letters, digits, punctuation, space, any script).
    case character(Character)
    /// A control chord, Ctrl plus a letter (`.control("c")` for Ctrl-C).
    case control(Character)
    /// Arrow keys.
    case up, down, left, right
    /// Paging and ends.
    case pageUp, pageDown, home, end
    /// Editing and navigation keys.
    case enter, tab, backTab, escape, backspace, delete, insert
    /// A function key, F1…F24.
    case function(Int)

    /// A readable name, as scenarios and the key echo write it: `a`, `ctrl-c`, `up`, `f5`.
    public var description: String {
        switch self {
        case .character(" "): "space"
        case .character(let c): String(c).sanitizedForTerminal
        case .control(let c): "ctrl-\(c)"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .home: "home"
        case .end: "end"
        case .enter: "enter"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .escape: "esc"
        case .backspace: "backspace"
        case .delete: "delete"
        case .insert: "insert"
        case .function(let n): "f\(n)"
        }
    }

    /// Parses the names `description` produces (plus `pageup`, `pagedown`, `return`, `escape`, `bs`).
    public init?(name: String) {
        let lower = name.lowercased()
        let named: [String: Key] = [
            "up": .up, "down": .down, "left": .left, "right": .right,
            "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
            "home": .home, "end": .end, "enter": .enter, "return": .enter, "tab": .tab,
            "shift-tab": .backTab, "backtab": .backTab, "esc": .escape, "escape": .escape,
            "backspace": .backspace, "bs": .backspace, "delete": .delete, "del": .delete,
            "insert": .insert, "space": .character(" "),
        ]
        if let key = named[lower] {
            self = key
        } else if lower.hasPrefix("ctrl-"), lower.count == 6, let c = lower.last {
            self = .control(c)
        } else if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) {
            self = .function(n)
        } else if name.count == 1, let c = name.first {
            self = .character(c)
        } else {
            return nil
        }
    }
}
