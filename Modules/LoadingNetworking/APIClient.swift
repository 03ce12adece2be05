import Foundation
import Loading

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A JSON API client tied to a `LoadingCenter`: every request starts an
/// activity before it is sent and ends it when it completes — success, an error status,
/// a decoding failure, a transport failure or cancellation alike. Pass
/// `showsIndicator: false` for the same request without the indicator.
///
/// ```swift
/// let api = APIClient(baseURL: server.baseURL)   // any base URL; here a LoopbackServer
/// let list: ItemList = try await api.request("/items?delay=1")
/// let quiet: ItemList = try await api.request("/items", showsIndicator: false)
/// let made: Item = try await api.request("/items", method: "POST", headers: ["Content-Type": "application/json"],
///                                        body: Data(#"{"name": "tea"}"#.utf8), cancellable: true)
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

    /// Sends `method` to `path` (with `headers` and `body`) and decodes the JSON answer into
    /// `T` with `decoder`, showing the loading indicator while it runs unless
    /// `showsIndicator` is false. With `cancellable`, Esc on the overlay cancels it
    /// (``APIError/cancelled``), as cancelling the calling task does.
    public func request<T: Decodable & Sendable>(
        _ path: String,
        method: String = "GET",
        headers: [String: String] = [:],
        body: Data? = nil,
        decoder: JSONDecoder = JSONDecoder(),
        as type: T.Type = T.self,
        showsIndicator: Bool = true,
        cancellable: Bool = false,
        label: String? = nil
    ) async throws(APIError) -> T {
        guard let url = URL(string: path, relativeTo: baseURL) else { throw .invalidURL(path) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let http = self.http
        let operation: @MainActor () async throws -> T = { [request] in
            try await Self.fetch(request, with: http, decoder: decoder, as: type)
        }
        do {
            if showsIndicator {
                return try await loading.track(label ?? "Loading \(path)", cancellable: cancellable, operation)
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

    private static func fetch<T: Decodable>(_ request: URLRequest, with http: any HTTPClient, decoder: JSONDecoder, as type: T.Type) async throws -> T {
        let data: Data
        let response: HTTPURLResponse
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
            return try decoder.decode(T.self, from: data)
        } catch {
            throw APIError.decoding(String(describing: error).prefix(160).description)
        }
    }
}
