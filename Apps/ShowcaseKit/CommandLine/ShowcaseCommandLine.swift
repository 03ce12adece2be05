import IndicatorKit
import TerminalGraphics

/// The showcase's command line, declared once: every command and option, from which the
/// parser reads and the help is written.
enum ShowcaseCommandLine {
    // Options more than one command takes.

    static let graphics = OptionSpec.value(
        "--graphics",
        "KIND",
        choices: GraphicsProtocol.allCases.map(\.rawValue) + ["auto"],
        "how pictures are drawn (default auto: as the terminal answers; INDICATORKIT_GRAPHICS too)"
    )
    static let symbols = OptionSpec.value(
        "--symbols",
        "SET",
        choices: SymbolSet.allCases.map(\.rawValue) + ["auto"],
        "the block symbols pictures are drawn with where not as pixels (default auto: quadrants, sextants where the terminal draws them itself; INDICATORKIT_SYMBOLS too)"
    )
    static let maxMemory = OptionSpec.value(
        "--max-memory",
        "MIB",
        "the memory decoding one file may take (default 256); a file needing more is refused up front, saying how much to give"
    )
    static let library = OptionSpec.value("--library", "PATH", "the photo library file (default $XDG_DATA_HOME/indicatorkit/library.sqlite)")

    /// The app's own options (`showcase [OPTIONS]`), which come before any command.
    static let app = CommandSpec(
        name: "",
        operands: "",
        summary: "",
        details: "Opens the IndicatorKit showcase in the terminal: one tab per scene.",
        options: [
            .value("--scene", "NAME", "start on scene NAME (see SCENES)"),
            library,
            symbols,
            graphics,
        ]
    )

    /// The app's options as read: with `-h`, `--help` and `--version`.
    static let appWords = CommandSpec(
        name: "",
        operands: "",
        summary: "",
        details: "",
        options: app.options + [.flag("-h", "show this help"), .flag("--help", "show this help"), .flag("--version", "show the version")],
        optionsOnlyFirst: true
    )

    static let headless = CommandSpec(
        name: "headless",
        operands: "[PATH…]",
        summary: "run scenario files or folders (default Tests/Scenarios) on a virtual terminal and clock; prints `N passed, N failed`",
        details: """
            Runs scenario files (or the *.scenario files of folders; default Tests/Scenarios) against the real scenes on a virtual terminal and clock, and prints one line per scenario and `N passed, N failed`. The format is in docs/SCENARIOS.md.
            """,
        options: [.value("--svg", "DIR", "write each snapshot as an SVG picture into DIR too")]
    )

    static let gifInfo = CommandSpec(
        name: "gif info",
        operands: "FILE",
        summary:
            "size, loop count, the memory decoding needs and every frame's delay, disposal, rectangle and transparency; warnings. Reads the structure only: fast on any file",
        details: """
            Prints the GIF's size, loop count, the memory decoding it needs, and each frame's rectangle, delay, disposal, interlacing and transparent index; then comments and warnings. Reads the file's structure only (no pixel is decoded), so it is quick on any file. FILE may be - for standard input.
            """,
        options: [.flag("--json", "the same as one JSON object (see docs/Showcase.md)")]
    )

    static let gifFrames = CommandSpec(
        name: "gif frames",
        operands: "FILE",
        summary: "write each composited frame as raw RGBA (frame-0000.rgba…) and info.json into a new or empty folder",
        details: """
            Writes each composited frame as raw RGBA (frame-0000.rgba, …) and info.json into DIR, a new or empty folder whose parent exists. The export is written beside DIR and moved into place when complete. FILE may be - for standard input.

            Exit status 65: not a GIF it can decode; 66: unreadable; 73: the export could not be written (nothing of it is left).
            """,
        options: [
            .value("--out", "DIR", required: true, "the folder to write"),
            .flag("--replace", "replace an earlier export in DIR, once the new one is complete"),
            maxMemory,
        ]
    )

    static let gifPlay = CommandSpec(
        name: "gif play",
        operands: "FILE",
        summary: "play it in the terminal: space pauses, ←/→ step, q quits",
        details: """
            Plays the GIF in the terminal by its own timing. Keys: space pause/resume, ←/→ step a frame, q or Esc quit, Ctrl-Z suspend.

            Exit status 65: not a GIF it can decode; 66: unreadable.
            """,
        options: [maxMemory, symbols]
    )

