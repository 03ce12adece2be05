internal import CGiflib

/// The first pass over a GIF, with giflib's streaming API (`DGifOpen` with an input
/// function, then record by record): screen, palettes, extensions and each image's
/// descriptor. Image data is skipped block by block with `DGifGetCode`/`DGifGetCodeNext`
/// and only its offset kept, so indexing holds no pixels.
enum GifIndexer {
    static func index(_ source: ByteSource, limits: DecodingLimits) throws(GifDecodingError) -> GifIndex {
        guard source.count <= limits.maxInputBytes else {
            throw .tooLarge("\(source.count) bytes of input, the limit is \(limits.maxInputBytes)")
        }
        var header = [UInt8](repeating: 0, count: 13)
        let got = header.withUnsafeMutableBytes { source.read(into: $0, at: 0) }
        guard got >= 3, header[0] == 0x47, header[1] == 0x49, header[2] == 0x46 else {
            throw got == 0 ? .truncated("the file is empty") : .notAGif
        }
        guard got >= 6 else { throw .truncated("the header is incomplete") }
        guard header[3...5].elementsEqual(Array("87a".utf8)) || header[3...5].elementsEqual(Array("89a".utf8)) else { throw .notAGif }
        guard got >= 13 else { throw .truncated("the screen descriptor is incomplete") }
        if header[10] & 0x80 != 0, source.count < 13 + 3 << (Int(header[10] & 0x07) + 1) {
            throw .truncated("the global colour table is incomplete")
        }
        let width = Int(header[6]) | Int(header[7]) << 8
        let height = Int(header[8]) | Int(header[9]) << 8
        guard width > 0, height > 0 else { throw .emptyCanvas(width: width, height: height) }
        guard width * height <= limits.maxCanvasPixels else {
            throw .tooLarge("a \(width)×\(height) screen is \(width * height) pixels, the limit is \(limits.maxCanvasPixels)")
        }

        var session = try Session(reader: SequentialReader(source: source))
        defer { session.close() }
        var index = GifIndex(width: width, height: height)
        if let map = session.gif.pointee.SColorMap { index.globalPalette = palette(from: map) }
        try walkRecords(&session, into: &index, limits: limits)
        return index
    }

    /// An open giflib decoder and the reader feeding it.
    struct Session {
        let reader: SequentialReader
        let gif: UnsafeMutablePointer<GifFileType>

