import Foundation
import TUICore
import Testing

@testable import TUITesting

/// The harness on a view of its own: a counter that a key, a click and time change.
@MainActor
@Suite(.endsIdle)
struct PilotTests {
    /// Counts keys, clicks and ticks of its clock; "+" starts ticking every 100 ms.
    final class Counter: View {
        var keys = 0, clicks = 0, ticks = 0, pasted = ""
        let clock: VirtualScheduler
        var timer: ScheduledWork?
        init(clock: VirtualScheduler) { self.clock = clock }
        func render(in rect: Rect, on canvas: inout Canvas) {
            canvas.draw("keys \(keys) clicks \(clicks) ticks \(ticks)", at: rect.origin, clip: rect)
            canvas.draw("[button]", at: Point(x: rect.x, y: rect.y + 1), style: Style(attributes: .bold), clip: rect)
            canvas.draw(pasted, at: Point(x: rect.x, y: rect.y + 2), clip: rect)
        }
        func handle(_ event: InputEvent) -> EventResult {
            switch event {
            case .key(.character("+")):
                timer = clock.scheduleRepeating(every: .milliseconds(100)) { [weak self] in self?.ticks += 1 }
            case .key(.character("-")):
                timer?.cancel()
            case .key: keys += 1
            case .mouse(let mouse) where mouse.action == .press && mouse.position.y == 1 && mouse.position.x < 8: clicks += 1
            case .paste(let text): pasted = text
            default: return .ignored
            }
            return .handled
        }
    }

    @Test func keysClicksPastesAndTimeShowOnTheScreen() async {
        let clock = VirtualScheduler()
        let pilot = Pilot(Counter(clock: clock), size: Size(width: 30, height: 3), clock: clock)
        #expect(pilot.lines[0].hasPrefix("keys 0 clicks 0 ticks 0"))
        pilot.press(.down, .enter)
        pilot.type("ab")
        pilot.click(at: Point(x: 2, y: 1))
        pilot.paste("héllo")
        #expect(pilot.lines[0].hasPrefix("keys 4 clicks 1 ticks 0"))
        #expect(pilot.lines[2].hasPrefix("héllo"))
        pilot.press(.character("+"))
        await pilot.advance(by: .milliseconds(350))
        #expect(pilot.lines[0].hasPrefix("keys 4 clicks 1 ticks 3"))
        pilot.press(.character("-"))
        pilot.resize(to: Size(width: 12, height: 2))
        #expect(pilot.lines == ["keys 4 click", "[button]    "])
        #expect(pilot.styledLines.count == 2)
    }

    @Test func aSnapshotDifferenceShowsTheRowsThatDiffer() {
        let report = Pilot.difference(expected: "same\nold row\n", actual: "same\nnew row\n", name: "counter")
        #expect(report.contains("row 2:\n  expected: old row\n  actual:   new row"))
        #expect(!report.contains("row 1:"))
    }

    @Test func aWholeScreenSnapshotMatches() {
        let clock = VirtualScheduler()
        let pilot = Pilot(Counter(clock: clock), size: Size(width: 26, height: 2), clock: clock)
        pilot.press(.enter)
        pilot.expectSnapshot("after-one-key")
        pilot.expectSnapshot("after-one-key", styles: true)
    }
}