    static let run = CommandSpec(
        name: "run",
        operands: "-- COMMAND [ARGS…]",
        summary: "run COMMAND with a spinner on standard error, then a ✓ or ✗ line with the elapsed time; exits with COMMAND's status",
        details: """
            Runs COMMAND with a spinner on standard error, then a ✓ or ✗ line with the elapsed time; exits with COMMAND's status (126: cannot be run, 127: not found). When standard error is not a terminal: one line at the start and one at the end.
            """,
        options: [
            .value("--label", "TEXT", "what the spinner says (default: the command line)"),
            .value("--style", "NAME", "the spinner style (see the Spinners scene; default comet)"),
            .value("--lines", "N", "show COMMAND's last N lines under the spinner (1 to 100): folded away when it succeeds, kept when it fails"),
        ],
        optionsOnlyFirst: true
    )

    static let view = CommandSpec(
        name: "view",
        operands: "FILE",
        summary:
            "print a GIF's first frame, a PNG or a JPEG, as pixels where the terminal shows them (kitty, sixel, iTerm2), else in colour blocks, in its true proportions",
        details: """
            Prints a GIF, a PNG or a JPEG fitted to the terminal's width and height (80 columns when not a terminal): as pixels where the terminal shows them (kitty's protocol, which plays an animated GIF; sixel; iTerm2's images), else in coloured block symbols, which can go to a file or a pipe as well. Colours follow COLORTERM, TERM and NO_COLOR. What the file is, its first bytes say, whatever its name; FILE may be - for standard input.

            Exit status 65: not a picture it can decode; 66: unreadable.
            """,
        options: [
            .value("--width", "N", "fit in N columns (1 to 1000) instead"),
            graphics,
            symbols,
            maxMemory,
        ]
    )

    static let pick = CommandSpec(
        name: "pick",
        operands: "[ITEM…]",
        summary: "choose among ITEMs in a few rows below the prompt and print the chosen, one a line, in the order chosen; Esc exits 1",
        details: """
            Shows the ITEMs (or, when there are none, the lines standard input gives) in a few rows below the prompt: ↑/↓ move, space chooses or unchooses (the order shows as numbers), / filters as you type (Tab chooses while typing), Enter prints the chosen one a line in the order chosen (with nothing chosen, the focused one), Esc prints nothing. On a terminal, control characters in what it prints are shown escaped (\\033, \\n), as ls -b shows them; into a pipe or a file, as they are. Files that are GIF, PNG or JPEG pictures get a thumbnail beside the list. It draws on the terminal even when standard output goes to a pipe, and erases its rows when it ends, so `vim $(showcase pick *.swift)` works.

            Exit status 0: chosen; 1: cancelled (Esc); 130: interrupted (Ctrl-C); 2: no terminal to draw on; 65: with --null, an item of standard input holds a NUL; 66: standard input unreadable, too large or empty.
            """,
        options: [
            .value("--title", "TEXT", "the question above the items (default Pick)"),
            .value("--limit", "N", "choose at most N (1: one, Enter takes it)"),
            .flag("--null", "end each chosen with a NUL instead of a newline, for xargs -0"),
            .flag("-0", "the same as --null"),
        ]
    )

    /// gum's `--timeout`, which every question takes.
    static let timeout = OptionSpec.value(
        "--timeout",
        "DURATION",
        "give up after DURATION (`30s`, `1m30s`, `500ms`; a number alone is seconds): exit 124, or confirm's current answer"
    )
    /// gum's `--show-help`, which every question takes (the keys' line shows by default).
    static let helpLine: [OptionSpec] = [.flag("--show-help", "show the keys' line (the default)"), .flag("--no-show-help", "leave out the keys' line")]

