import Foundation
import Indicator
import IndicatorKit
import LoopbackHTTP
import TestSupport
import Testing

@testable import LoadingNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads and uploads with a bar, on real HTTP over loopback.
@Suite(.serialized)
struct TransferTests {
    /// The bytes `/bytes?size=N` serves.
    static func pattern(_ size: Int) -> Data { Data((0..<size).map { UInt8(truncatingIfNeeded: $0 % 251) }) }

    /// A group drawing on a terminal in memory, from its own thread, on the real clock.
    static func group() -> (ProgressGroup, InMemoryLineOutput) {
        let output = InMemoryLineOutput(columns: 100)
        return (ProgressGroup(output: output, mode: .animated(colors: false)), output)
    }

    @Test(.timeLimit(.minutes(1))) func aDownloadShowsItsBytesSpeedAndTimeLeftAndLandsWhole() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = try makeTemporaryFolder("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("data.bin")
        let (group, output) = Self.group()
        // 3 MiB at 4 MiB/s: three quarters of a second, drawn many times meanwhile.
        let size = 3 << 20
        let response = try await Transfer.download(
            URLRequest(url: server.url(path: "/bytes?size=\(size)&rate=\(4 << 20)")),
            to: destination,
            group: group,
            cancelsOnInterrupt: false
        )
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: destination) == Self.pattern(size))
        #expect(!FileManager.default.fileExists(atPath: destination.path + ".part"))
        let frames = output.text
        // The speed's unit follows the pace (KiB/s on a busy machine): any will do.
        #expect(
            frames.contains("Downloading data.bin") && frames.contains("/3.00 MiB") && frames.contains("B/s · ETA"),
            "\(output.screen)"
        )
        let last = output.screen.last { !$0.isEmpty } ?? ""
        #expect(last.hasPrefix("Downloading data.bin ") && last.contains("100% 3.00 MiB/3.00 MiB"), "\(output.screen)")
    }

    @Test(.timeLimit(.minutes(1))) func anErrorStatusOrACancelLeavesTheDestinationAsItWas() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = try makeTemporaryFolder("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: destination)
        let (group, output) = Self.group()
        await #expect(throws: Transfer.StatusError(statusCode: 404, url: server.url(path: "/bytes?status=404"))) {
            try await Transfer.download(URLRequest(url: server.url(path: "/bytes?status=404")), to: destination, group: group, cancelsOnInterrupt: false)
        }
        #expect(try Data(contentsOf: destination) == Data("mine".utf8), "a failed download writes nothing")
        // Cancelled once bytes have come: the partial file goes, the destination stays.
        let download = Task {
            try await Transfer.download(
                URLRequest(url: server.url(path: "/bytes?size=\(8 << 20)&rate=\(1 << 20)")),
                to: destination,
                group: group,
                cancelsOnInterrupt: false
            )
        }
        while !output.text.contains("KiB") && !output.text.contains("MiB") { try await Task.sleep(for: .milliseconds(20)) }
        download.cancel()
        await #expect(throws: CancellationError.self) { try await download.value }
        #expect(try Data(contentsOf: destination) == Data("mine".utf8))
        #expect(!FileManager.default.fileExists(atPath: destination.path + ".part"))
        #expect(output.screen.contains { $0.hasPrefix("✗ Downloading keep.txt (cancelled") }, "\(output.screen)")
    }

    @Test(.timeLimit(.minutes(1))) func ctrlCCancelsATransferInsteadOfEndingTheProgram() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = try makeTemporaryFolder("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (group, output) = Self.group()
        let download = Task {
            try await Transfer.download(
                URLRequest(url: server.url(path: "/bytes?size=\(8 << 20)&rate=\(1 << 20)")),
                to: folder.appendingPathComponent("x"),
                group: group
            )
        }
        while !output.text.contains("KiB") && !output.text.contains("MiB") { try await Task.sleep(for: .milliseconds(20)) }
        kill(getpid(), SIGINT)  // as Ctrl-C: taken by the transfer while it runs
        await #expect(throws: CancellationError.self) { try await download.value }
        #expect(output.screen.contains { $0.hasPrefix("✗ Downloading x (cancelled by Ctrl-C") }, "\(output.screen)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.part").path))
    }

    @Test(.timeLimit(.minutes(1))) func anUploadCountsTheBytesSent() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let (group, output) = Self.group()
        let body = Self.pattern(700_000)
        let (answer, response) = try await Transfer.upload(
            URLRequest(url: server.url(path: "/upload")),
            from: body,
            message: "Sending",
            group: group,
            cancelsOnInterrupt: false
        )
        #expect(response.statusCode == 200 && String(decoding: answer, as: UTF8.self) == #"{"received": 700000}"#)
        let last = output.screen.last { !$0.isEmpty } ?? ""
        #expect(last.hasPrefix("Sending ") && last.contains("100% 684 KiB/684 KiB"), "\(output.screen)")
    }
}
