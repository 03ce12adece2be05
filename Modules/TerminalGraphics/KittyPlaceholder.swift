/// kitty's Unicode placeholders (kitty 0.28 and later, Ghostty): an image placed virtually
/// (``KittyGraphics/placeVirtually(id:columns:rows:)``) shows wherever the text holds its
/// placeholder cells — U+10EEEE with a diacritic for the cell's row and one for its column,
/// in a foreground colour that is the image's id. The picture is then ordinary text: it moves
/// when the lines scroll, is cut where the text is cut, goes when text is written over it, and
/// passes through tmux.
///
/// ```swift
/// output(KittyGraphics.transmit(photo, id: 7) + KittyGraphics.placeVirtually(id: 7, columns: 4, rows: 2))
/// for row in 0..<2 { print((0..<4).map { KittyPlaceholder.cell(row: row, column: $0) }.joined()) }  // in colour 7
/// ```
public enum KittyPlaceholder {
    /// The placeholder character.
    public static let character: Unicode.Scalar = "\u{10EEEE}"

    /// The most rows or columns a placeholder can name.
    public static var limit: Int { diacritics.count }

    /// The text of the cell at `row`, `column` of an image (both below ``limit``); with
    /// `idHighByte`, the id's fourth byte, for ids above what the colour holds.
    public static func cell(row: Int, column: Int, idHighByte: UInt8? = nil) -> String {
        var text = String(Character(character))
        text.unicodeScalars.append(diacritics[row])
        text.unicodeScalars.append(diacritics[column])
        if let high = idHighByte { text.unicodeScalars.append(diacritics[Int(high)]) }
        return text
    }

    /// The row, column and id's high byte a placeholder cell names; nil for other text.
    public static func decode(_ text: Substring.UnicodeScalarView) -> (row: Int, column: Int, idHighByte: UInt8?)? {
        var scalars = text.makeIterator()
        guard scalars.next() == character, let r = scalars.next().flatMap(index), let c = scalars.next().flatMap(index) else { return nil }
        let high = scalars.next().flatMap(index).map { UInt8(truncatingIfNeeded: $0) }
        return (r, c, high)
    }

    private static func index(of scalar: Unicode.Scalar) -> Int? { positions[scalar.value] }

    private static let positions: [UInt32: Int] = Dictionary(uniqueKeysWithValues: diacritics.enumerated().map { ($1.value, $0) })

    /// The diacritics that number rows and columns, in order: the combining marks of class 230
    /// without decomposition in Unicode 6.0 (less a few that compose with letters), as kitty
    /// defines them.
    static let diacritics: [Unicode.Scalar] = {
        let ranges: [ClosedRange<UInt32>] = [
            0x305...0x305, 0x30D...0x30E, 0x310...0x310, 0x312...0x312, 0x33D...0x33F, 0x346...0x346, 0x34A...0x34C,
            0x350...0x352, 0x357...0x357, 0x35B...0x35B, 0x363...0x36F, 0x483...0x487, 0x592...0x595, 0x597...0x599,
            0x59C...0x5A1, 0x5A8...0x5A9, 0x5AB...0x5AC, 0x5AF...0x5AF, 0x5C4...0x5C4, 0x610...0x617, 0x657...0x65B,
            0x65D...0x65E, 0x6D6...0x6DC, 0x6DF...0x6E2, 0x6E4...0x6E4, 0x6E7...0x6E8, 0x6EB...0x6EC, 0x730...0x730,
            0x732...0x733, 0x735...0x736, 0x73A...0x73A, 0x73D...0x73D, 0x73F...0x741, 0x743...0x743, 0x745...0x745,
            0x747...0x747, 0x749...0x74A, 0x7EB...0x7F1, 0x7F3...0x7F3, 0x816...0x819, 0x81B...0x823, 0x825...0x827,
            0x829...0x82D, 0x951...0x951, 0x953...0x954, 0xF82...0xF83, 0xF86...0xF87, 0x135D...0x135F, 0x17DD...0x17DD,
            0x193A...0x193A, 0x1A17...0x1A17, 0x1A75...0x1A7C, 0x1B6B...0x1B6B, 0x1B6D...0x1B73, 0x1CD0...0x1CD2,
            0x1CDA...0x1CDB, 0x1CE0...0x1CE0, 0x1DC0...0x1DC1, 0x1DC3...0x1DC9, 0x1DCB...0x1DCC, 0x1DD1...0x1DE6,
            0x1DFE...0x1DFE, 0x20D0...0x20D1, 0x20D4...0x20D7, 0x20DB...0x20DC, 0x20E1...0x20E1, 0x20E7...0x20E7,
            0x20E9...0x20E9, 0x20F0...0x20F0, 0x2CEF...0x2CF1, 0x2DE0...0x2DFF, 0xA66F...0xA66F, 0xA67C...0xA67D,
            0xA6F0...0xA6F1, 0xA8E0...0xA8F1, 0xAAB0...0xAAB0, 0xAAB2...0xAAB3, 0xAAB7...0xAAB8, 0xAABE...0xAABF,
            0xAAC1...0xAAC1, 0xFE20...0xFE26, 0x10A0F...0x10A0F, 0x10A38...0x10A38, 0x1D185...0x1D189, 0x1D1AA...0x1D1AD,
            0x1D242...0x1D244,
        ]
        return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
    }()
}

/// tmux's passthrough: an escape sequence wrapped so that tmux hands it to the terminal it
/// runs in (tmux 3.3 and later only with `set -g allow-passthrough on`).
public enum TmuxPassthrough {
    /// `sequences` (one or more complete escape sequences) each wrapped in `ESC P tmux; … ESC \`,
    /// their escapes doubled.
    public static func wrap(_ sequences: String) -> String {
        var out = ""
        var current = ""
        var scalars = sequences.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            current.unicodeScalars.append(scalar)
            // A sequence ends at ST (ESC \) or BEL.
            if scalar == "\u{07}" || (scalar == "\\" && current.unicodeScalars.dropLast().last == "\u{1B}") {
                out += enclose(current)
                current = ""
            }
        }
        if !current.isEmpty { out += enclose(current) }
        return out
    }

    private static func enclose(_ sequence: String) -> String {
        "\u{1B}Ptmux;" + sequence.replacingEscapes() + "\u{1B}\\"
    }
}

extension String {
    fileprivate func replacingEscapes() -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(unicodeScalars.count + 8)
        for scalar in unicodeScalars {
            out.unicodeScalars.append(scalar)
            if scalar == "\u{1B}" { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
