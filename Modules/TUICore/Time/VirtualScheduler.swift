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
        let work: @MainActor () -> Void
        let handle: ScheduledWork
    }

    /// The current virtual time.
    public private(set) var now: Duration = .zero
    private var entries: [Entry] = []
    private var nextID = 0

    /// Creates a scheduler whose clock reads zero.
    public init() {}

    /// The number of pending (not cancelled) jobs.
    public var pendingCount: Int { entries.count { !$0.handle.isCancelled } }

    /// The deadline of the earliest pending job, if any.
    public var nextDeadline: Duration? { entries.filter { !$0.handle.isCancelled }.map(\.deadline).min() }

    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        enqueue(deadline: now + max(delay, .zero), interval: nil, work: work)
    }

    @discardableResult
    public func scheduleRepeating(every interval: Duration, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        let step = max(interval, .milliseconds(1))
        return enqueue(deadline: now + step, interval: step, work: work)
    }

    private func enqueue(deadline: Duration, interval: Duration?, work: @escaping @MainActor () -> Void) -> ScheduledWork {
        let id = nextID
        nextID += 1
        let handle = ScheduledWork()
        entries.append(Entry(id: id, deadline: deadline, interval: interval, work: work, handle: handle))
        return handle
    }

    /// Moves the clock forward by `duration`, running every job whose deadline is reached,
    /// each with the clock set to its deadline. Work scheduled by a job runs too when due.
    public func advance(by duration: Duration) {
        let target = now + max(duration, .zero)
        while let index = indexOfNextDue(before: target) {
            var entry = entries[index]
            now = entry.deadline
            if let interval = entry.interval {
                // Re-arm first (with a new submission number) so the job may cancel itself.
                entries.remove(at: index)
                let id = nextID
                nextID += 1
                entry.deadline = entry.deadline + interval
                entries.append(Entry(id: id, deadline: entry.deadline, interval: interval, work: entry.work, handle: entry.handle))
            } else {
                entries.remove(at: index)
                entry.handle.finish()
            }
            entry.work()
        }
        now = max(now, target)
    }

    /// Runs the work that is due now without moving the clock.
    public func runDueWork() { advance(by: .zero) }

    private func indexOfNextDue(before target: Duration) -> Int? {
        entries.removeAll { $0.handle.isCancelled }
        var best: Int?
        for (i, entry) in entries.enumerated() where entry.deadline <= target {
            if let b = best {
                let other = entries[b]
                if entry.deadline < other.deadline || (entry.deadline == other.deadline && entry.id < other.id) { best = i }
            } else {
                best = i
            }
        }
        return best
    }
}

