import Foundation
import IndicatorKit
import Prompts

/// `bench typing`: keys typed one at a time into a `TextPrompt` on a headless terminal, a frame
/// drawn every 64 keys (a terminal's reads bring keys in bursts), at 10 000, 30 000 and 100 000
/// characters: what a key costs as the text grows. Keys that are not a bracketed paste come
/// this way (tmux `paste-buffer`, xdotool, a terminal without bracketed paste).
@MainActor
enum TypingBench {
    static func run() -> [String] {
        var lines = ["typing: keys one at a time into a TextPrompt, a frame every 64 keys", "characters      total   a key"]
        for count in [10_000, 30_000, 100_000] {
            let prompt = TextPrompt("Name:")
            let host = TerminalHost(backend: HeadlessTerminal(size: Size(width: 80, height: 2)), root: prompt)
            let start = ContinuousClock.now
            for index in 0..<count {
                host.send(.key(.character("a")))
                if index % 64 == 63 { host.renderIfNeeded() }
            }
            host.renderIfNeeded()
            let milliseconds = (ContinuousClock.now - start).seconds * 1000
            lines.append(String(format: "%10d %8.1f ms %5.2f µs", count, milliseconds, milliseconds * 1000 / Double(count)))
        }
        lines.append("target: a key costs the same however long the text")
        lines.append("(each key copied and compared the whole text before: 10 000 keys 0.9 s, 100 000 keys 49 s)")
        return lines
    }
}
