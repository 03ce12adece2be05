import TUICore

/// Produces composited frames on demand in bounded memory.
///
/// Composing frame N needs the screen before it, so the store keeps a cursor (the screen
/// before the next frame in order) for sequential play, a few recent composites, and
/// checkpoints (screens before every k-th frame) for random access; all within the cache
/// byte budget. Going back to frame N replays at most k frames from the nearest checkpoint.
final class FrameStore {
    private let index: GifIndex
    private let source: ByteSource
    private let compositor: FrameCompositor
    private let decoder = LZWDecoder()
    private var compressed: [UInt8] = []
    private var indices: [UInt8] = []

    private var cursor: (next: Int, before: RGBAImage)
    private var recent: [(index: Int, image: RGBAImage)] = []
    private var checkpoints: [Int: RGBAImage] = [:]
    private let recentCapacity: Int
    private let checkpointCapacity: Int
    private let checkpointStride: Int
    /// Problems found while decoding pixels, once per frame.
    private(set) var decodeWarnings: [Int: String] = [:]

    init(index: GifIndex, source: ByteSource, limits: DecodingLimits) {
        self.index = index
        self.source = source
        compositor = FrameCompositor(width: index.width, height: index.height)
        let canvasBytes = max(1, index.width * index.height * 4)
        let entries = max(2, limits.maxCacheBytes / canvasBytes)
        recentCapacity = max(1, entries / 2)
        checkpointCapacity = max(1, entries - recentCapacity)
        checkpointStride = max(1, (index.frames.count + checkpointCapacity - 1) / checkpointCapacity)
        let blank = RGBAImage(width: index.width, height: index.height)
        cursor = (0, blank)
        checkpoints[0] = blank
    }

    /// The composited screen after frame `n` (0-based, within range).
    func frame(_ n: Int) -> RGBAImage {
        if let hit = recent.first(where: { $0.index == n }) { return hit.image }
        if cursor.next > n {
            let start = checkpoints.keys.filter { $0 <= n }.max() ?? 0
            cursor = (start, checkpoints[start] ?? RGBAImage(width: index.width, height: index.height))
        }
        var result = cursor.before
        while cursor.next <= n {
            let i = cursor.next
            let composite = compose(i, onto: cursor.before)
            let before = compositor.disposed(index.frames[i].info, composite: composite, before: cursor.before)
            cursor = (i + 1, before)
            if (i + 1) % checkpointStride == 0, checkpoints.count < checkpointCapacity || checkpoints[i + 1] != nil {
                checkpoints[i + 1] = before
            }
            if i == n { result = composite }
        }
        remember(n, result)
        return result
    }

    private func remember(_ n: Int, _ image: RGBAImage) {
        recent.append((n, image))
        if recent.count > recentCapacity { recent.removeFirst(recent.count - recentCapacity) }
    }

    private func compose(_ i: Int, onto before: RGBAImage) -> RGBAImage {
        let frame = index.frames[i]
        var canvas = before
        let pixelCount = frame.info.width * frame.info.height
        guard pixelCount > 0 else { return canvas }
        guard let palette = frame.localPalette ?? index.globalPalette else {
            decodeWarnings[i] = "frame \(i) has no colour table; it is left transparent"
            return canvas
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
        case .truncated: decodeWarnings[i] = "frame \(i) is cut off after \(decoded) of \(pixelCount) pixels\(truncated ? " (the file ends)" : ""); the rest is left unpainted"
        case .invalidCode: decodeWarnings[i] = "frame \(i) has bad LZW data after \(decoded) of \(pixelCount) pixels; the rest is left unpainted"
        case .invalidCodeSize: decodeWarnings[i] = "frame \(i) has an invalid LZW code size \(frame.codeSize); it is left unpainted"
        }
        indices.withUnsafeBufferPointer { buffer in
            compositor.draw(frame.info, indices: UnsafeBufferPointer(rebasing: buffer[0..<pixelCount]), decoded: decoded, palette: palette, onto: &canvas)
        }
        return canvas
    }
}
