import IndicatorKit
import Testing

@testable import TUITesting

/// The app's own loop under a pilot: frames paced on the virtual clock as a real terminal's
/// are on the live one, input drawn at once, nothing left scheduled.
@MainActor
@Suite(.endsIdle)
struct PilotLoopTests {
    /// Asks for a frame every `interval` of its clock, as a fast animation does, and shows
    /// how many times it asked.
    final class Ticker: View {
        var asked = 0
        var host = HostLink()
        private var timer: ScheduledWork?
        init(clock: any Scheduler, every interval: Duration) {
            timer = clock.scheduleRepeating(every: interval) { [weak self] in
                guard let self else { return }
                asked += 1
                host.request(nil)
            }
        }
        func stop() { timer?.cancel() }
        func render(in rect: Rect, on canvas: inout Canvas) {
            host.note()
            canvas.draw("asked \(asked)", at: rect.origin, clip: rect)
        }
        func handle(_ event: InputEvent) -> EventResult { .handled }
    }

    @Test func aComponentAskingFasterThanTheDisplayIntervalIsDrawnSixtyTimesASecond() async {
        let clock = VirtualScheduler()
        let ticker = Ticker(clock: clock, every: .milliseconds(5))
        let pilot = Pilot(ticker, size: Size(width: 20, height: 1), clock: clock)
        let before = pilot.frameCount
        await clock.run(for: .seconds(1))
        #expect(ticker.asked == 200)
        let drawn = pilot.frameCount - before
        #expect((59...61).contains(drawn), "\(drawn) frames for 200 requests in a second")
        ticker.stop()
        await pilot.advance(by: .zero)
        #expect(pilot.lines == ["asked 200           "], "the last request is drawn")
    }

    @Test func aRequestWaitsForTheIntervalButInputIsDrawnAtOnce() async {
        let clock = VirtualScheduler()
        let ticker = Ticker(clock: clock, every: .seconds(100))  // asks only when told below
        let pilot = Pilot(ticker, size: Size(width: 20, height: 1), clock: clock)
        let first = pilot.frameCount
        ticker.asked = 1
        ticker.host.request(nil)
        await clock.run(for: .milliseconds(10))
        #expect(pilot.frameCount == first, "10 ms after the first frame: not yet")
        #expect(pilot.lines == ["asked 0             "])
        await clock.run(for: .milliseconds(7))
        #expect(pilot.frameCount == first + 1, "drawn when the interval has passed")
        #expect(pilot.lines == ["asked 1             "])
        ticker.asked = 2
        ticker.host.request(nil)
        pilot.press(.character("x"))
        #expect(pilot.frameCount == first + 2 && pilot.lines == ["asked 2             "], "input: at once, with the request")
        await clock.run(for: .milliseconds(50))
        #expect(pilot.frameCount == first + 2, "the request was drawn with the key: no frame more")
        ticker.stop()
    }

    @Test func aResizeIsDrawnAtOnceAtTheNewSize() async {
        let clock = VirtualScheduler()
        let ticker = Ticker(clock: clock, every: .seconds(100))
        let pilot = Pilot(ticker, size: Size(width: 20, height: 1), clock: clock)
        let first = pilot.frameCount
        pilot.resize(to: Size(width: 8, height: 2))
        #expect(pilot.frameCount == first + 1)
        #expect(pilot.lines == ["asked 0 ", "        "])
        ticker.stop()
    }
}
