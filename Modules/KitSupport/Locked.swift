import Foundation

/// A value that is only ever touched under its lock: the kit's one lock wrapper, for state
/// that threads share (a target of the package's own, not a product).
///
/// ```swift
/// let seen = Locked(0)
/// seen.withLock { $0 += 1 }
/// ```
package final class Locked<Value>: @unchecked Sendable {  // `value` is only touched under `lock`
    private var value: Value
    private let lock = NSLock()

    /// Holds `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, under the lock.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// One part of the value, read or written under the lock.
    package subscript<Part>(_ part: WritableKeyPath<Value, Part>) -> Part {
        get { withLock { $0[keyPath: part] } }
        set { withLock { $0[keyPath: part] = newValue } }
    }
}
