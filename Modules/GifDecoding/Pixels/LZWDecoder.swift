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

    /// Where entry `code`'s string starts: in `literals` for single pixels, else in the output.
    private let spanStart = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: 4096)
    /// How long entry `code`'s string is.
    private let spanLength = UnsafeMutablePointer<Int>.allocate(capacity: 4096)
    /// The value `i` at index `i`, padded so an 8-byte read from any literal stays inside.
    private let literals = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096 + 8)

    init() {
        for i in 0..<(4096 + 8) { literals[i] = UInt8(truncatingIfNeeded: i) }
        let base = UnsafePointer(literals)
        spanStart.initialize(repeating: base, count: 4096)
        spanLength.initialize(repeating: 1, count: 4096)
    }

    deinit {
        spanStart.deallocate()
        spanLength.deallocate()
        literals.deallocate()
    }

    /// Decodes `data` into `output`; returns how many pixels were written from the start.
    func decode(_ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, status: Status) {
        guard (1...11).contains(minimumCodeSize) else { return (0, .invalidCodeSize) }
        let total = output.count
        guard total > 0, let out = output.baseAddress else { return (0, .complete) }
        guard let input = data.baseAddress, data.count > 0 else { return (0, .truncated) }
        let inputCount = data.count
        let clear = 1 << minimumCodeSize
        let end = clear &+ 1
        let spanStart = self.spanStart
        let spanLength = self.spanLength
        for code in 0..<clear {
            spanStart[code] = UnsafePointer(literals + code)
            spanLength[code] = 1
        }

        var width = minimumCodeSize &+ 1
        var mask = (1 << width) &- 1
        var next = end &+ 1
        var previousStart = 0
        var previousLength = 0
        var havePrevious = false
        var bits: UInt64 = 0
        var bitCount = 0
        var inputIndex = 0
        var position = 0

        while true {
            if bitCount < width {
                if inputIndex &+ 8 <= inputCount {
                    // Take as many whole bytes as fit, with one unaligned load.
                    let word = UInt64(littleEndian: UnsafeRawPointer(input + inputIndex).loadUnaligned(as: UInt64.self))
                    let taken = (63 &- bitCount) >> 3
                    bits |= (word & ((1 << UInt64(taken &* 8)) &- 1)) << UInt64(bitCount)
                    inputIndex &+= taken
                    bitCount &+= taken &* 8
                } else {
                    while bitCount <= 56 && inputIndex < inputCount {
                        bits |= UInt64(input[inputIndex]) << UInt64(bitCount)
                        inputIndex &+= 1
                        bitCount &+= 8
                    }
                    if bitCount < width { return (position, .truncated) }
                }
            }
            let code = Int(truncatingIfNeeded: bits) & mask
            bits >>= UInt64(width)
            bitCount &-= width

            if code >= clear {
                if code == clear {
                    width = minimumCodeSize &+ 1
                    mask = (1 << width) &- 1
                    next = end &+ 1
                    havePrevious = false
                    continue
                }
                if code == end { return (position, .endedEarly) }
            }

            let start = position
            var length: Int
            if code < next {
                // A literal or an entry: copy its span (entries end before `position`).
                let from = spanStart[code]
                length = spanLength[code]
                if length <= 8 && position &+ 8 <= total {
                    let word = UnsafeRawPointer(from).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(out + position).storeBytes(of: word, as: UInt64.self)
                } else {
                    if position &+ length > total { length = total &- position }
                    (out + position).update(from: from, count: length)
                }
            } else if code == next && havePrevious && next < 4096 {
                // The previous string plus its own first pixel: copy forward, byte by byte
                // (the last byte copied is the first byte written).
                length = previousLength &+ 1
                if position &+ length > total { length = total &- position }
                for k in 0..<length { out[position &+ k] = out[previousStart &+ k] }
            } else {
                return (position, .invalidCode)
            }
            position &+= length
            if position >= total { return (total, .complete) }

            if havePrevious && next < 4096 {
                spanStart[next] = UnsafePointer(out + previousStart)
                spanLength[next] = previousLength &+ 1
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
