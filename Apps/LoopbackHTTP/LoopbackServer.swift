import Foundation
import KitSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 with an ephemeral port, on real sockets, for
/// integration tests and the showcase demo. It serves JSON:
///
/// - `GET /items?delay=1.5&status=500&count=3` waits `delay` seconds (at most 10), then
///   answers with `status` (default 200) and a JSON body: `{"items": [{"id": 1, "name":
///   "Item 1"}, …]}` for 2xx, `{"error": "…"}` otherwise.
/// - `GET /text` answers 200 with a body that is not JSON (for decoding failures).
///
/// Each connection gets one response and is closed. It answers at most
/// `requestsPerSecond` requests a second on average (bursts of twice that), so another
/// local program flooding it cannot take it over for long: connections beyond the rate are
/// closed at once, and it serves again as soon as the flood stops. It holds 32 connections
/// at once, reads at most 16 KiB of a request, and stops when ``stop()`` is called or when
/// it is released.
///
/// ```swift
/// let server = try LoopbackServer()
/// let url = server.url(path: "/items?delay=0.2")
/// ```
package final class LoopbackServer: Sendable {
    /// The port the server listens on.
    package let port: UInt16
    /// The average number of requests a second it answers (bursts of twice as many).
    package let requestsPerSecond: Int
    private let listener: Listener

    /// Why the server could not start.
    package struct StartError: Error, CustomStringConvertible {
        /// What failed.
        package let description: String
    }

    /// Starts listening on 127.0.0.1 at a port the system picks.
    package init(requestsPerSecond: Int = 100) throws {
        self.requestsPerSecond = max(1, requestsPerSecond)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "cannot listen on 127.0.0.1: \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        // The accept thread owns the listener, not the server, so releasing the server
        // stops it.
        listener = Listener(descriptor: fd, rate: RequestRate(perSecond: self.requestsPerSecond))
        let listener = self.listener
        let thread = Thread { listener.acceptLoop() }
        thread.name = "LoopbackServer"
        thread.start()
    }

    deinit { stop() }

    /// The server's root URL.
    package var baseURL: URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = Int(port)
        components.path = "/"
        return components.url ?? URL(fileURLWithPath: "/")
    }

    /// The URL of `path` (which may carry a query) on this server; the root for a path that
    /// is not a valid URL path.
    package func url(path: String) -> URL {
        URL(string: path, relativeTo: baseURL)?.absoluteURL ?? baseURL
    }

    /// How many requests were answered.
    package var requestCount: Int { listener.served }

    /// While true, every answer is held, its connection open, until this is set to false
    /// (or the server stops): a test sees a request in flight for as long as it likes,
    /// without guessing a delay.
    package var holdsAnswers: Bool {
        get { listener.isHolding }
        set { listener.isHolding = newValue }
    }

    /// How many connections were closed unanswered because they came faster than the rate.
    package var refusedCount: Int { listener.refused }

    /// Connections being answered now (a cancelled request's goes as soon as it hangs up).
    package var openConnections: Int { listener.openCount }

    /// Requests whose client hung up while their answer was held (a cancelled request).
    package var abandonedRequests: Int { listener.abandonedCount }

    /// Blocks, without polling, until `condition` holds for the answered, open and abandoned
    /// requests, or `timeout` has passed (false then). Call it off the main actor.
    package func wait(until condition: (_ answered: Int, _ open: Int, _ abandoned: Int) -> Bool, timeout: Duration = .seconds(30)) -> Bool {
        let (seconds, attoseconds) = timeout.components
        return listener.wait(until: condition, deadline: Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18))
    }

    /// Stops accepting connections; when it returns, connections are refused. Safe to call
    /// more than once.
    package func stop() { listener.stop() }
}

/// The listening socket and its counters, shared by the server and its threads.
private final class Listener: @unchecked Sendable {
    // @unchecked: the counters, `stopped` and `closed` are only touched under `lock` (a
    // condition, broadcast on every change); the descriptor is closed once, by the accept
    // thread, after its loop ends.
    let descriptor: Int32
    private let lock = NSCondition()
    private var rate: RequestRate
    private var refusedConnections = 0
    private var holding = false
    private var servedCount = 0
    private var open = 0
    private var abandoned = 0
    private var stopped = false
    private var closed = false

    init(descriptor: Int32, rate: RequestRate) {
        self.descriptor = descriptor
        self.rate = rate
    }

