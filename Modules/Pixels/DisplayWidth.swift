/// The number of terminal cells a grapheme occupies.
///
/// Rules, in order: control characters take 0 (the canvas replaces them); a grapheme
/// whose base is an emoji and that carries VS16 (U+FE0F) or a zero-width joiner takes 2;
/// regional-indicator flags and emoji-presentation characters take 2; East Asian Wide and
/// Fullwidth characters (CJK, Hangul, kana, fullwidth forms) take 2; a grapheme made only
/// of zero-width scalars (combining marks, format characters) takes 0; everything else 1.
/// Combining marks after a base never add width.
extension Character {
    /// How many cells this grapheme takes on a terminal: 0, 1 or 2.
    public var displayWidth: Int {
        // ASCII, read off its one byte: no Unicode property is looked up.
        let bytes = utf8
        if bytes.count == 1, let byte = bytes.first { return byte >= 0x20 && byte != 0x7F ? 1 : 0 }
        let scalars = unicodeScalars
        guard let base = scalars.first else { return 0 }
        if scalars.index(after: scalars.startIndex) == scalars.endIndex {
            // A lone scalar: Latin is 1 (none is wide on its own; sequences such as ©️ or 1️⃣,
            // an emoji base with VS16, go through the rules below); the symbols apps draw every
            // frame — punctuation, arrows, box drawing, shapes, braille — from a table worked
            // out once by the rules below.
            if base.isTerminalControl { return 0 }
            if base.value < 0x300 { return 1 }
            if base.value < Self.tableEnd { return Int(Self.loneWidths[Int(base.value) - 0x300]) }
        }
        return Self.width(of: scalars)
    }

    /// The end of the scalars ``loneWidths`` holds.
    private static let tableEnd: UInt32 = 0x3000

    /// The widths of the lone scalars from U+0300 to U+2FFF, worked out by the rules once.
    private static let loneWidths: [UInt8] = (UInt32(0x300)..<tableEnd).map { value in
        guard let scalar = Unicode.Scalar(value) else { return 1 }
        return UInt8(width(of: String(Character(scalar)).unicodeScalars))
    }

    /// The rules, for any grapheme's scalars.
    private static func width(of scalars: String.UnicodeScalarView) -> Int {
        guard let base = scalars.first else { return 0 }
        if base.isTerminalControl { return 0 }
        let properties = base.properties
        if properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) {
            return 2
        }
        if (0x1F1E6...0x1F1FF).contains(base.value) || properties.isEmojiPresentation { return 2 }
        if base.isEastAsianWide { return 2 }
        if base.isZeroWidth {
            // A lone mark: width of the first scalar that has one.
            return scalars.contains(where: { !$0.isZeroWidth }) ? 1 : 0
        }
        return 1
    }
}

extension StringProtocol {
    /// The number of cells this text takes on a terminal (the sum of its graphemes' widths).
    public var displayWidth: Int {
        // ASCII text is counted off its bytes, without breaking it into graphemes.
        if let width = utf8.withContiguousStorageIfAvailable(Self.asciiWidth) { return width ?? graphemeWidth }
        var total = 0
        for byte in utf8 {
            guard byte < 0x80 else { return graphemeWidth }
            if byte >= 0x20 && byte != 0x7F { total += 1 }
        }
        return total
    }

    /// The width of ASCII text (a cell a byte but for controls); nil when a byte is not ASCII.
    private static func asciiWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte >= 0x20 && byte != 0x7F { total += 1 }
        }
        return total
    }

    private var graphemeWidth: Int {
        var total = 0
        for character in self { total += character.displayWidth }
        return total
    }
}

extension Unicode.Scalar {
    /// Combining marks, format characters and Hangul medial/final jamo: no width of their own.
    var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) || value == 0x200B
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) characters outside the emoji blocks.
    var isEastAsianWide: Bool {
        let v = value
        if v < 0x1100 { return false }
        // Sorted, non-overlapping ranges; linear scan is fine for this short list.
        for range in Unicode.Scalar.wideRanges {
            if v < range.lowerBound { return false }
            if v <= range.upperBound { return true }
        }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x16FF0...0x16FF1, 0x17000...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1B2FB,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
