/// A grid of ``Cell``s that views draw into and backends present.
///
/// A canvas never holds a control character and never splits a wide grapheme: writing
/// over half of one blanks the other half, and a wide grapheme that would cross the
/// right edge (of the canvas or of the clip rectangle) is drawn as a space.
///
/// ```swift
/// var canvas = Canvas(size: Size(width: 20, height: 3))
/// canvas.draw("漢字 ok", at: Point(x: 1, y: 1), style: Style(foreground: .green))
/// canvas.lines[1]  // " 漢字 ok" (padded to 20 cells)
/// ```
public struct Canvas: Hashable, Sendable {
    /// The number of columns and rows.
    public private(set) var size: Size
    /// Row-major cells, `size.width × size.height` of them.
    public private(set) var cells: [Cell]
    /// Pictures placed over cells as pixels, for backends that draw them (see
    /// `place(_:key:in:)`); drawing text over one of their cells takes the picture away.
    public package(set) var placements: [ImagePlacement] = []
    /// Where the terminal's own cursor shows (where typing goes): a text field sets it when it
    /// is drawn with the focus, and the backend puts the cursor there; nil keeps it hidden.
    public var cursor: Point?
    /// The terminal's background, light or dark, as the host learnt it (dark when it could
    /// not): what an ``AdaptiveColor`` is chosen by while drawing.
    public var theme: TerminalTheme = .dark

