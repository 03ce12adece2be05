import ViewCore

extension LoadingCenter {
    /// 0.1.0's label for the clock: ``init(clock:state:)``.
    @available(*, deprecated, renamed: "init(clock:state:)")
    public convenience init(scheduler: any Scheduler, state: LoadingState = LoadingState()) {
        self.init(clock: scheduler, state: state)
    }
}
