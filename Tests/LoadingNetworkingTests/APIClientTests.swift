import Foundation
import IndicatorKit
import Loading
import LoopbackHTTP
import TestSupport
import Testing

@testable import LoadingNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Item: Decodable, Equatable, Sendable {
    let id: Int
    let name: String
}

struct ItemList: Decodable, Equatable, Sendable {
    let items: [Item]
}

/// An ``HTTPClient`` that holds every request until the test opens it, then answers with
/// three items: "in flight" is a state the test controls, not a moment it guesses.
struct GatedHTTPClient: HTTPClient {
    actor Gate {
        private var waiters: [CheckedContinuation<Void, Never>] = []
        private var watchers: [(count: Int, done: CheckedContinuation<Void, Never>)] = []
        private var isOpen = false
        private(set) var waiting = 0
        func pass() async {
            guard !isOpen else { return }
            waiting += 1
            for watcher in watchers where watcher.count <= waiting { watcher.done.resume() }
            watchers.removeAll { $0.count <= waiting }
            await withCheckedContinuation { waiters.append($0) }
        }
        /// Returns once `count` requests are held at the gate.
        func untilWaiting(_ count: Int) async {
            guard waiting < count else { return }
            await withCheckedContinuation { watchers.append((count, $0)) }
        }
        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    let gate = Gate()

    nonisolated(nonsending) func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        await gate.pass()
        let body = LoopbackResponder.respond(to: "GET /items HTTP/1.1").body
        guard let url = request.url, let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil) else {
            throw URLError(.badURL)
        }
        return (Data(body), response)
    }
}

/// Real HTTP over loopback through URLSession (B3.6, B3.7).
@MainActor
@Suite(.serialized)
struct APIClientTests {
    let server: LoopbackServer
    let center = LoadingCenter(clock: VirtualScheduler())

    init() throws {
        server = try LoopbackServer(requestsPerSecond: 1_000)
    }

    var api: APIClient { APIClient(baseURL: server.url(path: "/"), loading: center) }

    // B3.6
    @Test("B3.6: a request starts the indicator before it is sent, ends it after, and decodes the caller's type")
    func successDecodesAndBalances() async throws {
        let client = api
        let server = self.server
        server.holdsAnswers = true  // the answer waits until the test has looked
        let task = Task { @MainActor in try await client.request("/items?count=2", as: ItemList.self) }
        #expect(await OwnThread.run { server.wait(until: { _, open, _ in open == 1 }) }, "the request reached the server")
        #expect(center.activeCount == 1, "started before the answer came")
        server.holdsAnswers = false
        let list = try await task.value
        #expect(list == ItemList(items: [Item(id: 1, name: "Item 1"), Item(id: 2, name: "Item 2")]))
        #expect(center.activeCount == 0)
    }

