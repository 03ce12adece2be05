// libFuzzer entry point for GifDecoding: every input is loaded, every frame decoded and
// composited, and the timing functions exercised. Built only by Tools/fuzz/run.
import Foundation
import FuzzDriver
import GifDecoding

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGif(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    // Small limits keep each run fast; the limit checks themselves are exercised too.
    let limits = DecodingLimits(
        maxCanvasPixels: 1 << 20,
        maxFrameCount: 256,
        maxTotalFramePixels: 64 << 20,
        maxInputBytes: 1 << 20,
        maxCacheBytes: 1 << 18,
        maxMemoryBytes: 32 << 20
    )
    guard let image = try? AnimatedImage(data: data, limits: limits) else { return 0 }
    image.decodeAllFrames()
    let last = image.image(at: image.frameCount - 1)
    precondition(last.pixels.count == image.width * image.height * 4)
    _ = image.image(at: image.frameCount / 2)  // random access backwards
    _ = image.position(at: .milliseconds(1234), timing: .own)
    _ = image.timeUntilNextFrame(at: .milliseconds(5), timing: .uniformOneSecond)
    _ = image.warnings
    return 0
}

@_cdecl("gif_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzGif)
}