    /// The options `choose` and `filter` share (gum's), the question's default `question`.
    static func gumChoiceOptions(question: String) -> [OptionSpec] {
        [
            .value("--header", "TEXT", "the question above the items (default \(question))"),
            .value("--limit", "N", "choose at most N"),
            .flag("--no-limit", "choose any number"),
            .value("--height", "N", "the most items shown at once (default 10); more scroll"),
            .value("--selected", "ITEMS", "the items chosen at the start, comma-separated (* for all)"),
            .flag("--select-if-one", "with one item only, print it without asking"),
            .value("--output-delimiter", "TEXT", "what ends each chosen printed (default a newline)"),
            .flag("--null", "end each chosen with a NUL instead of a newline, for xargs -0"),
            .flag("-0", "the same as --null"),
            .flag("--ordered", "print the chosen in the order chosen (always so)"),
            .flag("--strip-ansi", "leave out escape sequences in standard input's lines (always so)"),
            .flag("--no-strip-ansi", "accepted for gum's scripts; escape sequences are still left out"),
            timeout,
        ] + helpLine
    }

    static let choose = CommandSpec(
        name: "choose",
        operands: "[ITEM…]",
        summary: "gum's choose: one of ITEMs (or of standard input's lines), printed; --limit N or --no-limit for several, in the order chosen",
        details: """
            Shows the ITEMs, or the lines standard input gives when there are none, in a few rows below the prompt: ↑/↓ move, Enter prints the focused one; with --limit N or --no-limit, space chooses several (the order shows as numbers) and Enter prints them a line each in the order chosen. / filters as you type. It draws on the terminal even when standard input or output is a pipe, and erases its rows when it ends: `git switch $(git branch --format='%(refname:short)' | showcase choose)`.

            Exit status 0: chosen; 1: cancelled (Esc); 124: --timeout passed; 130: interrupted (Ctrl-C); 2: no terminal to draw on; 65: with --null, an item of standard input holds a NUL; 66: standard input unreadable, too large or empty.
            """,
        options: gumChoiceOptions(question: "Choose") + [.value("--cursor", "TEXT", "the mark before the focused item (default ›)")],
        styleParts: ["cursor", "header", "item", "selected"],
        environmentPrefix: "GUM_CHOOSE"
    )

    static let filter = CommandSpec(
        name: "filter",
        operands: "[ITEM…]",
        summary: "gum's filter: type to narrow ITEMs (or standard input's lines) fuzzily, best match first; Enter prints it",
        details: """
            Opens typing a filter over the ITEMs, or the lines standard input gives when there are none: the letters typed, in order but not necessarily together, keep the items that hold them, best match first, the matched letters marked. ↑/↓ move, Enter prints the focused one (with --limit or --no-limit, Tab chooses several, printed in the order chosen), Esc clears the filter, then cancels. It draws on the terminal even when standard input or output is a pipe.

            Exit status 0: chosen; 1: cancelled (Esc); 124: --timeout passed; 130: interrupted (Ctrl-C); 2: no terminal to draw on; 65: with --null, an item of standard input holds a NUL; 66: standard input unreadable, too large or empty.
            """,
        options: gumChoiceOptions(question: "Filter") + [
            .value("--placeholder", "TEXT", "what the filter shows while nothing is typed (default Filter...)"),
            .value("--prompt", "TEXT", "the mark before the filter (default /)"),
            .value("--indicator", "TEXT", "the mark before the focused item (default ›)"),
            .value("--width", "N", "accepted for gum's scripts: the rows are as wide as the terminal"),
            .value("--value", "TEXT", "the filter to start with"),
            .flag("--fuzzy", "match the letters in order, not necessarily together (the default)"),
            .flag("--no-fuzzy", "accepted for gum's scripts: matching stays fuzzy"),
            .flag("--sort", "best match first (the default)"),
            .flag("--no-sort", "accepted for gum's scripts: the best match stays first"),
        ],
        styleParts: ["header", "indicator", "match", "text", "cursor-text", "prompt", "placeholder", "selected-indicator", "unselected-prefix"],
        environmentPrefix: "GUM_FILTER"
    )

