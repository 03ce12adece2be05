import ViewCore

/// A window on a long text, as a pager shows it: wrapped at the width it is drawn at (or
/// not, and scrolled sideways), scrolled by the keys and the wheel, with how far down it is
/// (``scrollPercent``) and every occurrence of a text highlighted.
///
/// ```swift
/// let pager = Viewport(text: try String(contentsOfFile: "README.md", encoding: .utf8))
/// pager.highlight = "inline"
/// // ↑/↓ or k/j a line, PgUp/PgDn or b/space a page, Home/End or g/G the ends
/// ```
@MainActor
public final class Viewport: View {
    /// The text, lines separated by line breaks; control characters are made safe.
    public var text: String {
        didSet { wrapped = nil }
    }
    /// Whether long lines wrap at the width (at word boundaries where there are any); when
    /// not, ←/→ scroll sideways.
    public var wraps = true {
        didSet { wrapped = nil }
    }
    /// A text whose every occurrence is drawn highlighted (a search); nil for none.
    public var highlight: String?
    /// The highlight's style (reversed by default).
    public var highlightStyle = Style(attributes: .reverse)
    /// The text's style.
    public var style = Style()
    /// The first line shown (of the lines as wrapped).
    public private(set) var offset = 0
    /// The first column shown, when not wrapping.
    public private(set) var column = 0

    private var wrapped: (width: Int, lines: [String])?
    private var frame = Rect.zero

    /// A viewport on `text`.
    public init(text: String = "") {
        self.text = text
    }

    /// The lines as drawn at `width` columns: wrapped, or the text's own lines.
    public func lines(forWidth width: Int) -> [String] {
        if let wrapped, wrapped.width == width { return wrapped.lines }
        let own = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).sanitizedForTerminal }
        let lines = wraps ? own.flatMap { Self.wrap($0, width: max(1, width)) } : own
        wrapped = (width, lines)
        return lines
    }

    /// `line` broken into pieces no wider than `width`: at the last space that fits, or
    /// mid-word when a word is wider than a line.
    public static func wrap(_ line: String, width: Int) -> [String] {
        guard line.displayWidth > width else { return [line] }
        var pieces: [String] = []
        var current: [Character] = []
        var currentWidth = 0
        var lastSpace: Int?  // in `current`
        for character in line {
            let w = character.displayWidth
            if currentWidth + w > width, !current.isEmpty {
                if let space = lastSpace, space > 0 {
                    pieces.append(String(current[..<space]))
                    current = Array(current[(space + 1)...])
                } else {
                    pieces.append(String(current))
                    current = []
                }
                currentWidth = String(current).displayWidth
                lastSpace = nil
            }
            if character == " " { lastSpace = current.count }
            current.append(character)
            currentWidth += w
        }
        pieces.append(String(current))
        return pieces
    }

    private var pageHeight: Int { max(1, frame.height) }
    private var lineCount: Int { lines(forWidth: frame.width).count }
    private var maxOffset: Int { max(0, lineCount - pageHeight) }

    /// How far down the text is shown, from 0 (the top in view) to 1 (the end in view);
    /// 1 when it all fits.
    public var scrollPercent: Double { maxOffset == 0 ? 1 : Double(offset) / Double(maxOffset) }
    /// Whether the last line is in view.
    public var isAtBottom: Bool { offset >= maxOffset }

    /// Scrolls so that line `index` (as wrapped) is the first shown, within the text.
    public func scroll(to index: Int) { offset = min(max(0, index), maxOffset) }

    /// Scrolls by `lines` (negative: up).
    public func scroll(by lines: Int) { scroll(to: offset + lines) }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        frame = rect
        offset = min(offset, maxOffset)
        guard !rect.isEmpty else { return }
        let lines = lines(forWidth: rect.width)
        for row in 0..<rect.height where offset + row < lines.count {
            let line = lines[offset + row]
            let shown = wraps ? line : Self.dropping(columns: column, of: line)
            let origin = Point(x: rect.x, y: rect.y + row)
            canvas.draw(shown, at: origin, style: style, clip: rect)
            guard let highlight, !highlight.isEmpty else { continue }
            var searchFrom = shown.startIndex
            while let found = shown.range(of: highlight, range: searchFrom..<shown.endIndex) {
                let x = rect.x + String(shown[..<found.lowerBound]).displayWidth
                canvas.draw(String(shown[found]), at: Point(x: x, y: origin.y), style: highlightStyle, clip: rect)
                searchFrom = found.upperBound
            }
        }
    }

    /// `line` without its first `columns` cells (a wide character cut in half goes whole).
    static func dropping(columns: Int, of line: String) -> String {
        var skipped = 0
        var index = line.startIndex
        while index < line.endIndex, skipped < columns {
            skipped += line[index].displayWidth
            index = line.index(after: index)
        }
        return String(line[index...])
    }

    /// ↑/↓ or k/j a line, PgUp/PgDn or b/space a page, Home/End or g/G the ends, ←/→ ten
    /// columns when not wrapping, the wheel three lines.
    public func handle(_ event: InputEvent) -> EventResult {
        switch event {
        case .key(.up), .key(.character("k")): scroll(by: -1)
        case .key(.down), .key(.character("j")): scroll(by: 1)
        case .key(.pageUp), .key(.character("b")): scroll(by: -max(1, pageHeight - 1))
        case .key(.pageDown), .key(.character(" ")): scroll(by: max(1, pageHeight - 1))
        case .key(.home), .key(.character("g")): scroll(to: 0)
        case .key(.end), .key(.character("G")): scroll(to: maxOffset)
        case .key(.left) where !wraps: column = max(0, column - 10)
        case .key(.right) where !wraps: column += 10
        case .mouse(let mouse) where mouse.action == .wheelUp: scroll(by: -3)
        case .mouse(let mouse) where mouse.action == .wheelDown: scroll(by: 3)
        default: return .ignored
        }
        return .handled
    }
}
