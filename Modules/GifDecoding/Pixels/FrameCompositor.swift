import Pixels

/// Draws decoded frames onto the screen by browser rules and applies their disposal.
///
/// The screen starts transparent and the background colour is never painted. Each image is
/// clipped to the screen; its transparent index and indices past its colour table leave
/// the pixel beneath; only decoded pixels are drawn (a short frame leaves the rest as it
/// was). After a frame is shown, disposal 2 clears its rectangle to transparent and
/// disposal 3 puts back the screen as it was before the frame.
struct FrameCompositor {
    let width: Int
    let height: Int

    /// Row order of an interlaced image: rows 0, 8, 16…, then 4, 12…, then 2, 6…, then 1, 3….
    static func interlacedRows(height: Int) -> [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(height)
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            var row = start
            while row < height {
                rows.append(row)
                row += step
            }
        }
        return rows
    }

    /// Draws `decoded` pixels of `indices` (the image's rows in file order) onto `canvas`.
    func draw(_ frame: FrameInfo, indices: UnsafeBufferPointer<UInt8>, decoded: Int, palette: Palette, onto canvas: inout RGBAImage) {
        let left = max(0, frame.x)
        let right = min(width, frame.x + frame.width)
        guard right > left, frame.y < height, frame.y + frame.height > 0, decoded > 0 else { return }
        let rowOrder = frame.interlaced ? Self.interlacedRows(height: frame.height) : nil
        let transparent = frame.transparentIndex ?? -1
        let screenWidth = width
        palette.words.withUnsafeBufferPointer { colors in
            canvas.withMutablePixels { bytes in
                bytes.withUnsafeMutableBytes { raw in
                    let pixels = raw.bindMemory(to: UInt32.self)
                    for k in 0..<frame.height {
                        let available = min(frame.width, decoded - k * frame.width)
                        if available <= 0 { break }
                        let y = frame.y + (rowOrder?[k] ?? k)
                        guard y >= 0, y < height else { continue }
                        let rowStart = k * frame.width
                        let screenRow = y * screenWidth
                        let end = min(right, frame.x + available)
                        var x = left
                        while x < end {
                            let index = Int(indices[rowStart + x - frame.x])
                            if index != transparent {
                                let color = colors[index]
                                if color != 0 { pixels[screenRow + x] = color }
                            }
                            x += 1
                        }
                    }
                }
            }
        }
    }

    /// The frame's rectangle clipped to the screen, as ranges.
    private func clipped(_ frame: FrameInfo) -> (x: Range<Int>, y: Range<Int>)? {
        let left = max(0, frame.x)
        let right = min(width, frame.x + frame.width)
        let top = max(0, frame.y)
        let bottom = min(height, frame.y + frame.height)
        guard right > left, bottom > top else { return nil }
        return (left..<right, top..<bottom)
    }

    /// Disposal 2: clears the frame's rectangle to transparent.
    func clear(_ frame: FrameInfo, on canvas: inout RGBAImage) {
        guard let area = clipped(frame) else { return }
        let screenWidth = width
        canvas.withMutablePixels { bytes in
            bytes.withUnsafeMutableBytes { raw in
                let pixels = raw.bindMemory(to: UInt32.self)
                for y in area.y {
                    for x in area.x { pixels[y * screenWidth + x] = 0 }
                }
            }
        }
    }

    /// The pixels under the frame's rectangle, before it is drawn (for disposal 3).
    func save(_ frame: FrameInfo, from canvas: RGBAImage) -> [UInt32] {
        guard let area = clipped(frame) else { return [] }
        var saved: [UInt32] = []
        saved.reserveCapacity(area.x.count * area.y.count)
        canvas.pixels.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            for y in area.y {
                for x in area.x { saved.append(pixels[y * width + x]) }
            }
        }
        return saved
    }

    /// Disposal 3: puts back what ``save(_:from:)`` kept.
    func restore(_ frame: FrameInfo, from saved: [UInt32], on canvas: inout RGBAImage) {
        guard let area = clipped(frame), saved.count == area.x.count * area.y.count else { return }
        let screenWidth = width
        canvas.withMutablePixels { bytes in
            bytes.withUnsafeMutableBytes { raw in
                let pixels = raw.bindMemory(to: UInt32.self)
                var i = 0
                for y in area.y {
                    for x in area.x {
                        pixels[y * screenWidth + x] = saved[i]
                        i += 1
                    }
                }
            }
        }
    }
}
