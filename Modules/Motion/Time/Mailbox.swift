/// Messages sent to a running component from outside it (a network answer, another part
/// of the app, a test), in order: bubbletea's `Program.Send`. A task that waits for the next
/// one counts as waiting under a `VirtualScheduler`, like one asleep on the clock, so
/// `settle()` and a `Pilot`'s `advance(by:)` return at once instead of spinning until they
/// give up (as they do for an `AsyncStream`, which the scheduler cannot see into).
///
/// ```swift
/// let inbox = Mailbox<String>()
/// scheduler.startTask {
///     while let line = await inbox.receive() { lines.append(line); host.request(nil) }
/// }
/// inbox.send("connected")
/// ```
@MainActor
public final class Mailbox<Message: Sendable> {
    private var queued: [Message] = []
    private var waiting: (continuation: CheckedContinuation<Message?, Never>, tracked: TrackedTasks.Membership?)?
    /// Whether ``close()`` was called: ``receive()`` then returns what is queued, then nil.
    public private(set) var isClosed = false

    /// An empty mailbox.
    public init() {}

    /// How many messages wait to be received.
    public var count: Int { queued.count }

    /// Sends `message`: the waiting receiver gets it at once, else it is queued. Nothing
    /// after ``close()``.
    public func send(_ message: Message) {
        guard !isClosed else { return }
        if let waiting {
            self.waiting = nil
            waiting.tracked?.setWaiting(false)
            waiting.continuation.resume(returning: message)
        } else {
            queued.append(message)
        }
    }

    /// Ends the mailbox: a receiver gets what is queued, then nil.
    public func close() {
        isClosed = true
        if queued.isEmpty, let waiting {
            self.waiting = nil
            waiting.tracked?.setWaiting(false)
            waiting.continuation.resume(returning: nil)
        }
    }

    /// The next message, waiting for it if need be; nil once closed and empty. One receiver
    /// at a time.
    public func receive() async -> Message? {
        if !queued.isEmpty { return queued.removeFirst() }
        if isClosed { return nil }
        precondition(waiting == nil, "a Mailbox has one receiver at a time")
        let tracked = TrackedTasks.Membership.ofCurrentTask  // a task a VirtualScheduler started: it now waits
        return await withCheckedContinuation { continuation in
            waiting = (continuation, tracked)
            tracked?.setWaiting(true)
        }
    }
}
