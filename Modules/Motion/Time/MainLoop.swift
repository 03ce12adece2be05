import Dispatch
import Foundation
import KitSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The main actor's event loop: the kit's timers (``LiveScheduler``), the descriptors an app
/// waits on (a terminal's input, its resizes) and work posted from other threads, served the
/// same way wherever the program is.
///
/// It runs in one of two ways, and each component works under both:
///
/// - **Served by the main queue** (the default): while the main actor is free (an `await`ing
///   async `main`, `dispatchMain()`, a run loop, a test), the watches are read sources and the
///   timers one timer source on the main queue, so nothing runs between events.
/// - **Run here** (``run(until:)``): a synchronous call that holds the main actor — a
///   `TerminalApp.run`, a prompt's `ask()` — waits in one `poll(2)` on this thread for its
///   descriptors, a wake-up and the next deadline, and runs their work itself. It never
///   needs the main queue to be served, so it works the same at the top level of a
///   synchronous `main`, inside `MainActor.run { … }` after an `await`, and in a `Task` on the
///   main actor. On the main thread it also serves the main queue (as a run loop does), so
///   work others queue there keeps running; elsewhere — an async `main` runs its main actor
///   on a worker thread — that work waits until the call returns, which is why the async forms
///   (`try await TerminalApp.run(view)`) are the ones to call from async code.
///
/// ```swift
/// let input = MainLoop.shared.watch(readable: descriptor) { readKeys() }
/// MainLoop.shared.run { finished }   // or leave it to the main queue
/// input.cancel()
/// ```
@MainActor
public final class MainLoop {
    /// The one loop of the process's main actor.
    public nonisolated static let shared = MainLoop()

    private var timers = TimerQueue()
    private var watches: [Watch] = []
    /// Work posted (from any thread), and the descriptor that wakes ``run(until:)`` for it.
    private nonisolated let posted = PostedWork()
    /// How many ``run(until:)`` calls are running (nested ones count).
    private var runDepth = 0
    /// The timer source that serves the timers through the main queue (nil while run here).
    private var dispatchTimer: (any DispatchSourceTimer)?
    private var dispatchTimerDeadline: ContinuousClock.Instant?

    private nonisolated init() {}

    // MARK: Timers

    /// Runs `work` once at `deadline` (at once when it has passed).
    @discardableResult
    public func schedule(at deadline: ContinuousClock.Instant, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        addTimer(deadline: deadline, interval: nil, work)
    }

    /// Runs `work` every `interval` (at least 1 ms), the first time one interval from now,
    /// until cancelled. A late turn does not run the missed ones: the next is due one interval
    /// after the late one was.
    @discardableResult
    public func scheduleRepeating(every interval: Duration, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
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

    /// The time the earliest timer is due, if any.
    var nextDeadline: ContinuousClock.Instant? { timers.earliest }

    /// Runs the timers that are due, each once.
    private func fireDueTimers() {
        let now = ContinuousClock.now
        // Only those due now: work scheduled by them for now runs on the next turn.
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

    // MARK: Watches

    /// Calls `handler` on the main actor whenever `descriptor` is readable, until the
    /// returned handle is cancelled. Cancel it before closing the descriptor.
    @discardableResult
    public func watch(readable descriptor: Int32, _ handler: @escaping @MainActor () -> Void) -> ScheduledWork {
        let watch = Watch(descriptor: descriptor, handler: handler)
        let handle = ScheduledWork { [weak self] in
            watch.isCancelled = true
            watch.stopServingByMainQueue()
            self?.watches.removeAll { $0 === watch }
        }
        watches.append(watch)
        if runDepth == 0 { watch.serveByMainQueue() }
        return handle
    }

    // MARK: Posted work

    /// Runs `work` on the main actor soon, after what is running now: from any thread, while
    /// the loop is run here or served by the main queue. Work posted together runs in order.
    public nonisolated func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        guard posted.add(work) else { return }  // a wake-up is already on its way
        DispatchQueue.main.async {
            MainActor.assumeIsolated { MainLoop.shared.runPosted() }
        }
    }

    private func runPosted() {
        for work in posted.take() { work() }
    }

    // MARK: Running here

    /// Whether ``run(until:)`` is running (the loop is served here, not by the main queue).
    public var isRunningHere: Bool { runDepth > 0 }

    /// Serves the loop on this thread until `isDone` (asked after each turn) is true: waits
    /// for a watched descriptor, the next timer or posted work, and runs it. Holds the main
    /// actor meanwhile; on the main thread it serves the main queue too.
    public func run(until isDone: () -> Bool) {
        runDepth += 1
        if runDepth == 1 { takeFromMainQueue() }
        defer {
            runDepth -= 1
            if runDepth == 0 { giveToMainQueue() }
        }
        let mainQueue = MainQueuePort.available
        while !isDone() {
            turn(mainQueue: mainQueue)
        }
    }

    /// Waits once (for a descriptor, a deadline, posted work or the main queue) and runs
    /// what is ready.
    private func turn(mainQueue: MainQueuePort?) {
        var descriptors = [pollfd(fd: posted.descriptor, events: Int16(POLLIN), revents: 0)]
        let watching = watches
        for watch in watching { descriptors.append(pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)) }
        if let mainQueue { descriptors.append(pollfd(fd: mainQueue.descriptor, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Self.timeout(until: nextDeadline))
        if ready > 0 {
            if descriptors[0].revents != 0 { posted.drainWake() }
            for (index, watch) in watching.enumerated() where descriptors[index + 1].revents != 0 {
                guard !watch.isCancelled else { continue }  // cancelled by an earlier handler
                if descriptors[index + 1].revents & Int16(POLLNVAL) != 0 {
                    // Closed while watched: nothing will ever come, and poll would return at once for good.
                    watch.isCancelled = true
                    watches.removeAll { $0 === watch }
                    continue
                }
                watch.handler()
            }
            if let mainQueue, descriptors[descriptors.count - 1].revents != 0 { mainQueue.serve() }
        }
        if let deadline = nextDeadline, deadline <= .now { fireDueTimers() }
        runPosted()
    }

    /// `poll`'s timeout in milliseconds until `deadline` (rounded up), -1 for none.
    private static func timeout(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let left = deadline - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(milliseconds, Int64(Int32.max)))
    }

    // MARK: Served by the main queue

    /// Stops the main queue's sources: ``run(until:)`` serves everything itself.
    private func takeFromMainQueue() {
        for watch in watches { watch.stopServingByMainQueue() }
        dispatchTimer?.cancel()
        dispatchTimer = nil
        dispatchTimerDeadline = nil
    }

    /// Serves the watches and the timers through the main queue again.
    private func giveToMainQueue() {
        for watch in watches { watch.serveByMainQueue() }
        timersChanged()
        if posted.hasWork {
            DispatchQueue.main.async { MainActor.assumeIsolated { MainLoop.shared.runPosted() } }
        }
    }

    /// Arms the main queue's timer source for the earliest deadline (not while run here).
    private func timersChanged() {
        guard runDepth == 0 else { return }
        guard let deadline = timers.earliest else {
            dispatchTimer?.cancel()
            dispatchTimer = nil
            dispatchTimerDeadline = nil
            return
        }
        guard deadline != dispatchTimerDeadline else { return }
        let timer = dispatchTimer ?? Self.makeTimerSource()
        dispatchTimer = timer
        dispatchTimerDeadline = deadline
        let left = max(deadline - .now, .zero)
        timer.schedule(deadline: .now() + Self.dispatchInterval(left), leeway: .milliseconds(1))
    }

    private static func makeTimerSource() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler {
            MainActor.assumeIsolated {
                let loop = MainLoop.shared
                loop.dispatchTimerDeadline = nil
                loop.fireDueTimers()
            }
        }
        timer.resume()
        return timer
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = max(duration, .zero).components
        return .nanoseconds(Int(min(seconds, Int64(Int32.max))) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}

/// A descriptor watched for reading, and its read source while the main queue serves it.
@MainActor
private final class Watch {
    let descriptor: Int32
    let handler: @MainActor () -> Void
    var isCancelled = false
    var source: (any DispatchSourceRead)?

    init(descriptor: Int32, handler: @escaping @MainActor () -> Void) {
        self.descriptor = descriptor
        self.handler = handler
    }

    func serveByMainQueue() {
        guard source == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self, !self.isCancelled else { return }
                self.handler()
            }
        }
        source.resume()
        self.source = source
    }

