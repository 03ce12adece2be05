import Foundation
import TUICore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A JSON API client tied to a ``LoadingCenter`` (document 003): every request starts an
/// activity before it is sent and ends it when it completes — success, an error status,
/// a decoding failure, a transport failure or cancellation alike (B3.6). Pass
/// `showsIndicator: false` for the same request without the indicator (B3.7).
///
/// ```swift
/// let api = APIClient(baseURL: server.baseURL)   // any base URL; here a LoopbackServer
/// let list: ItemList = try await api.request("/items?delay=1")
/// let quiet: ItemList = try await api.request("/items", showsIndicator: false)
/// ```
@MainActor
public final class APIClient {
    /// Where paths are resolved.
    public let baseURL: URL
    private let http: any HTTPClient
    private let loading: LoadingCenter

    /// Creates a client; by default it uses `URLSession` and the shared loading center.
    public init(baseURL: URL, http: any HTTPClient = URLSessionHTTPClient(), loading: LoadingCenter = .shared) {
        self.baseURL = baseURL
        self.http = http
        self.loading = loading
    }

    /// GETs `path` and decodes the JSON answer into `T`, showing the loading indicator
    /// while it runs unless `showsIndicator` is false.
    public func request<T: Decodable & Sendable>(_ path: String, as type: T.Type = T.self, showsIndicator: Bool = true, label: String? = nil) async throws(APIError) -> T {
        guard let url = URL(string: path, relativeTo: baseURL) else { throw .invalidURL(path) }
        let http = self.http
        let operation: @MainActor () async throws -> T = {
            try await Self.fetch(URLRequest(url: url), with: http, as: type)
        }
        do {
            if showsIndicator {
                return try await loading.track(label ?? "Loading \(path)", operation)
            }
            return try await operation()
        } catch let error as APIError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .transport(error.localizedDescription)
        }
    }

    private static func fetch<T: Decodable>(_ request: URLRequest, with http: any HTTPClient, as type: T.Type) async throws -> T {
        let data: Data, response: HTTPURLResponse
        do {
            (data, response) = try await http.data(for: request)
        } catch {
            if Task.isCancelled || (error as? URLError)?.code == .cancelled { throw APIError.cancelled }
            throw APIError.transport(error.localizedDescription)
        }
        try Task.checkCancellation()
        guard (200..<300).contains(response.statusCode) else {
            let excerpt = String(decoding: data.prefix(120), as: UTF8.self).sanitizedForTerminal
            throw APIError.status(response.statusCode, excerpt: excerpt)
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw APIError.decoding(String(describing: error).prefix(160).description)
        }
    }
}
