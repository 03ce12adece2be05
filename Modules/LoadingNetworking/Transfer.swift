import Foundation
import Indicator
import KitSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads and uploads over `URLSession` with a ``Indicator/ProgressBar`` that shows the
/// bytes so far, the length (when the server says it), the speed and the time left; Ctrl-C
/// cancels the transfer (the bar says so, a partial download is removed) and the call throws
/// `CancellationError`, as cancelling the calling task does.
///
/// ```swift
/// let response = try await Transfer.download(URLRequest(url: url), to: URL(fileURLWithPath: "big.iso"))
/// // Downloading big.iso ████████▌      57% 1.1 GiB/2.0 GiB · 48.2 MiB/s · ETA 19 s
/// ```
///
/// A download is written beside its destination (`NAME.part`) and moved into place whole
/// once it is complete: a failed or cancelled one leaves the destination as it was.
public enum Transfer {
    /// A server that answered with an error status: nothing was written.
    public struct StatusError: Error, Equatable, CustomStringConvertible {
        public let statusCode: Int
        public let url: URL?
        public var description: String {
            "\(url?.absoluteString ?? "the server") answered \(statusCode) (\(HTTPURLResponse.localizedString(forStatusCode: statusCode)))"
        }
    }

    /// Downloads what `request` asks for into `destination`, a bar on `group` saying
    /// `message` (default: “Downloading NAME”). `cancelsOnInterrupt`: Ctrl-C (SIGINT)
    /// cancels it, while it runs, instead of ending the process.
    @discardableResult
    public static func download(
        _ request: URLRequest,
        to destination: URL,
        message: String? = nil,
        group: ProgressGroup = .standardError,
        configuration: URLSessionConfiguration = .ephemeral,
        cancelsOnInterrupt: Bool = true
    ) async throws -> HTTPURLResponse {
        let bar = ProgressBar(total: nil, message: message ?? "Downloading \(destination.lastPathComponent)", unit: .bytes, group: group)
        let partial = destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".part")
        let receiver = Receiver(bar: bar, file: partial)
        let outcome = try await run(request, body: nil, receiver: receiver, configuration: configuration, cancelsOnInterrupt: cancelsOnInterrupt)
        do {
            if FileManager.default.fileExists(atPath: destination.path) {
                _ = try FileManager.default.replaceItemAt(destination, withItemAt: partial)
            } else {
                try FileManager.default.moveItem(at: partial, to: destination)
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            bar.fail(detail: "cannot write \(destination.path)")
            throw error
        }
        bar.finish()
        return outcome.response
    }

    /// Sends `body` with `request` (its method POST unless it says another), a bar on `group`
    /// counting the bytes sent; returns what the server answered.
    public static func upload(
        _ request: URLRequest,
        from body: Data,
        message: String = "Uploading",
        group: ProgressGroup = .standardError,
        configuration: URLSessionConfiguration = .ephemeral,
        cancelsOnInterrupt: Bool = true
    ) async throws -> (Data, HTTPURLResponse) {
        let bar = ProgressBar(total: body.count, message: message, unit: .bytes, group: group)
        var sent = request
        if sent.httpMethod == nil || sent.httpMethod == "GET" { sent.httpMethod = "POST" }
        let receiver = Receiver(bar: bar, file: nil)
        let outcome = try await run(sent, body: body, receiver: receiver, configuration: configuration, cancelsOnInterrupt: cancelsOnInterrupt)
        bar.finish()
        return (outcome.data, outcome.response)
    }

    private static func run(
        _ request: URLRequest,
        body: Data?,
        receiver: Receiver,
        configuration: URLSessionConfiguration,
        cancelsOnInterrupt: Bool
    ) async throws -> (data: Data, response: HTTPURLResponse) {
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = body.map { session.uploadTask(with: request, from: $0) } ?? session.dataTask(with: request)
        let interrupt = cancelsOnInterrupt ? InterruptWatch { [receiver] in receiver.cancelledByKey(task) } : nil
        defer { interrupt?.stop() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                receiver.start(continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// What a transfer's session tells: the response, the bytes as they come (written to the
/// file, or kept), the bytes sent, the end. Its state is held in a `Locked`.
private final class Receiver: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = (data: Data, response: HTTPURLResponse)

    struct State {
        var handle: FileHandle?
        var data = Data()
        var response: HTTPURLResponse?
        var continuation: CheckedContinuation<Outcome, any Error>?
        var interrupted = false
    }

    let bar: ProgressBar
    let file: URL?
    private let state = Locked(State())

    init(bar: ProgressBar, file: URL?) {
        self.bar = bar
        self.file = file
    }

    func start(_ continuation: CheckedContinuation<Outcome, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    func cancelledByKey(_ task: URLSessionTask) {
        state.withLock { $0.interrupted = true }
        task.cancel()
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        state.withLock { $0.response = http }
        guard (200..<300).contains(http.statusCode) else {
            completionHandler(.cancel)
            return
        }
        if let file {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let handle = FileHandle(forWritingAtPath: file.path)
            state.withLock { $0.handle = handle }
            if http.expectedContentLength > 0 {
                // A length known: a bar with the percentage and the time left.
                bar.total = Int(clamping: http.expectedContentLength)
                bar.style = .bar
            }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let handle = state.withLock { state in
            if state.handle == nil { state.data += data }
            return state.handle
        }
        guard let handle else { return }
        handle.write(data)
        bar.inc(data.count)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        if file == nil { bar.value = Int(clamping: totalBytesSent) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let ended = state.withLock { state in
            defer {
                state.continuation = nil
                state.handle = nil
            }
            return state
        }
        try? ended.handle?.close()
        let failure: (any Error)?
        if let response = ended.response, !(200..<300).contains(response.statusCode) {
            failure = Transfer.StatusError(statusCode: response.statusCode, url: task.originalRequest?.url)
        } else if let error {
            failure = (error as? URLError)?.code == .cancelled ? CancellationError() : error
        } else if ended.response == nil {
            failure = URLError(.badServerResponse)
        } else {
            failure = nil
        }
        guard let failure else {
            // No failure: a response came (its absence is one).
            if let response = ended.response { ended.continuation?.resume(returning: (ended.data, response)) }
            return
        }
        if let file { try? FileManager.default.removeItem(at: file) }
        let reason: String
        switch failure {
        case is CancellationError: reason = ended.interrupted ? "cancelled by Ctrl-C" : "cancelled"
        case let status as Transfer.StatusError: reason = "the server answered \(status.statusCode)"
        default: reason = (failure as NSError).localizedDescription
        }
        bar.fail(detail: reason)
        ended.continuation?.resume(throwing: failure)
    }
}

/// While it lives, SIGINT (Ctrl-C) runs `action` instead of ending the process; the
/// handling before it is put back by ``stop()``.
private final class InterruptWatch {
    private let source: any DispatchSourceSignal
    private let previous: sighandler_t?

    init(_ action: @escaping @Sendable () -> Void) {
        previous = signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: action)
        source.resume()
    }

    func stop() {
        source.cancel()
        if let previous { signal(SIGINT, previous) }
    }
}
