import Foundation
import TerminalIO
import Widgets

/// Runs a port full screen until it quits, then ends the process with its status.
@MainActor
public func runPort(_ view: some View) async -> Never {
    do {
        exit(Int32(try await TerminalApp.run(view)))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