    static let confirm = CommandSpec(
        name: "confirm",
        operands: "[QUESTION]",
        summary: "gum's confirm: ask QUESTION; y answers yes and n no at once; exit 0 for yes, 1 for no",
        details: """
            Asks QUESTION (default: Are you sure?) below the cursor: y answers yes and n no at once, as gum's; ←/→ or Tab move between the two and Enter answers. The answer is the exit status, so `showcase confirm "Deploy?" && make deploy` deploys on yes. With standard input a pipe, its first line answers (yes or y: 0, anything else: 1) without asking. It draws on the terminal even when standard output is a pipe.

            Exit status 0: yes; 1: no, or cancelled (Esc); 130: interrupted (Ctrl-C); 2: no terminal to draw on.
            """,
        options: [
            .value("--default", "ANSWER", choices: ["yes", "no", "true", "false"], "what Enter answers before any other key (default yes)"),
            .value("--affirmative", "TEXT", "the word for yes (default Yes)"),
            .value("--negative", "TEXT", "the word for no (default No)"),
            .flag("--show-output", "print the question and the answer on standard output"),
            timeout,
        ] + helpLine,
        styleParts: ["prompt", "selected", "unselected"],
        environmentPrefix: "GUM_CONFIRM"
    )

    static let input = CommandSpec(
        name: "input",
        operands: "",
        summary: "gum's input: a line of text typed, printed",
        details: """
            Asks for a line of text below the cursor, with readline's keys and pastes, and prints it when Enter is pressed: `name=$(showcase input --placeholder "your name")`. It draws on the terminal even when standard output is a pipe.

            Exit status 0: printed; 1: cancelled (Esc); 124: --timeout passed; 130: interrupted (Ctrl-C); 2: no terminal to draw on.
            """,
        options: [
            .value("--header", "TEXT", "the question before the text"),
            .value("--prompt", "TEXT", "the mark before the text (default >)"),
            .value("--placeholder", "TEXT", "what shows while nothing is typed (default Type something...)"),
            .value("--value", "TEXT", "the text to start with"),
            .value("--char-limit", "N", "take at most N characters (default 400; 0: no limit)"),
            .value("--width", "N", "accepted for gum's scripts: the field is as wide as the terminal"),
            .flag("--password", "show • for each character typed"),
            timeout,
        ] + helpLine,
        styleParts: ["prompt", "placeholder", "cursor", "header"],
        environmentPrefix: "GUM_INPUT"
    )

    static let write = CommandSpec(
        name: "write",
        operands: "",
        summary: "gum's write: lines of text typed (Ctrl-J or Alt-Enter for a new line), printed on Enter or Ctrl-D",
        details: """
            Asks for lines of text below the cursor: Ctrl-J or Alt-Enter starts a new line (stock xterm sends nothing for Alt-Enter: Ctrl-J works everywhere), a paste keeps its line breaks, Enter or Ctrl-D prints them: `git commit -m "$(showcase write --header Body)"`. It draws on the terminal even when standard output is a pipe.

            Exit status 0: printed; 1: cancelled (Esc); 124: --timeout passed; 130: interrupted (Ctrl-C); 2: no terminal to draw on.
            """,
        options: [
            .value("--header", "TEXT", "the question above the text (default Write)"),
            .value("--placeholder", "TEXT", "what shows while nothing is typed (default Write something...)"),
            .value("--value", "TEXT", "the text to start with"),
            .value("--height", "N", "the rows shown (default 5)"),
            .value("--width", "N", "the columns the text takes (default: the terminal's width)"),
            .value("--char-limit", "N", "take at most N characters (0: no limit)"),
            .flag("--show-line-numbers", "number the lines on the left"),
            .flag("--show-cursor-line", "mark the line the cursor is on"),
            timeout,
        ] + helpLine,
        styleParts: ["base", "cursor", "cursor-line", "cursor-line-number", "end-of-buffer", "header", "line-number", "placeholder", "prompt"],
        environmentPrefix: "GUM_WRITE"
    )

