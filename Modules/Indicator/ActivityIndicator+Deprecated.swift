import ViewCore

extension ActivityIndicator {
    /// 0.1.0's label for the clock: ``init(animation:timing:label:labelPlacement:hidesWhenStopped:reducedMotion:clock:)``.
    @available(*, deprecated, renamed: "init(animation:timing:label:labelPlacement:hidesWhenStopped:reducedMotion:clock:)")
    public convenience init(
        animation: any FrameAnimation,
        timing: FrameTiming = .own,
        label: String? = nil,
        labelPlacement: LabelPlacement = .trailing,
        hidesWhenStopped: Bool = true,
        reducedMotion: Bool = false,
        scheduler: any Scheduler
    ) {
        self.init(
            animation: animation,
            timing: timing,
            label: label,
            labelPlacement: labelPlacement,
            hidesWhenStopped: hidesWhenStopped,
            reducedMotion: reducedMotion,
            clock: scheduler
        )
    }
}
