import TUICore
import TerminalGraphics

/// What the `showcase` command line asks for.
package enum ShowcaseCommand: Equatable, Sendable {
    /// Open the interactive app on the terminal, optionally on one scene and with a chosen
    /// photo library file.
    case interactive(scene: String?, library: String?, symbols: SymbolChoice = .automatic, graphics: GraphicsProtocol? = nil)
    /// Import into or report on the photo library.
    case library(LibraryCommand)
    /// Run scenario files or folders headless.
    case headless(paths: [String], svg: String? = nil)
    /// Inspect, export or play a GIF.
    case gif(GifCommand)
    /// Run a command with an inline indicator.
    case run(RunCommand)
    /// Print a picture inline (`showcase view FILE`).
    case view(ViewCommand)
    /// Print usage.
    case help
    /// Print one command's usage (`showcase gif info --help`).
    case commandHelp(String)
    /// Print the version.
    case version

    /// The version printed by `--version`.
    package static let versionText = "showcase (IndicatorKit) \(IndicatorKit.version)"

    /// The usage text printed by `--help` and after a usage error.
    package static var usage: String {
        var text = """
            USAGE: showcase [--scene NAME] [--library PATH] [--symbols SET] [--graphics KIND]
                   showcase headless [--svg DIR] [PATH…]
                   showcase gif info FILE [--json] | gif frames FILE --out DIR [--replace] | gif play FILE
                            (frames and play take --max-memory MIB)
                   showcase run [--label TEXT] [--style NAME] [--lines N] -- COMMAND [ARGS…]
                   showcase view FILE [--width N] [--symbols SET] [--graphics KIND] [--max-memory MIB]
                   showcase [--library PATH] library import DIR [--album NAME] [--max-memory MIB] | library stats
                   showcase --help | --version

            Opens the IndicatorKit showcase in the terminal: one tab per scene.

            COMMANDS:
              headless [PATH…]   run scenario files or folders (default Tests/Scenarios) on a
                                 virtual terminal and clock; prints `N passed, N failed`.
              gif info FILE      size, loop count, the memory decoding needs and every frame's
                                 delay, disposal, rectangle and transparency (--json for the
                                 JSON form); warnings. Reads the structure only: fast on any file
              gif frames FILE --out DIR [--replace]
                                 write each composited frame as raw RGBA (frame-0000.rgba…)
                                 and info.json into a new or empty folder (--replace: in place
                                 of an earlier export, swapped in only once complete)
              gif play FILE      play it in the terminal: space pauses, ←/→ step, q quits
                                 (exit status 65: undecodable, 66: unreadable, 73: cannot write)
              library import DIR [--album NAME]
                                 import the GIF, PNG and JPEG files of DIR into the photo
                                 library (sub-folders become albums); failures are listed,
                                 the rest imported
              library stats      count the library's albums and images
              view FILE          print a GIF's first frame, a PNG or a JPEG — as pixels where the
                                 terminal shows them (kitty, sixel, iTerm2), else in colour blocks —
                                 fitted to the terminal's width (--width N for N columns) in its
                                 true proportions; --graphics kitty|sixel|iterm|symbols|auto chooses
                                 (INDICATORKIT_GRAPHICS too)
              run [--label TEXT] [--style NAME] [--lines N] -- COMMAND [ARGS…]
                                 run COMMAND with a spinner on standard error, then a ✓ or ✗
                                 line with the elapsed time; exits with COMMAND's status
                                 (one line at start and end, no frames, when not a terminal);
                                 --lines N shows its last N lines under the spinner

            OPTIONS:
              --scene NAME       start on scene NAME
              --graphics KIND    (the app, view) how pictures are drawn: kitty, sixel, iterm, symbols
                                 or auto (default: as the terminal answers; INDICATORKIT_GRAPHICS too)
              --symbols SET      (the app, gif play, view) the block symbols images are drawn with: half, quadrant,
                                 sextant, braille or auto (default: quadrants, sextants where
                                 the terminal draws them itself; INDICATORKIT_SYMBOLS too)
              --library PATH     the photo library file (default
                                 $XDG_DATA_HOME/indicatorkit/library.sqlite)
              --max-memory MIB   (gif frames, gif play, view, library import) the memory
                                 decoding one file may take (default 256); a file needing more is
                                 refused up front, saying how much to give
              -h, --help         show this help
              --version          show the version

            SCENES:

            """
        for entry in SceneCatalog.all { text += "  \(entry.id.padded(toWidth: 18))\(entry.summary)\n" }
        text += "\nKEYS: Tab/Shift-Tab or 1…9 switch scenes, ? help, q or Ctrl-C quit."
        return text
    }

    /// The help text of one command (see ``commandHelp(_:)``).
    package static func help(for command: String) -> String {
        CommandHelp.text(for: command) ?? usage
    }

    /// `COMMAND [VERB] --help` (before any `--`), as the most precise help there is.
    static func commandHelp(in words: [String]) -> ShowcaseCommand? {
        let options = words.prefix { $0 != "--" }
        guard let command = options.first, ["gif", "library", "run", "headless", "view"].contains(command),
            options.contains("--help") || options.contains("-h")
        else { return nil }
        if options.count > 1, let verb = options.dropFirst().first, !verb.hasPrefix("-"), CommandHelp.text(for: "\(command) \(verb)") != nil {
            return .commandHelp("\(command) \(verb)")
        }
        return .commandHelp(command)
    }

    /// The usage lines alone, printed after a usage error with a pointer to `--help`.
    package static var shortUsage: String {
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        return lines.joined(separator: "\n") + "\n\nRun `showcase --help` for the commands, options and scenes."
    }

    /// Parses the arguments after the program name.
    ///
    /// `--scene` and `--library` come before any command; `--library` also applies to the
    /// `library` commands (`showcase --library L library stats` is
    /// `showcase library stats --library L`).
    package static func parse(_ arguments: [String]) throws(UsageError) -> ShowcaseCommand {
        // `--scene=NAME` and `--library=PATH` are `--scene NAME` and `--library PATH`.
        var leading = arguments[...]
        var expanded: [String] = []
        while let first = leading.first,
            first.hasPrefix("--scene") || first.hasPrefix("--library") || first.hasPrefix("--symbols") || first.hasPrefix("--graphics")
        {
            expanded += ArgumentWords.splittingValue(first)
            leading = leading.dropFirst()
        }
        var rest = (expanded + leading)[...]
        var scene: String?
        var library: String?
        var symbols = SymbolChoice.automatic
        var graphics: GraphicsProtocol?
        while let flag = rest.first, flag == "--scene" || flag == "--library" || flag == "--symbols" || flag == "--graphics" {
            guard rest.count >= 2 else { throw UsageError("`\(flag)` needs a value") }
            let value = rest[rest.index(after: rest.startIndex)]
            if flag == "--graphics" {
                guard value == "auto" || GraphicsProtocol(rawValue: value) != nil else {
                    throw UsageError("`--graphics` takes kitty, sixel, iterm, symbols or auto, not `\(value.sanitizedForTerminal)`")
                }
                graphics = GraphicsProtocol(rawValue: value)
            } else if flag == "--symbols" {
                var words = ArgumentWords(["--symbols", value])
                symbols = try SymbolChoice.parse(&words)
            } else if flag == "--scene" {
                guard SceneCatalog.entry(id: value) != nil else {
                    throw UsageError("no scene `\(value)`; the scenes are: \(SceneCatalog.all.map(\.id).joined(separator: ", "))")
                }
                scene = value
            } else {
                library = value
            }
            rest = rest.dropFirst(2)
        }
        guard let first = rest.first else { return .interactive(scene: scene, library: library, symbols: symbols, graphics: graphics) }
        if symbols != .automatic { throw UsageError("`--symbols` goes with the app itself (or with `gif play`)") }
        if graphics != nil { throw UsageError("`--graphics` goes with the app itself (or with `view`)") }
        if let help = Self.commandHelp(in: Array(rest)) { return help }
        if first == "library" {
            if scene != nil { throw UsageError("`--scene` opens the app on a scene; it does not go with `library`") }
            return .library(try LibraryCommand.parse(Array(rest.dropFirst())).choosingLibrary(library))
        }
        if scene != nil || library != nil, !first.hasPrefix("-") {
            throw UsageError("`--scene` and `--library` go with the app itself (or `--library` with `library`), not with `\(first)`")
        }
        switch first {
        case "-h", "--help", "help":
            guard rest.count == 1, scene == nil, library == nil else { throw UsageError("`\(first)` takes no arguments") }
            return .help
        case "--version":
            guard rest.count == 1, scene == nil, library == nil else { throw UsageError("`--version` takes no arguments") }
            return .version
        case "headless":
            var words = ArgumentWords(Array(rest.dropFirst()))
            let svg = try words.value("--svg")
            try words.rejectOptions(for: "headless")
            return .headless(paths: words.words, svg: svg)
        case "gif":
            return .gif(try GifCommand.parse(Array(rest.dropFirst())))
        case "run":
            return .run(try RunCommand.parse(Array(rest.dropFirst())))
        case "view":
            return .view(try ViewCommand.parse(Array(rest.dropFirst())))
        default:
            if first.hasPrefix("-") { throw UsageError("unknown option `\(first)`") }
            throw UsageError("unknown command `\(first)`")
        }
    }
}

/// A command line the showcase does not understand; exit status 64 (EX_USAGE).
package struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    package let message: String

    /// Creates an error.
    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
