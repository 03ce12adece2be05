/// Runs the same work in several tasks at once and collects what went wrong: for tests of
/// races (several connections or processes on one file).
public enum Concurrently {
    /// Runs `body` in `tasks` tasks at once; the descriptions of the errors thrown.
    public static func failures(of tasks: Int, _ body: @escaping @Sendable () throws -> Void) async -> [String] {
        await withTaskGroup(of: String?.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    do {
                        try body()
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            var found: [String] = []
            for await failure in group { if let failure { found.append(failure) } }
            return found
        }
    }
}
