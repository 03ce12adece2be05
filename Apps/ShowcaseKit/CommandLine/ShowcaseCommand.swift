import Foundation
import IndicatorKit
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
    /// Choose among items inline and print the chosen (`showcase pick ITEM…`, and gum's
    /// `choose` and `filter`).
    case pick(PickCommand)
    /// Ask a question inline and answer on standard output or by the status (gum's
    /// `confirm`, `input`, `write`).
    case ask(AskCommand)
    /// Print text laid out and coloured (gum's `style` and `join`).
    case style(StyleCommand)
    /// Print markdown, code, a template or emoji as styled text (gum's `format`).
    case format(FormatCommand)
    /// Record a VHS tape, a scenario on the virtual clock or an asciinema cast as a GIF.
    case record(RecordCommand)
    /// Choose a file by moving through folders (gum's `file`).
    case file(FileCommand)
    /// Show text full-screen to scroll and search (gum's `pager`).
    case pager(PagerCommand)
    /// Show CSV rows in a grid, print the one chosen (gum's `table`).
    case table(TableCommand)
    /// Write a log line (gum's `log`).
    case log(LogCommand)
    /// Print usage.
    case help
    /// Print one command's usage (`showcase gif info --help`).
    case commandHelp(String)
    /// Print the version.
    case version

    /// The version printed by `--version`.
    package static let versionText = "showcase (IndicatorKit) \(IndicatorKit.version)"

    /// The usage text printed by `--help` (made from ``ShowcaseCommandLine``'s declarations).
    package static var usage: String { ShowcaseCommandLine.usage }

    /// The help text of one command or group (`gif`, `gif info`, …), or the usage.
    package static func help(for command: String) -> String {
        ShowcaseCommandLine.help(for: command) ?? usage
    }

    /// `COMMAND [VERB] --help` (before any `--`), as the most precise help there is.
    static func commandHelp(in words: [String]) -> ShowcaseCommand? {
        let options = words.prefix { $0 != "--" }
        guard let command = options.first, ShowcaseCommandLine.help(for: command) != nil,
            options.contains("--help") || options.contains("-h")
        else { return nil }
        if let verb = options.dropFirst().first, !verb.hasPrefix("-"), ShowcaseCommandLine.help(for: "\(command) \(verb)") != nil {
            return .commandHelp("\(command) \(verb)")
        }
        return .commandHelp(command)
    }

    /// The usage lines of the command `words` name (`run`, `gif info`; a group's, `gif`), after
    /// a usage error in it, with a pointer to its `--help`; the whole app's for the rest.
    package static func shortUsage(for words: [String]) -> String {
        let options = words.prefix { $0 != "--" }
        guard let first = options.first, !first.hasPrefix("-") else { return shortUsage }
        var name = first
        if let verb = options.dropFirst().first, !ShowcaseCommandLine.specs(named: "\(first) \(verb)").isEmpty { name = "\(first) \(verb)" }
        let specs = ShowcaseCommandLine.specs(named: name)
        guard !specs.isEmpty else { return shortUsage }
        return "USAGE: " + specs.map(\.usage).joined(separator: "\n       ") + "\n\nRun `showcase \(name) --help` for its options."
    }

    /// The usage lines alone, printed after a usage error with a pointer to `--help`.
    package static var shortUsage: String {
        "USAGE: " + ShowcaseCommandLine.usageLines.joined(separator: "\n       ")
            + "\n\nRun `showcase --help` for the commands, options and scenes."
    }

    /// Parses the arguments after the program name.
    ///
    /// The app's options (`--scene`, `--library`, `--symbols`, `--graphics`) come before any
    /// command; `--library` also applies to the `library` commands (`showcase --library L
    /// library stats` is `showcase library stats --library L`).
    /// `environment` gives gum's commands their defaults (`GUM_CHOOSE_HEADER`, …).
    package static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> ShowcaseCommand {
        let leading = try ShowcaseCommandLine.appWords.parse(arguments)
        let scene = leading.value("--scene")
        let library = leading.value("--library")
        let symbols = try SymbolChoice.parse(leading)
        let graphics = GraphicsChoice.parse(leading)
        if let scene, SceneCatalog.entry(id: scene) == nil {
            throw UsageError("no scene `\(scene.sanitizedForTerminal)`; the scenes are: \(SceneCatalog.all.map(\.id).joined(separator: ", "))")
        }
        let asked = ["-h", "--help", "--version"].filter(leading.flag)
        if let first = asked.first {
            guard asked.count == 1, leading.values.isEmpty, leading.operands.isEmpty else { throw UsageError("`\(first)` takes no arguments") }
            return first == "--version" ? .version : .help
        }
        let rest = leading.operands
        guard let first = rest.first else { return .interactive(scene: scene, library: library, symbols: symbols, graphics: graphics) }
        if leading.value("--symbols") != nil { throw UsageError("`--symbols` goes with the app itself (or with `gif play` and `view`)") }
        if leading.value("--graphics") != nil { throw UsageError("`--graphics` goes with the app itself (or with `view`)") }
        if let help = Self.commandHelp(in: rest) { return help }
        if first == "library" {
            if scene != nil { throw UsageError("`--scene` opens the app on a scene; it does not go with `library`") }
            return .library(try LibraryCommand.parse(Array(rest.dropFirst())).choosingLibrary(library))
        }
        if scene != nil || library != nil {
            throw UsageError("`--scene` and `--library` go with the app itself (or `--library` with `library`), not with `\(first.sanitizedForTerminal)`")
        }
        switch first {
        case "help":
            guard rest.count == 1 else { throw UsageError("`help` takes no arguments") }
            return .help
        case "headless":
            let parsed = try ShowcaseCommandLine.headless.parse(Array(rest.dropFirst()))
            return .headless(paths: parsed.operands, svg: parsed.value("--svg"))
        case "gif":
            return .gif(try GifCommand.parse(Array(rest.dropFirst())))
        case "run":
            return .run(try RunCommand.parse(Array(rest.dropFirst())))
        case "view":
            return .view(try ViewCommand.parse(Array(rest.dropFirst())))
        case "pick":
            return .pick(try PickCommand.parse(Array(rest.dropFirst())))
        case "choose", "filter":
            return .pick(try PickCommand.parseGum(Array(rest.dropFirst()), filtering: first == "filter", environment: environment))
        case "confirm", "input", "write":
            return .ask(try AskCommand.parse(first, Array(rest.dropFirst()), environment: environment))
        case "spin":
            return .run(try RunCommand.parseSpin(Array(rest.dropFirst()), environment: environment))
        case "format":
            return .format(try FormatCommand.parse(Array(rest.dropFirst()), environment: environment))
        case "record":
            return .record(try RecordCommand.parse(Array(rest.dropFirst())))
        case "file":
            return .file(try FileCommand.parse(Array(rest.dropFirst()), environment: environment))
        case "pager":
            return .pager(try PagerCommand.parse(Array(rest.dropFirst()), environment: environment))
        case "table":
            return .table(try TableCommand.parse(Array(rest.dropFirst()), environment: environment))
        case "log":
            return .log(try LogCommand.parse(Array(rest.dropFirst()), environment: environment))
        case "style", "join":
            return .style(try StyleCommand.parse(first, Array(rest.dropFirst()), environment: environment))
        default:
            throw UsageError("unknown command `\(first.sanitizedForTerminal)`")
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
