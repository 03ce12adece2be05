import Foundation
import Testing

@testable import LoopbackHTTP

/// The demo server's defence against a flood: a rate, not a lifetime count.
struct LoopbackServerTests {
    @Test func theRateRefillsWithTimeAndHoldsABurstOfTwiceIt() {
        var rate = RequestRate(perSecond: 10)
        let start: UInt64 = 1_000_000_000
        func take(after nanoseconds: UInt64) -> Bool { rate.take(at: start + nanoseconds) }
        let burst = (0..<20).map { _ in take(after: 0) }
        #expect(burst.allSatisfy { $0 }, "a burst of twice the rate")
        let spent = take(after: 0)
        let half = take(after: 50_000_000)
        let one = take(after: 100_000_000)
        let none = take(after: 100_000_000)
        #expect(!spent, "the burst is spent")
        #expect(!half, "half a token after 50 ms")
        #expect(one, "one token after 100 ms")
        #expect(!none)
        // A long quiet spell refills the bucket only to its burst.
        let refilled = (0..<21).map { _ in take(after: 60_000_000_000) }
        #expect(refilled == Array(repeating: true, count: 20) + [false])
    }

    /// Opens a connection, asks for `/text` and reads the answer; nil when the server hung up
    /// without answering (a refused connection).
    func ask(_ server: LoopbackServer) -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = server.port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET /text HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            answer += buffer[0..<n]
        }
        return answer.isEmpty ? nil : String(decoding: answer, as: UTF8.self)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFloodIsRefusedWhileItLastsAndTheServerServesAgainAfter() {
        let server = try? LoopbackServer(requestsPerSecond: 5)
        guard let server else {
            Issue.record("the server did not start")
            return
        }
        let answers = (0..<40).map { _ in ask(server) }
        #expect(answers.filter { $0 != nil }.count < 40, "some of a 40-request flood are refused")
        #expect(server.refusedCount > 0)
        #expect(answers.first??.hasPrefix("HTTP/1.1 200") == true, "the first ones are answered")
        // Not refused for good: asking again until answered ends (the rate refills).
        var again: String?
        while again == nil { again = ask(server) }
        #expect(again?.hasPrefix("HTTP/1.1 200") == true)
    }
}
