import IndicatorKit
import Testing

@testable import Indicator

/// Code written for 0.1.0 that gave a component its clock as `scheduler:` still builds, for
/// one release, and runs on that clock.
@MainActor
struct FormerLabelsTests {
    @available(*, deprecated, message: "uses the 0.1.0 labels on purpose")
    @Test func theSchedulerLabelStillGivesTheClock() {
        let clock = VirtualScheduler()
        let spinner = ActivityIndicator(animation: SpinnerStyle.quadrant, scheduler: clock)
        spinner.startAnimating()
        #expect(spinner.player.currentFrameIndex == 0)
        clock.advance(by: SpinnerStyle.quadrant.interval)
        #expect(spinner.player.currentFrameIndex == 1)
        spinner.stopAnimating()
        let player = FramePlayer(animation: SpinnerStyle.quadrant, scheduler: clock)
        #expect(player.currentFrameIndex == nil)  // not playing yet
    }
}
