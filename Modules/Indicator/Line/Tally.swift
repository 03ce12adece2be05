import Foundation

#if os(Linux) || os(Windows)
import Synchronization
#endif

/// A count that any thread adds to, cheaply: an atomic add where the platform has atomics
/// for every version the package supports, else a lock. It saturates: past `Int.max` (or
/// `Int.min`) it stays there instead of trapping.
final class Tally: Sendable {
    #if os(Linux) || os(Windows)
    private let value = Atomic<Int>(0)
    func add(_ amount: Int) {
        // One wrapping add, as cheap as a plain one; a wrap past either end is put back at it.
        let (old, new) = value.wrappingAdd(amount, ordering: .relaxed)
        if amount > 0 ? new < old : new > old { value.store(amount > 0 ? .max : .min, ordering: .relaxed) }
    }
    func store(_ amount: Int) { value.store(amount, ordering: .relaxed) }
    var current: Int { value.load(ordering: .relaxed) }
    #else
    private let lock = NSLock()
    nonisolated(unsafe) private var value = 0
    func add(_ amount: Int) {
        lock.withLock {
            let (sum, overflow) = value.addingReportingOverflow(amount)
            value = overflow ? (amount > 0 ? .max : .min) : sum
        }
    }
    func store(_ amount: Int) { lock.withLock { value = amount } }
    var current: Int { lock.withLock { value } }
    #endif
}
