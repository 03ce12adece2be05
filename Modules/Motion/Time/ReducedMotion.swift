/// Whether animation should be replaced by a still glyph and the label, for people who
/// find motion distracting or for screen recordings and logs.
///
/// Set `INDICATORKIT_REDUCED_MOTION=1` in the environment, or pass `reducedMotion: true`
/// to an indicator.
public enum ReducedMotion {
    /// The environment variable that asks for reduced motion everywhere.
    public static let variable = "INDICATORKIT_REDUCED_MOTION"

    /// Whether `environment` asks for reduced motion (`1`, `true` or `yes`).
    public static func isRequested(in environment: [String: String]) -> Bool {
        guard let value = environment[variable]?.lowercased() else { return false }
        return value == "1" || value == "true" || value == "yes"
    }
}
