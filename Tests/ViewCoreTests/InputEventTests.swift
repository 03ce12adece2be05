import IndicatorKit
import Testing

@testable import ViewCore

@Suite("Input events")
struct InputEventTests {
    @Test("Event descriptions")
    func descriptions() {
        #expect(InputEvent.key(.enter).description == "key enter")
        #expect(InputEvent.key(.control("c")).description == "key ctrl-c")
        #expect(InputEvent.resize(Size(width: 80, height: 24)).description == "resize 80x24")
        #expect(InputEvent.mouse(MouseEvent(.press, at: Point(x: 3, y: 4))).description == "mouse press left at 3,4")
    }

    @Test("Paste descriptions are sanitized and truncated")
    func pasteDescription() {
        #expect(InputEvent.paste("hi\u{1B}[2J").description == "paste hi\u{FFFD}[2J")
        let long = String(repeating: "x", count: 50)
        #expect(InputEvent.paste(long).description == "paste " + String(repeating: "x", count: 19) + "…")
        #expect(!InputEvent.paste("a\nb\u{9B}").description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("Mouse event defaults and descriptions")
    func mouse() {
        let press = MouseEvent(.press, at: Point(x: 1, y: 2))
        #expect(press.button == .left)
        #expect(press.action == .press)
        #expect(press.position == Point(x: 1, y: 2))
        #expect(MouseEvent(.release, button: .right, at: .zero).description == "release right at 0,0")
        #expect(MouseEvent(.wheelUp, button: .none, at: Point(x: 5, y: 6)).description == "wheelUp at 5,6")
        #expect(MouseEvent(.move, button: .none, at: .zero).description == "move at 0,0")
        #expect(MouseEvent(.drag, button: .middle, at: .zero).description == "drag middle at 0,0")
    }

    @Test("Events compare by value")
    func equality() {
        #expect(InputEvent.key(.tab) == .key(.tab))
        #expect(InputEvent.key(.tab) != .key(.backTab))
        #expect(InputEvent.mouse(MouseEvent(.press, at: .zero)) != .mouse(MouseEvent(.press, button: .right, at: .zero)))
    }
}
