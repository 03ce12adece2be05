/// The GIF variant of LZW: variable code width from `minimumCodeSize + 1` up to 12 bits,
/// clear and end codes, no early change, and a full table that stops growing until the
/// next clear code ("deferred clear").
///
/// giflib's `DGifGetLine` cannot say how many pixels of a line it decoded before bad or
/// missing data, so this decoder (run on the sub-blocks the indexer located) keeps exactly
/// the pixels that were decoded. It never writes outside `output` and never reads outside
/// its tables, whatever the input.
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

    private var prefix = [UInt16](repeating: 0, count: 4096)
    private var suffix = [UInt8](repeating: 0, count: 4096)
    private var first = [UInt8](repeating: 0, count: 4096)
    private var length = [UInt16](repeating: 0, count: 4096)

    /// Decodes `data` into `output`; returns how many pixels were written from the start.
    func decode(_ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, status: Status) {
        guard (1...11).contains(minimumCodeSize) else { return (0, .invalidCodeSize) }
        let total = output.count
        guard total > 0 else { return (0, .complete) }
        let clear = 1 << minimumCodeSize, end = clear + 1
        return prefix.withUnsafeMutableBufferPointer { prefix in
            suffix.withUnsafeMutableBufferPointer { suffix in
                first.withUnsafeMutableBufferPointer { first in
                    length.withUnsafeMutableBufferPointer { length in
                        for code in 0..<min(clear, 4096) {
                            suffix[code] = UInt8(truncatingIfNeeded: code)
                            first[code] = UInt8(truncatingIfNeeded: code)
                            length[code] = 1
                        }
                        var width = minimumCodeSize + 1
                        var mask = (1 << width) - 1
                        var next = end + 1
                        var previous = -1
                        var bits: UInt64 = 0, bitCount = 0, input = 0
                        var position = 0
                        let out = output.baseAddress!
                        while true {
                            while bitCount < width {
                                guard input < data.count else {
                                    return (position, .truncated)
                                }
                                bits |= UInt64(data[input]) << UInt64(bitCount)
                                input += 1
                                bitCount += 8
                            }
                            let code = Int(bits & UInt64(mask))
                            bits >>= UInt64(width)
                            bitCount -= width

                            if code == clear {
                                width = minimumCodeSize + 1
                                mask = (1 << width) - 1
                                next = end + 1
                                previous = -1
                                continue
                            }
                            if code == end { return (position, .endedEarly) }
                            if previous < 0 {
                                guard code < clear else { return (position, .invalidCode) }
                                out[position] = UInt8(truncatingIfNeeded: code)
                                position += 1
                                if position == total { return (position, .complete) }
                                previous = code
                                continue
                            }
                            if code < next {
                                if next < 4096 {
                                    prefix[next] = UInt16(previous)
                                    suffix[next] = first[code]
                                    first[next] = first[previous]
                                    length[next] = length[previous] &+ 1
                                    next += 1
                                }
                            } else if code == next && next < 4096 {
                                prefix[next] = UInt16(previous)
                                suffix[next] = first[previous]
                                first[next] = first[previous]
                                length[next] = length[previous] &+ 1
                                next += 1
                            } else {
                                return (position, .invalidCode)
                            }
                            // Write the string of `code` backwards from its last pixel.
                            let count = Int(length[code])
                            var c = code
                            if position + count <= total {
                                var p = position + count - 1
                                while p > position {
                                    out[p] = suffix[c]
                                    c = Int(prefix[c])
                                    p -= 1
                                }
                                out[position] = suffix[c]
                                position += count
                            } else {
                                // Only part fits: the pixels past the image are ignored.
                                var p = position + count - 1
                                while p >= position {
                                    if p < total { out[p] = suffix[c] }
                                    c = Int(prefix[c])
                                    p -= 1
                                }
                                position = total
                            }
                            if position >= total { return (total, .complete) }
                            previous = code
                            if next == mask + 1 && width < 12 {
                                width += 1
                                mask = (1 << width) - 1
                            }
                        }
                    }
                }
            }
        }
    }
}
