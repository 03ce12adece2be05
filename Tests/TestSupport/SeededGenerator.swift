import Foundation
import GifSamples

/// The random source of the randomised tests: SplitMix64 from a seed that every failure
/// message names, so a failing run is repeated with `INDICATORKIT_TEST_SEED=<seed>`.
///
/// ```swift
/// var generator = SeededGenerator()
/// let n = Int.random(in: 0..<10, using: &generator)
/// #expect(check(n), "seed \(generator.seed)")
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this run started from.
    public let seed: UInt64
    private var source: SplitMix64

    /// Starts from `seed`, else from `INDICATORKIT_TEST_SEED`, else from a fresh random seed.
    public init(seed: UInt64? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let chosen = seed ?? environment["INDICATORKIT_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: .min ... .max)
        self.seed = chosen
        source = SplitMix64(seed: chosen)
    }

    public mutating func next() -> UInt64 { source.next() }
}
