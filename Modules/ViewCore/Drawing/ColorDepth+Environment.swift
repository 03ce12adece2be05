extension ColorDepth {
    /// The colour depth a terminal shows, by one rule wherever colours are written:
    ///
    /// - `NO_COLOR` set to any non-empty value: none (https://no-color.org).
    /// - a terminal that says it has direct colour (terminfo's `RGB` flag, a `-direct` entry):
    ///   true colour. `COLORTERM=truecolor` or `24bit` also gives true colour, where the
    ///   escapes can carry it: always when `colors` is nil, and with a terminfo entry only when
    ///   it says more than 2²⁴−1 colours (a direct entry of the same terminal exists): a
    ///   `COLORTERM` inherited into GNU screen, whose entry has 256, would get escapes it cannot show.
    /// - otherwise the colour count — terminfo's, or as `TERM`'s name says when `colors` is nil
    ///   (`…256color` 256; `dumb` or unset none; else 8): 256 or more → 256, 8 or more → 16,
    ///   else none.
    public static func detect(environment: [String: String], colors: Int? = nil, directColor: Bool = false) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"] ?? ""
        if directColor || (colors == nil && term.hasSuffix("-direct")) { return .trueColor }
        let count = colors ?? (term.isEmpty || term == "dumb" ? 0 : term.contains("256color") ? 256 : 8)
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit", count > 0, colors == nil || count >= 16_777_216 { return .trueColor }
        if count >= 256 { return .palette256 }
        if count >= 8 { return .ansi16 }
        return .none
    }
}
