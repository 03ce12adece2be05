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
