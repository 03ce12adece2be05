import Foundation

/// Blocking work (waiting on a socket, a pseudo-terminal, a condition) run on a thread of its
/// own, never on the concurrency pool: the pool has as many threads as cores, and a test that
/// blocks one while the suite's other tests block the rest starves every task — the request
/// or the answer it waits for among them — until its time-out.
public final class OwnThread<Result: Sendable>: @unchecked Sendable {  // `result` is set once, before `done` is signalled
    private var result: Result?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread at once (not when a task gets to it).
    public init(_ body: @escaping @Sendable () -> Result) {
        let thread = Thread { [self] in
            result = body()
            done.signal()
        }
        thread.start()
    }

    /// Waits for the thread's result, blocking the caller.
    public func join() -> Result {
        done.wait()
        done.signal()
        return result!
    }

    /// `body`'s result, computed on a new thread while the caller's task is suspended.
    public static func run(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
