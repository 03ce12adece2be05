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
        let scalars = unicodeScalars
        guard let base = scalars.first else { return 0 }
        if base.isTerminalControl { return 0 }
        // Latin fast path for a lone scalar (no base here is wide on its own; sequences such
        // as ©️ or 1️⃣, an emoji base with VS16, go through the rules below).
        if base.value < 0x300, scalars.index(after: scalars.startIndex) == scalars.endIndex { return 1 }
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
