import Foundation

/// One cell of a ``Canvas``: a grapheme and its ``Style``.
///
/// A wide grapheme (CJK, emoji) lives in its left cell with `width == 2`; the cell to
/// its right is a *continuation* (`width == 0`) that draws nothing of its own.
///
/// A cell is a plain value of 32 bytes with no reference in it: its grapheme is kept as
/// UTF-8 bytes in place (``Grapheme``) and its colours as numbers, so a frame of cells is
/// made, copied, compared and freed without reference counting, and two cells are compared
/// as a few integers.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown, as stored.
    public var grapheme: Grapheme
    /// The style's colours and attributes as numbers (see ``style``).
    private var foreground: UInt32
    private var background: UInt32
    private var attributes: Style.Attributes
    /// 1 for a normal cell, 2 for the left half of a wide grapheme, 0 for its right half.
    public var width: UInt8

    /// Creates a cell.
    public init(_ character: Character = " ", style: Style = .plain, width: UInt8 = 1) {
        self.init(Grapheme(character), style: style, width: width)
    }

    /// Creates a cell of a stored grapheme.
    public init(_ grapheme: Grapheme, style: Style = .plain, width: UInt8 = 1) {
        self.grapheme = grapheme
        self.foreground = style.foreground.packed
        self.background = style.background.packed
        self.attributes = style.attributes
        self.width = width
    }

    /// Colours and attributes.
    public var style: Style {
        get { Style(foreground: Color(packed: foreground), background: Color(packed: background), attributes: attributes) }
        set {
            foreground = newValue.foreground.packed
            background = newValue.background.packed
            attributes = newValue.attributes
        }
    }

    /// The grapheme shown; a space for blank and continuation cells.
    public var character: Character {
        get { grapheme.character }
        set { grapheme = Grapheme(newValue) }
    }

    /// A space in the default style.
    public static let blank = Cell()

    /// Whether this is the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}

/// A grapheme as a cell keeps it: its UTF-8 bytes in place when they are 15 or fewer (every
/// letter, symbol, CJK character, flag and most emoji), else a number in a table of the
/// longer ones (emoji joined by ZWJ, a letter under many marks), each stored once for the
/// program's life — at most 65 536 of them; past that a new one shows as U+FFFD (only text
/// made to flood the table gets there).
///
/// Two graphemes are equal when their bytes are: `"é"` written precomposed and decomposed
/// are two graphemes here, as they are two byte sequences to a terminal.
public struct Grapheme: Hashable, Sendable {
    /// Bytes 0–7, then bytes 8–14 and, in the top byte, the count (0xFF: a table number in `low`).
    private var low: UInt64
    private var high: UInt64

    /// The most bytes kept in place.
    static let inlineCapacity = 15
    /// The top byte of `high` for a grapheme held in the table.
    private static let tableMark: UInt64 = 0xFF

    /// A space.
    public static let space = Grapheme(ascii: 0x20)

    /// One ASCII character (`byte` below 0x80).
    @inline(__always)
    init(ascii byte: UInt8) {
        self.init(low: UInt64(byte), high: 1 << 56)
    }

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// `character` as stored.
    public init(_ character: Character) {
        var string = String(character)
        let count = string.utf8.count
        guard count <= Self.inlineCapacity else {
            self.init(low: UInt64(GraphemeTable.shared.number(of: string)), high: Self.tableMark << 56)
            return
        }
        let (low, high) = string.withUTF8 { bytes in
            var low: UInt64 = 0
            var high = UInt64(count) << 56
            for index in 0..<min(count, 8) { low |= UInt64(bytes[index]) << (8 * index) }
            for index in min(count, 8)..<count { high |= UInt64(bytes[index]) << (8 * (index - 8)) }
            return (low, high)
        }
        self.init(low: low, high: high)
    }

    /// Whether it is one ASCII character.
    public var isASCII: Bool { high == 1 << 56 && low < 0x80 }

    /// The number of UTF-8 bytes.
    public var byteCount: Int {
        let count = Int(high >> 56)
        return count == Int(Self.tableMark) ? GraphemeTable.shared.string(numbered: Int(low)).utf8.count : count
    }

    /// Calls `body` with the grapheme's UTF-8 bytes.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let count = Int(high >> 56)
        if count == Int(Self.tableMark) {
            var string = GraphemeTable.shared.string(numbered: Int(low))
            return try string.withUTF8(body)
        }
        var words = (low.littleEndian, high.littleEndian)
        return try withUnsafeBytes(of: &words) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// The grapheme as a `Character`.
    public var character: Character {
        if isASCII { return Character(Unicode.Scalar(UInt8(low))) }
        return Character(withUTF8 { String(decoding: $0, as: UTF8.self) })
    }
}

/// The graphemes too long to keep in a cell, each stored once for the life of the program,
/// at most ``capacity`` of them; past that a new one is kept as U+FFFD (only text built to
/// flood it gets there: an app shows a few hundred distinct long graphemes at most).
final class GraphemeTable: @unchecked Sendable {  // its tables are only touched under `lock`
    static let shared = GraphemeTable()
    static let capacity = 1 << 16

    private let lock = NSLock()
    private var strings: [String] = ["\u{FFFD}"]
    private var numbers: [String: Int] = ["\u{FFFD}": 0]

    func number(of string: String) -> Int {
        lock.withLock {
            if let number = numbers[string] { return number }
            guard strings.count < Self.capacity else { return 0 }
            strings.append(string)
            numbers[string] = strings.count - 1
            return strings.count - 1
        }
    }

    func string(numbered number: Int) -> String {
        lock.withLock { number < strings.count ? strings[number] : "\u{FFFD}" }
    }
}
