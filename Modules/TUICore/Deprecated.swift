/// The kit as a whole, under its former name: read `IndicatorKit.version` after
/// `import IndicatorKit` instead.
@available(*, deprecated, message: "TUICore is IndicatorKit now: import IndicatorKit and read IndicatorKit.version")
public enum IndicatorKit {
    /// The version of this release of the kit.
    public static let version = kitVersion
}
