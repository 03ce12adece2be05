import ViewCore

/// A line of text being typed, as a value: the characters and the insertion point, edited by
/// readline's keys. ``TextField`` draws it; a prompt or a test can drive it alone.
public struct TextInput: Equatable, Sendable {
    /// The text.
    public private(set) var characters: [Character] {
        didSet { edits &+= 1 }
    }
    /// Counts the edits of ``characters``: whether the text changed, told without keeping a
    /// copy of it (a copy would cost the whole text on the next key).
    private(set) var edits = 0
    /// Where typing goes: an index into ``characters`` (0 … count).
    public private(set) var position: Int
    /// The most characters it takes (nil: no limit); typing and pasting past it are cut.
    public var limit: Int?

    /// `text`, the insertion point at its end.
    /// The same text, insertion point and limit (however they were reached).
    public static func == (lhs: TextInput, rhs: TextInput) -> Bool {
        lhs.characters == rhs.characters && lhs.position == rhs.position && lhs.limit == rhs.limit
    }

    /// `text` as ``insert(_:)`` takes it: line breaks and tabs as spaces, other control
    /// characters left out.
    public init(_ text: String = "", limit: Int? = nil) {
        characters = []
        position = 0
        self.limit = limit
        insert(text)
    }

    /// The text as a string.
    public var text: String { String(characters) }

    /// Puts the insertion point at `position` (kept within 0 … the count).
    public mutating func move(to position: Int) {
        self.position = min(max(0, position), characters.count)
    }

    /// Inserts `text` at the insertion point, as much as the limit leaves room for; line
    /// breaks and tabs become spaces, other control characters are dropped.
    public mutating func insert(_ text: String) {
        var added = Self.typeable(text)
        if let limit { added = Array(added.prefix(max(0, limit - characters.count))) }
        characters.insert(contentsOf: added, at: position)
        position += added.count
    }

    /// `text`'s characters as a line takes them: line breaks and tabs as spaces, other
    /// control characters (ESC, C1) left out.
    static func typeable(_ text: String) -> [Character] {
        text.compactMap { c -> Character? in
            if c == "\n" || c == "\r\n" || c == "\r" || c == "\t" { return " " }
            return c.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } ? c : nil
        }
    }

    /// Edits by `key` as readline does; says whether the key is one it uses.
    ///
    /// ←/→ and Ctrl-B/F a character; Alt-B/F and Ctrl-←/→ a word; Home/End and Ctrl-A/E
    /// the ends; Backspace and Ctrl-H delete back, Delete and Ctrl-D forward; Ctrl-W and
    /// Alt-Backspace delete the word before, Alt-D the word after; Ctrl-U deletes to the
    /// start, Ctrl-K to the end; a character is typed.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .left, .control("b"): position = max(0, position - 1)
        case .right, .control("f"): position = min(characters.count, position + 1)
        case .home, .control("a"): position = 0
        case .end, .control("e"): position = characters.count
        case .modified(.character("b"), .alt), .modified(.left, .control), .modified(.left, .alt): position = wordStart(before: position)
        case .modified(.character("f"), .alt), .modified(.right, .control), .modified(.right, .alt): position = wordEnd(after: position)
        case .backspace, .control("h"):
            guard position > 0 else { return true }
            characters.remove(at: position - 1)
            position -= 1
        case .delete, .control("d"):
            guard position < characters.count else { return true }
            characters.remove(at: position)
        case .control("w"), .modified(.backspace, .alt):
            let start = wordStart(before: position)
            characters.removeSubrange(start..<position)
            position = start
        case .modified(.character("d"), .alt):
            characters.removeSubrange(position..<wordEnd(after: position))
        case .control("u"):
            characters.removeSubrange(0..<position)
            position = 0
        case .control("k"):
            characters.removeSubrange(position...)
        case .character(let c):
            insert(String(c))
        default:
            return false
        }
        return true
    }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, characters[i - 1].isWhitespace { i -= 1 }
        while i > 0, !characters[i - 1].isWhitespace { i -= 1 }
        return i
    }

    private func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count, characters[i].isWhitespace { i += 1 }
        while i < characters.count, !characters[i].isWhitespace { i += 1 }
        return i
    }
}

