import ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real child process: its output and errors on pipes of their own, its end and status.
struct ChildProcessIOTests {
    /// Everything `descriptor` gives until it ends (the child closed it), ten seconds at most.
    func readToEnd(_ descriptor: Int32) -> String {
        var data = Data()
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&watch, 1, 100)  // wakes when output comes or the pipe closes
            let (more, ended) = ChildProcessIO.readAvailable(from: descriptor)
            data += more
            if ended { break }
        }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aCommandsOutputAndErrorsComeApartAndItsStatusIsItsOwn() throws {
        let child = try ChildProcessIO.spawn(["sh", "-c", "echo out; echo err >&2; exit 3"])
        #expect(readToEnd(child.output) == "out\n")
        #expect(readToEnd(child.errors) == "err\n")
        var status: Int32 = 0
        #expect(waitpid(child.pid, &status, 0) == child.pid)
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 3, "exited with 3: \(status)")
        ChildProcessIO.close(child.output)
        ChildProcessIO.close(child.errors)
    }

    @Test func aCommandThatIsNotThereIsSaidToBeNotFound() {
        do {
            let child = try ChildProcessIO.spawn(["indicatorkit-no-such-command-\(UUID().uuidString)"])
            var status: Int32 = 0
            _ = waitpid(child.pid, &status, 0)
            Issue.record("a missing command started: \(status)")
        } catch {
            #expect(error.isNotFound, "\(error)")
        }
        #expect(throws: ChildProcessIO.SpawnError.self) { try ChildProcessIO.spawn([]) }
    }

    // A write to a pipe whose reader went away is `showcase run`'s, tested end to end
    // (ShowcaseEndToEndTests): ignoring SIGPIPE here would change it for every process
    // these tests start.
}
