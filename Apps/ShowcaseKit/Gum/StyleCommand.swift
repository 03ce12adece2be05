import Foundation
import IndicatorKit

/// `showcase style` and `showcase join`, gum's: text laid out and coloured, printed. They
/// ask nothing, so they are pure: ``text(colorDepth:)`` is what they print.
package enum StyleCommand: Equatable, Sendable {
    /// The text (the operands a line each; nil: standard input's) in a style.
    case style(text: String?, style: GumStyle, trim: Bool)
    /// Blocks of text side by side (`horizontal`) or one above another.
    case join(texts: [String], horizontal: Bool, alignment: String)

    static func parse(_ name: String, _ words: [String], environment: [String: String]) throws(UsageError) -> StyleCommand {
        if name == "join" {
            let parsed = try ShowcaseCommandLine.join.parse(words, environment: environment)
            guard !(parsed.flag("--horizontal") && parsed.flag("--vertical")) else { throw UsageError("`join` takes --horizontal or --vertical, not both") }
            return .join(texts: parsed.operands, horizontal: !parsed.flag("--vertical"), alignment: parsed.value("--align") ?? "left")
        }
        let parsed = try ShowcaseCommandLine.style.parse(words, environment: environment)
        var values: [String: String] = [:]
        for name in GumStyle.valueNames { values[name] = parsed.value("--\(name)") }
        for name in GumStyle.flagNames where parsed.flag("--\(name)") { values[name] = "true" }
        return .style(text: parsed.operands.isEmpty ? nil : parsed.operands.joined(separator: "\n"), style: try GumStyle(values), trim: parsed.flag("--trim"))
    }

    /// Whether it reads its text from standard input.
    package var readsStandardInput: Bool {
        if case .style(nil, _, _) = self { return true }
        return false
    }

    /// What it prints for text read from standard input (`input`, its escapes left out as
    /// gum's `--strip-ansi` does), its colours for `colorDepth`, ending in a newline.
    package func text(input: String? = nil, colorDepth: ColorDepth) -> String {
        switch self {
        case .style(let given, let style, let trim):
            var text = given.map { StyledText(ansi: $0) } ?? StyledText(StyledText(ansi: input ?? "").plain)
            if trim { text = text.lines.map(Self.trimmed).joined(separator: "\n") }
            return style.block.render(text).ansiText(colorDepth: colorDepth) + "\n"
        case .join(let texts, let horizontal, let alignment):
            let blocks = texts.map { TextBlock(lines: StyledText(ansi: $0).lines) }
            let middle = alignment == "center" || alignment == "middle"
            let joined =
                horizontal
                ? TextBlock.joined(horizontally: blocks, alignment: middle ? .center : alignment == "bottom" ? .bottom : .top)
                : TextBlock.joined(vertically: blocks, alignment: middle ? .center : alignment == "right" ? .right : .left)
            return joined.ansiText(colorDepth: colorDepth) + "\n"
        }
    }

    /// `line` without the blanks at its ends.
    private static func trimmed(_ line: StyledText) -> StyledText {
        var characters = line.runs.flatMap { run in run.text.map { ($0, run.style) } }
        while let first = characters.first, first.0.isWhitespace { characters.removeFirst() }
        while let last = characters.last, last.0.isWhitespace { characters.removeLast() }
        var result = StyledText()
        for (character, style) in characters { result.append(String(character), style: style) }
        return result
    }
}

/// How colourful text printed for a script is: gum colours what lands on a terminal, and a
/// script that keeps a command's output to print it later (`NAME=$(showcase style …)`)
/// hands it to the terminal too; so colour goes where standard output or standard error
/// is a terminal, as the environment's depth (`COLORTERM`, `TERM`), none with `NO_COLOR`,
/// and at least 16 colours with `CLICOLOR_FORCE`.
package enum PrintedColors {
    package static func depth(environment: [String: String], outputIsTerminal: Bool, errorIsTerminal: Bool) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let detected = ColorDepth.detect(environment: environment)
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return max(detected, .ansi16) }
        return outputIsTerminal || errorIsTerminal ? detected : .none
    }
}
