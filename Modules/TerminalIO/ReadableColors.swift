import TerminalGraphics
import TerminalRuntime

/// Colours made readable on the background the terminal has: faint text as an explicit
/// colour (a terminal's own faint is under 2:1 on kitty's light theme), and the 16 ANSI
/// colours an app gives its accents (a cyan spinner, a title, a border) moved away from the
/// background where they would not stand out from it — xterm's cyan is 1.9:1 on white. Text
/// keeps at least ``Contrast/readable`` (4.5:1), other glyphs ``Contrast/visible`` (3:1).
/// Only at 256 colours or more; explicit RGB and palette colours (pictures) are left as they
/// are, and so is a kitty placeholder cell, whose colour is its picture's id (an ANSI colour
/// below 8).
package struct ReadableColors {
    /// What the terminal's default colours look like: the theme's text, and the background
    /// the terminal said (OSC 11) or the theme's.
    package let foreground: (UInt8, UInt8, UInt8)
    package let background: (UInt8, UInt8, UInt8)
    package let depth: ColorDepth
    /// The styles made, by style and whether the glyph is text.
    private var made: [Style: Style] = [:]
    private var madeForText: [Style: Style] = [:]

    package init(theme: TerminalTheme, background: RGBA?, depth: ColorDepth) {
        foreground = theme.foreground
        self.background = background.map { ($0.r, $0.g, $0.b) } ?? theme.background
        self.depth = depth
    }

    /// Whether anything is changed at all: only at 256 colours or more.
    private var changes: Bool { depth == .trueColor || depth == .palette256 }

    /// Whether `style` may be changed: dim, or an ANSI foreground.
    private static func mayChange(_ style: Style) -> Bool {
        if style.attributes.contains(.dim) { return true }
        if case .ansi = style.foreground, !style.attributes.contains(.reverse) { return true }
        return false
    }

    /// `style` as shown on this background, for a glyph that is text (`isText`) or not.
    package mutating func readable(_ style: Style, isText: Bool = true) -> Style {
        guard changes, Self.mayChange(style) else { return style }
        if let known = isText ? madeForText[style] : made[style] { return known }
        let result: Style
        if style.attributes.contains(.dim) {
            result = style.faintMadeExplicit(foreground: foreground, background: background, depth: depth)
        } else {
            result = style.accentMadeReadable(background: background, depth: depth, minimumContrast: isText ? Contrast.readable : Contrast.visible)
        }
        if made.count + madeForText.count > 512 {
            made.removeAll()
            madeForText.removeAll()
        }
        if isText { madeForText[style] = result } else { made[style] = result }
        return result
    }

    /// Whether `character` is read as text (a letter or a digit) rather than seen as a shape.
    package static func isText(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Whether `character` is a kitty placeholder: its colour names a picture, not a colour.
    package static func isPlaceholder(_ character: Character) -> Bool {
        character.unicodeScalars.first == KittyPlaceholder.character
    }

    /// `style` as shown on this background for `character`: a placeholder's as it is.
    package mutating func readable(_ style: Style, for character: Character) -> Style {
        guard changes, Self.mayChange(style), !Self.isPlaceholder(character) else { return style }
        return readable(style, isText: Self.isText(character))
    }

    /// `style` as shown on this background for the glyph of `cell`: a placeholder's as it is.
    package mutating func readable(_ style: Style, for cell: Cell) -> Style {
        guard dependsOnGlyph(style) else { return style }
        return readable(style, for: cell.character)
    }

    /// Whether what `style` is shown as depends on the glyph drawn in it (text or a shape).
    package func dependsOnGlyph(_ style: Style) -> Bool {
        changes && Self.mayChange(style)
    }

    /// `canvas` with every style that needs it made readable.
    package mutating func readable(_ canvas: Canvas) -> Canvas {
        guard changes, canvas.cells.contains(where: { Self.mayChange($0.style) }) else { return canvas }
        var result = canvas
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width where Self.mayChange(canvas[x, y].style) && !canvas[x, y].isContinuation {
                var cell = canvas[x, y]
                cell.style = readable(cell.style, for: cell.character)
                result[x, y] = cell
            }
        }
        return result
    }
}
