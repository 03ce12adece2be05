import Foundation
import IndicatorKit
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
        let report = SnapshotFile.difference(expected: "same\nold row\n", actual: "same\nnew row\n", name: "counter")
        #expect(
            report == """
                the screen differs from the snapshot counter (INDICATORKIT_RECORD_SNAPSHOTS=1 records it again); the screen differs in the rows marked ≠ (expected on the left, actual on the right):
                    expected │ actual
                  1 same     │ same
                ≠ 2 old row  │ new row
                """
        )
    }

    @Test func aWholeScreenSnapshotMatches() {
        let clock = VirtualScheduler()
        let pilot = Pilot(Counter(clock: clock), size: Size(width: 26, height: 2), clock: clock)
        pilot.press(.enter)
        pilot.expectSnapshot("after-one-key")
        pilot.expectSnapshot("after-one-key", styles: true)
    }
}

/// What a test of an app needs beyond keys: a quit from anywhere, rows as written, a click
/// on what the screen shows.
@MainActor
@Suite(.endsIdle)
struct PilotHarnessTests {
    /// Quits by itself a second after it is first drawn, from a timer: no event involved.
    final class Countdown: View {
        let clock: VirtualScheduler
        var host = HostLink()
        var timer: ScheduledWork?
        init(clock: VirtualScheduler) { self.clock = clock }
        func render(in rect: Rect, on canvas: inout Canvas) {
            host.note()
            if timer == nil { timer = clock.schedule(after: .seconds(1)) { [weak self] in self?.host.quit(status: 3) } }
            canvas.draw("counting", at: rect.origin, clip: rect)
        }
    }

    @Test func aQuitFromATimerIsThePilotsQuitStatus() async {
        let clock = VirtualScheduler()
        let pilot = Pilot(Countdown(clock: clock), size: Size(width: 20, height: 2), clock: clock)
        #expect(pilot.quitStatus == nil)
        await pilot.advance(by: .milliseconds(999))
        #expect(pilot.quitStatus == nil)
        await pilot.advance(by: .milliseconds(1))
        #expect(pilot.quitStatus == 3)
    }

    /// Draws two labels and records where it was clicked.
    final class Buttons: View {
        var clicks: [Point] = []
        func render(in rect: Rect, on canvas: inout Canvas) {
            canvas.draw("名前: [Cancel] [OK]", at: Point(x: 1, y: 1), clip: rect)
        }
        func handle(_ event: InputEvent) -> EventResult {
            guard case .mouse(let mouse) = event, mouse.action == .press else { return .ignored }
            clicks.append(mouse.position)
            return .handled
        }
    }

    @Test func aClickOnTextLandsOnItsFirstCellCountingWideCharactersTwice() {
        let view = Buttons()
        let pilot = Pilot(view, size: Size(width: 30, height: 3))
        #expect(pilot.click(on: "[OK]") == Point(x: 16, y: 1), "名前 takes four cells")
        #expect(view.clicks == [Point(x: 16, y: 1)])
        #expect(pilot.click(on: "[Help]") == nil, "not on screen: nothing is sent")
        #expect(view.clicks.count == 1)
    }

    @Test func trimmedLinesAreTheRowsAsWritten() {
        let pilot = Pilot(Buttons(), size: Size(width: 30, height: 3))
        #expect(pilot.lines[1].count == 28, "as wide as the terminal (the wide characters take a cell pair)")
        #expect(pilot.trimmedLines == ["", " 名前: [Cancel] [OK]", ""])
    }
}

/// Messages from outside a running view, on the virtual clock.
@MainActor
@Suite(.endsIdle)
struct MailboxTests {
    /// Shows the messages it receives, in order.
    final class Feed: View {
        let inbox = Mailbox<String>()
        var received: [String] = []
        var host = HostLink()
        init(scheduler: any Scheduler) {
            scheduler.startTask { [inbox] in
                while let message = await inbox.receive() {
                    self.received.append(message)
                    self.host.request(nil)
                }
            }
        }
        func render(in rect: Rect, on canvas: inout Canvas) {
            host.note()
            for (row, line) in received.suffix(rect.height).enumerated() { canvas.draw(line, at: Point(x: 0, y: row), clip: rect) }
        }
    }

    @Test func messagesSentFromOutsideAreShownAndTheClockSettlesAtOnce() async {
        let clock = VirtualScheduler()
        let feed = Feed(scheduler: clock)
        let pilot = Pilot(feed, size: Size(width: 12, height: 3), clock: clock)
        await pilot.advance(by: .zero)
        for message in ["one", "two", "three"] { feed.inbox.send(message) }
        await pilot.advance(by: .zero)
        #expect(pilot.trimmedLines == ["one", "two", "three"])
        #expect(clock.unsettledCount == 0, "a task waiting on its mailbox is waiting, not busy")
        feed.inbox.close()
        await pilot.advance(by: .zero)
        #expect(clock.trackedTaskCount == 0, "closed: the receiving task ends")
    }
}
