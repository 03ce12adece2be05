import Foundation

#if os(Linux) || os(Windows)
import Synchronization
#endif

/// A count that any thread adds to, cheaply: an atomic add where the platform has atomics
/// for every version the package supports, else a lock.
final class Tally: Sendable {
    #if os(Linux) || os(Windows)
    private let value = Atomic<Int>(0)
    func add(_ amount: Int) { value.add(amount, ordering: .relaxed) }
    func store(_ amount: Int) { value.store(amount, ordering: .relaxed) }
    var current: Int { value.load(ordering: .relaxed) }
    #else
    private let lock = NSLock()
    nonisolated(unsafe) private var value = 0
    func add(_ amount: Int) { lock.withLock { value += amount } }
    func store(_ amount: Int) { lock.withLock { value = amount } }
    var current: Int { lock.withLock { value } }
    #endif
}
