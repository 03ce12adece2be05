import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seam to the network: send a request, get the body and the response.
public protocol HTTPClient: Sendable {
    /// Sends `request`; throws on transport failure (not on HTTP error statuses).
    nonisolated(nonsending) func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The real ``HTTPClient``: `URLSession` (FoundationNetworking on Linux).
public struct URLSessionHTTPClient: HTTPClient {
    /// The session used.
    public let session: URLSession

    /// A client on an ephemeral session (no cache, no cookies kept).
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    public nonisolated(nonsending) func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (data, http)
    }
}
