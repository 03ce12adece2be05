import Pixels

/// Produces composited frames on demand in bounded memory.
///
/// Playing in order works on one canvas in place: a frame is drawn onto the screen as the
/// previous frame left it, and that frame's disposal is applied only when the next frame is
/// asked for (so a caller that has let go of the previous frame costs no copy; one that
/// still holds it gets its own). Disposal 3 saves just the frame's rectangle. For random
/// access the store keeps checkpoints (the screen before every k-th frame) within the
/// cache budget; going back replays at most k frames from the nearest one (or from the
/// start when not even one screen fits the budget). The screen is allocated when the first
/// frame is asked for, so reading a file's structure costs no screen.
final class FrameStore {
    private let index: GifIndex
    private let source: ByteSource
    private let compositor: FrameCompositor
    private let decoder = LZWDecoder()
    private var compressed: [UInt8] = []
    private var indices: [UInt8] = []

    /// The screen after frame `shown` (or blank before any), its disposal not yet applied.
    private var canvas = RGBAImage(width: 0, height: 0)
    private var shown = -1
    /// The pixels under the shown frame's rectangle before it was drawn (for disposal 3).
    private var savedUnderShown: [UInt32] = []
    private var checkpoints: [Int: RGBAImage] = [:]
    private let checkpointCapacity: Int
    private let checkpointStride: Int
    /// Problems found while decoding pixels, once per frame.
    private(set) var decodeWarnings: [Int: String] = [:]

    init(index: GifIndex, source: ByteSource, limits: DecodingLimits) {
        self.index = index
        self.source = source
        compositor = FrameCompositor(width: index.width, height: index.height)
        checkpointCapacity = Self.checkpointCapacity(
            screenBytes: index.width * index.height * 4,
            frameCount: index.frames.count,
            cacheBytes: limits.maxCacheBytes
        )
        checkpointStride = checkpointCapacity == 0 ? Int.max : max(1, (index.frames.count + checkpointCapacity - 1) / checkpointCapacity)
    }

    /// How many screens are kept as checkpoints: as many as the cache holds, at most one
    /// per frame after the first (the screen before the first frame is blank, never kept).
    static func checkpointCapacity(screenBytes: Int, frameCount: Int, cacheBytes: Int) -> Int {
        min(max(0, frameCount - 1), cacheBytes / max(1, screenBytes))
    }

    /// The composited screen after frame `n` (0-based, within range).
    func frame(_ n: Int) -> RGBAImage {
        if n == shown { return canvas }
        if shown < 0 { canvas = RGBAImage(width: index.width, height: index.height) }
        if n < shown {
            let start = checkpoints.keys.filter { $0 <= n }.max() ?? 0
            canvas = RGBAImage(width: 0, height: 0)  // let go of the old screen before making the next
            canvas = checkpoints[start] ?? RGBAImage(width: index.width, height: index.height)
            shown = start - 1  // the checkpoint is the screen before frame `start`, already disposed
            savedUnderShown = []
            if shown >= 0 { return advance(to: n, disposeShown: false) }
        }
        return advance(to: n, disposeShown: true)
    }

    private func advance(to n: Int, disposeShown: Bool) -> RGBAImage {
        var dispose = disposeShown
        while shown < n {
            if dispose, shown >= 0 { disposeShownFrame() }
            dispose = true
            let next = shown + 1
            if next > 0, next % checkpointStride == 0, checkpoints[next] == nil, checkpoints.count < checkpointCapacity {
                checkpoints[next] = canvas
            }
            draw(next)
            shown = next
        }
        return canvas
    }

    private func disposeShownFrame() {
        let info = index.frames[shown].info
        switch info.disposal {
        case .unspecified, .keep:
            break
        case .restoreBackground:
            compositor.clear(info, on: &canvas)
        case .restorePrevious:
            compositor.restore(info, from: savedUnderShown, on: &canvas)
        }
    }

    private func draw(_ i: Int) {
        let frame = index.frames[i]
        savedUnderShown = frame.info.disposal == .restorePrevious ? compositor.save(frame.info, from: canvas) : []
        let pixelCount = frame.info.width * frame.info.height
        guard pixelCount > 0 else { return }
        guard let palette = frame.localPalette ?? index.globalPalette else {
            decodeWarnings[i] = "frame \(i) has no colour table; it is left transparent"
            return
        }
        let (truncated, _) = SubBlockReader.payload(of: source, from: frame.dataOffset, into: &compressed)
        if indices.count < pixelCount { indices = [UInt8](repeating: 0, count: pixelCount) }
        let (decoded, status) = compressed.withUnsafeBufferPointer { data in
            indices.withUnsafeMutableBufferPointer { out in
                decoder.decode(data, minimumCodeSize: frame.codeSize, into: UnsafeMutableBufferPointer(rebasing: out[0..<pixelCount]))
            }
        }
        switch status {
        case .complete: break
        case .endedEarly: decodeWarnings[i] = "frame \(i) ends after \(decoded) of \(pixelCount) pixels; the rest is left unpainted"
        case .truncated:
            decodeWarnings[i] =
                "frame \(i) is cut off after \(decoded) of \(pixelCount) pixels\(truncated ? " (the file ends)" : ""); the rest is left unpainted"
        case .invalidCode: decodeWarnings[i] = "frame \(i) has bad LZW data after \(decoded) of \(pixelCount) pixels; the rest is left unpainted"
        case .invalidCodeSize: decodeWarnings[i] = "frame \(i) has an invalid LZW code size \(frame.codeSize); it is left unpainted"
        }
        indices.withUnsafeBufferPointer { buffer in
            compositor.draw(frame.info, indices: UnsafeBufferPointer(rebasing: buffer[0..<pixelCount]), decoded: decoded, palette: palette, onto: &canvas)
        }
    }
}
