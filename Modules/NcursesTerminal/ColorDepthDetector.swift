import TUICore

/// Decides the colour depth from what terminfo says and from the environment.
///
/// - `NO_COLOR` set to any non-empty value: no colour (https://no-color.org).
/// - terminfo's `RGB` flag (direct-colour entries such as `xterm-direct`): true colour.
///   `COLORTERM=truecolor` or `24bit` also selects true colour, but only when terminfo
///   can express direct colours (more than 2²⁴−1 colours); otherwise ncurses could not
///   send them, and the 256-colour palette is used.
/// - otherwise terminfo's colour count: 256 or more → 256, 8 or more → 16, else none.
public enum ColorDepthDetector {
    /// The terminfo entry to run ncurses with: `TERM` itself, or — when `COLORTERM` says
    /// `truecolor` or `24bit` and `TERM` is a 256-colour entry — its direct-colour sibling
    /// (`xterm-256color` → `xterm-direct`, `tmux-256color` → `tmux-direct`) when terminfo
    /// has it (Debian's `ncurses-term`), so that ncurses can send 24-bit colours. The keys
    /// and other capabilities of the sibling are the same.
    public static func terminfoName(for term: String, environment: [String: String], exists: (String) -> Bool) -> String {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return term }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        guard colorTerm == "truecolor" || colorTerm == "24bit", !term.hasSuffix("-direct") else { return term }
        let base = term.hasSuffix("-256color") ? String(term.dropLast("-256color".count)) : term
        let direct = base + "-direct"
        return exists(direct) ? direct : term
    }

    /// The depth for a terminal with `colors` colours and the given flags and environment.
    public static func detect(colors: Int, directColorFlag: Bool, environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        if directColorFlag { return .trueColor }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit", colors >= 16_777_216 { return .trueColor }
        if colors >= 256 { return .palette256 }
        if colors >= 8 { return .ansi16 }
        return .none
    }
}
