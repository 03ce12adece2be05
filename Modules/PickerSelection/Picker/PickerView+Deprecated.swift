import ViewCore

extension PickerView {
    /// 0.1.0's label for the clock: ``init(store:clock:limit:startsEmpty:onFinish:)``.
    @available(*, deprecated, renamed: "init(store:clock:limit:startsEmpty:onFinish:)")
    public convenience init(
        store: any PhotoStore,
        scheduler: any Scheduler,
        limit: Int? = nil,
        startsEmpty: Bool = false,
        onFinish: (@MainActor ([Photo]?) -> Void)? = nil
    ) {
        self.init(store: store, clock: scheduler, limit: limit, startsEmpty: startsEmpty, onFinish: onFinish)
    }
}
