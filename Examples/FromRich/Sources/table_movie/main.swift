import Foundation
import RichPorts
import TerminalIO

// As rich's `Live`: drawn in place under the prompt, centred, its last frame left when it ends.
do {
    let movie = TableMovieExample(terminalWidth: TerminalApp.outputWidth())
    exit(try await TerminalApp.run(movie, viewport: .inline(rows: TableMovieExample.rowsNeeded)))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
