import Foundation

/// A terminal's terminfo description, read from its compiled entry (term(5)): what the full
/// screen needs to know of a terminal — whether it can address the cursor, its colours, and
/// the strings that enter and leave the alternate screen, the keypad's mode and the cursor's
/// visibility. Read in Swift, as tcell does, so no program links ncurses: an entry is a small
/// file, found where ncurses finds it (`$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`, then the
/// system's folders), in a folder named by its first letter or, on macOS, its hex code.
public struct Terminfo: Sendable, Equatable {
    /// The entry's names (`xterm-256color|xterm with 256 colors` gives both).
    public let names: [String]
    private let booleans: [Bool]
    private let numbers: [Int]
    private let strings: [[UInt8]?]
    private let extended: [String: Extended]

    /// A user-defined capability (ncurses' extended ones: `RGB`, `Tc`, `Smulx`…).
    enum Extended: Sendable, Equatable {
        case flag(Bool)
        case number(Int)
        case string([UInt8])
    }

    /// The folders searched for entries, in ncurses' order.
    static func searchPath(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let own = environment["TERMINFO"], !own.isEmpty { folders.append(own) }
        if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
        let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo", "/usr/local/share/terminfo"]
        if let dirs = environment["TERMINFO_DIRS"] {
            for dir in dirs.split(separator: ":", omittingEmptySubsequences: false) {
                if dir.isEmpty { folders += system } else { folders.append(String(dir)) }
            }
        }
        folders += system
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// The entry named `name`, or nil when no folder has a readable, well-formed one.
    public static func load(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminfo? {
        guard let first = name.utf8.first, !name.contains("/"), name != ".", name != ".." else { return nil }
        let letter = String(UnicodeScalar(first))
        let hex = String(first, radix: 16)
        for folder in searchPath(environment: environment) {
            for sub in [letter, hex] {
                let path = "\(folder)/\(sub)/\(name)"
                // An entry is a few kilobytes: a larger file (or a FIFO, a device) is not one.
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                    attributes[.type] as? FileAttributeType == .typeRegular,
                    let size = attributes[.size] as? Int, size <= 1 << 16,
                    let data = FileManager.default.contents(atPath: path)
                else { continue }
                if let entry = Terminfo(compiled: [UInt8](data)) { return entry }
            }
        }
        return nil
    }

    /// Reads a compiled entry: the legacy format (16-bit numbers) or ncurses 6's (32-bit),
    /// with its extended capabilities; nil when the bytes are not one.
    public init?(compiled bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let magic = reader.short(), magic == 0o432 || magic == 0o1036,
            let nameSize = reader.count(), let boolCount = reader.count(), let numCount = reader.count(),
            let stringCount = reader.count(), let tableSize = reader.count(),
            let nameBytes = reader.take(nameSize)
        else { return nil }
        let wide = magic == 0o1036
        names = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self).split(separator: "|").map(String.init)
        guard let bools = reader.take(boolCount) else { return nil }
        booleans = bools.map { $0 == 1 }
        reader.alignToEven()
        var numbers: [Int] = []
        for _ in 0..<numCount {
            guard let number = wide ? reader.int32() : reader.short() else { return nil }
            numbers.append(number)
        }
        self.numbers = numbers
        var offsets: [Int] = []
        for _ in 0..<stringCount {
            guard let offset = reader.short() else { return nil }
            offsets.append(offset)
        }
        guard let table = reader.take(tableSize) else { return nil }
        strings = offsets.map { Self.string(at: $0, in: table[...]) }
        extended = Self.readExtended(&reader, wide: wide) ?? [:]
    }

    /// The extended capabilities after the standard ones, when there are (nil: none, or cut).
    private static func readExtended(_ reader: inout Reader, wide: Bool) -> [String: Extended]? {
        reader.alignToEven()
        guard let boolCount = reader.count(), let numCount = reader.count(), let stringCount = reader.count(),
            let itemCount = reader.count(), let tableSize = reader.count(),
            itemCount == stringCount + boolCount + numCount + stringCount,
            let bools = reader.take(boolCount)
        else { return nil }
        reader.alignToEven()
        var numbers: [Int] = []
        for _ in 0..<numCount {
            guard let number = wide ? reader.int32() : reader.short() else { return nil }
            numbers.append(number)
        }
        var offsets: [Int] = []
        for _ in 0..<itemCount {
            guard let offset = reader.short() else { return nil }
            offsets.append(offset)
        }
        guard let table = reader.take(tableSize)?[...] else { return nil }
        let values = offsets.prefix(stringCount).map { string(at: $0, in: table) }
        // The names follow the values' strings, their offsets counted from there.
        var namesStart = 0
        for (offset, value) in zip(offsets.prefix(stringCount), values) where offset >= 0 {
            namesStart = max(namesStart, offset + (value?.count ?? 0) + 1)
        }
        let names = offsets.dropFirst(stringCount).map { $0 < 0 ? nil : string(at: namesStart + $0, in: table) }
        guard names.count == boolCount + numCount + stringCount else { return nil }
        var capabilities: [String: Extended] = [:]
        for (index, name) in names.enumerated() {
            guard let name, !name.isEmpty else { continue }
            let key = String(decoding: name, as: UTF8.self)
            if index < boolCount {
                capabilities[key] = .flag(bools[index] == 1)
            } else if index < boolCount + numCount {
                capabilities[key] = .number(numbers[index - boolCount])
            } else if let value = values[index - boolCount - numCount] {
                capabilities[key] = .string(value)
            }
        }
        return capabilities
    }

    /// The NUL-ended string at `offset` of `table` (nil: absent or cancelled, or past its end).
    private static func string(at offset: Int, in table: ArraySlice<UInt8>) -> [UInt8]? {
        guard offset >= 0, offset < table.count else { return nil }
        let start = table.startIndex + offset
        let end = table[start...].firstIndex(of: 0) ?? table.endIndex
        return Array(table[start..<end])
    }

    // MARK: The capabilities the kit reads

    /// `gn`: a generic type (no cursor addressing of its own).
    public var isGeneric: Bool { flag(6) }
    /// `hc`: a hard-copy terminal.
    public var isHardCopy: Bool { flag(7) }
    /// `colors`: how many colours it shows (0 when it says none).
    public var colors: Int { max(0, number(13)) }
    /// `RGB` (extended): colours are given as direct RGB values.
    public var directColor: Bool { extended["RGB"] == .flag(true) }
    /// `clear`: clears the screen, the cursor home.
    public var clearScreen: String? { string(5) }
    /// `cup`: moves the cursor to a row and column.
    public var cursorAddress: String? { string(10) }
    /// `civis` and `cnorm`: hide and show the cursor.
    public var cursorInvisible: String? { string(13) }
    public var cursorNormal: String? { string(16) }
    /// `smcup` and `rmcup`: enter and leave the alternate screen (the program's own).
    public var enterAlternateScreen: String? { string(28) }
    public var exitAlternateScreen: String? { string(40) }
    /// `sgr0`: every attribute off.
    public var exitAttributes: String? { string(39) }
    /// `smkx` and `rmkx`: the keypad sends its application codes, and back.
    public var keypadTransmit: String? { string(89) }
    public var keypadLocal: String? { string(88) }
    /// `sitm`: italics on (a terminal without it shows none).
    public var enterItalics: String? { string(311) }

    /// Whether the full screen can run on it: it moves the cursor and is neither generic nor
    /// hard copy.
    public var addressesCursor: Bool { cursorAddress != nil && !isGeneric && !isHardCopy }

    private func flag(_ index: Int) -> Bool { booleans.indices.contains(index) && booleans[index] }
    private func number(_ index: Int) -> Int { numbers.indices.contains(index) ? numbers[index] : -1 }
    /// The string capability at `index`, its padding (`$<5>`, `$<2*/>`: a delay for terminals
    /// of long ago) left out, as ncurses' `tputs` leaves it out on a terminal that needs none.
    private func string(_ index: Int) -> String? {
        guard strings.indices.contains(index), let bytes = strings[index], !bytes.isEmpty else { return nil }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        var out = ""
        while let start = text.range(of: "$<") {
            out += text[..<start.lowerBound]
            guard let end = text[start.upperBound...].firstIndex(of: ">"),
                text[start.upperBound..<end].allSatisfy({ $0.isNumber || $0 == "." || $0 == "*" || $0 == "/" })
            else {
                out += "$<"
                text = text[start.upperBound...]
                continue
            }
            text = text[text.index(after: end)...]
        }
        return out + text
    }

    /// Little-endian shorts and ints from an entry's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, at + count <= bytes.count else { return nil }
            defer { at += count }
            return Array(bytes[at..<at + count])
        }

        /// A signed 16-bit number (-1 absent, -2 cancelled).
        mutating func short() -> Int? {
            guard let two = take(2) else { return nil }
            return Int(Int16(bitPattern: UInt16(two[0]) | UInt16(two[1]) << 8))
        }

        /// A count: a short that is not negative.
        mutating func count() -> Int? {
            guard let value = short(), value >= 0 else { return nil }
            return value
        }

        mutating func int32() -> Int? {
            guard let four = take(4) else { return nil }
            return Int(Int32(bitPattern: UInt32(four[0]) | UInt32(four[1]) << 8 | UInt32(four[2]) << 16 | UInt32(four[3]) << 24))
        }

        mutating func alignToEven() {
            if at % 2 == 1, at < bytes.count { at += 1 }
        }
    }
}
