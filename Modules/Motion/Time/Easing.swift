/// How an animation's progress (0…1 in time) maps to progress in value (0…1).
public enum Easing: Sendable, Hashable {
    /// Constant speed.
    case linear
    /// Starts slowly.
    case easeIn
    /// Ends slowly (UIKit's default for slides).
    case easeOut
    /// Starts and ends slowly.
    case easeInOut

    /// The eased progress for time progress `t` (clamped to 0…1).
    public func callAsFunction(_ t: Double) -> Double {
        let x = min(1, max(0, t))
        switch self {
        case .linear: return x
        case .easeIn: return x * x * x
        case .easeOut:
            let u = 1 - x
            return 1 - u * u * u
        case .easeInOut:
            return x < 0.5 ? 4 * x * x * x : 1 - pow3(-2 * x + 2) / 2
        }
    }

    private func pow3(_ v: Double) -> Double { v * v * v }
}
