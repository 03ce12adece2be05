/// Gathers the data sub-blocks of one image (`[length][bytes…]`… `[0]`) into one
/// contiguous buffer, reading the source in large chunks and copying whole blocks.
enum SubBlockReader {
    /// Fills `bytes` with the payload; says whether the blocks ended before their terminator,
    /// and where the data after the terminator starts.
    static func payload(of source: ByteSource, from offset: Int, into bytes: inout [UInt8]) -> (truncated: Bool, endOffset: Int) {
        bytes.removeAll(keepingCapacity: true)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var chunkStart = offset
        var chunkCount = 0
        var position = offset
        // Makes `position` readable; false at the end of the source.
        func load() -> Bool {
            if position >= chunkStart && position < chunkStart + chunkCount { return true }
            chunkStart = position
            chunkCount = chunk.withUnsafeMutableBytes { source.read(into: $0, at: position) }
            return chunkCount > 0
        }
        while true {
            guard load() else { return (true, position) }
            let length = Int(chunk[position - chunkStart])
            position += 1
            if length == 0 { return (false, position) }
            var remaining = length
            while remaining > 0 {
                guard load() else { return (true, position) }
                let available = min(remaining, chunkStart + chunkCount - position)
                let from = position - chunkStart
                bytes.append(contentsOf: chunk[from..<(from + available)])
                position += available
                remaining -= available
            }
        }
    }
}
