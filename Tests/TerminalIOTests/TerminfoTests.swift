import Foundation
import Testing

@testable import TerminalIO

/// The kit's terminfo reader against ncurses' own `infocmp` (ncurses-bin, on every Debian
/// system) on the entries the kit meets most, legacy and 32-bit formats both.
struct TerminfoTests {
    static let names = [
        "xterm", "xterm-256color", "xterm-direct", "xterm-kitty", "kitty-direct", "tmux-256color", "tmux-direct",
        "screen", "screen-256color", "vt100", "linux", "rxvt-unicode-256color", "alacritty", "dumb",
    ]

    /// What `infocmp -1 -x NAME` says: each capability's value (`true` for a flag, `#N` for
    /// a number, the decoded bytes for a string).
    static func infocmp(_ name: String) throws -> [String: String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/infocmp")
        process.arguments = ["-1", "-x", name]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var capabilities: [String: String] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") where line.hasPrefix("\t") {
            let item = String(line.dropFirst().dropLast())  // the tab, the comma
            if let equals = item.firstIndex(of: "=") {
                capabilities[String(item[..<equals])] = decode(String(item[item.index(after: equals)...]))
            } else if let hash = item.firstIndex(of: "#") {
                let text = item[item.index(after: hash)...]
                let value = text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : text.hasPrefix("0") && text.count > 1 ? Int(text, radix: 8) : Int(text)
                capabilities[String(item[..<hash])] = "#\(value ?? -1)"
            } else if !item.hasSuffix("@") {
                capabilities[item] = "true"
            }
        }
        return capabilities
    }

    /// infocmp's escapes as bytes: `\E`, `^X`, `\NNN`, `\n` and the rest.
    static func decode(_ text: String) -> String {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "^"):
                let next = bytes.popFirst() ?? 0
                out.append(next == UInt8(ascii: "?") ? 127 : next & 0x1F)
            case UInt8(ascii: "\\"):
                let next = bytes.popFirst() ?? 0
                switch next {
                case UInt8(ascii: "E"), UInt8(ascii: "e"): out.append(27)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "s"): out.append(32)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(next - UInt8(ascii: "0"))
                    for _ in 0..<2 {
                        guard let digit = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { break }
                        value = value * 8 + Int(digit - UInt8(ascii: "0"))
                        bytes.removeFirst()
                    }
                    out.append(value == 0 ? 0x80 : UInt8(value))  // ncurses writes NUL as \200
                default: out.append(next)
                }
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: names)
    func readsWhatNcursesReads(_ name: String) throws {
        let environment = ["HOME": "/nonexistent"]
        guard let expected = try Self.infocmp(name) else {
            #expect(Terminfo.load(name, environment: environment) == nil, "ncurses has no \(name); neither has the kit")
            return
        }
        let entry = try #require(Terminfo.load(name, environment: environment), "ncurses has \(name)")
        #expect(entry.names.first == name)
        #expect(entry.isGeneric == (expected["gn"] == "true"))
        #expect(entry.isHardCopy == (expected["hc"] == "true"))
        #expect(entry.directColor == (expected["RGB"] == "true"))
        #expect(entry.colors == Int(expected["colors"]?.dropFirst() ?? "0"))
        let strings: [(String, String?)] = [
            ("cup", entry.cursorAddress), ("civis", entry.cursorInvisible), ("cnorm", entry.cursorNormal),
            ("smcup", entry.enterAlternateScreen), ("rmcup", entry.exitAlternateScreen), ("sgr0", entry.exitAttributes),
            ("smkx", entry.keypadTransmit), ("rmkx", entry.keypadLocal), ("sitm", entry.enterItalics),
        ]
        for (capability, read) in strings {
            let padded = expected[capability]?.replacingOccurrences(of: #"\$<[0-9.*/]+>"#, with: "", options: .regularExpression)
            #expect(read == padded, "\(name)'s \(capability), its padding left out")
        }
        #expect(entry.clearScreen == expected["clear"]?.replacingOccurrences(of: #"\$<[0-9.*/]+>"#, with: "", options: .regularExpression))
    }

    @Test func whatIsNotAnEntryIsRefused() {
        #expect(Terminfo(compiled: []) == nil)
        #expect(Terminfo(compiled: [0x1A, 0x01, 0xFF, 0x7F, 0, 0, 0, 0, 0, 0, 0, 0]) == nil, "a name section past the end")
        #expect(Terminfo(compiled: Array(repeating: 0x41, count: 4096)) == nil, "not the magic")
        #expect(Terminfo.load("../x/xterm") == nil && Terminfo.load("") == nil, "a name, not a path")
        #expect(Terminfo.load("no-such-terminal-anywhere") == nil)
    }

    @Test func everyCutOfAnEntryIsReadOrRefusedWithoutACrash() throws {
        let path = try #require(
            ["/usr/share/terminfo/x/xterm-256color", "/lib/terminfo/x/xterm-256color"].first { FileManager.default.fileExists(atPath: $0) }
        )
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let whole = try #require(Terminfo(compiled: bytes))
        for end in 0..<bytes.count {
            if let cut = Terminfo(compiled: Array(bytes[..<end])) {
                #expect(cut.cursorAddress == whole.cursorAddress, "a cut entry reads what is whole of it")
            }
        }
    }

    @Test func anEntryIsFoundInTheFoldersNcursesLooksIn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let system = try #require(Terminfo.searchPath(environment: [:]).lazy.map { $0 + "/x/xterm" }.first { FileManager.default.fileExists(atPath: $0) })
        let bytes = try Data(contentsOf: URL(fileURLWithPath: system))
        // macOS names the folder by the first letter's hex code.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("6d"), withIntermediateDirectories: true)
        try bytes.write(to: folder.appendingPathComponent("6d/mine"))
        #expect(Terminfo.load("mine", environment: ["TERMINFO": folder.path]) != nil)
        #expect(Terminfo.load("mine", environment: ["TERMINFO_DIRS": "/nonexistent:" + folder.path]) != nil)
        #expect(Terminfo.load("mine", environment: [:]) == nil)
        #expect(Terminfo.searchPath(environment: ["TERMINFO_DIRS": ":/a"]).starts(with: ["/etc/terminfo"]), "an empty entry is the system's folders")
    }
}