    /// Creates a canvas filled with `fill`.
    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.area)
    }

    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(size: size) }

    /// The cell at column `x`, row `y`; a blank cell outside the canvas. Writes outside are ignored.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
            return cells[y * size.width + x]
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
            if !placements.isEmpty { placements.removeAll { $0.rect.contains(Point(x: x, y: y)) } }  // a cell written over a picture takes it away
        }
    }

    /// Writes one grapheme at `point` and returns the number of cells it took (0, 1 or 2).
    ///
    /// Control characters become U+FFFD; zero-width graphemes are skipped; a wide grapheme
    /// that does not fit before `clip`'s right edge is replaced by a space.
    @discardableResult
    public mutating func put(_ character: Character, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard area.contains(point) else { return 0 }
        let (glyph, width) = Self.measured(character)
        return put(glyph, width: width, at: point, style: style, area: area)
    }

    /// `character` as a cell keeps it, and the cells it takes: a control character shows as
    /// U+FFFD (one cell). Worked out once for a glyph drawn many times (a box's lines).
    static func measured(_ character: Character) -> (glyph: Grapheme, width: Int) {
        let bytes = character.utf8
        if bytes.count == 1, let byte = bytes.first {
            // ASCII, told by its one byte: a control shows as U+FFFD, the rest take a cell.
            return byte < 0x20 || byte == 0x7F ? (replacement, 1) : (Grapheme(ascii: byte), 1)
        }
        // C1 controls are U+0080…U+009F: C2 80…C2 9F in UTF-8.
        var next = bytes.makeIterator()
        if next.next() == 0xC2, let second = next.next(), second < 0xA0 { return (replacement, 1) }
        return (Grapheme(character), character.displayWidth)
    }

    /// Writes a measured grapheme at `point`, inside `area` (within the canvas).
    @discardableResult
    mutating func put(_ glyph: Grapheme, width: Int, at point: Point, style: Style, area: Rect) -> Int {
        guard width > 0, area.contains(point) else { return 0 }
        var glyph = glyph
        var width = width
        if width == 2, point.x + 1 >= area.maxX {
            glyph = .space
            width = 1
        }
        let x = point.x
        let y = point.y
        clearHalves(x: x, y: y)
        if width == 2 { clearHalves(x: x + 1, y: y) }
        self[x, y] = Cell(glyph, style: style, width: UInt8(width))
        if width == 2 { self[x + 1, y] = Cell(.space, style: style, width: 0) }
        return width
    }

    /// Before a cell is overwritten: blanks the other half of any wide grapheme it belongs to.
    private mutating func clearHalves(x: Int, y: Int) {
        let cell = self[x, y]
        if cell.isContinuation, x > 0, self[x - 1, y].width == 2 {
            self[x - 1, y] = Cell(" ", style: self[x - 1, y].style)
        } else if cell.width == 2, x + 1 < size.width {
            self[x + 1, y] = Cell(" ", style: self[x + 1, y].style)
        }
    }

    /// Writes `text` from `point` rightwards, clipped to `clip` (or the canvas), on one row.
    /// Returns the number of cells used. Newlines and tabs show as spaces.
    @discardableResult
    public mutating func draw(_ text: some StringProtocol, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard point.y >= area.y, point.y < area.maxY else { return 0 }
        if let used = text.utf8.withContiguousStorageIfAvailable({ drawASCII($0, at: point, style: style, area: area) }), let used {
            return used
        }
        var x = point.x
        for character in text {
            if x >= area.maxX { break }
            let glyph: Character = (character == "\n" || character == "\t" || character == "\r\n") ? " " : character
            if x < area.x {
                // Skip as many cells as `put` would use: a control character shows as U+FFFD (one cell).
                x += glyph.unicodeScalars.first?.isTerminalControl == true ? 1 : glyph.displayWidth
                continue
            }
            x += put(glyph, at: Point(x: x, y: point.y), style: style, clip: area)
        }
        return x - point.x
    }

    /// ``draw(_:at:style:clip:)`` for text that is all ASCII, read off its bytes (every
    /// byte one cell; no grapheme breaking, no Unicode look-up); nil for any other text.
    private mutating func drawASCII(_ bytes: UnsafeBufferPointer<UInt8>, at point: Point, style: Style, area: Rect) -> Int? {
        var isASCII = true
        for byte in bytes where byte >= 0x80 {
            isASCII = false
            break
        }
        guard isASCII else { return nil }
        let y = point.y
        var x = point.x
        var index = 0
        while index < bytes.count, x < area.maxX {
            let byte = bytes[index]
            index += 1
            // "\r\n" is one grapheme: one space, as a newline or a tab is.
            let endsALine = byte == 0x0A || byte == 0x09 || (byte == 0x0D && index < bytes.count && bytes[index] == 0x0A)
            if endsALine, byte == 0x0D { index += 1 }
            if x >= area.x {
                let glyph = endsALine ? .space : (byte < 0x20 || byte == 0x7F) ? Self.replacement : Grapheme(ascii: byte)
                clearHalves(x: x, y: y)
                self[x, y] = Cell(glyph, style: style)
            }
            x += 1
        }
        return x - point.x
    }

    /// U+FFFD, what a control character shows as.
    static let replacement = Grapheme("\u{FFFD}")

    /// Fills `rect` (clipped to the canvas) with copies of `cell`. A picture placed there is
    /// cut to the largest part of it outside `rect`, so a panel drawn over photos hides only
    /// what it covers.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        // A panel over a picture cuts it: the part outside the panel still shows.
        if !placements.isEmpty { placements = placements.compactMap { $0.rect.intersects(area) ? $0.cut(away: area) : $0 } }
        let (glyph, width) = Self.measured(cell.character)
        let style = cell.style
        for y in area.y..<area.maxY {
            // Step by the cells each copy takes, so a wide grapheme is not overwritten by the next copy.
            var x = area.x
            while x < area.maxX { x += max(1, put(glyph, width: width, at: Point(x: x, y: y), style: style, area: area)) }
        }
    }

    /// Changes the style of every cell in `rect`, keeping the graphemes.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { change(&cells[y * size.width + x].style) }
        }
    }

    /// Draws `other` with its top-left corner at `origin`, clipped to this canvas.
    public mutating func blit(_ other: Canvas, at origin: Point) {
        let carried = other.placements
        for y in 0..<other.size.height {
            for x in 0..<other.size.width {
                let cell = other[x, y]
                if cell.isContinuation { continue }
                put(cell.character, at: Point(x: origin.x + x, y: origin.y + y), style: cell.style)
            }
        }
        carry(carried, to: origin)
    }

    /// Takes `other`'s placements, moved by `origin` and cut to this canvas.
    private mutating func carry(_ carried: [ImagePlacement], to origin: Point) {
        for placement in carried {
            guard let moved = placement.moved(by: origin, within: bounds) else { continue }
            placements.removeAll { $0.rect.intersects(moved.rect) }
            placements.append(moved)
        }
    }

    /// Draws `other` over this canvas as a layer with holes: blank cells in the plain style
    /// leave what is beneath, and cells on the default background take the background
    /// beneath (so a half-block image with transparent halves sits on a shaded screen).
    public mutating func overlay(_ other: Canvas, at origin: Point) {
        for y in 0..<other.size.height {
            for x in 0..<other.size.width {
                var cell = other[x, y]
                if cell.isContinuation || cell == .blank { continue }
                let target = Point(x: origin.x + x, y: origin.y + y)
                guard bounds.contains(target) else { continue }
                if cell.style.background == .default { cell.style.background = self[target.x, target.y].style.background }
                put(cell.character, at: target, style: cell.style)
            }
        }
        carry(other.placements, to: origin)
    }

    /// Each row as plain text, continuation cells left out (so wide graphemes read naturally).
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line.append(self[x, y].character) }
            return line
        }
    }
}
