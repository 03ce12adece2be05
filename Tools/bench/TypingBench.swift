import Foundation
import IndicatorKit
import Prompts

/// `bench typing`: keys typed one at a time into a `TextPrompt`, then into a `ChoicePrompt`'s
/// filter, on a headless terminal, a frame drawn every 64 keys (a terminal's reads bring keys
/// in bursts), at 10 000, 30 000 and 100 000 characters: what a key costs as the text grows. Keys that are not a bracketed paste come
/// this way (tmux `paste-buffer`, xdotool, a terminal without bracketed paste).
@MainActor
enum TypingBench {
    static func run() -> [String] {
        var lines = ["typing: keys one at a time into a TextPrompt, a frame every 64 keys", "characters      total   a key"]
        for count in [10_000, 30_000, 100_000] {
            let prompt = TextPrompt("Name:")
            let host = TerminalHost(backend: HeadlessTerminal(size: Size(width: 80, height: 2)), root: prompt)
            lines.append(typed(count, into: host) { _ in "a" })
        }
        lines.append("target: a key costs the same however long the text")
        lines.append("(each key copied and compared the whole text before: 10 000 keys 0.9 s, 100 000 keys 49 s)")
        lines.append("")
        lines.append("filtering: keys typed into a ChoicePrompt's filter of 200 choices, a frame every 64 keys")
        lines.append("characters      total   a key")
        let choices = (0..<200).map { "item-\($0) alpha beta gamma delta" }
        for count in [10_000, 30_000, 100_000] {
            let prompt = ChoicePrompt("Item", choices: choices, label: { $0 })
            prompt.startsFiltering = true
            let host = TerminalHost(backend: HeadlessTerminal(size: Size(width: 80, height: 12)), root: prompt)
            lines.append(typed(count, into: host) { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 10))) })
        }
        lines.append("target: a key costs the same however long the filter")
        lines.append("(each key built and folded the whole filter before: on a pseudo-terminal 10 000 keys took 11.5 s)")
        return lines
    }

    /// `count` keys typed into `host` (the `index`th being `key(index)`), a frame every 64:
    /// the table's line of what they took in all and a key.
    private static func typed(_ count: Int, into host: TerminalHost, key: (Int) -> Character) -> String {
        let start = ContinuousClock.now
        for index in 0..<count {
            host.send(.key(.character(key(index))))
            if index % 64 == 63 { host.renderIfNeeded() }
        }
        host.renderIfNeeded()
        let milliseconds = (ContinuousClock.now - start).seconds * 1000
        return String(format: "%10d %8.1f ms %5.2f µs", count, milliseconds, milliseconds * 1000 / Double(count))
    }
}