        init(reader: SequentialReader) throws(GifDecodingError) {
            self.reader = reader
            var openError: Int32 = 0
            guard let gif = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), gifInput, &openError) else {
                throw GifIndexer.error(forCode: openError, stage: "the screen descriptor")
            }
            self.gif = gif
        }

        func close() {
            var closeError: Int32 = 0
            DGifCloseFile(gif, &closeError)
        }
    }

    /// What to do after a record.
    private enum AfterRecord {
        /// Read the next record.
        case next
        /// The walk is over (the trailer, or data that ends it with a warning).
        case done
    }

    /// Reads record after record until the trailer or the data's end.
    private static func walkRecords(_ session: inout Session, into index: inout GifIndex, limits: DecodingLimits) throws(GifDecodingError) {
        var pending: GraphicsControlBlock?
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(session.gif, &type) == GIF_OK else {
                if session.gif.pointee.Error == D_GIF_ERR_WRONG_RECORD, !index.frames.isEmpty {
                    index.warn("an unknown record follows frame \(index.frames.count - 1); the rest of the file is ignored")
                    return
                }
                return try endEarly("before the trailer", gif: session.gif, index: &index)
            }
            let after: AfterRecord
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                after = try readImage(&session, pending: &pending, into: &index, limits: limits)
            case EXTENSION_RECORD_TYPE:
                after = try readExtension(session.gif, pending: &pending, into: &index)
            case TERMINATE_RECORD_TYPE:
                after = .done
            default:
                index.warn("an unexpected record type \(type.rawValue); the rest of the file is ignored")
                after = .done
            }
            if after == .done { return }
        }
    }

    /// The data ended (`what` says where): a warning when frames were read before, else the error.
    private static func endEarly(_ what: String, gif: UnsafeMutablePointer<GifFileType>, index: inout GifIndex) throws(GifDecodingError) {
        guard !index.frames.isEmpty else { throw error(forCode: gif.pointee.Error, stage: what) }
        index.warn("the data ends early (\(what)); showing the \(index.frames.count) frame(s) before it")
    }

    /// An image: its descriptor indexed with the pending graphic control, its data skipped
    /// block by block and only its offset kept. An image giflib refuses is read by us and
    /// giflib resumed after it (a new session).
    private static func readImage(
        _ session: inout Session,
        pending: inout GraphicsControlBlock?,
        into index: inout GifIndex,
        limits: DecodingLimits
    ) throws(GifDecodingError) -> AfterRecord {
        guard index.frames.count < limits.maxFrameCount else {
            throw .tooLarge("more than \(limits.maxFrameCount) frames")
        }
        let gif = session.gif
        let reader = session.reader
        let descriptorOffset = reader.offset
        guard DGifGetImageHeader(gif) == GIF_OK else {
            // Some images giflib refuses (a code size of 9 to 11, which browsers accept, or a
            // zero-size image with no data): read that image ourselves, then resume giflib after it.
            switch try takeOver(at: descriptorOffset, source: reader.source, pending: pending, into: &index, limits: limits) {
            case .resumeAt(let offset):
                pending = nil
                session.close()
                session = try Session(reader: SequentialReader(source: reader.source, screenLength: reader.screenLength(), resumeAt: offset))
                return .next
            case .stop:
                return .done
            case .failed(let reason, let cutShort):
                guard !index.frames.isEmpty else { throw cutShort ? .truncated(reason) : .malformed(reason) }
                index.warn("\(reason); showing the \(index.frames.count) frame(s) before it")
                return .done
            }
        }
        let desc = gif.pointee.Image
        let w = Int(desc.Width)
        let h = Int(desc.Height)
        guard w * h <= limits.maxCanvasPixels else {
            throw .tooLarge("frame \(index.frames.count) is \(w)×\(h) pixels, the limit is \(limits.maxCanvasPixels)")
        }
        try index.count(framePixels: w * h, limits: limits)
        let info = FrameInfo(
            index: index.frames.count,
            x: Int(desc.Left),
            y: Int(desc.Top),
            width: w,
            height: h,
            interlaced: desc.Interlace,
            delayCentiseconds: pending.map { Int($0.DelayTime) },
            disposal: Disposal(raw: Int(pending?.DisposalMode ?? 0)),
            transparentIndex: pending.flatMap { $0.TransparentColor >= 0 ? Int($0.TransparentColor) : nil },
            hasLocalColorTable: desc.ColorMap != nil
        )
        pending = nil
        let dataOffset = reader.offset
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        var complete = DGifGetCode(gif, &codeSize, &block) == GIF_OK
        while complete, block != nil {
            complete = DGifGetCodeNext(gif, &block) == GIF_OK
        }
        index.frames.append(
            GifIndex.Frame(info: info, localPalette: desc.ColorMap.flatMap { palette(from: $0) }, codeSize: Int(codeSize), dataOffset: dataOffset)
        )
        guard complete else {
            index.warn("the file ends inside frame \(info.index); its missing pixels are left transparent")
            return .done
        }
        return .next
    }

    /// An extension: a graphic control (the last before an image wins), a loop count, a
    /// comment (kept up to 4 KiB, or counted); any other is skipped.
    private static func readExtension(
        _ gif: UnsafeMutablePointer<GifFileType>,
        pending: inout GraphicsControlBlock?,
        into index: inout GifIndex
    ) throws(GifDecodingError) -> AfterRecord {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
            try endEarly("in an extension", gif: gif, index: &index)
            return .done
        }
        var first = true
        var isLoopBlock = false
        var comment: [UInt8] = []
        let keepComment = code == COMMENT_EXT_FUNC_CODE && index.keepsComments
        while let bytes = block {
            let length = Int(bytes[0])
            let payload = UnsafeBufferPointer(start: bytes + 1, count: length)
            switch code {
            case GRAPHICS_EXT_FUNC_CODE where first:
                var gcb = GraphicsControlBlock()
                if DGifExtensionToGCB(length, bytes + 1, &gcb) == GIF_OK {
                    pending = gcb  // the last one before an image wins
                } else if index.keepsWarnings {
                    index.warn("a graphic control extension has \(length) bytes instead of 4; it is ignored")
                } else {
                    index.omittedWarnings += 1
                }
            case APPLICATION_EXT_FUNC_CODE:
                if first {
                    let name = String(decoding: payload, as: UTF8.self)
                    isLoopBlock = name == "NETSCAPE2.0" || name == "ANIMEXTS1.0"
                } else if isLoopBlock, length >= 3, payload[0] == 1 {
                    index.loopCount = Int(payload[1]) | Int(payload[2]) << 8
                }
            case COMMENT_EXT_FUNC_CODE:
                if keepComment, comment.count < 4096 { comment += payload.prefix(4096 - comment.count) }
            default:
                break
            }
            first = false
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
                try endEarly("in an extension", gif: gif, index: &index)
                return .done
            }
        }
        if keepComment {
            index.addComment(String(decoding: comment, as: UTF8.self))
        } else if code == COMMENT_EXT_FUNC_CODE {
            index.omittedComments += 1
        }
        return .next
    }

    enum TakeOver {
        case resumeAt(Int)
        case stop
        /// The image cannot be read: why, and whether because the data ends.
        case failed(String, cutShort: Bool)
    }

    /// Parses the image descriptor at `offset` by hand and skips its data.
    private static func takeOver(
        at offset: Int,
        source: ByteSource,
        pending: GraphicsControlBlock?,
        into index: inout GifIndex,
        limits: DecodingLimits
    ) throws(GifDecodingError) -> TakeOver {
        var head = [UInt8](repeating: 0, count: 9)
        let number = index.frames.count
        guard head.withUnsafeMutableBytes({ source.read(into: $0, at: offset) }) == 9 else {
            return .failed("the data ends in the descriptor of frame \(number)", cutShort: true)
        }
        let x = Int(head[0]) | Int(head[1]) << 8
        let y = Int(head[2]) | Int(head[3]) << 8
        let w = Int(head[4]) | Int(head[5]) << 8
        let h = Int(head[6]) | Int(head[7]) << 8
        let flags = head[8]
        guard w * h <= limits.maxCanvasPixels else {
            throw .tooLarge("frame \(index.frames.count) is \(w)×\(h) pixels, the limit is \(limits.maxCanvasPixels)")
        }
        try index.count(framePixels: w * h, limits: limits)
        var position = offset + 9
        var local: Palette?
        if flags & 0x80 != 0 {
            let entries = 1 << (Int(flags & 7) + 1)
            var table = [UInt8](repeating: 0, count: entries * 3)
            guard table.withUnsafeMutableBytes({ source.read(into: $0, at: position) }) == table.count else {
                guard w * h == 0 else { return .failed("the data ends in the colour table of frame \(number)", cutShort: true) }
                // A zero-size image cut off in its colour table: an empty frame, and the end.
                index.frames.append(
                    GifIndex.Frame(info: emptyInfo(index.frames.count, x, y, w, h, pending), localPalette: nil, codeSize: 2, dataOffset: position)
                )
                return .stop
            }
            local = table.withUnsafeBufferPointer { Palette(rgbTriples: $0, count: entries) }
            position += entries * 3
        }
        var codeSizeByte = [UInt8](repeating: 0, count: 1)
        let haveCodeSize = codeSizeByte.withUnsafeMutableBytes { source.read(into: $0, at: position) } == 1
        let info = FrameInfo(
            index: index.frames.count,
            x: x,
            y: y,
            width: w,
            height: h,
            interlaced: flags & 0x40 != 0,
            delayCentiseconds: pending.map { Int($0.DelayTime) },
            disposal: Disposal(raw: Int(pending?.DisposalMode ?? 0)),
            transparentIndex: pending.flatMap { $0.TransparentColor >= 0 ? Int($0.TransparentColor) : nil },
            hasLocalColorTable: local != nil
        )
        let codeSize = Int(codeSizeByte[0])
        guard haveCodeSize, (1...11).contains(codeSize) else {
            guard w * h == 0 else {
                return haveCodeSize
                    ? .failed("frame \(number) has an invalid LZW code size \(codeSize) (at most 11 can be decoded)", cutShort: false)
                    : .failed("the data ends after the descriptor of frame \(number)", cutShort: true)
            }
            // A zero-size image without data: an empty frame, and the file ends here.
            index.frames.append(GifIndex.Frame(info: info, localPalette: local, codeSize: 2, dataOffset: position))
            return .stop
        }
        var scratch: [UInt8] = []
        let (truncated, end) = SubBlockReader.payload(of: source, from: position + 1, into: &scratch)
        index.frames.append(GifIndex.Frame(info: info, localPalette: local, codeSize: codeSize, dataOffset: position + 1))
        if truncated {
            index.warn("the file ends inside frame \(info.index); its missing pixels are left transparent")
            return .stop
        }
        return .resumeAt(end)
    }

    private static func emptyInfo(_ number: Int, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ pending: GraphicsControlBlock?) -> FrameInfo {
        FrameInfo(
            index: number,
            x: x,
            y: y,
            width: w,
            height: h,
            interlaced: false,
            delayCentiseconds: pending.map { Int($0.DelayTime) },
            disposal: Disposal(raw: Int(pending?.DisposalMode ?? 0)),
            transparentIndex: pending.flatMap { $0.TransparentColor >= 0 ? Int($0.TransparentColor) : nil },
            hasLocalColorTable: false
        )
    }

    private static func palette(from map: UnsafeMutablePointer<ColorMapObject>) -> Palette? {
        let count = Int(map.pointee.ColorCount)
        guard count > 0, let colors = map.pointee.Colors else { return nil }
        return colors.withMemoryRebound(to: UInt8.self, capacity: count * 3) {
            Palette(rgbTriples: UnsafeBufferPointer(start: $0, count: count * 3), count: count)
        }
    }

    static func error(forCode code: Int32, stage: String) -> GifDecodingError {
        switch code {
        case D_GIF_ERR_NOT_GIF_FILE: .notAGif
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: .truncated("the data ends \(stage)")
        case D_GIF_ERR_NOT_ENOUGH_MEM: .tooLarge("giflib ran out of memory \(stage)")
        default: .malformed("\(giflibMessage(code)) (\(stage))")
        }
    }
}