    var isHolding: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return holding
        }
        set {
            lock.lock()
            holding = newValue
            lock.broadcast()
            lock.unlock()
        }
    }

    /// Returns once answers are no longer held (or the server is stopping).
    private func waitWhileHolding() {
        lock.lock()
        while holding && !stopped { lock.wait() }
        lock.unlock()
    }

    var refused: Int {
        lock.lock()
        defer { lock.unlock() }
        return refusedConnections
    }

    var served: Int {
        lock.lock()
        defer { lock.unlock() }
        return servedCount
    }

    var openCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return open
    }

    var abandonedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return abandoned
    }

    /// Wakes the accept thread and returns once it has closed the socket: from then on a
    /// connection is refused.
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.broadcast()  // held answers go
        lock.unlock()
        if !wasStopped { shutdown(descriptor, Int32(SHUT_RDWR)) }
        lock.lock()
        while !closed { lock.wait() }
        lock.unlock()
    }

    /// Waits, without polling, until `condition` holds for (answered, open, abandoned)
    /// requests; false if it does not by `deadline`.
    func wait(until condition: (_ served: Int, _ open: Int, _ abandoned: Int) -> Bool, deadline: Date) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        while !condition(servedCount, open, abandoned) {
            guard lock.wait(until: deadline) else { return condition(servedCount, open, abandoned) }
        }
        return true
    }

    func acceptLoop() {
        defer {
            close(descriptor)
            lock.lock()
            closed = true
            lock.broadcast()
            lock.unlock()
        }
        while true {
            let client = accept(descriptor, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return  // shut down
            }
            lock.lock()
            let allowed = !stopped && open < 32 && rate.take(at: DispatchTime.now().uptimeNanoseconds)
            let finished = stopped
            if allowed {
                servedCount += 1
                open += 1
            } else if !finished {
                refusedConnections += 1
            }
            lock.broadcast()
            lock.unlock()
            guard allowed else {
                close(client)
                if finished { return }
                continue
            }
            let worker = Thread { [self] in
                let answered = serve(client)
                close(client)
                lock.lock()
                open -= 1
                if !answered { abandoned += 1 }
                lock.broadcast()
                lock.unlock()
            }
            worker.start()
        }
    }

    /// Reads a request and answers it; false when the client hung up before the answer.
    @discardableResult
    private func serve(_ client: Int32) -> Bool {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 16_384 {
            let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            request += buffer[0..<n]
            if request.count >= 4, request.suffix(4) == [13, 10, 13, 10] { break }
            if String(decoding: request, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        guard !request.isEmpty else { return false }  // it hung up before asking anything
        let text = String(decoding: request, as: UTF8.self)
        let line = text.split(separator: "\r\n").first.map(String.init) ?? ""
        // A body (an upload): as many bytes as Content-Length says, 64 MiB at most.
        var body: [UInt8] = []
        if let headEnd = request.firstRange(of: [13, 10, 13, 10]) {
            body = Array(request[headEnd.upperBound...])
            let length =
                text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            while body.count < min(length, 64 << 20) {
                let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                body += buffer[0..<n]
            }
        }
        let response = LoopbackResponder.respond(to: line, body: body)
        waitWhileHolding()
        guard Self.clientWaits(client, seconds: response.delay) else { return false }  // it hung up: no answer
        guard let rate = response.bytesPerSecond else {
            _ = Descriptor.writeAll(Array(response.head.utf8) + response.body, to: client, by: .sendWithoutSignal)  // a client gone takes no more
            return true
        }
        // At `rate` bytes a second, a chunk every 50 ms, while the client listens.
        guard Descriptor.writeAll(Array(response.head.utf8), to: client, by: .sendWithoutSignal) == nil else { return false }
        let chunk = max(1, rate / 20)
        var sent = 0
        while sent < response.body.count {
            let end = min(response.body.count, sent + chunk)
            guard Descriptor.writeAll(Array(response.body[sent..<end]), to: client, by: .sendWithoutSignal) == nil else { return false }
            sent = end
            if sent < response.body.count { Thread.sleep(forTimeInterval: 0.05) }
        }
        return true
    }

    /// Holds the answer for `seconds` (the slow server a request asked for) while watching
    /// the connection: false as soon as the client hangs up, e.g. because its request was
    /// cancelled, so the worker ends at once instead of waiting on a closed socket.
    private static func clientWaits(_ client: Int32, seconds: Double) -> Bool {
        guard seconds > 0 else { return true }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var events = Int16(POLLIN)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return true }
            var watch = pollfd(fd: client, events: events, revents: 0)
            let ready = poll(&watch, 1, Int32(min((deadline - now) / 1_000_000 + 1, 1_000)))
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if ready == 0 { continue }
            if watch.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return false }
            var byte: UInt8 = 0
            if recv(client, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 { return false }  // closed
            events = 0  // more bytes came: watch only for hang-ups from now on
        }
    }
}

