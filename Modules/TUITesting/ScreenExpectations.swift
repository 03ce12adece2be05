@_exported import TUIPilot
import Testing

/// Compares a whole screen with the rows expected, ratatui's `assert_buffer_lines` in Swift
/// Testing: every row is compared (trailing blanks aside), rows left out at the end of
/// `expected` must be blank, and a difference is one issue that shows both screens side by
/// side, the rows that differ marked — readable at a glance, where a `contains` check says
/// only that something is missing.
///
/// ```swift
/// expectScreen(output.screen, [
///     "✓ Downloaded (1.2 s)",
///     "Copying ████████░░░░░░░░ 50% 2/4",
/// ])
/// ```
public func expectScreen(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    guard let report = ScreenComparison(actual: actual, expected: expected).report else { return }
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}

extension Pilot {
    /// Compares the whole screen with `expected`, row by row (see ``expectScreen(_:_:sourceLocation:)``):
    /// rows left out at the end must be blank.
    ///
    /// ```swift
    /// pilot.expectScreen([
    ///     "",
    ///     " Pressed 2 times · space counts · q quits",
    /// ])
    /// ```
    public func expectScreen(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        TUITesting.expectScreen(trimmedLines, expected, sourceLocation: sourceLocation)
    }
}

/// Two screens compared row by row, trailing blanks aside.
struct ScreenComparison {
    let actual: [String]
    let expected: [String]

    /// nil when they show the same; else both screens side by side, differing rows marked.
    var report: String? {
        let rows = max(actual.count, expected.count)
        let left = (0..<rows).map { Self.trimmed($0 < expected.count ? expected[$0] : "") }
        let right = (0..<rows).map { Self.trimmed($0 < actual.count ? actual[$0] : "") }
        guard left != right else { return nil }
        let width = max("expected".count, left.map(\.displayWidth).max() ?? 0)
        let number = String(rows).count
        func padded(_ text: String, to width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.displayWidth)) }
        var lines = ["the screen differs in the rows marked ≠ (expected on the left, actual on the right):"]
        lines.append("  " + padded("", to: number) + " " + padded("expected", to: width) + " │ actual")
        for row in 0..<rows {
            let mark = left[row] == right[row] ? " " : "≠"
            let label = padded(String(row + 1), to: number)
            let now = right[row].sanitizedForTerminal
            lines.append("\(mark) \(label) \(padded(left[row].sanitizedForTerminal, to: width)) │" + (now.isEmpty ? "" : " " + now))
        }
        return lines.joined(separator: "\n")
    }

    private static func trimmed(_ row: String) -> String {
        var row = row
        while row.last == " " { row.removeLast() }
        return row
    }
}
