import Foundation
import Testing
import TUICore
@testable import GifDecoding

/// robert-ancell/pygif's test suite (87 tests): screen size, loop count and expected pixels.
/// Its frame-grouping rule (an image with no delay merges into the next frame) differs
/// from browsers', so all frames are compared only when it does not apply (image count ==
/// expected frame count); otherwise the last frame, which both readings agree on.
@Suite(.enabled(if: ConformanceSuite.isAvailable, ConformanceSuite.skipNote))
struct PygifConformanceTests {
    static let folder = ConformanceSuite.root.appendingPathComponent("pygif-test-suite/test-suite")

    static var names: [String] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("TESTS"), encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }

    /// A `.conf` file: `[section]` → key → value.
    static func config(_ name: String) throws -> [String: [String: String]] {
        let text = try String(contentsOf: folder.appendingPathComponent("\(name).conf"), encoding: .utf8)
        var sections: [String: [String: String]] = [:], current = ""
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") { current = String(line.dropFirst().dropLast()); continue }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            sections[current, default: [:]][key] = value
        }
        return sections
    }

    /// Problems of the suite's own data, checked as known issues (they fail if they go away).
    static let dataProblems: [String: String] = [
        "missing-pixels": "missing-pixels.rgba in this copy is a hex dump of the GIF, not pixels",
        "gif87a-animation": "the .conf expects an infinite loop, but the file has no loop block",
    ]

    @Test func theSuiteListsItsTests() {
        // The README counts 87; the TESTS file lists 84.
        #expect(Self.names.count == 84)
    }

    @Test(arguments: names)
    func conforms(_ name: String) throws {
        if let problem = Self.dataProblems[name] {
            withKnownIssue(Comment(rawValue: problem)) { try check(name) }
        } else {
            try check(name)
        }
    }

    func check(_ name: String) throws {
        let conf = try Self.config(name)
        let main = try #require(conf["config"])
        let input = Self.folder.appendingPathComponent(try #require(main["input"])).path
        let frameNames = (main["frames"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }

        if frameNames.isEmpty {
            // No pixel expectation: a clean error or frames, never a crash.
            do {
                let image = try AnimatedImage(contentsOfFile: input)
                image.decodeAllFrames()
            } catch {
                #expect(!error.description.isEmpty)
            }
            if name == "max-size" {
                #expect(throws: GifDecodingError.self) { try AnimatedImage(contentsOfFile: input) }
            }
            return
        }

        let image = try AnimatedImage(contentsOfFile: input)
        #expect(image.width == Int(main["width"] ?? ""))
        #expect(image.height == Int(main["height"] ?? ""))
        switch main["loop-count"] {
        case "0": #expect(image.loopCount == nil)
        case "infinite": #expect(image.loopCount == 0)
        case let value?: #expect(image.loopCount == Int(value))
        case nil: Issue.record("no loop-count in \(name).conf")
        }

        let allFrames = image.frameCount == frameNames.count
        let compared = allFrames ? Array(frameNames.indices) : [frameNames.count - 1]
        for expectedIndex in compared {
            let section = try #require(conf[frameNames[expectedIndex]])
            let pixels = try Data(contentsOf: Self.folder.appendingPathComponent(try #require(section["pixels"])))
            let frameIndex = allFrames ? expectedIndex : image.frameCount - 1
            let actual = image.frame(at: frameIndex)
            let difference = ConformanceSuite.firstDifference(actual.pixels, [UInt8](pixels), width: image.width)
            #expect(difference == nil, "\(name) frame \(frameIndex): \(difference ?? "")")
            if allFrames {
                let expectedDelay = Int(section["delay"] ?? "0") ?? 0
                #expect((image.frames[frameIndex].delayCentiseconds ?? 0) == expectedDelay, "\(name) frame \(frameIndex) delay")
            }
        }
    }
}
