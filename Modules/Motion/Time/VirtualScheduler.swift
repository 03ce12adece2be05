import Foundation
import KitSupport

/// A scheduler on a virtual clock for tests and the headless runner: time moves only
/// when ``advance(by:)`` is called, which runs all due work synchronously in deadline
/// order (then submission order), the model of swift-nio's `EmbeddedEventLoop`.
///
/// ```swift
/// let clock = VirtualScheduler()
/// var fired = 0
/// clock.schedule(after: .milliseconds(500)) { fired += 1 }
/// clock.advance(by: .milliseconds(499))  // fired == 0
/// clock.advance(by: .milliseconds(1))    // fired == 1
/// ```
@MainActor
public final class VirtualScheduler: Scheduler {
    private struct Entry {
        let id: Int
        var deadline: Duration
        let interval: Duration?
        let origin: WorkOrigin
        let work: @MainActor () -> Void
        let handle: ScheduledWork

        /// Earlier deadline first, then earlier submission.
        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && id < other.id)
        }
    }

    /// The current virtual time.
    public var now: Duration { manual.now() }
    /// The virtual time, readable from any thread; only ``advance(by:)`` and
    /// ``run(for:)`` move it.
    public nonisolated var time: any TimeSource { manual }
    private nonisolated let manual = ManualTime()
    /// A binary min-heap of pending work; cancelled entries are dropped when they surface.
    private var heap: [Entry] = []
    private var nextID = 0

    /// The tasks started through ``startTask(_:)``.
    private let tracked = TrackedTasks()

    /// Creates a scheduler whose clock reads zero (noted by TUITesting's `.endsIdle`, when in force).
    public init() {
        Self.ledger?.note(self)
    }

    /// The schedulers made while it is in force (task-local), so that a test can check,
    /// once it ends, that none was left with work it did not expect.
    package final class Ledger: Sendable {
        private let schedulers = Locked<[VirtualScheduler]>([])

        /// An empty ledger.
        package init() {}

        func note(_ scheduler: VirtualScheduler) { schedulers.withLock { $0.append(scheduler) } }

        /// The work still scheduled on every scheduler noted.
        @MainActor package var pendingWork: [PendingWork] {
            schedulers.withLock { $0 }.flatMap(\.pendingWork)
        }

        /// How many times settling gave up on the schedulers noted (see ``VirtualScheduler/settle()``).
        @MainActor package var unsettledCount: Int {
            schedulers.withLock { $0 }.reduce(0) { $0 + $1.unsettledCount }
        }
    }

    /// The ledger new schedulers are noted in, if any (TestSupport's `.endsIdle` sets one).
    @TaskLocal package static var ledger: Ledger?

    /// The number of pending (not cancelled) jobs.
    public var pendingCount: Int { heap.count { !$0.handle.isCancelled } }

    /// The deadline of the earliest pending job, if any.
    public var nextDeadline: Duration? {
        dropCancelledTop()
        return heap.first?.deadline
    }

    @discardableResult
    public func schedule(after delay: Duration, from origin: WorkOrigin, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        enqueue(deadline: now + max(delay, .zero), interval: nil, origin: origin, work: work, handle: ScheduledWork())
    }

    @discardableResult
    public func scheduleRepeating(every interval: Duration, from origin: WorkOrigin, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        let step = max(interval, .milliseconds(1))
        return enqueue(deadline: now + step, interval: step, origin: origin, work: work, handle: ScheduledWork())
    }

    /// A job still to run, and where it was scheduled.
    public struct PendingWork: Sendable, CustomStringConvertible {
        /// When it runs next.
        public let deadline: Duration
        /// Its period, for repeating work.
        public let interval: Duration?
        /// Where it was scheduled.
        public let origin: WorkOrigin

        /// When it is due and where it was scheduled from.
        public var description: String {
            "\(origin) (" + (interval.map { "every \($0.milliseconds) ms" } ?? "at \(deadline.milliseconds) ms") + ")"
        }
    }

    /// The jobs still to run (not cancelled), earliest first, each with where it was
    /// scheduled: what a test or scenario that ends with work pending names.
    public var pendingWork: [PendingWork] {
        heap.filter { !$0.handle.isCancelled }.sorted { $0.precedes($1) }
            .map { PendingWork(deadline: $0.deadline, interval: $0.interval, origin: $0.origin) }
    }

    private func enqueue(
        deadline: Duration,
        interval: Duration?,
        origin: WorkOrigin,
        work: @escaping @MainActor () -> Void,
        handle: ScheduledWork
    ) -> ScheduledWork {
        push(Entry(id: nextID, deadline: deadline, interval: interval, origin: origin, work: work, handle: handle))
        nextID += 1
        return handle
    }

    /// Moves the clock forward by `duration`, running every job whose deadline is reached,
    /// each with the clock set to its deadline. Work scheduled by a job runs too when due.
    public func advance(by duration: Duration) {
        let target = now + max(duration, .zero)
        while let next = nextDeadline, next <= target {
            let entry = popTop()
            manual.advance(by: entry.deadline - now)
            if let interval = entry.interval {
                // Re-arm first (with a new submission number) so the job may cancel itself.
                _ = enqueue(deadline: entry.deadline + interval, interval: interval, origin: entry.origin, work: entry.work, handle: entry.handle)
            } else {
                entry.handle.finish()
            }
            entry.work()
        }
        manual.advance(by: target - now)
    }

    /// Runs the work that is due now without moving the clock.
    public func runDueWork() { advance(by: .zero) }

    /// Moves the clock forward like ``advance(by:)``, and after each burst of due work lets
    /// the tasks it resumed on the main actor run (as the live main queue would between
    /// events), so async code driven by this clock can be tested step by step.
    public func run(for duration: Duration) async {
        let target = now + max(duration, .zero)
        await settle()  // tasks started just before may have work to schedule first
        while let next = nextDeadline, next <= target {
            advance(by: next - now)
            await settle()
        }
        advance(by: target - now)
        await settle()
    }

    /// Starts `operation` as a task on the main actor that ``settle()`` knows: settling
    /// runs it until it ends or waits on a clock (``Scheduler/sleep(for:file:line:)``).
    @discardableResult
    public func startTask<T: Sendable>(_ operation: @escaping @MainActor () async throws -> T) -> Task<T, any Error> {
        var member = tracked.add(parent: TrackedTasks.Membership.ofCurrentTask)
        return Task { @MainActor in
            defer { member.registry.remove(member) }
            member.owner = TrackedTasks.Membership.currentTaskHash
            return try await TrackedTasks.$current.withValue(member) { try await operation() }
        }
    }

    /// How many tasks started through ``startTask(_:)`` have not ended.
    public var trackedTaskCount: Int { tracked.count }

    /// Lets the main actor run the async work started through ``startTask(_:)`` until every
    /// such task has ended or waits on a clock — however many steps that takes, never a
    /// fixed number of yields. Work started otherwise is not waited for: start it here.
    ///
    /// A task waiting on something else (a gate, the network, another executor) gets
    /// 100 000 turns at most; then settling gives up, returns false and counts it in
    /// ``unsettledCount``, which the headless runner and `.endsIdle` tests fail on.
    @discardableResult
    public func settle() async -> Bool {
        var turns = 0
        while !tracked.allWaiting {
            guard turns < 100_000 else {
                unsettledCount += 1
                return false
            }
            await Task.yield()
            turns += 1
        }
        return true
    }

    /// How many times ``settle()`` gave up on a task that waited on something other than a clock.
    public private(set) var unsettledCount = 0

    // MARK: Heap

    private func dropCancelledTop() {
        while let top = heap.first, top.handle.isCancelled { _ = popTop() }
    }

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popTop() -> Entry {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var best = parent
                if left < heap.count, heap[left].precedes(heap[best]) { best = left }
                if right < heap.count, heap[right].precedes(heap[best]) { best = right }
                if best == parent { break }
                heap.swapAt(parent, best)
                parent = best
            }
        }
        return top
    }
}
