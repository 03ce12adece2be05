/// What a terminal can do, as far as drawing is concerned.
public struct TerminalCapabilities: Hashable, Sendable {
    /// How many colours it shows.
    public var colorDepth: ColorDepth
    /// Whether it reports mouse events.
    public var mouse: Bool
    /// The terminal type (`TERM`), or a name for a virtual terminal.
    public var name: String
    /// Whether its background is dark or light, so that shades and blends are made against
    /// the colour it really shows (see ``TerminalTheme/detect(environment:)``).
    public var theme: TerminalTheme
    /// The finest block symbols images may be drawn with on it (see
    /// ``SymbolSet/automatic(environment:)``).
    public var symbols: SymbolSet
    /// Whether it draws ``ImagePlacement``s as pixels (kitty's protocol, sixel, iTerm2's
    /// images); symbols otherwise.
    public var pixelImages: Bool
    /// A cell's size in pixels, when the terminal says it (pictures keep their proportions by it).
    public var cellPixels: Size?
    /// Whether pictures placed as pixels may move from frame to frame, as a scrolling grid's
    /// do: true where the backend draws them again wherever they went (FullScreenTerminal
    /// does: its text never moves by a scrolled region), false
    /// where a moved picture would leave copies behind.
    public var pixelImagesMayMove: Bool
    /// How many cells the terminal itself moved the cursor for each text it was asked to
    /// measure when it opened (see FullScreenTerminal's `measuringWidths`); empty when none was.
    public var measuredWidths: [String: Int] = [:]
    /// The background colour the terminal said it shows (OSC 11), nil when it did not: a
    /// picture's translucent edges are blended into it, not into ``theme``'s black or white.
    public var background: RGBA?

    /// Creates a description of a terminal.
    public init(
        colorDepth: ColorDepth,
        mouse: Bool,
        name: String,
        theme: TerminalTheme = .dark,
        symbols: SymbolSet = .half,
        pixelImages: Bool = false,
        cellPixels: Size? = nil,
        pixelImagesMayMove: Bool = true
    ) {
        self.colorDepth = colorDepth
        self.mouse = mouse
        self.name = name
        self.theme = theme
        self.symbols = symbols
        self.pixelImages = pixelImages
        self.cellPixels = cellPixels
        self.pixelImagesMayMove = pixelImagesMayMove
    }
}

/// A terminal's default colours, dark text on light or light text on dark: what a cell in
/// the default colours looks like, for shading and blending over it.
public enum TerminalTheme: String, Hashable, Sendable, CaseIterable {
    /// Light text on a dark background (the usual default).
    case dark
    /// Dark text on a light background.
    case light

    /// The default background as RGB.
    public var background: (UInt8, UInt8, UInt8) { self == .dark ? (0, 0, 0) : (255, 255, 255) }
    /// The default foreground as RGB.
    public var foreground: (UInt8, UInt8, UInt8) { self == .dark ? (229, 229, 229) : (0, 0, 0) }

    /// The theme the environment says: `INDICATORKIT_BACKGROUND=dark|light` first, then
    /// `COLORFGBG` (`fg;bg` as rxvt, Konsole and others set it: background colour 7 or
    /// 9–15 is light), else dark.
    public static func detect(environment: [String: String]) -> TerminalTheme {
        if let asked = environment["INDICATORKIT_BACKGROUND"].flatMap({ TerminalTheme(rawValue: $0.lowercased()) }) { return asked }
        if let pair = environment["COLORFGBG"], let last = pair.split(separator: ";").last, let index = Int(last) {
            return index == 7 || (9...15).contains(index) ? .light : .dark
        }
        return .dark
    }
}
