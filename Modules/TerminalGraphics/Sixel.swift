import Pixels

/// DEC sixel images (xterm `-ti vt340`, foot, WezTerm, mlterm, Konsole, Windows Terminal):
/// the picture's colours quantized to at most the terminal's colour registers by median
/// cut (no dithering, so an animation's frames do not shimmer), then written six rows a
/// band, one run-length-encoded row of sixels a colour. Transparent pixels are left
/// unpainted (what is beneath shows). 208 colours by default: on photos they keep more of
/// the picture than chafa's 256 in fewer bytes (`bench graphics`); 256 for the most.
///
/// ```swift
/// output(Sixel.encode(photo))                // 208 colour registers
/// output(Sixel.encode(photo, colors: 256))   // as many as most terminals have
/// ```
public enum Sixel {
    /// The most pixels a sixel is drawn with: 4 194 304 (2048 × 2048, more than a 4K screen's
    /// picture at half its width). A terminal scales no sixel, so the picture is sent as large
    /// as it shows; past this a picture is shown smaller, so that memory and bytes follow the
    /// budget, never the cells asked for.
    public static let pixelBudget = 1 << 22

    /// `cells` (each `cell` pixels large) shrunk in their proportions until their pixels fit
    /// within ``pixelBudget``; as they were when they fit already.
    public static func cellsWithinBudget(_ cells: Size, cell: Size) -> Size {
        let pixels = Double(cells.width) * Double(cell.width) * Double(cells.height) * Double(cell.height)
        guard pixels > Double(pixelBudget) else { return cells }
        let factor = (Double(pixelBudget) / pixels).squareRoot()
        return Size(width: max(1, Int(Double(cells.width) * factor)), height: max(1, Int(Double(cells.height) * factor)))
    }

    /// A picture of `size` pixels shrunk in its proportions to fit within ``pixelBudget``.
    public static func pixelsWithinBudget(_ size: Size) -> Size {
        let pixels = Double(size.width) * Double(size.height)
        guard pixels > Double(pixelBudget) else { return size }
        let factor = (Double(pixelBudget) / pixels).squareRoot()
        return Size(width: max(1, Int(Double(size.width) * factor)), height: max(1, Int(Double(size.height) * factor)))
    }

    /// `image` as a sixel sequence with at most `colors` (2…256) colour registers. With a
    /// `background`, the pixels it does not paint (the transparent ones) take that colour,
    /// kept in register 0, and the whole rectangle is covered — a frame that replaces another
    /// leaves nothing of it; without, they keep what is beneath.
    public static func encode(_ image: RGBAImage, colors: Int = 208, background: RGBA? = nil) -> String {
        let palette = Palette(image, colors: max(2, min(256, colors)) - (background == nil ? 0 : 1))
        return encode(image, palette: palette, background: background)
    }

    static func encode(_ image: RGBAImage, palette: Palette, background: RGBA? = nil) -> String {
        let width = image.width
        let height = image.height
        guard width > 0, height > 0 else { return "" }
        var out: [UInt8] = []
        out.reserveCapacity(width * height / 2)
        func append(_ text: String) { out += Array(text.utf8) }
        // P2 = 1: pixels not painted keep what is there (0: they take register 0, the
        // background); raster attributes give the size.
        append("\u{1B}P0;\(background == nil ? 1 : 0);0q\"1;1;\(width);\(height)")
        let shift = background == nil ? 0 : 1
        // Sixel colours are percentages: rounded, so a panel's colour comes back as itself.
        func percent(_ v: UInt8) -> Int { (Int(v) * 100 + 127) / 255 }
        if let background { append("#0;2;\(percent(background.r));\(percent(background.g));\(percent(background.b))") }
        for (index, color) in palette.colors.enumerated() {
            append("#\(index + shift);2;\(percent(color.r));\(percent(color.g));\(percent(color.b))")
        }
        var indices = palette.indices(of: image, dithering: true)  // -1: transparent
        if shift > 0 { for i in indices.indices where indices[i] >= 0 { indices[i] += 1 } }
        let count = palette.colors.count + shift
        var bits = [UInt8](repeating: 0, count: count * width)
        var first = [Int](repeating: Int.max, count: count)
        var last = [Int](repeating: -1, count: count)
        var used: [Int] = []
        for band in stride(from: 0, to: height, by: 6) {
            for row in band..<min(height, band + 6) {
                let bit = UInt8(1 << (row - band))
                for x in 0..<width {
                    let color = Int(indices[row * width + x])
                    guard color >= 0 else { continue }
                    if last[color] < 0 { used.append(color) }
                    bits[color * width + x] |= bit
                    if x < first[color] { first[color] = x }
                    if x > last[color] { last[color] = x }
                }
            }
            for (n, color) in used.enumerated() {
                append("#\(color)")
                if first[color] > 0 { runs(of: 63, count: first[color], into: &out) }
                var x = first[color]
                while x <= last[color] {
                    let value = bits[color * width + x]
                    var run = 1
                    while x + run <= last[color] && bits[color * width + x + run] == value { run += 1 }
                    runs(of: 63 + value, count: run, into: &out)
                    x += run
                }
                if n < used.count - 1 { out.append(0x24) }  // `$`: back to the band's start
                for x in first[color]...last[color] { bits[color * width + x] = 0 }
                first[color] = .max
                last[color] = -1
            }
            used.removeAll(keepingCapacity: true)
            out.append(0x2D)  // `-`: the next band
        }
        append("\u{1B}\\")
        return String(decoding: out, as: UTF8.self)
    }

