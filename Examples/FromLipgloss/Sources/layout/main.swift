import Foundation
import LipglossPorts
import TerminalIO

// As the original: the terminal's background chooses the adaptive colours, and the
// document is cut to the terminal's width (not in a pipe).
let theme = TerminalApp.backgroundTheme()
let width = isatty(STDOUT_FILENO) == 1 ? TerminalApp.outputWidth() : nil
TerminalApp.print(LayoutExample.document(theme: theme, width: width))