    // B3.6
    @Test("B3.6: an error status, a decoding failure and a transport failure all end the indicator")
    func failuresBalance() async throws {
        await #expect(throws: APIError.status(500, excerpt: "{\"error\": \"the server was asked for status 500\"}")) {
            try await api.request("/items?status=500", as: ItemList.self)
        }
        #expect(center.activeCount == 0)
        do {
            _ = try await api.request("/text", as: ItemList.self)
            Issue.record("text is not JSON")
        } catch {
            guard case .decoding = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
        }
        #expect(center.activeCount == 0)
        let closed = try LoopbackServer()
        let url = closed.url(path: "/")
        closed.stop()
        do {
            _ = try await APIClient(baseURL: url, loading: center).request("/items", as: ItemList.self)
            Issue.record("nobody listens")
        } catch {
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(error.description.contains("check the connection"))
        }
        #expect(center.activeCount == 0)
    }

    // B3.6
    @Test("B3.6: a cancelled request ends the indicator too")
    func cancellationBalances() async throws {
        let client = api
        let task = Task { @MainActor in try await client.request("/items?delay=5", as: ItemList.self) }
        let server = self.server
        #expect(await OwnThread.run { server.wait(until: { _, open, _ in open == 1 }) }, "the server holds the request")
        #expect(center.activeCount == 1)
        task.cancel()
        let result = await task.result
        #expect(center.activeCount == 0)
        if case .failure(let error as APIError) = result {
            #expect(error == .cancelled)
        } else {
            Issue.record("expected cancellation, got \(result)")
        }
        // The server notices the hang-up and lets go of the connection instead of holding
        // its 5 s answer (it counts an answer given after the delay as answered, not abandoned).
        #expect(
            await OwnThread.run { server.wait(until: { _, _, abandoned in abandoned == 1 }) },
            "the server saw the cancelled request hang up"
        )
        #expect(server.openConnections == 0)
    }

    /// An ``HTTPClient`` that records the request it is given and answers with `answer`.
    final class RecordingHTTPClient: HTTPClient, @unchecked Sendable {  // `seen` is written once, before the test reads it
        var seen: URLRequest?
        let answer: Data
        init(answer: String) { self.answer = Data(answer.utf8) }
        nonisolated(nonsending) func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            seen = request
            guard let url = request.url, let response = HTTPURLResponse(url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: nil) else {
                throw URLError(.badURL)
            }
            return (answer, response)
        }
    }

    @Test func aRequestTakesAMethodHeadersABodyAndADecoderOfTheAppsOwn() async throws {
        struct Made: Decodable, Equatable, Sendable { let itemId: Int }
        let http = RecordingHTTPClient(answer: #"{"item_id": 7}"#)
        let client = APIClient(baseURL: server.url(path: "/"), http: http, loading: center)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let made: Made = try await client.request(
            "/items",
            method: "POST",
            headers: ["Content-Type": "application/json", "X-Trace": "1"],
            body: Data(#"{"name":"tea"}"#.utf8),
            decoder: decoder,
            showsIndicator: false
        )
        #expect(made == Made(itemId: 7), "decoded with the snake-case decoder given")
        #expect(http.seen?.httpMethod == "POST")
        #expect(http.seen?.value(forHTTPHeaderField: "X-Trace") == "1")
        #expect(http.seen?.httpBody == Data(#"{"name":"tea"}"#.utf8))
    }

    @Test func aCancellableRequestIsCancelledByTheOverlay() async throws {
        let gated = GatedHTTPClient()
        let client = APIClient(baseURL: server.url(path: "/"), http: gated, loading: center)
        let task = Task { @MainActor in try await client.request("/items", as: ItemList.self, cancellable: true) }
        await gated.gate.untilWaiting(1)
        #expect(center.activeCount == 1)
        center.cancelCancellable()  // what Esc on the overlay does
        await gated.gate.open()  // the answer comes, after the cancellation
        let result = await task.result
        #expect(center.activeCount == 0)
        if case .failure(let error as APIError) = result { #expect(error == .cancelled) } else { Issue.record("expected cancellation, got \(result)") }
    }

    // B3.7
    @Test("B3.7: the same request without the indicator")
    func requestWithoutIndicator() async throws {
        let gated = GatedHTTPClient()
        let client = APIClient(baseURL: server.url(path: "/"), http: gated, loading: center)
        let task = Task { @MainActor in try await client.request("/items", as: ItemList.self, showsIndicator: false) }
        await gated.gate.untilWaiting(1)
        #expect(center.activeCount == 0, "in flight, and no indicator")
        await gated.gate.open()
        #expect(try await task.value.items.count == 3)
        #expect(center.activeCount == 0)
        // The same through the real server and URLSession.
        #expect(try await api.request("/items", as: ItemList.self, showsIndicator: false).items.count == 3)
        #expect(center.activeCount == 0)
    }

    @Test func overlappingRequestsKeepTheIndicatorUntilTheLastEnds() async throws {
        let client = api
        let slow = Task { @MainActor in try await client.request("/items?delay=1.5", as: ItemList.self) }
        let quick = Task { @MainActor in try await client.request("/items?delay=0.1", as: ItemList.self) }
        _ = try await quick.value
        #expect(center.activeCount == 1, "the slow request still runs (document 003's flaw)")
        _ = try await slow.value
        #expect(center.activeCount == 0)
    }
}

struct LoopbackServerLifetimeTests {
    @Test func aReleasedServerStopsListening() async throws {
        var server: LoopbackServer? = try LoopbackServer()
        let url = try #require(server?.url(path: "/items"))
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url)
        #expect(String(decoding: data, as: UTF8.self).contains("Item 1"))
        server = nil  // its listener is closed when this returns
        await #expect(throws: (any Error).self, "a released server stops listening") {
            _ = try await URLSession(configuration: .ephemeral).data(from: url)
        }
    }
}

struct LoopbackResponderTests {
    @Test func answersByQuery() {
        let ok = LoopbackResponder.respond(to: "GET /items?count=1&delay=0.5 HTTP/1.1")
        #expect(ok.status == 200)
        #expect(ok.delay == 0.5)
        #expect(String(decoding: ok.body, as: UTF8.self) == "{\"items\": [{\"id\": 1, \"name\": \"Item 1\"}]}")
        #expect(ok.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(LoopbackResponder.respond(to: "GET /items?status=503 HTTP/1.1").status == 503)
        #expect(LoopbackResponder.respond(to: "GET /items?delay=999 HTTP/1.1").delay == 10, "delays are bounded")
        #expect(LoopbackResponder.respond(to: "POST /items HTTP/1.1").status == 400)
        #expect(LoopbackResponder.respond(to: "GET /nothing HTTP/1.1").status == 404)
        #expect(LoopbackResponder.respond(to: "garbage").status == 400)
    }
}
