import Dispatch
import Foundation
import IndicatorKit
import Loading

/// The cost of `LoadingCenter.track` around an empty operation, and 10 000 overlapping
/// tracked operations (some throwing, some cancelled) ending with the overlay hidden.
@MainActor
enum LoadingBench {
    struct Failure: Error {}

    static func run() async -> [String] {
        var lines: [String] = []
        let clock = VirtualScheduler()
        let center = LoadingCenter(clock: clock)
        let screen = Screen(title: "bench")
        center.root = screen

        // 1. Sequential: track around an empty operation.
        let rounds = 50_000
        for _ in 0..<1000 { _ = try? await center.track { () } }  // warm up
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds { _ = try? await center.track { () } }
        let perCall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(rounds)
        lines.append(String(format: "loading: track around an empty operation: %.2f µs per call (%d calls; target < 5 µs)", perCall, rounds))

        // 2. 10 000 overlapping operations that end by success, error or cancellation.
        let count = 10_000
        var tasks: [Task<Void, Never>] = []
        tasks.reserveCapacity(count)
        let overlapStart = DispatchTime.now().uptimeNanoseconds
        for i in 0..<count {
            let task = Task { @MainActor in
                _ = try? await center.track("job") {
                    try await clock.sleep(for: .milliseconds(i % 700))
                    if i % 3 == 1 { throw Failure() }
                    try Task.checkCancellation()
                }
            }
            if i % 3 == 2 { task.cancel() }
            tasks.append(task)
        }
        for _ in 0..<5 { await Task.yield() }
        let peak = center.activeCount
        for step in 1...80 {
            clock.advance(by: .milliseconds(10 * step > 700 ? 50 : 10))
            for _ in 0..<3 { await Task.yield() }
        }
        for task in tasks { await task.value }
        clock.advance(by: .seconds(2))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - overlapStart) / 1e9
        let hidden = center.state.phase == .hidden && !center.isOverlayShown && center.activeCount == 0
        lines.append(
            String(
                format: "loading: %d overlapping tracked operations (up to %d at once): %@ after %.2f s; %d timers pending",
                count,
                peak,
                hidden ? "overlay hidden, none counted" : "NOT balanced",
                seconds,
                clock.pendingCount
            )
        )
        return lines
    }
}
