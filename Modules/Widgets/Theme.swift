import KitSupport

/// How a full-screen app's widgets look: the selected row, a selection in a view without the
/// focus, borders, titles, headers, quiet text and the accents. A program sets ``current``
/// once at its start and every widget made after takes its styles from it (a widget's own
/// style properties change one).
///
/// ```swift
/// Theme.current = .charm
/// let table = Table(columns: columns, rows: rows, selects: true)  // charm's selection
/// ```
///
/// The built-in themes are the prompts' (PromptTheme's `standard`, `charm`, `base16` and
/// `plain`), so a form and the app round it match. They colour with the terminal's 16
/// colours, which the kit's terminal layer keeps at 4.5:1 or more on the background the
/// terminal has, dark or light (tested on black and on white).
public struct Theme: Hashable, Sendable {
    /// Body text.
    public var text: Style
    /// Quiet text: help, counts, placeholders, a table's rule.
    public var muted: Style
    /// What stands out: a mark, a key, a value to look at.
    public var accent: Style
    /// The selected row or item of the view with the focus.
    public var selected: Style
    /// The selected row or item of a view without the focus (the standard theme leaves it
    /// unmarked; charm and base16 colour it).
    public var blurred: Style
    /// Items chosen in a choice of several.
    public var chosen: Style
    /// Borders round a view without the focus.
    public var border: Style
    /// The border round the view with the focus.
    public var focusedBorder: Style
    /// Titles of boxes and tabs.
    public var title: Style
    /// A table's header.
    public var header: Style
    /// What went well, what needs a look, what went wrong.
    public var success: Style
    public var warning: Style
    public var error: Style

    /// A theme of the parts given (the kit's standard look for the others).
    public init(
        text: Style = .plain,
        muted: Style = Style(attributes: .dim),
        accent: Style = Style(foreground: .cyan, attributes: .bold),
        selected: Style = Style(attributes: .reverse),
        blurred: Style = .plain,
        chosen: Style = Style(foreground: .cyan),
        border: Style = .plain,
        focusedBorder: Style = Style(foreground: .cyan),
        title: Style = Style(attributes: .bold),
        header: Style = Style(attributes: .bold),
        success: Style = Style(foreground: .green),
        warning: Style = Style(foreground: .yellow),
        error: Style = Style(foreground: .red)
    ) {
        self.text = text
        self.muted = muted
        self.accent = accent
        self.selected = selected
        self.blurred = blurred
        self.chosen = chosen
        self.border = border
        self.focusedBorder = focusedBorder
        self.title = title
        self.header = header
        self.success = success
        self.warning = warning
        self.error = error
    }

    /// The kit's own (the prompts' standard): a reversed selection, cyan accents.
    public static let standard = Theme()

    /// huh's Charm look, as the prompts' `charm`: fuchsia selection and focus, indigo titles.
    public static let charm = Theme(
        accent: Style(foreground: .magenta),
        selected: Style(foreground: .black, background: .magenta),
        blurred: Style(foreground: .magenta),
        chosen: Style(foreground: .green),
        border: Style(foreground: .brightBlack),
        focusedBorder: Style(foreground: .magenta),
        title: Style(foreground: .blue, attributes: .bold),
        header: Style(foreground: .blue, attributes: .bold)
    )

    /// huh's Base16 look, as the prompts' `base16`: yellow selection and focus, cyan titles.
    public static let base16 = Theme(
        accent: Style(foreground: .yellow, attributes: .bold),
        selected: Style(foreground: .black, background: .yellow),
        blurred: Style(foreground: .yellow),
        chosen: Style(foreground: .green),
        border: Style(foreground: .brightBlack),
        focusedBorder: Style(foreground: .yellow),
        title: Style(foreground: .cyan),
        header: Style(foreground: .cyan, attributes: .bold)
    )

    /// No colour at all: bold, underline, dim and reverse only.
    public static let plain = Theme(
        accent: Style(attributes: .bold),
        chosen: .plain,
        focusedBorder: Style(attributes: .bold),
        success: Style(attributes: .bold),
        warning: Style(attributes: .bold),
        error: Style(attributes: .bold)
    )

    /// The theme widgets take when they are made: set it once at the start of a program
    /// (from any isolation).
    public static var current: Theme {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }
    private static let chosen = Locked(Theme.standard)
}
