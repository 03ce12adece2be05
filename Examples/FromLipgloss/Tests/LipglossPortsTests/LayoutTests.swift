import Foundation
import LipglossPorts
import Testing
import Widgets

/// The port prints lipgloss's own document: `Screens/layout.txt` is what tmux showed of
/// lipgloss 0.5.0's example (Debian's, built offline) at 100 columns, blanks at line ends left out.
struct LayoutTests {
    func original(_ name: String) throws -> [String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens/\(name).txt")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func theDocumentIsLipglosssCellForCell() throws {
        var lines = LayoutExample.document(theme: .dark, width: 100).lines.map { line in
            var text = line.plain
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        while lines.last == "" { lines.removeLast() }
        let original = try original("layout")
        #expect(lines == original)
    }

    @Test func adaptiveColoursFollowTheBackground() {
        let dark = LayoutExample.document(theme: .dark)
        let light = LayoutExample.document(theme: .light)
        #expect(dark.description == light.description, "the same text")
        func firstColour(_ block: TextBlock, of text: String) -> Color? {
            block.lines.lazy.flatMap(\.runs).first { $0.text.contains(text) }?.style.foreground
        }
        #expect(firstColour(dark, of: "猫咪") == .rgb(0x38, 0x38, 0x38) && firstColour(light, of: "猫咪") == .rgb(0xD9, 0xDC, 0xCF))
    }
}
