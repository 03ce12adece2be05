/// The GIF variant of LZW: variable code width from `minimumCodeSize + 1` up to 12 bits,
/// clear and end codes, no early change, and a full table that stops growing until the
/// next clear code ("deferred clear").
///
/// giflib's `DGifGetLine` cannot say how many pixels of a line it decoded before bad or
/// missing data, so this decoder (run on the sub-blocks the indexer located) keeps exactly
/// the pixels that were decoded.
///
/// Speed: every table entry is the previous code's string plus one pixel, and both were
/// just written side by side, so an entry is stored as a span of the output (offset,
/// length) and emitting it is a copy from earlier output, as in LZ77, instead of walking
/// a prefix chain. It never writes outside `output` and only reads output it has written.
final class LZWDecoder {
    /// How a decode ended.
    enum Status: Equatable {
        /// Every pixel was decoded (extra codes after that are ignored).
        case complete
        /// The end code came before all pixels.
        case endedEarly
        /// The data ran out before the end code and before all pixels.
        case truncated
        /// A code that is not yet in the table.
        case invalidCode
        /// The minimum code size is outside 1…11.
        case invalidCodeSize
    }

    /// Entry `code` as `offset << 16 | length`, a span of the output.
    private let spans = UnsafeMutablePointer<UInt64>.allocate(capacity: 4096)

    deinit { spans.deallocate() }

    /// Decodes `data` into `output`; returns how many pixels were written from the start.
    func decode(_ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, status: Status) {
        guard (1...11).contains(minimumCodeSize) else { return (0, .invalidCodeSize) }
        let total = output.count
        guard total > 0, let out = output.baseAddress else { return (0, .complete) }
        guard let input = data.baseAddress, data.count > 0 else { return (0, .truncated) }
        let inputCount = data.count
        let clear = 1 << minimumCodeSize, end = clear &+ 1
        let spans = self.spans

        var width = minimumCodeSize &+ 1
        var mask = (1 << width) &- 1
        var next = end &+ 1
        var previousStart = 0, previousLength = 0, havePrevious = false
        var bits: UInt64 = 0, bitCount = 0, inputIndex = 0
        var position = 0

        while true {
            if bitCount < width {
                // Refill whole bytes while there is room in the bit buffer.
                while bitCount <= 56 && inputIndex < inputCount {
                    bits |= UInt64(input[inputIndex]) << UInt64(bitCount)
                    inputIndex &+= 1
                    bitCount &+= 8
                }
                if bitCount < width { return (position, .truncated) }
            }
            let code = Int(truncatingIfNeeded: bits) & mask
            bits >>= UInt64(width)
            bitCount &-= width

            if code == clear {
                width = minimumCodeSize &+ 1
                mask = (1 << width) &- 1
                next = end &+ 1
                havePrevious = false
                continue
            }
            if code == end { return (position, .endedEarly) }

            let start = position
            var length: Int
            if code < clear {
                out[position] = UInt8(truncatingIfNeeded: code)
                length = 1
            } else if code < next && havePrevious {
                let span = spans[code]
                length = Int(truncatingIfNeeded: span & 0xFFFF)
                let from = Int(truncatingIfNeeded: span >> 16)
                if position &+ length > total { length = total &- position }
                if length >= 16 {
                    (out + position).update(from: out + from, count: length)  // from + length <= position: no overlap
                } else {
                    for k in 0..<length { out[position &+ k] = out[from &+ k] }
                }
            } else if code == next && havePrevious && next < 4096 {
                // The previous string plus its own first pixel: copy forward (the last byte
                // copied is the first byte written).
                length = previousLength &+ 1
                if position &+ length > total { length = total &- position }
                for k in 0..<length { out[position &+ k] = out[previousStart &+ k] }
            } else {
                return (position, .invalidCode)
            }
            position &+= length
            if position >= total { return (total, .complete) }

            if havePrevious && next < 4096 {
                spans[next] = UInt64(previousStart) << 16 | UInt64(previousLength &+ 1)
                next &+= 1
                if next > mask && width < 12 {
                    width &+= 1
                    mask = (1 << width) &- 1
                }
            }
            previousStart = start
            previousLength = length
            havePrevious = true
        }
    }
}
