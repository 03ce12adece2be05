import Foundation
import IndicatorKit
import Loading
import LoadingNetworking
import LoopbackHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the Requests scene sends its requests.
package struct SceneNetwork: Sendable {
    /// The client.
    package let http: any HTTPClient
    /// The server's base URL.
    package let baseURL: URL
    /// Keeps a live server alive as long as the scene needs it.
    let server: LoopbackServer?

    /// Real HTTP through URLSession to a new loopback server (the app).
    package static func loopback() throws -> SceneNetwork {
        let server = try LoopbackServer()
        return SceneNetwork(http: URLSessionHTTPClient(), baseURL: server.url(path: "/"), server: server)
    }

    /// The same answers on a virtual clock (the headless runner).
    @MainActor
    package static func simulated(scheduler: any Scheduler) -> SceneNetwork {
        var components = URLComponents()
        (components.scheme, components.host, components.port, components.path) = ("http", "127.0.0.1", 1, "/")
        return SceneNetwork(http: SimulatedHTTPClient(scheduler: scheduler), baseURL: components.url ?? URL(fileURLWithPath: "/"), server: nil)
    }
}

/// Answers like ``LoopbackServer`` (same responder), waiting on the scheduler instead of the
/// network, so scenarios play requests on the virtual clock.
struct SimulatedHTTPClient: HTTPClient {
    let scheduler: @MainActor @Sendable (Duration) async throws -> Void

    @MainActor
    init(scheduler: any Scheduler) {
        self.scheduler = { [scheduler] duration in try await scheduler.sleep(for: duration) }
    }

    nonisolated(nonsending) func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let target = request.url.map { url in url.path + (url.query.map { "?" + $0 } ?? "") } ?? "/"
        let response = LoopbackResponder.respond(to: "GET \(target) HTTP/1.1")
        try await scheduler(.milliseconds(Int(response.delay * 1000)))
        guard let url = request.url,
            let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        else {
            throw URLError(.badServerResponse)
        }
        return (Data(response.body), http)
    }
}
