import Foundation
import GifSamples
import IndicatorKit
import Testing

@testable import GifDecoding

/// Frames in bounded memory: random access and replay give the same pixels as playing in order.
struct FrameStoreTests {
    @Test func randomAccessMatchesSequentialPlayWithATinyCache() throws {
        let data = try GifSamples.sprites(size: 120, frames: 40)
        let sequential = try AnimatedImage(data: data)
        let inOrder = (0..<sequential.frameCount).map { sequential.image(at: $0) }
        // A cache of two canvases forces replays from checkpoints.
        let tiny = try AnimatedImage(data: data, limits: DecodingLimits(maxCacheBytes: 1))
        for index in [39, 0, 17, 16, 38, 5, 39, 1, 20, 2] {
            #expect(tiny.image(at: index) == inOrder[index], "frame \(index)")
        }
        #expect(tiny.image(at: -5) == inOrder[0])
        #expect(tiny.image(at: 1000) == inOrder[39])
    }
}