/// giflib's text for an error code (it has none for some codes).
func giflibMessage(_ code: Int32) -> String {
    guard let text = GifErrorString(code) else { return "giflib error \(code)" }
    return String(cString: text)
}

/// giflib's input function: reads the next bytes of the source through the reader in `UserData`.
private let gifInput: InputFunc = { gif, buffer, length in
    guard let gif, let buffer, length > 0, let user = gif.pointee.UserData else { return 0 }
    // The session holds the reader for as long as giflib runs: no retain per read.
    return Unmanaged<SequentialReader>.fromOpaque(user)._withUnsafeGuaranteedRef { reader in
        Int32(reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
    }
}

/// A cursor over a byte source for giflib's sequential reads. It can replay the header
/// and screen descriptor and then continue at a later offset, so giflib can resume after
/// an image it could not read itself.
final class SequentialReader {
    let source: ByteSource
    /// The real position in the source of the next byte.
    private(set) var offset = 0
    private let replayLength: Int
    private let resumeOffset: Int

    init(source: ByteSource, screenLength: Int = 0, resumeAt: Int = 0) {
        self.source = source
        replayLength = screenLength
        resumeOffset = resumeAt
    }

    deinit { buffer.deallocate() }

    /// Read-ahead, so giflib's many small reads (two per data sub-block) cost no syscall
    /// (a raw buffer: no reference counting on the hot path).
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    private var bufferStart = 0, bufferCount = 0

    func read(into destination: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = destination.baseAddress, let from = buffer.baseAddress else { return 0 }
        // The common case: the bytes are in the buffer and no replay is under way.
        if replayLength == 0, offset >= bufferStart, offset + destination.count <= bufferStart + bufferCount {
            base.copyMemory(from: from + (offset - bufferStart), byteCount: destination.count)
            offset += destination.count
            return destination.count
        }
        var done = 0
        while done < destination.count {
            if replayLength > 0, offset == replayLength { offset = resumeOffset }
            var want = destination.count - done
            if replayLength > 0, offset < replayLength { want = min(want, replayLength - offset) }
            if offset < bufferStart || offset >= bufferStart + bufferCount {
                bufferStart = offset
                bufferCount = source.read(into: buffer, at: offset)
                if bufferCount <= 0 { break }
            }
            let n = min(want, bufferStart + bufferCount - offset)
            (base + done).copyMemory(from: from + (offset - bufferStart), byteCount: n)
            offset += n
            done += n
        }
        return done
    }

    /// The length of the header, screen descriptor and global colour table.
    func screenLength() -> Int {
        var packed = [UInt8](repeating: 0, count: 1)
        _ = packed.withUnsafeMutableBytes { source.read(into: $0, at: 10) }
        return 13 + (packed[0] & 0x80 != 0 ? 3 * (1 << (Int(packed[0] & 7) + 1)) : 0)
    }
}
