import Dispatch
import Foundation

/// The main actor's timers, on the live clock: what ``LiveScheduler`` schedules. They run on
/// the main queue — one timer source armed for the earliest deadline, so nothing wakes the
/// process between deadlines — or, while a blocking call of the terminal runtime holds the
/// main thread (`TerminalApp.runBlocking`, `askBlocking()`), that call waits for the next
/// deadline itself and runs them there, on the thread that waits (``holdForBlockingRun()``):
/// a timer costs one wake-up rather than two.
@MainActor
package final class MainTimers {
    /// The process's one set of main-actor timers.
    package static let shared = MainTimers()

    private var timers = TimerQueue()
    /// How many blocking runs serve the timers themselves (nested ones count).
    private var holds = 0
    private var source: (any DispatchSourceTimer)?
    private var sourceDeadline: ContinuousClock.Instant?

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

    /// When the earliest timer is due, if any.
    package var nextDeadline: ContinuousClock.Instant? { timers.earliest }

    /// Runs the timers that are due now, each once (work they schedule for now runs on the
    /// next turn).
    package func fireDue() {
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

    /// A blocking run takes the timers over: it waits for ``nextDeadline`` and calls
    /// ``fireDue()`` itself until ``releaseFromBlockingRun()``; the main queue's timer source
    /// stays unarmed meanwhile.
    package func holdForBlockingRun() {
        holds += 1
        source?.cancel()
        source = nil
        sourceDeadline = nil
    }

    /// The blocking run has returned: the main queue serves the timers again.
    package func releaseFromBlockingRun() {
        holds -= 1
        timersChanged()
    }

    /// Arms the main queue's timer source for the earliest deadline (not while held).
    private func timersChanged() {
        guard holds == 0 else { return }
        guard let deadline = timers.earliest else {
            source?.cancel()
            source = nil
            sourceDeadline = nil
            return
        }
        guard deadline != sourceDeadline else { return }
        let timer = source ?? Self.makeSource()
        source = timer
        sourceDeadline = deadline
        timer.schedule(deadline: .now() + Self.dispatchInterval(deadline - .now), leeway: .milliseconds(1))
    }

    private static func makeSource() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler {
            MainActor.assumeIsolated {
                let timers = MainTimers.shared
                timers.sourceDeadline = nil
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
