/// One cell of a ``Canvas``: a grapheme and its ``Style``.
///
/// A wide grapheme (CJK, emoji) lives in its left cell with `width == 2`; the cell to
/// its right is a *continuation* (`width == 0`) that draws nothing of its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown; a space for blank and continuation cells.
    public var character: Character
    /// Colours and attributes.
    public var style: Style
    /// 1 for a normal cell, 2 for the left half of a wide grapheme, 0 for its right half.
    public var width: UInt8

    /// Creates a cell.
    public init(_ character: Character = " ", style: Style = .plain, width: UInt8 = 1) {
        self.character = character
        self.style = style
        self.width = width
    }

    /// A space in the default style.
    public static let blank = Cell()

    /// Whether this is the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
