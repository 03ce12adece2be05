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
    /// A key with Shift, Alt or Ctrl held: `Alt-x` is `.modified(.character("x"), .alt)`,
    /// Shift-↑ `.modified(.up, .shift)`. (Ctrl plus a letter is ``control(_:)``; Shift plus
    /// a letter is the capital letter; Shift-Tab is ``backTab``.)
    indirect case modified(Key, KeyModifiers)

    /// Alt (or Meta) plus a character, as terminals send it: Esc then the character.
    public static func alt(_ character: Character) -> Key { .modified(.character(character), .alt) }

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
        case .modified(let key, let modifiers): modifiers.prefix + key.description
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
        } else if let (modifiers, rest) = KeyModifiers.split(name), !modifiers.isEmpty, let key = Key(name: rest),
            !(modifiers == .control && rest.count == 1)
        {
            self = .modified(key, modifiers)
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

/// Shift, Alt and Ctrl, as held with another key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The modifier bits.
    public let rawValue: Int
    /// Modifiers from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift held.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt (Meta, Option) held.
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control held.
    public static let control = KeyModifiers(rawValue: 4)

    /// `ctrl-alt-shift-`, in that order, for the ones held.
    var prefix: String {
        (contains(.control) ? "ctrl-" : "") + (contains(.alt) ? "alt-" : "") + (contains(.shift) ? "shift-" : "")
    }

    /// The modifiers a name starts with (`ctrl-`, `alt-`, `meta-`, `shift-`) and the rest.
    static func split(_ name: String) -> (KeyModifiers, String)? {
        var modifiers: KeyModifiers = []
        var rest = Substring(name)
        let names: [(String, KeyModifiers)] = [("ctrl-", .control), ("alt-", .alt), ("meta-", .alt), ("shift-", .shift)]
        var found = true
        while found, rest.count > 1 {
            found = false
            for (prefix, modifier) in names where rest.lowercased().hasPrefix(prefix) && rest.count > prefix.count {
                modifiers.insert(modifier)
                rest = rest.dropFirst(prefix.count)
                found = true
            }
        }
        return (modifiers, String(rest))
    }
}