    func stopServingByMainQueue() {
        source?.cancel()
        source = nil
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

/// Work posted from any thread, and a descriptor (a pipe) readable while some waits.
private final class PostedWork: Sendable {
    private let queue = Locked<[@Sendable @MainActor () -> Void]>([])
    private let wake: (read: Int32, write: Int32)

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for fd in ends {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        wake = (ends[0], ends[1])
    }

    /// Readable while posted work waits.
    var descriptor: Int32 { wake.read }

    var hasWork: Bool { queue.withLock { !$0.isEmpty } }

    /// Queues `work`; true when it is the first since the last ``take()`` (a wake-up is due).
    func add(_ work: @escaping @Sendable @MainActor () -> Void) -> Bool {
        let first = queue.withLock { queue in
            queue.append(work)
            return queue.count == 1
        }
        if first {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
        return first
    }

    /// The work queued, oldest first, leaving none.
    func take() -> [@Sendable @MainActor () -> Void] {
        queue.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }

    /// Empties the wake-up pipe.
    func drainWake() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(wake.read, $0.baseAddress, $0.count) }) > 0 {}
    }
}

/// The main dispatch queue as a descriptor, on the main thread before `dispatchMain()`: what
/// a run loop waits on to serve it (libdispatch's hook for CoreFoundation, looked up at run
/// time; nil where it is not there).
private struct MainQueuePort {
    let descriptor: Int32
    private let drain: @convention(c) (UnsafeMutableRawPointer?) -> Void

    private typealias PortFunction = @convention(c) () -> Int32
    private typealias DrainFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private static let functions: (port: PortFunction, drain: DrainFunction)? = {
        #if os(Linux)
        guard let library = dlopen(nil, RTLD_NOW),
            let port = dlsym(library, "_dispatch_get_main_queue_port_4CF"),
            let drain = dlsym(library, "_dispatch_main_queue_callback_4CF")
        else { return nil }
        return (unsafeBitCast(port, to: PortFunction.self), unsafeBitCast(drain, to: DrainFunction.self))
        #else
        return nil
        #endif
    }()

    /// The port, when this is the main thread and the queue has one.
    static var available: MainQueuePort? {
        guard Thread.isMainThread, let functions else { return nil }
        let descriptor = functions.port()
        guard descriptor >= 0 else { return nil }
        return MainQueuePort(descriptor: descriptor, drain: functions.drain)
    }

    /// Runs what the main queue holds (nothing when it is being served further up this stack).
    func serve() {
        var value: UInt64 = 0
        _ = read(descriptor, &value, MemoryLayout<UInt64>.size)
        drain(nil)
    }
}
