import Foundation

/// `bench run`: a fast command's output through `showcase run`, against the command alone
/// (into /dev/null) and through `cat`, the plainest reader of a pipe; rounds alternate so
/// the machine's moods fall on all three alike.
enum RunBench {
    static let command = "yes | head -c 256M"

    struct Failure: Error, CustomStringConvertible { let description: String }

    static func run(rounds: Int = 5) throws -> [String] {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let showcase = folder.appendingPathComponent("showcase").path
        guard FileManager.default.isExecutableFile(atPath: showcase) else {
            throw Failure(description: "no showcase beside bench at \(showcase); build it first (swift build -c release --product showcase)")
        }
        let cases: [(String, String, [String])] = [
            ("alone", "/bin/sh", ["-c", command]),
            ("| cat", "/bin/sh", ["-c", command + " | cat"]),
            ("showcase run", showcase, ["run", "--", "/bin/sh", "-c", command]),
        ]
        var times: [[Double]] = Array(repeating: [], count: cases.count)
        for _ in 0..<rounds {
            for (index, (_, tool, arguments)) in cases.enumerated() {
                times[index].append(try seconds(tool, arguments))
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let alone = median(times[0])
        let cat = median(times[1])
        var lines = ["run: `\(command)` into /dev/null, \(rounds) rounds each, median (best)"]
        lines.append("case            seconds    ×alone    ×cat")
        for (index, (name, _, _)) in cases.enumerated() {
            let m = median(times[index])
            lines.append(
                name.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + String(format: " %6.3f (%5.3f) %6.1f %7.1f", m, times[index].min() ?? 0, m / alone, m / cat)
            )
        }
        return lines
    }

    private static func seconds(_ tool: String, _ arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "\(tool) \(arguments) exited \(process.terminationStatus)") }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
