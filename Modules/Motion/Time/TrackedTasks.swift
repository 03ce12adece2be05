import Foundation
import KitSupport

/// The tasks one ``VirtualScheduler`` started (``Scheduler/startTask(_:)``) and whether each
/// waits on a clock (in ``Scheduler/sleep(for:file:line:)``). ``VirtualScheduler/settle()``
/// lets the main actor run until every one has ended or waits: the async work a component
/// started has then gone as far as it can without the clock moving.
final class TrackedTasks: Sendable {
    /// What a tracked task is doing.
    enum State { case running, waitingOnClock, waitingOnTask }

    /// A tracked task: its registry and its number there, and the tracked task that started it.
    struct Membership: Sendable {
        let registry: TrackedTasks
        let id: Int
        let parent: Int?
        /// The task itself (its hash), so that a child task, which inherits the task-local
        /// membership, does not speak for it.
        var owner: Int?

        func setWaiting(_ waiting: Bool) { registry.set(id, waiting ? .waitingOnClock : .running) }

        /// The membership of the tracked task running now, if the running task is the
        /// tracked one itself (not a child of it).
        static var ofCurrentTask: Membership? {
            guard let current = TrackedTasks.current, current.owner == currentTaskHash else { return nil }
            return current
        }

        /// A hash of the running task.
        static var currentTaskHash: Int? { withUnsafeCurrentTask { $0?.hashValue } }
    }

    /// The tracked task running now, if any.
    @TaskLocal static var current: Membership?

    /// Each task's state by its number, and the next number to give.
    private let registry = Locked((states: [Int: State](), nextID: 1))

    /// Registers a new task, running; `parent` is the tracked task that started it, if any
    /// (of this registry).
    func add(parent: Membership?) -> Membership {
        registry.withLock { registry in
            defer { registry.nextID += 1 }
            registry.states[registry.nextID] = .running
            return Membership(registry: self, id: registry.nextID, parent: parent?.registry === self ? parent?.id : nil)
        }
    }

    /// The task ended: a parent waiting on a task may run again.
    func remove(_ member: Membership) {
        registry.withLock { registry in
            registry.states.removeValue(forKey: member.id)
            if let parent = member.parent, registry.states[parent] == .waitingOnTask { registry.states[parent] = .running }
        }
    }

    func set(_ id: Int, _ state: State) {
        registry.withLock { if $0.states[id] != nil { $0.states[id] = state } }
    }

    /// Whether every task waits, on a clock or on another of these tasks (true when there are none).
    var allWaiting: Bool { registry.withLock { $0.states.values.allSatisfy { $0 != .running } } }

    /// How many tasks have not ended.
    var count: Int { registry.withLock { $0.states.count } }
}
