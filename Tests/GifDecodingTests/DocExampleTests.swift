import GifDecoding
import IndicatorKit
import Testing

/// The example of docs/GifDecoding.md, compiled and run as written.
struct DocExampleTests {
    @Test func theBundledSpinnerPlaysAUniformCycle() throws {
        let elapsed = Duration.milliseconds(500)
        let spinner = try AnimatedImage.spinner()  // B0.1
        #expect(spinner.frameCount == 12)  // B0.2
        #expect(spinner.plays == .infinite)
        let timing = FrameTiming.uniform(cycle: .seconds(1))  // B0.3
        let position = spinner.position(at: elapsed, timing: timing)
        let pixels = spinner.image(at: position.frame)
        #expect(position.frame == 6)
        #expect(pixels.width == 126 && pixels.height == 90)
    }
}
