import TUICore

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
        let left = max(0, frame.x), right = min(width, frame.x + frame.width)
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

    /// The screen before the next frame, from this frame's composite and the screen before it.
    func disposed(_ frame: FrameInfo, composite: RGBAImage, before: RGBAImage) -> RGBAImage {
        switch frame.disposal {
        case .unspecified, .keep:
            return composite
        case .restorePrevious:
            return before  // drawing only touched the frame's rectangle
        case .restoreBackground:
            var result = composite
            let left = max(0, frame.x), right = min(width, frame.x + frame.width)
            let top = max(0, frame.y), bottom = min(height, frame.y + frame.height)
            guard right > left, bottom > top else { return result }
            let screenWidth = width
            result.withMutablePixels { bytes in
                bytes.withUnsafeMutableBytes { raw in
                    let pixels = raw.bindMemory(to: UInt32.self)
                    for y in top..<bottom {
                        for x in left..<right { pixels[y * screenWidth + x] = 0 }
                    }
                }
            }
            return result
        }
    }
}
