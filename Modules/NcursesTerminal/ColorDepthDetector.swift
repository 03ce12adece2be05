import TerminalRuntime

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
    /// `truecolor` or `24bit` and `TERM`'s entry has no direct colours — a direct-colour entry
    /// of the same terminal that terminfo has (Debian's `ncurses-term`), so that ncurses can
    /// send 24-bit colours; its keys and other capabilities are the same. The candidates, in
    /// order: `TERM`'s own sibling (`xterm-256color` → `xterm-direct`, `tmux-256color` →
    /// `tmux-direct`); for `xterm-NAME`, the terminal's own entry (`xterm-kitty` →
    /// `kitty-direct`, as kitty sets `TERM` and terminfo has no `xterm-kitty-direct`); and for
    /// any other `xterm-…`, `xterm-direct`. A terminal of another family without a direct
    /// entry (`screen-256color`) keeps its entry and 256 colours: ncurses cannot send 24-bit
    /// colours through an entry that has none, and another family's entry would misread its keys.
    public static func terminfoName(for term: String, environment: [String: String], exists: (String) -> Bool) -> String {
        directColorCandidates(for: term, environment: environment).first(where: exists) ?? term
    }

    /// The direct-colour entries to try for `term`, best first (none when colour is off,
    /// `COLORTERM` does not ask for 24 bits or `term` is already direct).
    static func directColorCandidates(for term: String, environment: [String: String]) -> [String] {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return [] }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        guard colorTerm == "truecolor" || colorTerm == "24bit", !term.isEmpty, !term.hasSuffix("-direct") else { return [] }
        var base = term
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base = String(base.dropLast(suffix.count))
            break
        }
        var candidates = [base + "-direct"]
        if base.hasPrefix("xterm-") {
            candidates.append(String(base.dropFirst("xterm-".count)) + "-direct")
            candidates.append("xterm-direct")
        }
        return candidates
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
