/// Why a request made through ``APIClient`` failed. Each case keeps what a person needs.
public enum APIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path did not make a valid URL.
    case invalidURL(String)
    /// The server answered with a status outside 200..<300; `excerpt` is the start of the body.
    case status(Int, excerpt: String)
    /// The body could not be decoded into the expected type.
    case decoding(String)
    /// The request did not reach the server or the answer did not come back.
    case transport(String)
    /// The request was cancelled.
    case cancelled

    /// What went wrong, in words for the user.
    public var description: String {
        switch self {
        case .invalidURL(let path): "“\(path)” is not a valid request path"
        case .status(let code, let excerpt): "the server answered \(code): \(excerpt)"
        case .decoding(let detail): "the answer could not be read: \(detail)"
        case .transport(let detail): "the request failed: \(detail); check the connection and try again"
        case .cancelled: "the request was cancelled"
        }
    }
}
