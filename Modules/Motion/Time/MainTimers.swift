import Dispatch
import Foundation

/// The main actor's timers, on the live clock: what ``LiveScheduler`` schedules. They run on
/// the main queue — one timer source armed for the earliest deadline, so nothing wakes the
/// process between deadlines — or, while a blocking call of the terminal runtime holds the
/// main thread (`TerminalApp.runBlocking`, `askBlocking()`), as one timer of the main
/// thread's run loop, which that call serves (``holdForBlockingRun()``).
@MainActor
package final class MainTimers {
    /// The process's one set of main-actor timers.
    package static let shared = MainTimers()

    private var timers = TimerQueue()
    /// How many blocking runs serve the timers themselves (nested ones count).
    private var holds = 0
    private var source: (any DispatchSourceTimer)?
    private var runLoopTimer: Timer?
    /// The deadline the source or the run loop's timer is armed for.
    private var armedDeadline: ContinuousClock.Instant?

    private init() {}

    /// Runs `work` once at `deadline` (at once when it has passed).
    @discardableResult
    package func schedule(at deadline: ContinuousClock.Instant, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        addTimer(deadline: deadline, interval: nil, work)
    }

    /// Runs `work` every `interval` (at least 1 ms), the first time one interval from now,
    /// until cancelled. A late turn does not run the missed ones: the next is due one interval
    /// after the late one was.
    @discardableResult
    package func scheduleRepeating(every interval: Duration, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        let step = max(interval, .milliseconds(1))
        return addTimer(deadline: .now + step, interval: step, work)
    }

    private func addTimer(deadline: ContinuousClock.Instant, interval: Duration?, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        let id = timers.nextID()
        let handle = ScheduledWork { [weak self] in self?.timers.cancel(id) }
        timers.insert(TimerQueue.Entry(id: id, deadline: deadline, interval: interval, work: work, handle: handle))
        timersChanged()
        return handle
    }

    /// Runs the timers that are due now, each once (work they schedule for now runs on the
    /// next turn).
    private func fireDue() {
        let now = ContinuousClock.now
        for entry in timers.takeDue(at: now) where !entry.handle.isCancelled {
            if let interval = entry.interval {
                var next = entry
                next.deadline = entry.deadline + interval
                if next.deadline <= now { next.deadline = now + interval }
                timers.insert(next)
            } else {
                entry.handle.finish()
            }
            entry.work()
        }
        timersChanged()
    }

    /// A blocking run takes the timers over: it serves the main thread's run loop, and the
    /// timers are armed there as one `Timer` for the earliest deadline, until
    /// ``releaseFromBlockingRun()``. A run-loop timer wakes the waiting thread itself (one
    /// switch a timer, against six for a dispatch timer or a run-loop timeout, which go
    /// through libdispatch's manager and a worker thread).
    package func holdForBlockingRun() {
        holds += 1
        guard holds == 1 else { return }
        disarm()
        timersChanged()
    }

    /// The blocking run has returned: the main queue serves the timers again.
    package func releaseFromBlockingRun() {
        holds -= 1
        guard holds == 0 else { return }
        disarm()
        timersChanged()
    }

    /// Arms the timer source (or, while a blocking run holds the timers, the run loop's
    /// timer) for the earliest deadline.
    private func timersChanged() {
        guard let deadline = timers.earliest else {
            disarm()
            return
        }
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        if holds > 0 {
            runLoopTimer?.invalidate()
            let timer = Timer(fire: Self.date(at: deadline), interval: 0, repeats: false) { _ in
                MainActor.assumeIsolated {
                    let timers = MainTimers.shared
                    timers.runLoopTimer = nil
                    timers.armedDeadline = nil
                    timers.fireDue()
                }
            }
            timer.tolerance = 0
            runLoopTimer = timer
            RunLoop.main.add(timer, forMode: .default)
        } else {
            let timer = source ?? Self.makeSource()
            source = timer
            timer.schedule(deadline: .now() + Self.dispatchInterval(deadline - .now), leeway: .milliseconds(1))
        }
    }

    /// Nothing armed: the timer source cancelled, the run loop's timer taken off.
    private func disarm() {
        source?.cancel()
        source = nil
        runLoopTimer?.invalidate()
        runLoopTimer = nil
        armedDeadline = nil
    }

    private static func makeSource() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler {
            MainActor.assumeIsolated {
                let timers = MainTimers.shared
                timers.armedDeadline = nil
                timers.fireDue()
            }
        }
        timer.resume()
        return timer
    }

    /// `duration` as dispatch counts it, at most about 68 years (a deadline further off is
    /// waited for in steps).
    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = max(duration, .zero).components
        guard seconds < Int64(Int32.max) else { return .seconds(Int(Int32.max)) }
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    /// `deadline` as the run loop's `Date`, rounded up to the next millisecond so a timer
    /// never fires just before it; a deadline past the far future is the far future.
    private static func date(at deadline: ContinuousClock.Instant) -> Date {
        let left = deadline - .now
        guard left > .zero else { return Date() }
        let (seconds, attoseconds) = left.components
        guard seconds < 1 << 40 else { return .distantFuture }
        return Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18 + 0.001)
    }
}

/// The timers, earliest first: a binary heap on (deadline, id); a cancelled timer is dropped
/// when it comes to the top, and the heap is rebuilt when most of it is cancelled.
private struct TimerQueue {
    struct Entry {
        let id: Int
        var deadline: ContinuousClock.Instant
        let interval: Duration?
        let work: @MainActor () -> Void
        let handle: ScheduledWork
    }

    private var heap: [Entry] = []
    private var cancelled: Set<Int> = []
    private var lastID = 0

    mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }

    var earliest: ContinuousClock.Instant? { heap.first?.deadline }

    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        siftUp(heap.count - 1)
    }

    mutating func cancel(_ id: Int) {
        cancelled.insert(id)
        dropCancelledTop()
        if cancelled.count > 64, cancelled.count * 2 > heap.count {
            heap.removeAll { cancelled.contains($0.id) }
            cancelled = []
            for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        }
    }

    /// Removes and returns the entries due at `now`, earliest first.
    mutating func takeDue(at now: ContinuousClock.Instant) -> [Entry] {
        var due: [Entry] = []
        while let first = heap.first, first.deadline <= now {
            due.append(popFirst())
            dropCancelledTop()
        }
        return due
    }

    private mutating func dropCancelledTop() {
        while let first = heap.first, cancelled.contains(first.id) {
            cancelled.remove(first.id)
            _ = popFirst()
        }
    }

    private mutating func popFirst() -> Entry {
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return first
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.id < b.id)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, Self.precedes(heap[left], heap[first]) { first = left }
            if right < heap.count, Self.precedes(heap[right], heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
