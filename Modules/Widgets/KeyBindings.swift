import ViewCore

/// A key binding: the keys that do one thing, and how help names them. A view matches its
/// events against its bindings, and the same bindings make its help (``HelpView``), so the
/// help can never say other keys than the ones that work.
///
/// ```swift
/// let up = KeyBinding(.up, .character("k"), action: "up")
/// let quit = KeyBinding(.character("q"), .escape, action: "quit")
/// if up.matches(event) { … }
/// let help = HelpView([up, quit])   // "↑/k up • q/esc quit"
/// ```
public struct KeyBinding: Equatable, Sendable {
    /// The keys that trigger it.
    public var keys: [Key]
    /// How the help shows the keys (`↑/k`).
    public var label: String
    /// What it does, as the help says it (`up`).
    public var action: String
    /// Whether it works now: a disabled binding matches nothing and the help leaves it out.
    public var isEnabled: Bool

    /// A binding of `keys` doing `action`; the help shows the keys as `label`, or by their
    /// names joined by `/` (arrows as ↑ ↓ ← →).
    public init(_ keys: Key..., label: String? = nil, action: String, isEnabled: Bool = true) {
        self.init(keys: keys, label: label, action: action, isEnabled: isEnabled)
    }

    /// The same, the keys as an array.
    public init(keys: [Key], label: String? = nil, action: String, isEnabled: Bool = true) {
        self.keys = keys
        self.label = label ?? keys.map(Self.name).joined(separator: "/")
        self.action = action
        self.isEnabled = isEnabled
    }

    /// Whether `event` is a press of one of its keys (never while disabled).
    public func matches(_ event: InputEvent) -> Bool {
        guard isEnabled, case .key(let key) = event else { return false }
        return keys.contains(key)
    }

    /// A key as help shows it: arrows as glyphs, the rest by name.
    public static func name(_ key: Key) -> String {
        switch key {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        default: key.description
        }
    }
}

/// The help a view's key bindings make: one line (`↑/k up • ↓/j down • q quit`), cut at a
/// whole entry with `…` when it does not fit, or — with ``showsAll`` — every binding, a row
/// each, in as many columns as the rows need. Disabled bindings are left out.
@MainActor
public final class HelpView: View {
    /// The bindings, in the order shown.
    public var bindings: [KeyBinding]
    /// Every binding in columns, rather than the one line.
    public var showsAll = false
    /// The keys' style.
    public var keyStyle = Style(attributes: .bold)
    /// The actions' and separators' style.
    public var actionStyle = Style(attributes: .dim)

    /// Help for `bindings`.
    public init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The rows the help takes in `width` columns (1 for the line).
    public func height(forWidth width: Int) -> Int {
        showsAll ? min(Self.fullRows, max(1, enabled.count)) : 1
    }

    /// The full help's rows at most, before another column starts.
    public static let fullRows = 4

    private var enabled: [KeyBinding] { bindings.filter(\.isEnabled) }

    /// The one line, as text.
    public func line(width: Int) -> String {
        let shown = layoutLine(width: width)
        let text = shown.map { $0.key + " " + $0.action }.joined(separator: " • ")
        return text + (shown.count < enabled.count ? Self.ellipsis(afterEntries: shown.count) : "")
    }

    private static func ellipsis(afterEntries count: Int) -> String { count == 0 ? "…" : " …" }

    /// The entries of the one line that fit in `width` with room for `…` after them when some
    /// are left out.
    private func layoutLine(width: Int) -> [(key: String, action: String)] {
        let entries = enabled.map { (key: $0.label.sanitizedForTerminal, action: $0.action.sanitizedForTerminal) }
        var used = 0
        var shown: [(key: String, action: String)] = []
        for (index, entry) in entries.enumerated() {
            let cost = (shown.isEmpty ? 0 : 3) + entry.key.displayWidth + 1 + entry.action.displayWidth
            let roomForEllipsis = index < entries.count - 1 ? 2 : 0  // " …" if later ones do not fit
            guard used + cost + roomForEllipsis <= width else { break }
            used += cost
            shown.append(entry)
        }
        return shown
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        if showsAll { return renderAll(in: rect, on: &canvas) }
        let shown = layoutLine(width: rect.width)
        var x = rect.x
        for (index, entry) in shown.enumerated() {
            if index > 0 {
                canvas.draw(" • ", at: Point(x: x, y: rect.y), style: actionStyle, clip: rect)
                x += 3
            }
            canvas.draw(entry.key, at: Point(x: x, y: rect.y), style: keyStyle, clip: rect)
            x += entry.key.displayWidth + 1
            canvas.draw(entry.action, at: Point(x: x, y: rect.y), style: actionStyle, clip: rect)
            x += entry.action.displayWidth
        }
        if shown.count < enabled.count {
            canvas.draw(Self.ellipsis(afterEntries: shown.count), at: Point(x: x, y: rect.y), style: actionStyle, clip: rect)
        }
    }

    /// Every binding, a row each, in columns of ``fullRows`` rows (fewer when the rect is
    /// lower), the keys aligned in each column.
    private func renderAll(in rect: Rect, on canvas: inout Canvas) {
        let rows = max(1, min(Self.fullRows, rect.height))
        var x = rect.x
        for column in stride(from: 0, to: enabled.count, by: rows) {
            let group = enabled[column..<min(enabled.count, column + rows)]
            let keyWidth = group.map { $0.label.sanitizedForTerminal.displayWidth }.max() ?? 0
            var width = 0
            for (row, binding) in group.enumerated() {
                let y = rect.y + row
                canvas.draw(binding.label.sanitizedForTerminal, at: Point(x: x, y: y), style: keyStyle, clip: rect)
                let action = binding.action.sanitizedForTerminal
                canvas.draw(action, at: Point(x: x + keyWidth + 1, y: y), style: actionStyle, clip: rect)
                width = max(width, keyWidth + 1 + action.displayWidth)
            }
            x += width + 4
            guard x < rect.maxX else { break }
        }
    }
}
