import Foundation
import IndicatorKit
import TUITesting
import Testing

/// The example of the IndicatorKit module's page, compiled and run as written.
@MainActor
struct DocExampleTests {
    final class Greeting: View {
        func render(in rect: Rect, on canvas: inout Canvas) {
            canvas.drawBox(rect, title: "Hello")
            canvas.draw("こんにちは, world", at: Point(x: rect.x + 2, y: rect.y + 1), clip: rect.inset(by: 1))
        }
    }

    @Test func theGreetingDrawsOnAHeadlessTerminal() {
        let terminal = HeadlessTerminal(size: Size(width: 30, height: 3))
        let host = TerminalHost(backend: terminal, root: Greeting())
        host.renderIfNeeded()
        expectScreen(
            terminal.lines,
            [
                "╭ Hello ─────────────────────╮",
                "│ こんにちは, world          │",
                "╰────────────────────────────╯",
            ]
        )
    }
}

/// The version the kit says is the one its changelog last released.
struct VersionTests {
    @Test func theVersionIsTheChangelogsLatestRelease() throws {
        let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../CHANGELOG.md")
        let text = try String(contentsOf: changelog, encoding: .utf8)
        let released = text.split(separator: "\n").first { $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true }
        #expect(
            released.map { $0.dropFirst(3).hasPrefix(IndicatorKit.version + " ") } == true,
            "\(String(describing: released)) against \(IndicatorKit.version)"
        )
    }
}
