extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }

    /// The duration in whole milliseconds (rounded down).
    public var milliseconds: Int64 {
        let (s, atto) = components
        return s * 1000 + atto / 1_000_000_000_000_000
    }
}