    /// The pixels a sixel sequence paints (transparent where it paints none), as a terminal
    /// reads it: its palette, bands, repeats and raster size. For tests of what is sent, and
    /// for measuring a sixel's fidelity (`bench graphics`).
    package static func decode(_ text: String) -> RGBAImage? {
        guard let start = text.range(of: "q") else { return nil }
        var palette: [Int: RGBA] = [:]
        var pixels: [Int: RGBA] = [:]
        var width = 0
        var height = 0
        var x = 0
        var band = 0
        var color = 0
        let chars = Array(text[start.upperBound...].unicodeScalars)
        var i = 0
        func number() -> Int {
            var n = 0
            while i < chars.count, let d = Int(String(chars[i])) {
                n = n * 10 + d
                i += 1
            }
            return n
        }
        func paint(_ value: Int, count: Int) {
            for _ in 0..<count {
                for bit in 0..<6 where value & (1 << bit) != 0 {
                    pixels[(band * 6 + bit) * 100_000 + x] = palette[color] ?? RGBA(0, 0, 0)
                }
                x += 1
                width = max(width, x)
            }
            height = max(height, band * 6 + 6)
        }
        var declared: Size?
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\"":
                i += 1
                _ = number()
                i += 1
                _ = number()
                i += 1
                let w = number()
                i += 1
                let h = number()
                declared = Size(width: w, height: h)
            case "#":
                i += 1
                let n = number()
                if i < chars.count, chars[i] == ";" {
                    i += 1
                    _ = number()
                    i += 1
                    let r = number()
                    i += 1
                    let g = number()
                    i += 1
                    let b = number()
                    palette[n] = RGBA(UInt8(r * 255 / 100), UInt8(g * 255 / 100), UInt8(b * 255 / 100))
                } else {
                    color = n
                }
            case "!":
                i += 1
                let count = number()
                paint(Int(chars[i].value) - 63, count: count)
                i += 1
            case "$":
                x = 0
                i += 1
            case "-":
                x = 0
                band += 1
                i += 1
            case "\u{1B}": i = chars.count
            default:
                if (63...126).contains(c.value) { paint(Int(c.value) - 63, count: 1) }
                i += 1
            }
        }
        let size = declared ?? Size(width: width, height: height)
        var image = RGBAImage(width: size.width, height: size.height)
        for (key, value) in pixels {
            let y = key / 100_000
            let px = key % 100_000
            if px < size.width && y < size.height { image[px, y] = value }
        }
        return image
    }

    /// `count` sixels of `character`: repeated, or `!count` before it when that is shorter.
    private static func runs(of character: UInt8, count: Int, into out: inout [UInt8]) {
        if count > 3 {
            out.append(0x21)
            out += Array(String(count).utf8)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }

    /// The colours an image is drawn with: median cut over a histogram of its opaque pixels
    /// at six bits a channel; each colour the mean of its box.
    struct Palette {
        private(set) var colors: [RGBA] = []
        /// For each histogram bin (6 bits a channel), its colour's index.
        private var lookup: [Int16]

        static let bits = 6
        static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
            Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
        }

        init(_ image: RGBAImage, colors wanted: Int) {
            var counts = [Int32](repeating: 0, count: 1 << 18)
            var sums = [Int64](repeating: 0, count: 3 << 18)
            image.pixels.withUnsafeBufferPointer { p in
                var i = 0
                while i < p.count {
                    if p[i + 3] >= 128 {
                        let bin = Self.bin(p[i], p[i + 1], p[i + 2])
                        counts[bin] += 1
                        sums[bin * 3] += Int64(p[i])
                        sums[bin * 3 + 1] += Int64(p[i + 1])
                        sums[bin * 3 + 2] += Int64(p[i + 2])
                    }
                    i += 4
                }
            }
            var bins = (0..<(1 << 18)).filter { counts[$0] > 0 }
            lookup = [Int16](repeating: -1, count: 1 << 18)
            guard !bins.isEmpty else {
                self.colors = [RGBA(0, 0, 0)]
                return
            }
            // Boxes of bins, split at the weighted median of their widest channel.
            var boxes: [Range<Int>] = [0..<bins.count]
            func channel(_ bin: Int, _ c: Int) -> Int { (bin >> (12 - 6 * c)) & 63 }
            func spread(_ box: Range<Int>) -> (channel: Int, size: Int) {
                var best = (channel: 0, size: -1)
                for c in 0..<3 {
                    var low = 63
                    var high = 0
                    for i in box {
                        let v = channel(bins[i], c)
                        low = min(low, v)
                        high = max(high, v)
                    }
                    if high - low > best.size { best = (c, high - low) }
                }
                return best
            }
            while boxes.count < wanted {
                // The box with the most pixels that can still be split.
                var pick = -1
                var weight: Int64 = -1
                for (n, box) in boxes.enumerated() where box.count > 1 {
                    let w = box.reduce(Int64(0)) { $0 + Int64(counts[bins[$1]]) } * Int64(spread(box).size)
                    if w > weight {
                        weight = w
                        pick = n
                    }
                }
                guard pick >= 0, weight > 0 else { break }
                let box = boxes[pick]
                let c = spread(box).channel
                bins[box].sort { channel($0, c) < channel($1, c) }
                let total = box.reduce(Int64(0)) { $0 + Int64(counts[bins[$1]]) }
                var running: Int64 = 0
                var cut = box.lowerBound + 1
                for i in box {
                    running += Int64(counts[bins[i]])
                    if running * 2 >= total {
                        cut = min(max(i + 1, box.lowerBound + 1), box.upperBound - 1)
                        break
                    }
                }
                boxes[pick] = box.lowerBound..<cut
                boxes.append(cut..<box.upperBound)
            }
            for box in boxes {
                var n: Int64 = 0
                var r: Int64 = 0
                var g: Int64 = 0
                var b: Int64 = 0
                for i in box {
                    let bin = bins[i]
                    n += Int64(counts[bin])
                    r += sums[bin * 3]
                    g += sums[bin * 3 + 1]
                    b += sums[bin * 3 + 2]
                }
                let index = Int16(self.colors.count)
                self.colors.append(RGBA(UInt8(r / n), UInt8(g / n), UInt8(b / n)))
                for i in box { lookup[bins[i]] = index }
            }
        }

        /// Each pixel's colour index, -1 where it is transparent. With `dithering`, three
        /// quarters of each pixel's error (its colour less the palette's) is carried to its
        /// neighbours not yet drawn (Floyd–Steinberg), so a gradient shows as a fine mix of the palette's colours
        /// instead of bands, and a photo's shades as grain instead of blotches; a colour the
        /// palette holds exactly (a flat panel) carries no error and stays itself.
        func indices(of image: RGBAImage, dithering: Bool = false) -> [Int16] {
            let width = image.width
            var out = [Int16](repeating: -1, count: width * image.height)
            guard dithering, colors.count > 1 else {
                image.pixels.withUnsafeBufferPointer { p in
                    for i in 0..<out.count where p[i * 4 + 3] >= 128 {
                        out[i] = lookup[Self.bin(p[i * 4], p[i * 4 + 1], p[i * 4 + 2])]
                    }
                }
                return out
            }
            // The nearest palette colour of each 6-bit bin, found the first time it is asked.
            var nearest = [Int16](repeating: -1, count: 1 << 18)
            func closest(_ r: Int, _ g: Int, _ b: Int) -> Int16 {
                let bin = Self.bin(UInt8(r), UInt8(g), UInt8(b))
                if nearest[bin] >= 0 { return nearest[bin] }
                var best = 0
                var bestDistance = Int.max
                for (index, color) in colors.enumerated() {
                    let dr = r - Int(color.r)
                    let dg = g - Int(color.g)
                    let db = b - Int(color.b)
                    let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                    if distance < bestDistance {
                        bestDistance = distance
                        best = index
                    }
                }
                nearest[bin] = Int16(best)
                return Int16(best)
            }
            // The error carried into this row and the next, three channels a pixel, in 16ths.
            var here = [Int32](repeating: 0, count: (width + 2) * 3)
            var below = [Int32](repeating: 0, count: (width + 2) * 3)
            image.pixels.withUnsafeBufferPointer { p in
                for y in 0..<image.height {
                    for x in 0..<width {
                        let i = y * width + x
                        guard p[i * 4 + 3] >= 128 else { continue }  // transparent: carries nothing
                        let e = (x + 1) * 3
                        // Three quarters of the error is carried (16ths of it, over 21): the mix
                        // stays fine-grained, and a pixel stays nearer its own colour.
                        let r = min(255, max(0, Int(p[i * 4]) + Int(here[e] / 21)))
                        let g = min(255, max(0, Int(p[i * 4 + 1]) + Int(here[e + 1] / 21)))
                        let b = min(255, max(0, Int(p[i * 4 + 2]) + Int(here[e + 2] / 21)))
                        let index = closest(r, g, b)
                        out[i] = index
                        let chosen = colors[Int(index)]
                        func carry(_ c: Int, _ error: Int) {
                            guard error != 0 else { return }
                            let error = Int32(error)
                            here[e + 3 + c] += error * 7
                            below[e - 3 + c] += error * 3
                            below[e + c] += error * 5
                            below[e + 3 + c] += error
                        }
                        carry(0, r - Int(chosen.r))
                        carry(1, g - Int(chosen.g))
                        carry(2, b - Int(chosen.b))
                    }
                    swap(&here, &below)
                    for k in below.indices { below[k] = 0 }
                }
            }
            return out
        }
    }
}
