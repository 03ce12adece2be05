// bench: IndicatorKit's benchmarks. Build and run in release mode:
//   swift build -c release --product bench && .build/release/bench terminal
import Foundation

let usage = """
USAGE: bench terminal [--frames N]
       bench all

  terminal   compose and present 200×60 screens (full change, one-cell change) through
             the headless and the ncurses (pseudo-terminal) paths; µs and bytes per frame.
"""

var arguments = Array(CommandLine.arguments.dropFirst())
var frames = 300
if let i = arguments.firstIndex(of: "--frames") {
    guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else {
        FileHandle.standardError.write(Data("bench: --frames needs a positive number\n\n\(usage)\n".utf8))
        exit(64)
    }
    frames = n
    arguments.removeSubrange(i...i + 1)
}

#if DEBUG
print("note: this is a debug build; figures are only meaningful with -c release")
#endif

@MainActor
func runTerminal() -> Bool {
    do {
        let rows = try TerminalBench.run(frames: frames)
        print("terminal: \(TerminalBench.size.width)×\(TerminalBench.size.height), \(frames) frames per case")
        print("path      case                  µs/frame   bytes/frame")
        for row in rows {
            let bytes = row.bytesPerFrame.map { String(format: "%11.1f", $0) } ?? "          -"
            let path = row.path.padding(toLength: 9, withPad: " ", startingAt: 0)
            let scenario = row.scenario.padding(toLength: 20, withPad: " ", startingAt: 0)
            print(path + " " + scenario + String(format: " %9.1f  ", row.microsecondsPerFrame) + bytes)
        }
        if let oneCell = rows.first(where: { $0.path == "ncurses" && $0.scenario == "one-cell change" })?.bytesPerFrame {
            print(String(format: "target: one-cell change under 32 bytes: %.1f bytes (%@)", oneCell, oneCell < 32 ? "met" : "NOT met"))
        }
        return true
    } catch {
        FileHandle.standardError.write(Data("bench terminal: \(error)\n".utf8))
        return false
    }
}

switch arguments {
case ["terminal"], ["all"]:
    let ok = MainActor.assumeIsolated { runTerminal() }
    exit(ok ? 0 : 1)
default:
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
