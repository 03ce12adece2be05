/// The version of this release of the kit (semantic versioning; `CHANGELOG.md` lists what
/// each version brought), read as `IndicatorKit.version`. `showcase --version` prints it.
public let version = "0.2.0"
