internal import CZlib

/// zlib's deflate and its checksums, for kitty's compressed transmissions and PNG files.
enum Deflate {
    /// `bytes` as a zlib stream (RFC 1950) at a fast level: images compress well at level 1.
    static func compress(_ bytes: [UInt8], level: Int32 = 1) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(source.count), level)
            }
        }
        precondition(status == Z_OK, "compress2 failed with \(status)")  // only out of memory
        out.removeSubrange(Int(size)...)
        return out
    }

    /// A zlib stream's bytes back, at most `limit` of them; nil when it is not one.
    static func decompress(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
        var size = uLongf(limit)
        var out = [UInt8](repeating: 0, count: limit)
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &size, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK else { return nil }
        out.removeSubrange(Int(size)...)
        return out
    }

    /// CRC-32 of `bytes`, continuing from `crc`.
    static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { CZlib.crc32(uLong(crc), $0.baseAddress, uInt($0.count)) })
    }
}
