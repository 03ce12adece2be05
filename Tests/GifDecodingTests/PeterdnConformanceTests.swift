import Foundation
import IndicatorKit
import Testing

@testable import GifDecoding

/// peterdn/gif-test-suite (13 GIFs): every composited frame must match exactly, and the
/// metadata in TESTS.json (rectangles, delays, disposal, transparency, loop value).
@Suite(.enabled(if: ConformanceSuite.isAvailable, ConformanceSuite.skipNote))
struct PeterdnConformanceTests {
    static let folder = ConformanceSuite.root.appendingPathComponent("peterdn-gif-test-suite")

    struct Expected: Decodable {
        struct Frame: Decodable {
            let png: String
            let rect: [Int]
            let interlaced: Bool
            let delay_cs: Int?
            let disposal: Int
            let transparent_index: Int?
        }
        let input: String
        let canvas: [Int]
        let netscape_loop: Int?
        let frames: [Frame]
    }

    struct Suite: Decodable {
        let tests: [String: Expected]
    }

    static let suite: Suite? = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("TESTS.json")) else { return nil }
        return try? JSONDecoder().decode(Suite.self, from: data)
    }()

    static var names: [String] { suite?.tests.keys.sorted() ?? [] }

    /// The suite's index was read and every GIF it names is there (so no case is skipped
    /// silently; the count is not fixed, so a newer copy of the suite is checked too).
    @Test func theSuiteIsReadAndEveryGifIsThere() throws {
        let suite = try #require(Self.suite, "TESTS.json could not be read")
        #expect(!suite.tests.isEmpty)
        for (name, test) in suite.tests {
            #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(test.input).path), "\(name): \(test.input) missing")
        }
    }

    @Test(arguments: names)
    func everyFrameMatches(_ name: String) throws {
        let expected = try #require(Self.suite?.tests[name])
        let image = try AnimatedImage(contentsOfFile: Self.folder.appendingPathComponent(expected.input).path)
        #expect([image.width, image.height] == expected.canvas)
        #expect(image.loopCount == expected.netscape_loop)
        #expect(image.frameCount == expected.frames.count)
        for (i, frame) in expected.frames.enumerated() where i < image.frameCount {
            let info = image.frames[i]
            #expect([info.x, info.y, info.width, info.height] == frame.rect, "\(name) frame \(i) rect")
            #expect(info.interlaced == frame.interlaced)
            #expect(info.delayCentiseconds == frame.delay_cs, "\(name) frame \(i) delay")
            #expect(info.disposal.rawValue == frame.disposal, "\(name) frame \(i) disposal")
            #expect(info.transparentIndex == frame.transparent_index, "\(name) frame \(i) transparency")
            let png = try PNGReader.rgba([UInt8](Data(contentsOf: Self.folder.appendingPathComponent(frame.png))))
            let difference = ConformanceSuite.firstDifference(image.image(at: i).pixels, png.pixels, width: image.width)
            #expect(difference == nil, "\(name) frame \(i): \(difference ?? "")")
        }
    }
}
