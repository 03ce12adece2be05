/// Gathers the data sub-blocks of one image (`[length][bytes…]`… `[0]`) into one
/// contiguous buffer, reading the source in large chunks.
enum SubBlockReader {
    /// The payload bytes, and whether the blocks ended before their terminator.
    static func payload(of source: ByteSource, from offset: Int, into bytes: inout [UInt8]) -> (truncated: Bool, endOffset: Int) {
        bytes.removeAll(keepingCapacity: true)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var chunkStart = offset, chunkCount = 0, position = offset
        func byte(at index: Int) -> UInt8? {
            if index >= chunkStart + chunkCount || index < chunkStart {
                chunkStart = index
                chunkCount = chunk.withUnsafeMutableBytes { source.read(into: $0, at: index) }
                if chunkCount == 0 { return nil }
            }
            return chunk[index - chunkStart]
        }
        while true {
            guard let length = byte(at: position) else { return (true, position) }
            position += 1
            if length == 0 { return (false, position) }
            for i in 0..<Int(length) {
                guard let value = byte(at: position + i) else { return (true, position + i) }
                bytes.append(value)
            }
            position += Int(length)
        }
    }
}