    static let spin = CommandSpec(
        name: "spin",
        operands: "-- COMMAND [ARGS…]",
        summary: "gum's spin: COMMAND under a spinner that leaves nothing behind; its output shown only with --show-output",
        details: """
            Runs COMMAND with a spinner on standard error and exits with its status, as gum's spin does: the spinner leaves no line behind, and the command's output is not shown unless --show-output (then it passes above the spinner as it comes). `run` leaves a ✓ or ✗ line with the time.

            Exit status: COMMAND's; 124: --timeout passed (COMMAND is stopped); 126: it cannot be run; 127: not found.
            """,
        options: [
            .flag("--show-output", "pass the command's output on (standard output and error) as it comes"),
            .flag("--show-stdout", "pass its standard output on"),
            .flag("--show-stderr", "pass its standard error on"),
            .value("--title", "TEXT", "what the spinner says (default: the command line)"),
            .value(
                "--spinner",
                "NAME",
                "the spinner style (see the Spinners scene; default comet); gum's names (line, dot, minidot, jump, pulse, points, globe, moon, monkey, meter, hamburger) choose the nearest of ours"
            ).short("-s"),
            .value("--align", "SIDE", choices: ["left", "right"], "the spinner left of the title (default) or right of it").short("-a"),
        ],
        optionsOnlyFirst: true,
        styleParts: ["spinner", "title"],
        environmentPrefix: "GUM_SPIN"
    )

    /// gum style's flags, as `showcase style` takes them.
    static let styleFlags: [OptionSpec] = [
        .value("--foreground", "COLOR", "the text's colour: a number to 255, #RRGGBB or a name (red, bright-blue)"),
        .value("--background", "COLOR", "the block's background"),
        .value("--border", "KIND", choices: ["none", "hidden", "normal", "rounded", "thick", "double", "block", "ascii"], "a border round the block"),
        .value("--border-foreground", "COLOR", "the border's colour"),
        .value("--border-background", "COLOR", "the border's background"),
        .value("--align", "SIDE", choices: ["left", "center", "right", "top", "middle", "bottom"], "where the lines go in the block"),
        .value("--width", "N", "the block's width, padding included: longer lines are wrapped at their words"),
        .value("--height", "N", "the block's least height, padding included"),
        .value("--margin", "CELLS", "blank cells round the border: 1, 2 (top-bottom sides), 3 or 4 (top right bottom left) numbers"),
        .value("--padding", "CELLS", "blank cells between the text and the border, written as --margin"),
        .flag("--bold", "bold text"),
        .flag("--faint", "faint text"),
        .flag("--italic", "italic text"),
        .flag("--strikethrough", "struck-through text"),
        .flag("--underline", "underlined text"),
    ]

    static let style = CommandSpec(
        name: "style",
        operands: "[TEXT…]",
        summary: "gum's style: TEXT (a line each, or standard input) in colours, a border, padding and margins, printed",
        details: """
            Prints the TEXTs, a line each (or standard input, its escape sequences left out), in a block laid out as the flags say: `showcase style --border rounded --padding "1 2" --foreground 212 Hello`. Colours already in a TEXT (another `showcase style`'s output) are kept. Colour goes where standard output or standard error is a terminal (a script's `NAME=$(showcase style …)` prints it later), as COLORTERM and TERM say; NO_COLOR leaves it out, CLICOLOR_FORCE keeps it.
            """,
        options: styleFlags + [.flag("--trim", "take the blanks off each line's ends first")],
        environmentPrefix: "GUM_STYLE"
    )

    static let join = CommandSpec(
        name: "join",
        operands: "TEXT…",
        summary: "gum's join: blocks of text side by side (--horizontal, the default) or one above another (--vertical), printed",
        details: """
            Prints the TEXTs, each a block of lines (another `showcase style`'s output, say), side by side or one above another, the smaller ones placed as --align says: `showcase join --horizontal "$LEFT" "$RIGHT"`. Colours are kept, as `style` keeps them.
            """,
        options: [
            .flag("--horizontal", "side by side (the default)"),
            .flag("--vertical", "one above another"),
            .value("--align", "SIDE", choices: ["left", "center", "right", "top", "middle", "bottom"], "where the smaller blocks go (default left, or top)"),
        ]
    )

    static let format = CommandSpec(
        name: "format",
        operands: "[TEXT…]",
        summary: "gum's format: markdown (or code, a template, :emoji: names) as styled text, printed",
        details: """
            Prints the TEXTs (a line each) or standard input as styled text: markdown by default (headings, emphasis, code, lists, quotes, links, tables, rules; wrapped to the terminal's width), -t code for code in colour, -t template for termenv's functions (`{{ Bold "Tasty" }} {{ Color "99" "0" " Gum " }}`), -t emoji for :name:s. Colour goes as `style`'s does.
            """,
        options: [
            .value("--type", "KIND", choices: FormatCommand.kinds, "what the text is (default markdown)").short("-t"),
            .value("--language", "NAME", "the code's language, for -t code (swift, go, python, sh…)").short("-l"),
            .value("--theme", "NAME", "accepted for gum's scripts: one look, glamour's dark one"),
            .flag("--strip-ansi", "leave out escape sequences in standard input (always so)"),
            .flag("--no-strip-ansi", "accepted for gum's scripts"),
        ],
        environmentPrefix: "GUM_FORMAT"
    )

