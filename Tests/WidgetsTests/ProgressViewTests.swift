import TUIPilot
import TestSupport
import Testing
import Widgets

/// A progress bar for full-screen apps: eighths of a cell, a gradient, eased to its value.
@MainActor
@Suite(.endsIdle)
struct ProgressViewTests {
    @Test func aNewValueIsEasedToAndTheTimerStopsOnceThere() async {
        let clock = VirtualScheduler()
        let bar = ProgressView(clock: clock)
        let pilot = Pilot(bar, size: Size(width: 15, height: 1), clock: clock)
        #expect(pilot.lines == ["░░░░░░░░░░   0%"], "the label keeps the width of 100%")
        bar.setProgress(0.5)
        await pilot.advance(by: .milliseconds(100))
        let early = bar.shown
        #expect(early > 0.2 && early < 0.5, "on its way, eased out: \(early)")
        await pilot.advance(by: .milliseconds(400))
        #expect(bar.shown == 0.5)
        #expect(pilot.lines == ["█████░░░░░  50%"])
        #expect(clock.pendingWork.isEmpty, "no timer once it is there")
    }

    @Test func eighthsOfACellAndAGradientShowTheExactValue() {
        let clock = VirtualScheduler()
        let bar = ProgressView(clock: clock)
        bar.showsPercentage = false
        bar.colors = [RGBA(0, 0, 0), RGBA(255, 255, 255)]
        bar.setProgress(0.3125, animated: false)  // 2.5 of 8 cells
        let canvas = rendered(bar, size: Size(width: 8, height: 1))
        #expect(canvas.lines == ["██▌░░░░░"])
        #expect(canvas[0, 0].style.foreground == .rgb(0, 0, 0) && canvas[2, 0].style.foreground == .rgb(73, 73, 73))
        bar.setProgress(7, animated: false)
        #expect(bar.target == 1, "clamped")
        #expect(rendered(bar, size: Size(width: 8, height: 1)).lines == ["████████"])
        #expect(rendered(bar, size: Size(width: 8, height: 1))[7, 0].style.foreground == .rgb(255, 255, 255))
    }
}
