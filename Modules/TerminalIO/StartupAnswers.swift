import TerminalGraphics
import TerminalRuntime

/// What the environment says of the terminal before anything is asked, read once.
package struct StartupSettings {
    /// `TERM`.
    package let term: String
    /// `INDICATORKIT_GRAPHICS`, when it names a protocol (`auto` asks).
    package let graphics: GraphicsProtocol?
    /// Whether the background is told (`INDICATORKIT_BACKGROUND` or `COLORFGBG`).
    package let background: Bool

    package init(environment: [String: String]) {
        term = environment["TERM"] ?? ""
        graphics = environment["INDICATORKIT_GRAPHICS"].flatMap { GraphicsProtocol(rawValue: $0.lowercased()) }
        background = environment["INDICATORKIT_BACKGROUND"] != nil || environment["COLORFGBG"] != nil
    }
}

/// What the start-up's one round trip learnt: the background (OSC 11), the widths asked, what
/// the terminal draws (DA1 last), and what was typed meanwhile.
package struct StartupAnswers {
    /// The environment's word first, else the terminal's answer.
    package var theme: TerminalTheme
    package var typedMeanwhile: [UInt8] = []
    package var graphics: GraphicsAnswers?
    package var background: RGBA?
    package var measured: [String: Int] = [:]
    package var unfinishedProbe: GraphicsProbe?

    /// Answers not yet read: the theme assumed until the terminal says its background.
    package init(theme: TerminalTheme) {
        self.theme = theme
    }

    package mutating func read(_ answer: BackgroundQuery.Answer, measuring texts: [String], backgroundTold: Bool) {
        if answer.widths.count == texts.count { measured = Dictionary(zip(texts, answer.widths), uniquingKeysWith: { a, _ in a }) }
        if let told = answer.theme, !backgroundTold { theme = told }
        typedMeanwhile = answer.otherBytes
        graphics = answer.graphics
        background = answer.background
        unfinishedProbe = answer.unfinishedProbe
    }
}
