/// The words of a subcommand, with options taken out as they are read.
struct ArgumentWords {
    /// What is left.
    private(set) var words: [String]

    /// `--name=value` is read as `--name value`, as GNU tools do.
    init(_ words: [String]) {
        self.words = words.flatMap(Self.splittingValue)
    }

    /// `["--name", "value"]` for `--name=value`; the word alone otherwise.
    static func splittingValue(_ word: String) -> [String] {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [word] }
        return [String(word[..<equals]), String(word[word.index(after: equals)...])]
    }

    /// Whether `--help` or `-h` is among the words.
    var asksForHelp: Bool { words.contains("--help") || words.contains("-h") }

    /// Removes `--name` and says whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let i = words.firstIndex(of: name) else { return false }
        words.remove(at: i)
        return true
    }

    /// Removes `--name VALUE` and returns VALUE (nil when absent).
    mutating func value(_ name: String) throws(UsageError) -> String? {
        guard let i = words.firstIndex(of: name) else { return nil }
        guard i + 1 < words.count else { throw UsageError("`\(name)` needs a value") }
        let value = words[i + 1]
        words.removeSubrange(i...(i + 1))
        return value
    }

    /// Throws for any option left over.
    func rejectOptions(for command: String) throws(UsageError) {
        if let option = words.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UsageError("unknown option `\(option)` for `\(command)`")
        }
    }
}
