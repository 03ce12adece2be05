import Foundation

/// The tasks a ``VirtualScheduler`` started (``Scheduler/startTask(_:)``) and whether each
/// waits on the virtual clock (in ``Scheduler/sleep(for:)``). ``VirtualScheduler/settle()``
/// lets the main actor run until every one has ended or waits: the async work a component
/// started has then gone as far as it can without the clock moving.
final class TrackedTasks: @unchecked Sendable {  // `states` is only touched under `lock`
    static let shared = TrackedTasks()

    /// The identifier of the tracked task running now, if any.
    @TaskLocal static var current: Int?

    private let lock = NSLock()
    private var states: [Int: Bool] = [:]
    private var nextID = 1

    /// Registers a new task, running.
    func add() -> Int {
        lock.withLock {
            defer { nextID += 1 }
            states[nextID] = false
            return nextID
        }
    }

    func remove(_ id: Int) { lock.withLock { _ = states.removeValue(forKey: id) } }

    func setWaiting(_ id: Int, _ waiting: Bool) {
        lock.withLock { if states[id] != nil { states[id] = waiting } }
    }

    /// Whether every tracked task waits on the clock (true when there are none).
    var allWaiting: Bool { lock.withLock { states.values.allSatisfy { $0 } } }

    /// How many tracked tasks have not ended.
    var count: Int { lock.withLock { states.count } }
}
