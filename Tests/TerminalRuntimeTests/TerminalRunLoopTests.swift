import Foundation
import IndicatorKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The run loop over a backend of its own: input and resizes on pipes, nothing of ncurses.
/// One at a time: a running loop's host is the process's `TerminalHost.active`.
@MainActor
@Suite(.serialized)
struct TerminalRunLoopTests {
    /// A backend whose input is the characters written to one pipe and whose resizes are
    /// signalled on another.
    final class PipeBackend: EventSourceBackend {
        let input = Pipe(), resizes = Pipe()
        init() {
            for fd in [inputDescriptor, resizeDescriptor] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        /// What `fd` holds now, without waiting.
        func drain(_ fd: Int32) -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { return bytes }
                bytes += buffer[0..<n]
            }
        }
        var size = Size(width: 12, height: 2)
        let capabilities = TerminalCapabilities(colorDepth: .none, mouse: false, name: "pipes")
        var presented: [[String]] = []
        var pending: [InputEvent] = []
        var closed = false
        var inputDescriptor: Int32 { input.fileHandleForReading.fileDescriptor }
        var resizeDescriptor: Int32 { resizes.fileHandleForReading.fileDescriptor }
        /// Called after each frame (the test's wait resumes from here).
        var onPresent: (@MainActor () -> Void)?
        func present(_ canvas: Canvas) {
            presented.append(canvas.lines)
            onPresent?()
        }
        func readEvents() -> [InputEvent] {
            let text = String(decoding: drain(inputDescriptor), as: UTF8.self)
            defer { pending = [] }
            return pending + text.map { .key(.character($0)) }
        }
        func applyResize() {
            _ = drain(resizeDescriptor)
            size = Size(width: 20, height: 2)
            pending.append(.resize(size))
        }
        func close() { closed = true }
    }

    /// Shows the keys typed so far.
    final class Typed: View {
        var text = ""
        var host = HostLink()
        func render(in rect: Rect, on canvas: inout Canvas) {
            host.note()
            canvas.draw(text, at: rect.origin, clip: rect)
        }
        func handle(_ event: InputEvent) -> EventResult {
            guard case .key(.character(let c)) = event else { return .ignored }
            text.append(c)
            return .handled
        }
    }

    /// Suspends until a frame `backend` presents satisfies `condition` (the test's time
    /// limit is the safety net).
    func frame(on backend: PipeBackend, where condition: @escaping @MainActor ([String]) -> Bool) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            backend.onPresent = {
                guard let last = backend.presented.last, condition(last) else { return }
                backend.onPresent = nil
                done.resume()
            }
        }
    }

    /// The limit is a net for a hang, not a pace: on a busy two-core machine the main actor
    /// can be taken by other suites' tests for over a minute before this one resumes.
    @Test(.timeLimit(.minutes(3)))
    func itDrawsAtOnceThenAfterEachBurstOfInputAndResizes() async throws {
        let backend = PipeBackend()
        let view = Typed()
        let host = TerminalHost(backend: backend, root: view)
        let loop = TerminalRunLoop(backend: backend, host: host)
        loop.start()
        #expect(loop.isRunning)
        #expect(backend.presented == [["            ", "            "]], "the first frame is drawn at once")
        backend.input.fileHandleForWriting.write(Data("hi".utf8))
        await frame(on: backend) { $0.first?.hasPrefix("hi") == true }
        #expect(backend.presented.last?.first == "hi          ")
        backend.resizes.fileHandleForWriting.write(Data([1]))
        await frame(on: backend) { $0.first?.count == 20 }
        #expect(backend.presented.last == ["hi" + String(repeating: " ", count: 18), String(repeating: " ", count: 20)])
        loop.stop()
        #expect(!loop.isRunning && !backend.closed, "stopping leaves the terminal to its owner")
    }

    @Test(.timeLimit(.minutes(1)))
    func aComponentWithNoWiringAsksTheRunningHostAndUnusedKeysGoToTheApp() async throws {
        let backend = PipeBackend()
        let view = Typed()
        let host = TerminalHost(backend: backend, root: view)
        var unused: [InputEvent] = []
        host.onUnhandled = { unused.append($0) }
        let loop = TerminalRunLoop(backend: backend, host: host)
        loop.start()  // the first frame is drawn at once: the view notes its host
        view.text = "changed"
        view.host.request(nil)  // what a component given no onNeedsDisplay does
        await frame(on: backend) { $0.first?.hasPrefix("changed") == true }
        backend.pending = [.key(.control("c"))]
        backend.input.fileHandleForWriting.write(Data("!".utf8))
        await frame(on: backend) { $0.first?.hasPrefix("changed!") == true }
        #expect(unused == [.key(.control("c"))], "the key the view did not use reaches the app")
        loop.stop()
    }
}
