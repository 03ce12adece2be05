/// What a first pass over a GIF learns: the screen, palettes, loop count, and where each
/// image's compressed data starts. Pixels are decoded later, frame by frame.
struct GifIndex {
    /// One image descriptor and what applies to it.
    struct Frame {
        var info: FrameInfo
        /// The local colour table as packed RGBA (see ``Palette``), if the image has one.
        var localPalette: Palette?
        /// The LZW minimum code size.
        var codeSize: Int
        /// Where the image's first data sub-block starts.
        var dataOffset: Int
    }

    var width: Int
    var height: Int
    var globalPalette: Palette?
    /// The raw NETSCAPE2.0/ANIMEXTS1.0 loop value; nil without such a block.
    var loopCount: Int?
    var frames: [Frame] = []
    var comments: [String] = []
    var warnings: [String] = []
    /// Warnings and comments past the first ``maxNotes`` are counted, not kept: a small
    /// file repeating a bad record millions of times costs no more memory than one.
    var omittedWarnings = 0
    var omittedComments = 0
    static let maxNotes = 100

    /// Records a problem (the first ``maxNotes``; the rest are counted).
    mutating func warn(_ text: String) {
        if keepsWarnings { warnings.append(text) } else { omittedWarnings += 1 }
    }

    /// Records a comment's text (the first ``maxNotes``; the rest are counted).
    mutating func addComment(_ text: String) {
        if keepsComments { comments.append(text) } else { omittedComments += 1 }
    }

    /// Whether another warning's text would be kept (so a repeated one is not even made).
    var keepsWarnings: Bool { warnings.count < Self.maxNotes }
    /// Whether another comment's text would be kept.
    var keepsComments: Bool { comments.count < Self.maxNotes }

    /// The warnings, with a last line counting those left out.
    var reportedWarnings: [String] {
        omittedWarnings == 0 ? warnings : warnings + ["and \(omittedWarnings) more warnings like these"]
    }
    /// The most memory the frame store holds while decoding (see
    /// ``AnimatedImage/decodingMemoryBytes``).
    func decodingMemoryBytes(cacheBytes: Int) -> Int {
        let screen = width * height * 4
        var largestFrame = 0
        var largestSaved = 0
        for frame in frames {
            largestFrame = max(largestFrame, frame.info.width * frame.info.height)
            if frame.info.disposal == .restorePrevious {
                let w = max(0, min(width, frame.info.x + frame.info.width) - max(0, frame.info.x))
                let h = max(0, min(height, frame.info.y + frame.info.height) - max(0, frame.info.y))
                largestSaved = max(largestSaved, w * h * 4)
            }
        }
        return 2 * screen + largestFrame + largestSaved + FrameStore.checkpointCapacity(screenBytes: screen, frameCount: frames.count, cacheBytes: cacheBytes)
            * screen
    }

    /// The pixels all frames' rectangles cover together so far.
    var totalFramePixels = 0

    /// Adds a frame's area to the total, refusing a file whose frames exceed the limit.
    mutating func count(framePixels: Int, limits: DecodingLimits) throws(GifDecodingError) {
        totalFramePixels += framePixels
        guard totalFramePixels <= limits.maxTotalFramePixels else {
            throw .tooLarge("its frames cover more than \(limits.maxTotalFramePixels) pixels in all (the work of decoding it)")
        }
    }
}

/// A colour table as 32-bit RGBA words (R in the lowest byte), padded to 256 entries;
/// entries past the table's size are transparent, so a bad index never reads garbage.
struct Palette {
    /// 256 packed colours.
    var words: [UInt32]
    /// How many entries the file defined.
    var count: Int

    init(rgbTriples: UnsafeBufferPointer<UInt8>, count: Int) {
        var words = [UInt32](repeating: 0, count: 256)
        let n = min(count, 256, rgbTriples.count / 3)
        for i in 0..<n {
            let r = UInt32(rgbTriples[3 * i])
            let g = UInt32(rgbTriples[3 * i + 1])
            let b = UInt32(rgbTriples[3 * i + 2])
            words[i] = r | g << 8 | b << 16 | 0xFF00_0000
        }
        self.words = words
        self.count = n
    }
}
