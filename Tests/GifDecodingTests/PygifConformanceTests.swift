import Foundation
import IndicatorKit
import Testing

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
        var sections: [String: [String: String]] = [:]
        var current = ""
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") {
                current = String(line.dropFirst().dropLast())
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            sections[current, default: [:]][key] = value
        }
        return sections
    }

    /// A problem of the suite's own data, found by checking the data itself: an expected
    /// pixel file of the wrong size, or a loop count the GIF has no loop block for. Such a
    /// case is checked as a known issue (which fails if the problem goes away), so a copy
    /// of the suite with the data fixed is checked in full.
    static func dataProblem(_ name: String) -> String? {
        guard let conf = try? config(name), let main = conf["config"],
            let width = Int(main["width"] ?? ""), let height = Int(main["height"] ?? "")
        else { return nil }
        let frameNames = (main["frames"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for frame in frameNames where !frame.isEmpty {
            guard let file = conf[frame]?["pixels"] else { continue }
            let size = (try? Data(contentsOf: folder.appendingPathComponent(file)).count) ?? 0
            if size != width * height * 4 {
                return "\(file) holds \(size) bytes, not the \(width)×\(height)×4 of an RGBA frame"
            }
        }
        if let loop = main["loop-count"], loop != "0", let input = main["input"],
            let gif = try? Data(contentsOf: folder.appendingPathComponent(input)),
            gif.range(of: Data("NETSCAPE2.0".utf8)) == nil, gif.range(of: Data("ANIMEXTS1.0".utf8)) == nil
        {
            return "\(name).conf expects loop-count \(loop), but \(input) has no loop block"
        }
        return nil
    }

    /// The TESTS file was read and every test it lists has its `.conf` (the count is not
    /// fixed: this copy lists 84, its README says 87).
    @Test func theSuiteListsItsTests() {
        #expect(!Self.names.isEmpty)
        for name in Self.names {
            #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("\(name).conf").path), "\(name).conf missing")
        }
    }

    @Test(arguments: names)
    func conforms(_ name: String) throws {
        if let problem = Self.dataProblem(name) {
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
            let actual = image.image(at: frameIndex)
            let difference = ConformanceSuite.firstDifference(actual.pixels, [UInt8](pixels), width: image.width)
            #expect(difference == nil, "\(name) frame \(frameIndex): \(difference ?? "")")
            if allFrames {
                let expectedDelay = Int(section["delay"] ?? "0") ?? 0
                #expect((image.frames[frameIndex].delayCentiseconds ?? 0) == expectedDelay, "\(name) frame \(frameIndex) delay")
            }
        }
    }
}
