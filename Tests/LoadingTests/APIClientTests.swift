import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTP
import Testing
import TUICore
@testable import Loading

struct Item: Decodable, Equatable, Sendable {
    let id: Int
    let name: String
}

struct ItemList: Decodable, Equatable, Sendable {
    let items: [Item]
}

/// Real HTTP over loopback through URLSession (B3.6, B3.7).
@MainActor
@Suite(.serialized)
struct APIClientTests {
    let server: LoopbackServer
    let center = LoadingCenter(scheduler: VirtualScheduler())

    init() throws {
        server = try LoopbackServer(maxRequests: 200)
    }

    var api: APIClient { APIClient(baseURL: server.url(path: "/"), loading: center) }

    // B3.6
    @Test("B3.6: a request starts the indicator before it is sent, ends it after, and decodes the caller's type")
    func successDecodesAndBalances() async throws {
        let client = api
        let task = Task { @MainActor in try await client.request("/items?delay=0.3&count=2", as: ItemList.self) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(center.activeCount == 1, "started before the answer came")
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
            guard case .decoding = error else { Issue.record("expected a decoding error, got \(error)"); return }
        }
        #expect(center.activeCount == 0)
        let closed = try LoopbackServer()
        let url = closed.url(path: "/")
        closed.stop()
        do {
            _ = try await APIClient(baseURL: url, loading: center).request("/items", as: ItemList.self)
            Issue.record("nobody listens")
        } catch {
            guard case .transport = error else { Issue.record("expected a transport error, got \(error)"); return }
            #expect(error.description.contains("check the connection"))
        }
        #expect(center.activeCount == 0)
    }

    // B3.6
    @Test("B3.6: a cancelled request ends the indicator too")
    func cancellationBalances() async throws {
        let client = api
        let task = Task { @MainActor in try await client.request("/items?delay=2", as: ItemList.self) }
        try await Task.sleep(for: .milliseconds(150))
        #expect(center.activeCount == 1)
        task.cancel()
        let result = await task.result
        #expect(center.activeCount == 0)
        if case .failure(let error as APIError) = result {
            #expect(error == .cancelled)
        } else {
            Issue.record("expected cancellation, got \(result)")
        }
    }

    // B3.7
    @Test("B3.7: the same request without the indicator")
    func requestWithoutIndicator() async throws {
        let client = api
        let task = Task { @MainActor in try await client.request("/items?delay=0.3", as: ItemList.self, showsIndicator: false) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(center.activeCount == 0)
        #expect(try await task.value.items.count == 3)
    }

    @Test func overlappingRequestsKeepTheIndicatorUntilTheLastEnds() async throws {
        let client = api
        let slow = Task { @MainActor in try await client.request("/items?delay=0.6", as: ItemList.self) }
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
        server = nil
        try await Task.sleep(for: .milliseconds(100))
        await #expect(throws: (any Error).self) { _ = try await URLSession(configuration: .ephemeral).data(from: url) }
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
