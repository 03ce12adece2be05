import Dispatch
import Foundation
import Motion

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loop every app, prompt and command runs on: the main dispatch queue, through the
/// APIs Dispatch and Foundation publish. Descriptors are read sources on the main queue,
/// timers are ``MainTimers``, work from other threads is a block on the main queue.
///
/// The async forms (`try await TerminalApp.run(view)`, `try await prompt.ask()`) leave the
/// main actor free, so whatever serves the main queue — an async `main`, `dispatchMain()`, a
/// run loop — serves them. A blocking form for a synchronous `main` (``runBlocking(_:)``)
/// runs the async form in a task and serves the main queue itself with the main thread's
/// `RunLoop` until it ends; where it cannot (off the main thread, or inside work the main
/// queue is already running) it refuses at once rather than wait for ever.
@MainActor
package enum EventLoop {
    // MARK: Descriptors

    /// Calls `handler` on the main actor whenever `descriptor` is readable, until the returned
    /// handle is cancelled. Close the descriptor with ``close(_:)``, never directly: the read
    /// source may still be using it until its cancellation has been handled.
    package static func watch(readable descriptor: Int32, _ handler: @escaping @MainActor () -> Void) -> ScheduledWork {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        let watch = Watch(source: source)
        Watch.live[descriptor, default: 0] += 1
        source.setEventHandler { [weak watch] in
            MainActor.assumeIsolated {
                guard let watch, !watch.isCancelled else { return }
                handler()
            }
        }
        source.setCancelHandler {
            MainActor.assumeIsolated { Watch.cancellationHandled(descriptor) }
        }
        source.resume()
        return ScheduledWork { watch.cancel() }
    }

    /// Closes `descriptor` now, or — while a read source cancelled on it has not yet had its
    /// cancellation handled — in the last such handler, as `dispatch/source.h` requires.
    package static func close(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        if Watch.live[descriptor, default: 0] > 0 {
            Watch.closeWhenUnwatched.insert(descriptor)
        } else {
            closeDescriptor(descriptor)
        }
    }

    // MARK: Work from elsewhere

    /// Runs `work` on the main actor soon, after what is running now, from any thread. Work
    /// posted together runs in order.
    package nonisolated static func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(work) }
    }

    // MARK: Blocking runs

    /// How many blocking runs are on the stack now.
    private static var blockingDepth = 0

    /// Runs `body` (an async form) to its end from synchronous code on the main thread,
    /// serving the main queue meanwhile with the main thread's run loop, so the main actor's
    /// other work — tasks, timers, `DispatchQueue.main` blocks — goes on. Throws
    /// ``TerminalError/wouldBlockMainActor(asyncForm:)``, having run nothing, where that cannot
    /// be done: off the main thread (an async `main` runs its main actor on a worker thread),
    /// inside another blocking run, or inside a block the main queue is running (it would wait
    /// on itself); `asyncForm` is the call to make there instead.
    package static func runBlocking<T>(asyncForm: String, _ body: @escaping @MainActor () async -> T) throws(TerminalError) -> T {
        guard mainQueueCanBeServedHere() else { throw .wouldBlockMainActor(asyncForm: asyncForm) }
        blockingDepth += 1
        MainTimers.shared.holdForBlockingRun()
        defer {
            MainTimers.shared.releaseFromBlockingRun()
            blockingDepth -= 1
        }
        let outcome = Outcome<T>()
        Task { @MainActor in outcome.value = await body() }
        while true {
            if let value = outcome.value { return value }
            turn()
        }
    }

    /// Whether a blocking run can serve the main queue from here: on the main thread, outside
    /// another blocking run, and not inside a block the main queue is running (a block posted
    /// now must run when the run loop turns once).
    private static func mainQueueCanBeServedHere() -> Bool {
        guard Thread.isMainThread, blockingDepth == 0 else { return false }
        let probe = Outcome<Bool>()
        DispatchQueue.main.async { MainActor.assumeIsolated { probe.value = true } }
        _ = RunLoop.main.run(mode: .default, before: Date())
        return probe.value == true
    }

    /// Waits once on the main thread's run loop, for the main queue (the timers are the run
    /// loop's while a blocking run holds them: `MainTimers.holdForBlockingRun`).
    private static func turn() {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
}

/// One read source on a descriptor, and the bookkeeping that closes descriptors only once
/// no source is left on them.
@MainActor
private final class Watch {
    /// Sources per descriptor not yet through their cancellation handler.
    static var live: [Int32: Int] = [:]
    /// Descriptors to close once their last source's cancellation is handled.
    static var closeWhenUnwatched: Set<Int32> = []

    private var source: (any DispatchSourceRead)?
    var isCancelled: Bool { source == nil }

    init(source: any DispatchSourceRead) {
        self.source = source
    }

    func cancel() {
        source?.cancel()
        source = nil
    }

    static func cancellationHandled(_ descriptor: Int32) {
        let left = live[descriptor, default: 1] - 1
        live[descriptor] = left > 0 ? left : nil
        if left <= 0, closeWhenUnwatched.remove(descriptor) != nil { closeDescriptor(descriptor) }
    }
}

/// A value set by work on the main actor and read by the blocking run that waits for it.
@MainActor
private final class Outcome<T> {
    var value: T?
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
