/// The kit as a whole.
public enum IndicatorKit {
    /// The version of this release of the kit (semantic versioning; `CHANGELOG.md` lists what
    /// each version brought). `showcase --version` prints it.
    public static let version = "0.1.0"
}
