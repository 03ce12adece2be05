import Motion
import Pixels
import ViewCore

extension FramePlayer {
    /// 0.1.0's label for the clock: ``init(animation:timing:clock:)``.
    @available(*, deprecated, renamed: "init(animation:timing:clock:)")
    public convenience init(animation: any FrameAnimation, timing: FrameTiming = .own, scheduler: any Scheduler) {
        self.init(animation: animation, timing: timing, clock: scheduler)
    }
}
