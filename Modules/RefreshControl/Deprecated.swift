import Widgets

extension RefreshControl {
    /// 0.1.0's label for the clock: ``init(list:animation:timing:state:clock:action:)``.
    @available(*, deprecated, renamed: "init(list:animation:timing:state:clock:action:)")
    public convenience init(
        list: ListView<Item>,
        animation: any FrameAnimation,
        timing: FrameTiming = .uniformOneSecond,
        state: RefreshState = RefreshState(),
        scheduler: any Scheduler,
        action: @escaping Action
    ) {
        self.init(list: list, animation: animation, timing: timing, state: state, clock: scheduler, action: action)
    }
}
