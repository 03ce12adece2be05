import Foundation
import GifSamples
import IndicatorKit
import Testing

@testable import GifDecoding

/// The public API: loading, frames, timing.
struct AnimatedImageTests {
    // B0.1
    @Test("B0.1: the spinner compiled into the module loads without any file")
    func loadsTheCompiledInSpinner() throws {
        let spinner = try AnimatedImage.spinner()
        #expect(spinner.width == 126)
        #expect(spinner.height == 90)
        #expect(spinner.plays == .infinite)
        #expect(spinner.warnings.isEmpty)
    }

    // B0.1
    @Test("B0.1: a missing resource or undecodable data is a typed error, not a crash")
    func missingResourceIsATypedError() throws {
        #expect(throws: GifDecodingError.resourceNotFound(name: "no-such-animation", bundle: Bundle.main.bundleURL.lastPathComponent)) {
            try AnimatedImage(named: "no-such-animation.gif", bundle: Bundle.main)
        }
        #expect(throws: GifDecodingError.notAGif) { try AnimatedImage(data: Data("PNG not a gif".utf8)) }
    }

    // B0.2
    @Test("B0.2: every frame is decoded, in order, one per image")
    func everyFrameInOrder() throws {
        let spinner = try AnimatedImage.spinner()
        #expect(spinner.frameCount == 12)
        #expect(spinner.frames.map(\.index) == Array(0..<12))
        let images = (0..<12).map { spinner.image(at: $0) }
        // Consecutive frames differ (the head moves) and each has opaque and clear pixels.
        for i in 0..<12 {
            #expect(images[i] != images[(i + 1) % 12])
            #expect(images[i].pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
            #expect(images[i].pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 })
        }
        // Images with no delay still count one frame each.
        var raw = RawGif(width: 2, height: 1, globalPalette: [(0, 0, 0), (255, 0, 0)])
        for _ in 0..<3 { raw.image(width: 2, height: 1, indices: [1, 0]) }
        raw.trailer()
        #expect(try AnimatedImage(data: raw.data).frameCount == 3)
    }

    // B0.3
    @Test("B0.3: a uniform cycle (default 1 s) spreads evenly over the frames, ignoring the file's delays")
    func uniformCycle() throws {
        let spinner = try AnimatedImage.spinner()
        let timing = FrameTiming.uniformOneSecond
        #expect(timing == .uniform(cycle: .seconds(1)))
        for i in 0..<12 { #expect(spinner.duration(ofFrame: i, timing: timing) == .seconds(1) / 12) }
        #expect(spinner.position(at: .zero, timing: timing).frame == 0)
        #expect(spinner.position(at: .milliseconds(84), timing: timing).frame == 1)
        #expect(spinner.position(at: .milliseconds(500), timing: timing).frame == 6)
        #expect(spinner.position(at: .milliseconds(2_999), timing: timing) == PlaybackPosition(frame: 11, play: 2, isFinished: false))
        let slow = FrameTiming.uniform(cycle: .seconds(3))
        #expect(spinner.position(at: .milliseconds(500), timing: slow).frame == 2)
    }

    // B0.3
    @Test("B0.3: the file's own delays are available, by browser rules")
    func fileTiming() throws {
        var raw = RawGif(width: 1, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)])
        raw.loop(2)
        for delay in [50, 0, 1, 2] {
            raw.graphicControl(delay: delay)
            raw.image(width: 1, height: 1, indices: [1])
        }
        raw.image(width: 1, height: 1, indices: [0])  // no graphic control at all
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(image.frames.map(\.delayCentiseconds) == [50, 0, 1, 2, nil])
        #expect(image.frames.map(\.duration) == [.milliseconds(500), .milliseconds(100), .milliseconds(100), .milliseconds(20), .milliseconds(100)])
        #expect(image.cycleDuration(timing: .own) == .milliseconds(820))
        #expect(image.position(at: .milliseconds(499), timing: .own).frame == 0)
        #expect(image.position(at: .milliseconds(500), timing: .own).frame == 1)
        #expect(image.position(at: .milliseconds(715), timing: .own).frame == 3)
        // Loop value 2: three plays, then the last frame stays.
        #expect(image.plays == .count(3))
        #expect(image.position(at: .milliseconds(2 * 820 + 10), timing: .own) == PlaybackPosition(frame: 0, play: 2, isFinished: false))
        #expect(image.position(at: .milliseconds(3 * 820), timing: .own) == PlaybackPosition(frame: 4, play: 2, isFinished: true))
    }

    @Test func loopBlocksDecideThePlays() throws {
        func plays(_ build: (inout RawGif) -> Void) throws -> (Int?, AnimatedImage.Plays) {
            var raw = RawGif(width: 1, height: 1, globalPalette: [(0, 0, 0), (1, 1, 1)])
            build(&raw)
            raw.image(width: 1, height: 1, indices: [1])
            raw.image(width: 1, height: 1, indices: [0])
            raw.trailer()
            let image = try AnimatedImage(data: raw.data)
            return (image.loopCount, image.plays)
        }
        #expect(try plays { _ in } == (nil, .count(1)))
        #expect(try plays { $0.loop(0) } == (0, .infinite))
        #expect(try plays { $0.loop(4) } == (4, .count(5)))
        #expect(try plays { $0.loop(0, name: "ANIMEXTS1.0") } == (0, .infinite))
    }

    @Test func commentsAreKept() throws {
        var raw = RawGif(width: 1, height: 1, globalPalette: [(0, 0, 0), (1, 1, 1)])
        raw.comment("made by hand \u{1B}[31m")
        raw.image(width: 1, height: 1, indices: [1])
        raw.trailer()
        let image = try AnimatedImage(data: raw.data)
        #expect(image.comments == ["made by hand \u{1B}[31m"])
        #expect(!image.comments[0].sanitizedForTerminal.contains("\u{1B}"))
    }

    @Test func filesAndMemoryGiveTheSameFrames() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spinner-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = AnimatedImage.spinnerData
        try data.write(to: url)
        let fromFile = try AnimatedImage(contentsOfFile: url.path)
        let fromData = try AnimatedImage(data: data)
        for i in 0..<fromFile.frameCount { #expect(fromFile.image(at: i) == fromData.image(at: i)) }
    }

    @Test("B0.1: a GIF decoded in a detached task is handed back and played on another")
    func decodedOffTheMainActorAndShared() async throws {
        let image = try await Task.detached { try AnimatedImage.spinner() }.value  // Sendable: crosses tasks
        async let first = Task.detached { image.image(at: 3) }.value
        async let second = Task.detached { image.image(at: 3) }.value
        let (a, b) = await (first, second)
        #expect(a == b && a.width == 126, "two tasks asking at once get the same frame")
    }

    @Test("B0.1: the compiled-in spinner is the sample generator's spinner, and its source is up to date")
    func compiledInSpinnerMatchesItsGenerator() throws {
        let generated = try GifSamples.spinner()
        #expect(AnimatedImage.spinnerData == generated)
        let sourceFile = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Modules/GifDecoding/SpinnerGIF.swift")
        let source = try String(contentsOf: sourceFile, encoding: .utf8)
        #expect(source == GifSamples.spinnerSource(generated), "run: swift run gifgen spinner-source Modules/GifDecoding/SpinnerGIF.swift")
    }
}
