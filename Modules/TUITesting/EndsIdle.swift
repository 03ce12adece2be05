import Motion
import Testing

/// A trait for tests on the virtual clock: the test fails when it ends with work still
/// scheduled on a `VirtualScheduler` it made, and names where each job was scheduled —
/// as swift-nio's `EmbeddedEventLoop` complains when it is dropped with work pending. A test
/// that leaves an animation running on purpose stops it, or says so by cancelling it.
///
/// ```swift
/// @Suite(.endsIdle) struct RefreshControlTests { … }
/// ```
public struct EndsIdleTrait: TestTrait, SuiteTrait, TestScoping {
    /// True: the trait applies to every test of a suite it marks.
    public var isRecursive: Bool { true }

    /// Runs the test with a fresh ledger of virtual schedulers, then fails it when one still has work scheduled.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard !test.isSuite else { return try await function() }
        let ledger = VirtualScheduler.Ledger()
        try await VirtualScheduler.$ledger.withValue(ledger) { try await function() }
        for work in await ledger.pendingWork {
            Issue.record("the test ended with work still scheduled: \(work)", sourceLocation: test.sourceLocation)
        }
        let unsettled = await ledger.unsettledCount
        if unsettled > 0 {
            Issue.record(
                "settling gave up \(unsettled) time(s): a task started through the clock waited on something other than a clock (a Mailbox is waited on as a clock is)",
                sourceLocation: test.sourceLocation
            )
        }
    }
}

extension Trait where Self == EndsIdleTrait {
    /// Fails a test that ends with work still scheduled on a virtual clock it made.
    public static var endsIdle: Self { Self() }
}
