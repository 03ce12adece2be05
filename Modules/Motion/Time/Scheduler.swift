/// The time seam: every component reads the time and schedules work through a
/// `Scheduler`, never the wall clock, so tests drive time with ``VirtualScheduler``.
///
/// ```swift
/// let timer = scheduler.scheduleRepeating(every: .milliseconds(300)) { frame += 1 }
/// // later
/// timer.cancel()
/// ```
@MainActor
public protocol Scheduler: AnyObject {
    /// Time elapsed since the scheduler started; never goes backwards.
    var now: Duration { get }

    /// The same time as ``now``, readable from any thread (a line indicator's drawing
    /// thread reads it): give it to what measures time off the main actor, so one clock
    /// drives both.
    nonisolated var time: any TimeSource { get }

    /// Runs `work` once, `delay` from now (a negative delay counts as zero); `origin` says
    /// where it was scheduled (``VirtualScheduler`` names it in ``VirtualScheduler/pendingWork``).
    /// Call `schedule(after:_:)`, which fills `origin` in.
    @discardableResult
    func schedule(after delay: Duration, from origin: WorkOrigin, _ work: @escaping @MainActor () -> Void) -> ScheduledWork

    /// Runs `work` every `interval` (at least 1 ms) until cancelled; the first run is one
    /// interval from now. Call `scheduleRepeating(every:_:)`, which fills `origin` in.
    @discardableResult
    func scheduleRepeating(every interval: Duration, from origin: WorkOrigin, _ work: @escaping @MainActor () -> Void) -> ScheduledWork

    /// Starts `operation` as a task on the main actor. Components start their async work
    /// here, so that a ``VirtualScheduler`` knows it and ``VirtualScheduler/settle()`` runs it
    /// until it ends or waits on the clock. (The default is a plain `Task`.)
    @discardableResult
    func startTask<T: Sendable>(_ operation: @escaping @MainActor () async throws -> T) -> Task<T, any Error>
}

/// Where in the source scheduled work was asked for: a file and a line (named so that it
/// never clashes with Swift Testing's `SourceLocation` in a test that imports both).
public struct WorkOrigin: Sendable, CustomStringConvertible {
    /// The file, as `#fileID` gives it (`Module/File.swift`).
    public let file: StaticString
    /// The line.
    public let line: UInt

    /// Creates a location; the defaults are the caller's.
    public init(file: StaticString = #fileID, line: UInt = #line) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}

extension Scheduler {
    /// The value of `task` (one started with ``startTask(_:)``), awaited so that a
    /// ``VirtualScheduler`` counts the awaiting task as waiting meanwhile, and as running
    /// again once `task` has ended.
    public func value<T: Sendable>(of task: Task<T, any Error>) async throws -> T {
        let current = TrackedTasks.Membership.ofCurrentTask
        current.map { $0.registry.set($0.id, .waitingOnTask) }
        defer { current.map { $0.registry.set($0.id, .running) } }
        return try await task.value
    }

    /// Runs `work` once, `delay` from now (a negative delay counts as zero).
    @discardableResult
    public func schedule(after delay: Duration, file: StaticString = #fileID, line: UInt = #line, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        schedule(after: delay, from: WorkOrigin(file: file, line: line), work)
    }

    /// Runs `work` every `interval` (at least 1 ms) until cancelled; the first run is one interval from now.
    @discardableResult
    public func scheduleRepeating(
        every interval: Duration,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ work: @escaping @MainActor () -> Void
    ) -> ScheduledWork {
        scheduleRepeating(every: interval, from: WorkOrigin(file: file, line: line), work)
    }

    @discardableResult
    public func startTask<T: Sendable>(_ operation: @escaping @MainActor () async throws -> T) -> Task<T, any Error> {
        Task { @MainActor in try await operation() }
    }
}

/// A handle to scheduled work; cancelling it is idempotent, and releasing it does not cancel.
@MainActor
public final class ScheduledWork {
    /// Whether `cancel()` was called (or one-shot work already ran).
    public private(set) var isCancelled = false
    private var onCancel: (() -> Void)?

    /// Creates a handle that calls `onCancel` once when cancelled.
    public init(onCancel: (() -> Void)? = nil) {
        self.onCancel = onCancel
    }

    /// Stops the work from running again. Safe to call any number of times.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// Marks one-shot work as done without calling the cancel action.
    func finish() {
        isCancelled = true
        onCancel = nil
    }
}

extension Scheduler {
    /// Suspends the calling task for `duration` of this scheduler's time (virtual time under
    /// a ``VirtualScheduler``). Like `Task.sleep`, it ends early with `CancellationError`
    /// when the task is cancelled, and the timer it set is cancelled with it.
    public func sleep(for duration: Duration, file: StaticString = #fileID, line: UInt = #line) async throws {
        try Task.checkCancellation()
        let sleeper = Sleeper()
        let tracked = TrackedTasks.Membership.ofCurrentTask  // a task a VirtualScheduler started: it now waits on the clock
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                sleeper.continuation = continuation
                sleeper.tracked = tracked
                sleeper.timer = schedule(after: duration, from: WorkOrigin(file: file, line: line)) { sleeper.wake(throwing: nil) }
                tracked?.setWaiting(true)
            }
        } onCancel: {
            tracked?.setWaiting(false)  // it has to run again
            Task { @MainActor in sleeper.wake(throwing: CancellationError()) }
        }
    }
}

/// One ``Scheduler/sleep(for:)``: resumed once, by its timer or by cancellation.
@MainActor
private final class Sleeper {
    var continuation: CheckedContinuation<Void, any Error>?
    var timer: ScheduledWork?
    var tracked: TrackedTasks.Membership?

    func wake(throwing error: (any Error)?) {
        guard let continuation else { return }
        self.continuation = nil
        tracked?.setWaiting(false)
        timer?.cancel()
        timer = nil
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
