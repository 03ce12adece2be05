/// A colour with a value for light terminals and one for dark ones, as lipgloss's
/// `AdaptiveColor`: chosen when it is drawn, from the background the terminal has
/// (``Canvas/theme``, which the terminal answers when an app starts; `INDICATORKIT_BACKGROUND`
/// or `COLORFGBG` say it where it cannot).
///
/// ```swift
/// let lineNumber = AdaptiveColor(light: .palette(245), dark: .palette(239))
/// canvas.draw("12", at: origin, style: Style(foreground: lineNumber.resolved(for: canvas.theme)))
/// ```
public struct AdaptiveColor: Hashable, Sendable {
    /// On a light background.
    public var light: Color
    /// On a dark background.
    public var dark: Color

    /// `light` on light terminals, `dark` on dark ones.
    public init(light: Color, dark: Color) {
        self.light = light
        self.dark = dark
    }

    /// The same colour on both.
    public init(_ color: Color) {
        self.init(light: color, dark: color)
    }

    /// The colour for a terminal of `theme`.
    public func resolved(for theme: TerminalTheme) -> Color { theme == .light ? light : dark }
}