/// A one-line text field: readline's keys (``TextInput``), pastes, a placeholder, a limit,
/// the text shown as typed, masked or not at all, scrolled sideways to keep the insertion
/// point in view, and the terminal's own cursor placed where typing goes (`Canvas.cursor`).
///
/// ```swift
/// let name = TextField(placeholder: "Your name", limit: 40)
/// name.onSubmit = { print("hello,", $0) }
/// ```
@MainActor
public final class TextField: View {
    /// How the text is shown.
    public enum Echo: Equatable, Sendable {
        /// As typed.
        case normal
        /// A mask character a character typed (a password).
        case masked(Character)
        /// Nothing at all (the cursor stays put, as `sudo` asks).
        case hidden
    }

    /// What is typed, and where.
    public var input: TextInput
    /// What the field held before the paste just handled, to take a cut paste back.
    private var beforePaste: TextInput?
    /// Shown dim while the field is empty.
    public var placeholder: String
    /// How the text is shown (as typed by default).
    public var echo = Echo.normal
    /// Drawn before the text (`> `, `Name: `).
    public var prompt = ""
    /// Whether it has the keyboard focus: unfocused, it takes no keys and shows no cursor.
    public var isFocused = true
    /// Called with the text on Enter.
    public var onSubmit: (@MainActor (String) -> Void)?
    /// Called with the text after each change.
    public var onChange: (@MainActor (String) -> Void)?
    /// The first character shown (the field scrolls sideways to keep the insertion point in view).
    public private(set) var scroll = 0

    /// A field holding `text`, with a placeholder and an optional limit on its characters.
    public init(_ text: String = "", placeholder: String = "", limit: Int? = nil) {
        input = TextInput(text, limit: limit)
        self.placeholder = placeholder
    }

    /// The text.
    public var text: String { input.text }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        let promptText = prompt.sanitizedForTerminal.truncated(toWidth: rect.width)
        canvas.draw(promptText, at: rect.origin, clip: rect)
        let field = Rect(x: rect.x + promptText.displayWidth, y: rect.y, width: rect.width - promptText.displayWidth, height: 1)
        guard field.width > 0 else { return }
        // The text as shown, without copying it: each key costs what the field shows, however
        // long the text (a copy here made typing quadratic in its length).
        let visible = echo == .hidden ? [] : input.characters
        let position = echo == .hidden ? 0 : input.position
        if input.characters.isEmpty, !placeholder.isEmpty {
            canvas.draw(placeholder.sanitizedForTerminal.truncated(toWidth: field.width), at: field.origin, style: Style(attributes: .dim), clip: field)
        }
        // Keep the insertion point in view, a cell left for the cursor at the end; and within
        // a few times the field's width in characters of it, so marks that take no cell (ten
        // thousand combining accents typed one by one) cost what the field shows.
        if position < scroll { scroll = position }
        let reach = 4 * field.width + 16
        if position - scroll > reach { scroll = position - reach }
        var mask: Character?
        if case .masked(let character) = echo { mask = character }
        var widthBefore = 0
        for character in visible[scroll..<position] { widthBefore += (mask ?? character).displayWidth }
        while scroll < position, widthBefore >= field.width {
            widthBefore -= (mask ?? visible[scroll]).displayWidth
            scroll += 1
        }
        var x = field.x
        for character in visible[min(scroll, visible.count)..<min(visible.count, position + reach)] {
            let glyph = mask ?? character
            let width = glyph.displayWidth
            guard x + width <= field.maxX else { break }
            canvas.draw(String(glyph), at: Point(x: x, y: field.y), clip: field)
            x += width
        }
        if isFocused { canvas.cursor = Point(x: min(field.maxX - 1, field.x + widthBefore), y: field.y) }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        guard isFocused else { return .ignored }
        let before = input.edits
        let beforePaste = self.beforePaste
        self.beforePaste = nil
        switch event {
        case .key(.enter):
            onSubmit?(input.text)
            return .handled
        case .key(let key):
            guard input.handle(key) else { return .ignored }
        case .paste(let text):
            self.beforePaste = input
            input.insert(text)
        case .pasteCut:
            // The paste before was cut by the terminal's limit: it is taken back whole, never
            // kept cut (the field's owner says why: a prompt shows it).
            guard let beforePaste else { return .handled }
            input = beforePaste
        default:
            return .ignored
        }
        if input.edits != before { onChange?(input.text) }
        return .handled
    }
}
