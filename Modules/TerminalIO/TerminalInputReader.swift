import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a terminal's input in chunks and decodes it (``TerminalInputParser``): bytes typed
/// before the reading began go first, a sequence cut at a read's end waits a moment for its
/// rest, a paste whose end marker never comes ends after a quiet while. Both terminals —
/// full-screen (``FullScreenTerminal``) and inline (``InlineTerminal``) — read through one.
package struct TerminalInputReader {
    /// The most bytes read and decoded by one ``events(wake:observing:)``: what a larger burst
    /// brings waits for the next call, so that a flood is drawn between batches and never queued whole.
    package static let readChunk = 16 * 1024
    /// How long the rest of a sequence cut at a read's end is waited for before what came is
    /// taken as keys (a lone Esc): 25 ms, as ncurses' ESCDELAY.
    package static let escapeDelay: Int32 = 25
    /// A paste whose end marker has not come when no byte came for this long is ended.
    package static let pasteQuietLimit: Duration = .seconds(2)

    /// The descriptor read.
    package let descriptor: Int32
    private var parser = TerminalInputParser()
    /// Bytes read before (typed during the start-up questions), not decoded yet.
    private var typedAhead: [UInt8] = []
    /// When the last input byte came (an unfinished paste ends after ``pasteQuietLimit``).
    private var lastInput = ContinuousClock.now

    package init(descriptor: Int32, typedAhead: [UInt8] = []) {
        self.descriptor = descriptor
        self.typedAhead = typedAhead
    }

    /// Whether bytes read earlier wait to be decoded (the run loop is to be woken for them).
    package var hasTypedAhead: Bool { !typedAhead.isEmpty }

    /// Whether the terminal has gone: its window closed, its connection dropped, the
    /// pseudo-terminal's other side shut (a read found the end or EIO). Nothing more will
    /// come, and the descriptor stays readable: the app is to end, not to read again.
    package private(set) var hasEnded = false

    /// The input that arrived since the last call, at most ``readChunk`` bytes of it; `wake`
    /// is called when more already read waits. `observing` sees every chunk read and may add
    /// events of its own (late answers to the start-up's questions).
    package mutating func events(wake: () -> Void, observing: (_ bytes: [UInt8]) -> [InputEvent] = { _ in [] }) -> [InputEvent] {
        var events: [InputEvent] = []
        var chunk: [UInt8]
        if !typedAhead.isEmpty {
            chunk = Array(typedAhead.prefix(Self.readChunk))
            typedAhead.removeFirst(chunk.count)
            if !typedAhead.isEmpty { wake() }
        } else {
            chunk = readAvailable(waiting: 0)
        }
        if !chunk.isEmpty {
            let now = ContinuousClock.now
            if parser.isInPaste, now - lastInput > Self.pasteQuietLimit { events += parser.endPaste() }
            lastInput = now
            events += parser.feed(chunk)
            events += observing(chunk)
        }
        // A sequence cut at the end of what came: its rest is waited for a moment, else what
        // came is taken as keys (a lone Esc). A few rounds at most; then later calls go on.
        var rounds = 0
        while parser.isHoldingPartialSequence, typedAhead.isEmpty {
            rounds += 1
            let more = readAvailable(waiting: Self.escapeDelay)
            if more.isEmpty {
                events += parser.flush()
            } else {
                lastInput = ContinuousClock.now
                events += parser.feed(more)
                events += observing(more)
            }
            if rounds >= 8 { break }
        }
        return events
    }

    /// What the terminal sent, at most ``readChunk`` bytes, waiting up to `milliseconds` for
    /// something to come; empty when nothing did.
    private mutating func readAvailable(waiting milliseconds: Int32) -> [UInt8] {
        guard !hasEnded else { return [] }
        var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var ready = poll(&watch, 1, milliseconds)
        while ready < 0 && errno == EINTR { ready = poll(&watch, 1, milliseconds) }
        guard ready > 0 else { return [] }
        guard watch.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: Self.readChunk)
        var count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        while count < 0 && errno == EINTR { count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
        if count > 0 { return Array(buffer[..<count]) }
        // The end of the input, or an error that is not "try again": the terminal is gone.
        if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { hasEnded = true }
        return []
    }
}
