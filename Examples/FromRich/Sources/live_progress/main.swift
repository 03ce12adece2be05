import Foundation
import RichPorts
import TerminalIO

// As rich's `Live`: drawn in place under the prompt, its last frame left when it ends.
do {
    exit(try await TerminalApp.run(LiveProgressExample(), viewport: .inline(rows: 7)))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
