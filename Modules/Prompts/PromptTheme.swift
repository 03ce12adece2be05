import KitSupport
import Widgets

/// How prompts and forms look: the marks, the cursor, how a choice shows it is chosen, and a
/// style for each part. A program sets ``current`` once and every prompt made after takes it;
/// a prompt's own ``ChoicePrompt/theme`` (any prompt's) changes one.
///
/// ```swift
/// PromptTheme.current = .charm
/// var theme = PromptTheme.standard
/// theme.cursor = ">"
/// theme.choiceMark = .glyphs(chosen: "✓", unchosen: "•")
/// let prompt = ChoicePrompt("Toppings", choices: toppings, mode: .multiple())
/// prompt.theme = theme
/// ```
///
/// The built-in themes colour with the terminal's 16 colours, so they take the user's own
/// palette, and a terminal drawn by the kit moves any of them that would not stand out from
/// its background (3:1 for marks, 4.5:1 for text, dark or light): they stay readable on
/// both without a light and a dark variant.
public struct PromptTheme: Equatable, Sendable {
    /// How a choice of several shows whether it is chosen.
    public enum ChoiceMark: Equatable, Sendable {
        /// Its place in the order between `open` and `close` (`[2]`), blank when not chosen (`[ ]`).
        case numbered(open: String, close: String)
        /// One glyph when chosen (`✓`), another when not (`•`): the order is not shown.
        case glyphs(chosen: String, unchosen: String)
    }

    /// The mark before a question being asked (`?`) and its style.
    public var mark: String
    public var markStyle: Style
    /// The question.
    public var title: Style
    /// The line under the question that says more (``ChoicePrompt/description``).
    public var description: Style
    /// The mark before the focused choice (`›`); the others get as many spaces.
    public var cursor: String
    /// The focused choice.
    public var focused: Style
    /// A chosen choice (not focused).
    public var chosen: Style
    /// A choice neither chosen nor focused.
    public var choice: Style
    /// How a choice of several shows it is chosen.
    public var choiceMark: ChoiceMark
    /// The letters a filter matched.
    public var matched: Style
    /// The mark of an answered question (`✓`) and its style.
    public var answeredMark: String
    public var answeredStyle: Style
    /// The mark of a cancelled question (`✗`) and its style.
    public var cancelledMark: String
    public var cancelledStyle: Style
    /// The answer, in an answered question's line.
    public var answer: Style
    /// Quiet text: counts, placeholders, the keys' help.
    public var hint: Style
    /// What is wrong (a validation's message) and its mark.
    public var problem: Style
    public var problemMark: String
    /// The button or value shown as taken (Confirm's Yes or No) and the other.
    public var button: Style
    public var otherButton: Style

    /// A theme of the parts given.
    public init(
        mark: String = "?",
        markStyle: Style = Style(foreground: .cyan, attributes: .bold),
        title: Style = Style(attributes: .bold),
        description: Style = Style(attributes: .dim),
        cursor: String = "›",
        focused: Style = Style(foreground: .magenta, attributes: .bold),
        chosen: Style = Style(foreground: .cyan),
        choice: Style = .plain,
        choiceMark: ChoiceMark = .numbered(open: "[", close: "]"),
        matched: Style = Style(attributes: [.bold, .underline]),
        answeredMark: String = "✓",
        answeredStyle: Style = Style(foreground: .green, attributes: .bold),
        cancelledMark: String = "✗",
        cancelledStyle: Style = Style(foreground: .red, attributes: .bold),
        answer: Style = Style(foreground: .cyan),
        hint: Style = Style(attributes: .dim),
        problem: Style = Style(foreground: .red),
        problemMark: String = "✗",
        // Not bold: xterm draws bold black as bright black (grey on cyan).
        button: Style = Style(foreground: .black, background: .cyan),
        otherButton: Style = Style(attributes: .dim)
    ) {
        self.mark = mark
        self.markStyle = markStyle
        self.title = title
        self.description = description
        self.cursor = cursor
        self.focused = focused
        self.chosen = chosen
        self.choice = choice
        self.choiceMark = choiceMark
        self.matched = matched
        self.answeredMark = answeredMark
        self.answeredStyle = answeredStyle
        self.cancelledMark = cancelledMark
        self.cancelledStyle = cancelledStyle
        self.answer = answer
        self.hint = hint
        self.problem = problem
        self.problemMark = problemMark
        self.button = button
        self.otherButton = otherButton
    }

    /// The kit's own: a cyan `?`, the focused choice magenta, the order in brackets (`[2]`).
    public static let standard = PromptTheme()

    /// huh's Charm look: `>` and a fuchsia focus, `✓`/`•` marks, indigo questions.
    public static let charm = PromptTheme(
        mark: "┃",
        markStyle: Style(foreground: .magenta),
        title: Style(foreground: .blue, attributes: .bold),
        cursor: ">",
        focused: Style(foreground: .magenta),
        chosen: Style(foreground: .green),
        choiceMark: .glyphs(chosen: "✓", unchosen: "•"),
        matched: Style(foreground: .magenta, attributes: .underline),
        answeredMark: "┃",
        answeredStyle: Style(foreground: .green),
        answer: Style(foreground: .green),
        problem: Style(foreground: .red),
        problemMark: "*",
        button: Style(foreground: .black, background: .magenta),
        otherButton: Style(attributes: .dim)
    )

    /// huh's Base16 look: the 16 colours by their numbers' roles, a yellow `>`, `[•]`.
    public static let base16 = PromptTheme(
        mark: "?",
        markStyle: Style(foreground: .yellow, attributes: .bold),
        title: Style(foreground: .cyan),
        cursor: ">",
        focused: Style(foreground: .yellow),
        chosen: Style(foreground: .green),
        choiceMark: .glyphs(chosen: "[•]", unchosen: "[ ]"),
        matched: Style(foreground: .yellow, attributes: .underline),
        answeredMark: "✓",
        answeredStyle: Style(foreground: .green),
        answer: Style(foreground: .green),
        problem: Style(foreground: .red),
        problemMark: "*",
        button: Style(foreground: .black, background: .yellow),
        otherButton: .plain
    )

    /// No colour at all, for a terminal or a user that wants none: bold, underline and
    /// reverse only.
    public static let plain = PromptTheme(
        markStyle: Style(attributes: .bold),
        focused: Style(attributes: .bold),
        chosen: .plain,
        matched: Style(attributes: .underline),
        answeredStyle: Style(attributes: .bold),
        cancelledStyle: Style(attributes: .bold),
        answer: .plain,
        problem: Style(attributes: .bold),
        button: Style(attributes: .reverse),
        otherButton: .plain
    )

    /// The theme prompts take when they are made: set it once at the start of a program
    /// (from any isolation).
    public static var current: PromptTheme {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }
    private static let chosen = Locked(PromptTheme.standard)

    /// The mark of a choice of several: its place in the order (1 first) or nil, padded to
    /// the width the list's largest place needs (`digits`).
    func choiceMark(order: Int?, digits: Int) -> String {
        switch choiceMark {
        case .numbered(let open, let close):
            let number = order.map(String.init) ?? ""
            return open + String(repeating: " ", count: max(0, digits - number.count)) + number + close
        case .glyphs(let chosen, let unchosen):
            let width = max(chosen.displayWidth, unchosen.displayWidth)
            let glyph = order == nil ? unchosen : chosen
            return glyph + String(repeating: " ", count: width - glyph.displayWidth)
        }
    }

    /// The cursor, or as many spaces, for a row focused or not.
    func cursor(focused: Bool) -> String {
        focused ? cursor : String(repeating: " ", count: cursor.displayWidth)
    }
}