/// Turns a request line into a response (pure, so it is tested without sockets).
package enum LoopbackResponder {
    /// A response: how long to wait first, the status line and headers, and the body.
    package struct Response: Equatable {
        /// Seconds to wait before answering.
        package let delay: Double
        /// The HTTP status.
        package let status: Int
        /// Status line and headers, ending in a blank line.
        package let head: String
        /// The body.
        package let body: [UInt8]
        /// How fast the body is sent (nil: at once).
        package var bytesPerSecond: Int? = nil
    }

    /// The response to `GET PATH?QUERY HTTP/1.1` (or a POST to `/upload` with `body`).
    ///
    /// `/items?count=N&status=S&delay=D`: a JSON list; `/text`: not JSON; `/bytes?size=N&rate=R`:
    /// N bytes (64 MiB at most) of a repeating pattern, R bytes a second when given;
    /// `POST /upload`: `{"received": N}`, the bytes of its body.
    package static func respond(to requestLine: String, body received: [UInt8] = []) -> Response {
        let parts = requestLine.split(separator: " ")
        if parts.count >= 2, parts[0] == "POST", parts[1].hasPrefix("/upload") {
            return make(status: 200, body: "{\"received\": \(received.count)}", delay: 0)
        }
        guard parts.count >= 2, parts[0] == "GET" else { return make(status: 400, body: "{\"error\": \"only GET is served\"}", delay: 0) }
        let target = String(parts[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let delay = min(10, max(0, Double(query["delay"] ?? "0") ?? 0))
        let status = min(599, max(100, Int(query["status"] ?? "200") ?? 200))
        let count = min(1000, max(0, Int(query["count"] ?? "3") ?? 3))
        switch components?.path ?? "" {
        case "/items":
            if (200..<300).contains(status) {
                let items = (1...max(1, count)).prefix(count).map { "{\"id\": \($0), \"name\": \"Item \($0)\"}" }
                return make(status: status, body: "{\"items\": [\(items.joined(separator: ", "))]}", delay: delay)
            }
            return make(status: status, body: "{\"error\": \"the server was asked for status \(status)\"}", delay: delay)
        case "/text":
            return make(status: 200, body: "this is not JSON", delay: delay, type: "text/plain")
        case "/bytes" where (200..<300).contains(status):
            let size = min(64 << 20, max(0, Int(query["size"] ?? "1024") ?? 1024))
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 251) }
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(size)\r\nConnection: close\r\n\r\n"
            var response = Response(delay: delay, status: 200, head: head, body: bytes)
            response.bytesPerSecond = query["rate"].flatMap { Int($0) }.map { max(1, $0) }
            return response
        case "/bytes":
            return make(status: status, body: "{\"error\": \"the server was asked for status \(status)\"}", delay: delay)
        default:
            return make(status: 404, body: "{\"error\": \"no such path\"}", delay: delay)
        }
    }

    private static func make(status: Int, body: String, delay: Double, type: String = "application/json") -> Response {
        let bytes = Array(body.utf8)
        let reason = [200: "OK", 400: "Bad Request", 404: "Not Found", 500: "Internal Server Error"][status] ?? "Status"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        return Response(delay: delay, status: status, head: head, body: bytes)
    }
}

/// A token bucket: `perSecond` tokens a second, holding at most twice that; a request
/// takes one or is refused.
struct RequestRate {
    let perSecond: Int
    private var tokens: Double
    private var last: UInt64?

    init(perSecond: Int) {
        self.perSecond = perSecond
        tokens = Double(2 * perSecond)
    }

    /// Takes a token at `now` (nanoseconds of a monotonic clock); false when none is left.
    mutating func take(at now: UInt64) -> Bool {
        if let last, now > last {
            tokens = min(Double(2 * perSecond), tokens + Double(now - last) / 1e9 * Double(perSecond))
        }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
