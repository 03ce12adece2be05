/// The selection the durability writer saves at step `n`, so a checker can tell which
/// commit a file holds: three to five sample assets that depend on `n`.
public enum DurabilityPattern {
    /// The selection of step `n` (asset identifiers within the 150 of the sample library).
    public static func selection(_ n: Int) -> [Int] {
        let count = 3 + n % 3
        return (0..<count).map { (n * 7 + $0 * 13) % 150 + 1 }
    }
}
