import TerminalGraphics
import TerminalRuntime

/// What the environment says of the terminal before anything is asked, read once.
struct StartupSettings {
    /// `TERM`.
    let term: String
    /// `INDICATORKIT_GRAPHICS`, when it names a protocol (`auto` asks).
    let graphics: GraphicsProtocol?
    /// Whether the background is told (`INDICATORKIT_BACKGROUND` or `COLORFGBG`).
    let background: Bool

    init(environment: [String: String]) {
        term = environment["TERM"] ?? ""
        graphics = environment["INDICATORKIT_GRAPHICS"].flatMap { GraphicsProtocol(rawValue: $0.lowercased()) }
        background = environment["INDICATORKIT_BACKGROUND"] != nil || environment["COLORFGBG"] != nil
    }
}

/// What the start-up's one round trip learnt: the background (OSC 11), the widths asked, what
/// the terminal draws (DA1 last), and what was typed meanwhile.
struct StartupAnswers {
    /// The environment's word first, else the terminal's answer.
    var theme: TerminalTheme
    var typedMeanwhile: [UInt8] = []
    var graphics: GraphicsAnswers?
    var background: RGBA?
    var measured: [String: Int] = [:]
    var unfinishedProbe: GraphicsProbe?

    mutating func read(_ answer: BackgroundQuery.Answer, measuring texts: [String], backgroundTold: Bool) {
        if answer.widths.count == texts.count { measured = Dictionary(zip(texts, answer.widths), uniquingKeysWith: { a, _ in a }) }
        if let told = answer.theme, !backgroundTold { theme = told }
        typedMeanwhile = answer.otherBytes
        graphics = answer.graphics
        background = answer.background
        unfinishedProbe = answer.unfinishedProbe
    }
}
