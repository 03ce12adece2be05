import TerminalRuntime

/// The terminfo entry the full screen reads, chosen so that the colour depth the environment asks
/// for is the one drawn (the depth itself is `ColorDepth.detect(environment:colors:directColor:)`).
package enum ColorDepthDetector {
    /// The terminfo entry to read: `TERM` itself, or — when `COLORTERM` says
    /// `truecolor` or `24bit` and `TERM`'s entry has no direct colours — a direct-colour entry
    /// of the same terminal that terminfo has (Debian's `ncurses-term`), whose colours say
    /// 24 bits; its keys and other capabilities are the same. The candidates, in
    /// order: `TERM`'s own sibling (`xterm-256color` → `xterm-direct`, `tmux-256color` →
    /// `tmux-direct`); for `xterm-NAME`, the terminal's own entry (`xterm-kitty` →
    /// `kitty-direct`, as kitty sets `TERM` and terminfo has no `xterm-kitty-direct`); and for
    /// any other `xterm-…`, `xterm-direct`. A terminal of another family without a direct
    /// entry (`screen-256color`) keeps its entry and 256 colours: an entry that has no
    /// 24-bit colours does not say the terminal shows them, and another family's entry would misread its keys.
    package static func terminfoName(for term: String, environment: [String: String], exists: (String) -> Bool) -> String {
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
}