    static let pager = CommandSpec(
        name: "pager",
        operands: "[TEXT]",
        summary: "gum's pager: TEXT (or standard input) to scroll through full-screen, its lines numbered, searched with /",
        details: """
            Shows TEXT, or standard input, full-screen in a frame: ↑/↓ (k/j) a line, PgUp/PgDn (b/space) a page, u/d half a page, Home/End (g/G) the ends; / searches (Enter applies it: every match marked, n and N go to the next and the one before, Esc clears it); q or Esc quits. Colours in the text are kept. `git log --color | showcase pager`.

            Exit status 0: quit; 124: --timeout passed; 130: interrupted (Ctrl-C); 2: no terminal to draw on.
            """,
        options: [
            .flag("--show-line-numbers", "number the lines (the default)"),
            .flag("--no-show-line-numbers", "leave the numbers out"),
            .flag("--soft-wrap", "wrap long lines (the default)"),
            .flag("--no-soft-wrap", "cut long lines; ←/→ scroll sideways"),
            .value("--border", "KIND", choices: ["none", "hidden", "normal", "rounded", "thick", "double"], "the frame's lines (default rounded)"),
            .value("--border-foreground", "COLOR", "the frame's colour (default 212)"),
            timeout,
        ],
        styleParts: ["line-number", "match", "match-highlight"],
        environmentPrefix: "GUM_PAGER"
    )

    static let file = CommandSpec(
        name: "file",
        operands: "[PATH]",
        summary: "gum's file: move through PATH's folders (default .) and choose a file; its path is printed",
        details: """
            Shows a folder's entries below the prompt, folders first: ↑/↓ (k/j) move, → (l) opens a folder, ← (h, Backspace) goes up, Enter chooses the file (with --directory, the folder) and prints its path; Esc or q cancels. A folder that cannot be read is said, and the picker stays. `vim "$(showcase file src)"`.

            Exit status 0: chosen; 1: cancelled (Esc); 124: --timeout passed; 130: interrupted (Ctrl-C); 2: no terminal to draw on.
            """,
        options: [
            .value("--cursor", "TEXT", "the mark before the selected entry (default >)").short("-c"),
            .flag("--all", "show hidden entries (names starting with .)").short("-a"),
            .flag("--permissions", "show each entry's permissions (the default)").short("-p"),
            .flag("--no-permissions", "leave the permissions out"),
            .flag("--size", "show each file's size (the default)").short("-s"),
            .flag("--no-size", "leave the sizes out"),
            .flag("--file", "files may be chosen (the default)"),
            .flag("--no-file", "files may not be chosen"),
            .flag("--directory", "folders may be chosen (Enter chooses, → opens)"),
            .value("--height", "N", "the entries shown at once (default 10)"),
            .value("--header", "TEXT", "accepted for gum's scripts: the folder's path heads the list"),
            timeout,
        ] + helpLine,
        styleParts: ["cursor", "symlink", "directory", "file", "permissions", "selected", "file-size", "header"],
        environmentPrefix: "GUM_FILE"
    )

