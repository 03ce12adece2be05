internal import CGiflib
import Foundation

/// Writes GIFs with giflib's encoder (`EGifOpen` with an output function). The project
/// uses it to author its bundled animation, to make benchmark inputs, and in tests.
///
/// ```swift
/// var frame = GifWriter.Frame(width: 2, height: 1, indices: [0, 1])
/// frame.delayCentiseconds = 10
/// let data = try GifWriter(width: 2, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)], loopCount: 0)
///     .encode([frame])
/// ```
public struct GifWriter: Sendable {
    /// An RGB colour-table entry.
    public typealias RGB = (UInt8, UInt8, UInt8)

    /// One image of the file and its graphic control extension.
    public struct Frame: Sendable {
        /// The image's rectangle on the screen.
        public var x = 0, y = 0, width: Int, height: Int
        /// Palette indices, row by row in display order (`width × height`).
        public var indices: [UInt8]
        /// A local colour table, if any.
        public var localPalette: [RGB]?
        /// The delay in centiseconds; nil writes no graphic control extension (unless
        /// `disposal` or `transparentIndex` need one, then the delay is 0).
        public var delayCentiseconds: Int?
        /// The disposal method.
        public var disposal: Disposal = .unspecified
        /// The transparent palette index.
        public var transparentIndex: Int?
        /// Whether to store the rows interlaced.
        public var interlaced = false

        /// Creates a frame covering `width × height` from the top-left corner.
        public init(x: Int = 0, y: Int = 0, width: Int, height: Int, indices: [UInt8]) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.indices = indices
        }
    }

    /// Why encoding failed.
    public struct EncodingError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Screen width.
    public var width: Int
    /// Screen height.
    public var height: Int
    /// The global colour table (padded to a power of two).
    public var globalPalette: [RGB]?
    /// The NETSCAPE2.0 loop value; nil writes no loop block (the animation plays once).
    public var loopCount: Int?
    /// A comment extension to write first.
    public var comment: String?

    /// Creates a writer for a screen.
    public init(width: Int, height: Int, globalPalette: [RGB]?, loopCount: Int? = nil, comment: String? = nil) {
        self.width = width
        self.height = height
        self.globalPalette = globalPalette
        self.loopCount = loopCount
        self.comment = comment
    }

    /// The GIF file for `frames`.
    public func encode(_ frames: [Frame]) throws(EncodingError) -> Data {
        let sink = OutputSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), gifOutput, &error) else {
            throw EncodingError(description: "EGifOpen failed: \(giflibMessage(error))")
        }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        func check(_ result: Int32, _ what: String) throws(EncodingError) {
            guard result == GIF_OK else {
                throw EncodingError(description: "\(what) failed: \(giflibMessage(gif.pointee.Error))")
            }
        }
        EGifSetGifVersion(gif, true)
        try withColorMap(globalPalette) { (map) throws(EncodingError) in
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "the screen descriptor")
        }
        if let comment {
            try check(EGifPutComment(gif, comment), "the comment")
        }
        if let loopCount {
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "the loop block")
            var name = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, 11, &name), "the loop block")
            var value: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8((loopCount >> 8) & 0xFF)]
            try check(EGifPutExtensionBlock(gif, 3, &value), "the loop block")
            try check(EGifPutExtensionTrailer(gif), "the loop block")
        }
        for (number, frame) in frames.enumerated() {
            guard frame.indices.count == frame.width * frame.height else {
                throw EncodingError(description: "frame \(number) has \(frame.indices.count) indices for \(frame.width)×\(frame.height) pixels")
            }
            if frame.delayCentiseconds != nil || frame.disposal != .unspecified || frame.transparentIndex != nil {
                var gcb = GraphicsControlBlock(
                    DisposalMode: Int32(frame.disposal.rawValue),
                    UserInputFlag: false,
                    DelayTime: Int32(frame.delayCentiseconds ?? 0),
                    TransparentColor: Int32(frame.transparentIndex ?? -1)
                )
                var bytes = [UInt8](repeating: 0, count: 4)
                let length = EGifGCBToExtension(&gcb, &bytes)
                try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &bytes), "the graphic control of frame \(number)")
            }
            try withColorMap(frame.localPalette) { (map) throws(EncodingError) in
                try check(
                    EGifPutImageDesc(gif, Int32(frame.x), Int32(frame.y), Int32(frame.width), Int32(frame.height), frame.interlaced, map),
                    "the descriptor of frame \(number)"
                )
            }
            let rows = frame.interlaced ? FrameCompositor.interlacedRows(height: frame.height) : Array(0..<frame.height)
            var line = [UInt8](repeating: 0, count: frame.width)
            for row in rows {
                line.replaceSubrange(0..<frame.width, with: frame.indices[(row * frame.width)..<((row + 1) * frame.width)])
                try check(EGifPutLine(gif, &line, Int32(frame.width)), "the pixels of frame \(number)")
            }
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw EncodingError(description: "closing the file failed: \(giflibMessage(error))")
        }
        return sink.data
    }

    private func withColorMap(_ palette: [RGB]?, _ body: (UnsafeMutablePointer<ColorMapObject>?) throws(EncodingError) -> Void) throws(EncodingError) {
        guard let palette else { return try body(nil) }
        var size = 2
        while size < palette.count { size *= 2 }
        guard size <= 256 else { throw EncodingError(description: "a colour table has \(palette.count) entries; at most 256 are allowed") }
        var colors = (0..<size).map { i in
            i < palette.count ? GifColorType(Red: palette[i].0, Green: palette[i].1, Blue: palette[i].2) : GifColorType(Red: 0, Green: 0, Blue: 0)
        }
        guard let map = GifMakeMapObject(Int32(size), &colors) else { throw EncodingError(description: "giflib could not make a colour table") }
        defer { GifFreeMapObject(map) }
        try body(map)
    }
}

/// Collects what giflib writes.
private final class OutputSink {
    var data = Data()
}

private let gifOutput: OutputFunc = { gif, bytes, count in
    guard let gif, let bytes, count > 0, let user = gif.pointee.UserData else { return 0 }
    Unmanaged<OutputSink>.fromOpaque(user).takeUnretainedValue().data.append(bytes, count: Int(count))
    return count
}
