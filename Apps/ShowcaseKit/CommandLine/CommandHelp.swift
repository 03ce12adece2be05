/// `showcase COMMAND --help`: the usage and options of one command.
enum CommandHelp {
    /// The help of `command` (`gif`, `gif info`, `library import`, `run`, …), or nil.
    static func text(for command: String) -> String? {
        switch command {
        case "gif":
            return ["gif info", "gif frames", "gif play"].compactMap { text(for: $0) }.joined(separator: "\n\n")
        case "gif info":
            return """
                USAGE: showcase gif info FILE [--json]

                Prints the GIF's size, loop count, the memory decoding it needs, and each frame's
                rectangle, delay, disposal, interlacing and transparent index; then comments and
                warnings. Reads the file's structure only (no pixel is decoded), so it is quick
                on any file. FILE may be - for standard input.

                  --json   the same as one JSON object (see docs/Showcase.md)
                """
        case "gif frames":
            return """
                USAGE: showcase gif frames FILE --out DIR [--replace] [--max-memory MIB]

                Writes each composited frame as raw RGBA (frame-0000.rgba, …) and info.json
                into DIR, a new or empty folder whose parent exists. The export is written
                beside DIR and moved into place when complete. FILE may be - for standard input.

                  --out DIR          the folder to write
                  --replace          replace an earlier export in DIR, once the new one is complete
                  --max-memory MIB   the memory decoding may take (default 256)
                """
        case "gif play":
            return """
                USAGE: showcase gif play FILE [--max-memory MIB]

                Plays the GIF in the terminal by its own timing. Keys: space pause/resume,
                ←/→ step a frame, q or Esc quit, Ctrl-Z suspend.

                  --max-memory MIB   the memory decoding may take (default 256)
                """
        case "library":
            return ["library import", "library stats"].compactMap { text(for: $0) }.joined(separator: "\n\n")
        case "library import":
            return """
                USAGE: showcase [--library PATH] library import DIR [--album NAME] [--max-memory MIB]

                Imports the GIF, PNG and JPEG files under DIR into the photo library: files in sub-folders go
                to an album named after the sub-folder, the others to NAME (default: DIR's
                name). Files already imported are not added twice; with --album they are put in
                that album too. Exits with 0 when every file was imported, 65 when any failed
                (the others are imported), 66 when there is nothing to import, 74 when the
                library cannot be used or the disk filled.

                  --album NAME       the album for the files directly in DIR
                  --library PATH     the library file (default $XDG_DATA_HOME/indicatorkit/library.sqlite)
                  --max-memory MIB   the memory decoding one file may take (default 256)
                """
        case "library stats":
            return """
                USAGE: showcase [--library PATH] library stats

                Prints the library's albums and counts, read from one snapshot. Creates nothing.
                """
        case "run":
            return """
                USAGE: showcase run [--label TEXT] [--style NAME] [--lines N] -- COMMAND [ARGS…]

                Runs COMMAND with a spinner on standard error, then a ✓ or ✗ line with the
                elapsed time; exits with COMMAND's status (126: cannot be run, 127: not found).
                When standard error is not a terminal: one line at the start and one at the end.

                  --label TEXT   what the spinner says (default: the command line)
                  --style NAME   the spinner style (see the Spinners scene)
                  --lines N      show COMMAND's last N lines under the spinner (1 to 100):
                                 folded away when it succeeds, kept when it fails
                """
        case "view":
            return """
                USAGE: showcase view FILE [--width N] [--graphics KIND] [--symbols SET] [--max-memory MIB]

                Prints a GIF, a PNG or a JPEG fitted to the terminal's width and height (80
                columns when not a terminal): as pixels where the terminal shows them (kitty's
                protocol, which plays an animated GIF; sixel; iTerm2's images), else in
                coloured block symbols, which can go to a file or a pipe as well. Colours
                follow COLORTERM, TERM and NO_COLOR.

                  --width N        fit in N columns (1-1000) instead
                  --graphics KIND  kitty, sixel, iterm, symbols or auto (default: ask the terminal)
                  --symbols SET    half, quadrant, sextant, braille or auto (default)
                  --max-memory MIB the memory decoding may take (default 256)
                Exit status 65: not a picture it can decode; 66: unreadable.
                """
        case "headless":
            return """
                USAGE: showcase headless [PATH…]

                Runs scenario files (or the *.scenario files of folders; default Tests/Scenarios)
                against the real scenes on a virtual terminal and clock, and prints one line per
                scenario and `N passed, N failed`. The format is in docs/SCENARIOS.md.
                """
        default:
            return nil
        }
    }
}