    static let log = CommandSpec(
        name: "log",
        operands: "MESSAGE [WORD…]",
        summary: "gum's log: a log line on standard error, as charmbracelet/log writes it: time, level, prefix, message, key=value pairs",
        details: """
            Writes MESSAGE as a log line on standard error (or appended to --file): `showcase log --time kitchen --level info --structured "Saved" file notes.txt` writes `3:04PM INFO Saved file=notes.txt`, the level in its colour where standard error is a terminal. Without --structured or --format, the words are the message. A fatal line ends with status 1.
            """,
        options: [
            .value("--level", "LEVEL", choices: LogCommand.levels, "the line's level (default none: no level shown)").short("-l"),
            .flag("--structured", "the words after MESSAGE are key-value pairs").short("-s"),
            .flag("--format", "MESSAGE is a printf format for the words after it (%s, %d, %q)").short("-f"),
            .value("--formatter", "KIND", choices: ["text", "logfmt", "json"], "how the line is written (default text)"),
            .value("--prefix", "TEXT", "a word before the message (`build:`)"),
            .value(
                "--time",
                "FORMAT",
                "the time first: kitchen, datetime, dateonly, timeonly, rfc3339, rfc822, ansic, stamp… or a Go layout (2006-01-02 15:04)"
            ).short("-t"),
            .value("--min-level", "LEVEL", choices: Array(LogCommand.levels.dropFirst()), "write nothing below LEVEL (GUM_LOG_LEVEL too)"),
            .value("--file", "PATH", "append to PATH instead of standard error").short("-o"),
        ],
        styleParts: ["level", "time", "prefix", "message", "key", "value", "separator"]
    )

    static let table = CommandSpec(
        name: "table",
        operands: "",
        summary: "gum's table: CSV rows (standard input or --file) in a grid; the row chosen is printed as a CSV line, or --print prints the grid",
        details: """
            Shows the rows of CSV read from standard input or --file (the first line names the columns unless --columns does) in a grid below the prompt: ↑/↓ move, Enter prints the selected row as a CSV line in the same separator (or one field of it, --return-column N), Esc cancels. --print prints the grid instead, as lipgloss's table: `showcase table --print < people.csv`. A row with more fields than there are columns is refused, saying which.

            Exit status 0: chosen or printed; 1: cancelled (Esc); 124: --timeout passed; 130: interrupted (Ctrl-C); 2: no terminal to draw on; 65: the CSV is malformed; 66: nothing to read.
            """,
        options: [
            .value("--separator", "CHAR", "the field separator (default ,)").short("-s"),
            .value("--columns", "NAMES", "the column names, comma-separated (default: the first row)").short("-c"),
            .value("--widths", "N,N…", "each column's width (default: its widest cell's)").short("-w"),
            .value("--height", "N", "the rows shown at once (default 10)"),
            .flag("--print", "print the grid instead of asking").short("-p"),
            .value("--file", "PATH", "read the CSV from PATH").short("-f"),
            .value("--border", "KIND", choices: ["rounded", "thick", "normal", "hidden", "double", "none"], "the grid's lines (default rounded)").short("-b"),
            .value("--return-column", "N", "print only the chosen row's Nth field (1 is the first)").short("-r"),
            .flag("--lazy-quotes", "take quotes inside fields as they are"),
            timeout,
        ] + helpLine,
        styleParts: ["border", "cell", "header", "selected"],
        environmentPrefix: "GUM_TABLE"
    )

    static let record = CommandSpec(
        name: "record",
        operands: "TAPE | SCENARIO | CAST",
        summary:
            "play a VHS tape on a shell in a pseudo-terminal and write what it names (a GIF, an asciinema cast, the last screen as text), a headless scenario on the virtual clock, or draw an asciinema cast, to a GIF",
        details: """
            Reads TAPE (VHS's tape language: Output, Set, Type, Enter, Ctrl+…, Sleep, Wait, Hide, Show, Screenshot, Require, Source, Env, …), runs its shell (bash by default) in a pseudo-terminal of the size its Width, Height, FontSize and Padding make, types its keys at its pace, and writes each Output: .gif (frames drawn with DejaVu Sans Mono, one palette, only what changed), .cast (asciinema v2) or .txt (the last screen). A tape's error names its line and column before anything runs.

            A SCENARIO (a file ending in .scenario, docs/SCENARIOS.md) is played against the showcase's scenes on the virtual clock, as `showcase headless` plays it, and every frame it draws goes into the GIF given by --out (default: the scenario's name with .gif, in the current folder): a 30-second demo records in a fraction of a second, the same bytes every time.

            A CAST (a file ending in .cast: asciinema's version 2 or 3) is played into the kit's terminal emulator and drawn into the GIF given by --out, as agg draws one: output coming within a frame drawn once (--fps, default 30), pauses cut to --idle-time-limit seconds (default 5), the last screen held 3 s.

            Exit status 0: recorded; 65: the tape or cast is malformed, a Wait timed out, or the scenario failed; 66: the file unreadable; 73: an output could not be written.
            """,
        options: [
            .value("--out", "FILE.gif", "where a scenario's or a cast's GIF goes"),
            .value("--font-size", "PIXELS", "a scenario's or a cast's text size (default 16; a cast's 14, as agg)"),
            .value("--theme", "NAME", "a scenario's or a cast's colours: Default, Light, Catppuccin Mocha, … or VHS's JSON"),
            .value("--fps", "N", "a cast's frames a second at most (default 30)"),
            .value("--idle-time-limit", "SECONDS", "a cast's longest pause kept (default 5)"),
            .value("--speed", "X", "how much faster a cast plays (default 1)"),
            .value("--line-height", "X", "a cast's lines, times the font size (default 1.4, as agg)"),
        ]
    )

