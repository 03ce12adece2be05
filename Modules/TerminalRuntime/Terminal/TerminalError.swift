/// Why the real terminal could not be used. Each message says what to do.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, a CI log).
    case notATerminal
    /// `TERM` is unset, `dumb`, or names a terminal that cannot move the cursor.
    case dumbTerminal(String)
    /// `TERM` names a terminal type this system's terminfo does not know.
    case unknownTerminal(String)
    /// No UTF-8 locale could be selected, so wide characters cannot be drawn.
    case noUTF8Locale
    /// Standard output is redirected and the process has no controlling terminal to draw on.
    case noControllingTerminal
    /// The terminal could not be taken (its modes, another app holding it).
    case startFailed(String)
    /// A blocking form (`runBlocking`, `askBlocking`) was called where it would hold the main
    /// actor the rest of the program needs: in async code, in a block the main queue runs, or
    /// inside another blocking call. `asyncForm` is the call to make instead.
    case wouldBlockMainActor(asyncForm: String)

    /// What went wrong, and what to do about it.
    public var description: String {
        switch self {
        case .notATerminal:
            "standard input and output must be a terminal; run it in a terminal window"
        case .dumbTerminal(let name):
            "TERM=\(name.isEmpty ? "(unset)" : name) cannot move the cursor; run it in a full terminal such as xterm, tmux or screen"
        case .unknownTerminal(let name):
            "TERM=\(name) is not a terminal type known to terminfo; set TERM to e.g. xterm-256color or install ncurses-term"
        case .noControllingTerminal:
            "no terminal to draw on: standard output is redirected and /dev/tty cannot be opened; run it from a terminal window"
        case .noUTF8Locale:
            "no UTF-8 locale is available; set LANG to a UTF-8 locale such as C.UTF-8"
        case .startFailed(let message):
            "the terminal could not be started: \(message)"
        case .wouldBlockMainActor(let asyncForm):
            "a blocking call serves the main queue from a synchronous main only; here it would hold the main actor the program runs on: use `\(asyncForm)`"
        }
    }
}
