import Motion
import Testing

@testable import TUITesting

/// The `.endsIdle` trait, on tests of its own: it records an issue naming the work a test
/// left scheduled, and none when the test ends idle.
struct EndsIdleTests {
    @MainActor static func leaveWorkScheduled() {
        let clock = VirtualScheduler()
        clock.scheduleRepeating(every: .milliseconds(40)) {}
    }

    @MainActor static func endIdle() {
        let clock = VirtualScheduler()
        var fired = 0
        clock.schedule(after: .seconds(1)) { fired += 1 }
        clock.advance(by: .seconds(1))
        #expect(fired == 1)
    }

    static func namesTheWorkLeft(_ issue: Issue) -> Bool {
        issue.comments.contains { $0.rawValue.contains("TUITestingTests/EndsIdleTests.swift:") && $0.rawValue.contains("every 40 ms") }
            && issue.sourceLocation?.fileID.hasSuffix("EndsIdleTests.swift") == true  // reported at the test, not in the trait
    }

    @Test func aTestThatLeavesWorkScheduledIsFailedNamingWhereItWasScheduled() async throws {
        let test = try #require(Test.current)
        let trait = EndsIdleTrait()
        let body: @Sendable () async throws -> Void = { await Self.leaveWorkScheduled() }
        try await withKnownIssue("the trait records the work left scheduled") {
            try await trait.provideScope(for: test, testCase: nil, performing: body)
        } matching: { issue in
            Self.namesTheWorkLeft(issue)
        }
    }

    @Test func aTestThatEndsIdlePasses() async throws {
        let test = try #require(Test.current)
        let body: @Sendable () async throws -> Void = { await Self.endIdle() }
        try await EndsIdleTrait().provideScope(for: test, testCase: nil, performing: body)
    }
}