    static let libraryImport = CommandSpec(
        name: "library import",
        operands: "DIR",
        summary: "import the GIF, PNG and JPEG files of DIR into the photo library (sub-folders become albums); failures are listed, the rest imported",
        details: """
            Imports the GIF, PNG and JPEG files under DIR into the photo library: files in sub-folders go to an album named after the sub-folder, the others to NAME (default: DIR's name). Files already imported are not added twice; with --album they are put in that album too.

            Exits with 0 when every file was imported, 65 when any failed (the others are imported), 66 when there is nothing to import, 74 when the library cannot be used or the disk filled.
            """,
        options: [
            .value("--album", "NAME", "the album for the files directly in DIR"),
            library,
            maxMemory,
        ]
    )

    static let libraryStats = CommandSpec(
        name: "library stats",
        operands: "",
        summary: "count the library's albums and images",
        details: "Prints the library's albums and counts, read from one snapshot. Creates nothing.",
        options: [library]
    )

    /// Every command, in the order the help lists them.
    static let commands = [
        headless, gifInfo, gifFrames, gifPlay, run, view, pick, choose, filter, confirm, input, write, spin, style, join, format, pager, file, log, table,
        record, libraryImport,
        libraryStats,
    ]

    /// The command named `name`, or the commands under a group (`gif`), or nil.
    static func specs(named name: String) -> [CommandSpec] {
        commands.filter { $0.name == name || $0.name.hasPrefix(name + " ") }
    }

    /// The usage lines: the app's, every command's, help and version.
    static var usageLines: [String] {
        ["showcase " + app.options.map(\.usage).joined(separator: " ")] + commands.map(\.usage) + ["showcase --help | --version"]
    }

    /// `showcase --help`: usage, commands, options and scenes.
    static var usage: String {
        var text = "USAGE: " + usageLines.joined(separator: "\n       ") + "\n\n"
        text += app.details + "\n\n"
        text += "COMMANDS:\n" + HelpText.table(commands.map { ($0.name + ($0.operands.isEmpty ? "" : " " + $0.operands), $0.summary) })
        text += "\n  (`showcase COMMAND --help` says more of each)\n\n"
        let options = app.options + [.flag("-h, --help", "show this help"), .flag("--version", "show the version")]
        text += "OPTIONS (of the app; each command's are in its help):\n" + HelpText.table(options.map { ($0.synopsis, $0.fullHelp) })
        text += "\n\nSCENES:\n" + HelpText.table(SceneCatalog.all.map { ($0.id, $0.summary) })
        text += "\n\nKEYS: Tab/Shift-Tab or 1…9 switch scenes, ? help, q or Ctrl-C quit."
        return text
    }

    /// The help of one command or group (`gif`, `gif info`, …), or nil.
    static func help(for name: String) -> String? {
        let found = specs(named: name)
        return found.isEmpty ? nil : found.map(\.help).joined(separator: "\n\n")
    }
}

/// `--graphics KIND`, read the one way wherever it is taken: `auto` (nil) or a protocol.
enum GraphicsChoice {
    /// The protocol `--graphics` names in `parsed`; nil for `auto` or when absent.
    static func parse(_ parsed: ParsedWords) -> GraphicsProtocol? {
        parsed.value(ShowcaseCommandLine.graphics.name).flatMap(GraphicsProtocol.init(rawValue:))
    }
}
